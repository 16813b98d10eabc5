"""The seed's figures as data: starting positions, across play, cell numberings.

Figures 1(A), 1(B) and 1(C) are the sets' own magic layouts; the others live in
templates/figures/. Every tile a position places must exist in its set with the same
arrow direction, so a mistyped digit or a reversed arrow is caught on load.
"""

from collections import Counter
from functools import cache
import re

from msgspec import Struct, field
from msgspec.structs import replace

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.model.fractions import at_cell, head_and_tail, parse_fraction
from generator.model.line_of_play import load_line
from generator.model.reductions import reduce_tiles
from generator.model.set_loader import OPEN_SET_NAMES, load_set
from generator.model.tiles import Tile, TileSet
from generator.model.triangle_figures import place_triangles
from generator.words import _


class Placement(Struct, frozen=True):
    row: int
    column: int
    set_name: str
    group: int | None
    head: int
    tail: int
    arrow: str          # "up" or "down"

    @property
    def top(self) -> int:
        return self.tail if self.arrow == "down" else self.head

    @property
    def bottom(self) -> int:
        return self.head if self.arrow == "down" else self.tail


class Figure(Struct, frozen=True):
    id: str
    kind: str                         # "layout", "position", "across" or "numbering"
    title: dict                       # language -> title
    placements: tuple[Placement, ...] = ()
    numbers: dict = field(default_factory=dict)     # (row, column) -> number
    across_starts: tuple = ()                        # ((across row, arrow), ...)
    across_size: tuple = (16, 4)
    set_name: str | None = None                      # for the magic layouts, lines and triangles
    book: str = "open"                               # the booklet that draws it: "open" or "classic"
    given_label: str = ""                            # the label a figure file states, if any
    triangles: tuple = ()                            # kind "triangles": PlacedTriangle, ...
    line: object = None                              # kind "line": a LineOfPlay

    def label(self) -> str:
        """The seed's name of the figure: fig-4a -> 4(A); or the label its file gives."""
        if self.given_label:
            return self.given_label
        if not self.id.startswith("fig-"):
            return ""                    # a classic booklet's figure: numbered where it is placed
        number = self.id.removeprefix("fig-")
        if number[-1].isalpha():
            return f"{number[:-1]}({number[-1].upper()})"
        return number


_LAYOUT_TITLES = {
    "en": "Set {name}: the magic starting layout",
    "ru": "Комплект {name}: магическая начальная расстановка",
}


def figure_from_set(tile_set: TileSet) -> Figure:
    placements = tuple(Placement(t.row, t.column, t.set_name, t.group, t.head, t.tail, t.arrow)
                       for t in tile_set.tiles)
    titles = {lang: text.format(name=tile_set.name) for lang, text in _LAYOUT_TITLES.items()}
    return Figure(tile_set.figure, "layout", titles, placements, set_name=tile_set.name)


def load_figures(book: str | None = None) -> dict[str, Figure]:
    """Every figure, or those one booklet draws ("open" or "classic")."""
    figures = _all_figures()
    return figures if book is None else {k: f for k, f in figures.items() if f.book == book}


@cache
def _all_figures() -> dict[str, Figure]:
    figures = {}
    for name in OPEN_SET_NAMES:
        figure = figure_from_set(load_set(name))
        figures[figure.id] = figure
    for path in sorted(template_path("figures").glob("*.toml")):
        figure = _load_figure_file(path)
        if figure.id in figures:
            raise UserError(_("{name}: figure id {id!r} is used twice; give it a new id").format(
                name=path.name, id=figure.id))
        figures[figure.id] = figure
    return dict(sorted(figures.items(), key=lambda item: _figure_order(item[0])))


def _figure_order(figure_id: str):
    number = figure_id.removeprefix("fig-")
    digits = "".join(ch for ch in number if ch.isdigit())
    return (0, int(digits), number) if figure_id.startswith("fig-") and digits else (1, 0, figure_id)


def figure(figure_id: str) -> Figure:
    figures = load_figures()
    if figure_id not in figures:
        raise UserError(_("unknown figure {figure_id!r}; known figures: {figures}").format(
            figure_id=figure_id, figures=", ".join(figures)))
    return figures[figure_id]


def _load_figure_file(path) -> Figure:
    data = load_toml(path, "figure")
    where = path.name
    for key in ("id", "kind", "title"):
        if key not in data:
            raise UserError(_("{where}: missing key {key!r}").format(where=where, key=key))
    kind = data["kind"]
    if kind == "position":
        placements = _placements(data, where)
        figure = Figure(data["id"], kind, data["title"], placements)
        check_position(figure, data["side"], where)
        return figure
    if kind == "numbering":
        return Figure(data["id"], kind, data["title"], numbers=_numbers(data, where))
    if kind == "across":
        starts = tuple((_whole(s["row"], _("{where}: start row").format(where=where)), s["arrow"])
                       for s in data.get("start", []))
        size = (_whole(data.get("columns", 16), f"{where}: columns"), _whole(data.get("rows", 4), f"{where}: rows"))
        return Figure(data["id"], kind, data["title"], across_starts=starts, across_size=size)
    if kind == "catalogue":
        return _catalogue_figure(data, where)
    extra = {"book": str(data.get("book", "open")), "given_label": str(data.get("label", ""))}
    if kind == "triangles":
        tile_set = load_set(_set_name(data, where))
        if tile_set.shape != "triangle":
            raise UserError(_("{where}: set {name} has no triangular tiles; a triangles figure needs one").format(
                where=where, name=tile_set.name))
        triangles = place_triangles(data.get("tile", []), tile_set.tiles, where)
        return Figure(data["id"], kind, data["title"], set_name=tile_set.name, triangles=triangles, **extra)
    if kind == "line":
        tile_set = load_set(_set_name(data, where))
        return Figure(data["id"], kind, data["title"], set_name=tile_set.name, line=load_line(data, tile_set, where),
                      **extra)
    raise UserError(_("{where}: kind = {kind!r}; use position, numbering, across, catalogue, line or triangles").format(
        where=where, kind=kind))


def _catalogue_figure(data: dict, where: str) -> Figure:
    """A magic layout of a set's catalogue, drawn with its sums like Fig. 1(A). The file keeps the
    layout's rows and its number (scripts/make_catalogue_figures.py writes them from the catalogue,
    and a test checks they agree); here the tiles are checked against the set's groups and arrows,
    and the layout against the set's [magic] table."""
    from generator.model.magic import magic_failures

    name = _set_name(data, where)
    _whole(data.get("number"), f"{where}: number")
    data = {**data, "side": [{"set": name, "group": 1, "arrow": "down", "rows": [8, 7]},
                             {"set": name, "group": 2, "arrow": "up", "rows": [2, 1]}]}
    figure = Figure(data["id"], "layout", data["title"], _placements(data, where), set_name=name)
    check_position(figure, data["side"], where)
    failures = magic_failures(layout_of(figure))
    if failures:
        raise UserError(_("{where}: the layout is not magic: {place}: {problem}").format(
            where=where, place=failures[0].place, problem=failures[0].problem))
    return figure


def _whole(value, where: str) -> int:
    """A row, column or count: a TOML whole number, or a key of up to three digits ("8"); a
    longer text never reaches int()."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,3}", value):
        return int(value)
    raise UserError(_("{where}: {value!r} is not a whole number; write e.g. 8").format(where=where, value=value))


def _set_name(data: dict, where: str) -> str:
    name = data.get("set")
    if not isinstance(name, str):
        raise UserError(_("{where}: set = {name!r}; name the set its tiles come from, e.g. \"double-6\"").format(
            where=where, name=name))
    return name


def _placements(data: dict, where: str) -> tuple[Placement, ...]:
    sides = data.get("side", [])
    by_row = {}
    for side in sides:
        for row in side["rows"]:
            by_row[row] = side
    placements = []
    for row_key, cells in data.get("rows", {}).items():
        row = _whole(row_key, f"{where}: rows")
        if row not in by_row:
            raise UserError(_("{where}: row {row} has tiles but no [[side]] lists it").format(where=where, row=row))
        side = by_row[row]
        if len(cells) != 8:
            raise UserError(_("{where}: row {row} must list 8 cells (\"\" for an empty one)").format(
                where=where, row=row))
        for column, text in enumerate(cells, start=1):
            if text == "":
                continue
            top, bottom = parse_fraction(text, at_cell(where, row, column))
            head, tail = head_and_tail(top, bottom, side["arrow"])
            placements.append(Placement(row, column, side["set"], side.get("group"), head, tail,
                                        side["arrow"]))
    return tuple(sorted(placements, key=lambda p: (-p.row, p.column)))


def check_position(figure: Figure, sides: list, where: str) -> None:
    """Each side's tiles are exactly its (reduced) set or group, with the set's arrows."""
    for side in sides:
        tile_set = load_set(side["set"])
        group = side.get("group")
        placed = [p for p in figure.placements if p.row in side["rows"]]
        wanted = (reduce_tiles(tile_set, side["reduced"], group) if "reduced" in side
                  else Counter((t.head, t.tail) for t in (tile_set.group(group) if group else tile_set.tiles)))
        have = Counter((p.head, p.tail) for p in placed)
        whose = (_("set {name} group {group}").format(name=tile_set.name, group=group) if group
                 else _("set {name}").format(name=tile_set.name))
        for p in placed:
            if have[(p.head, p.tail)] > wanted[(p.head, p.tail)]:
                reversed_ok = wanted[(p.tail, p.head)] > 0
                problem = (_("its arrow points the other way in the set") if reversed_ok
                           else _("the set has no such tile") if not wanted[(p.head, p.tail)] else
                           _("it appears too often"))
                raise UserError(_("{where}: tile {top}/{bottom} at row {row}, column {column} "
                                  "does not fit {whose} ({problem}); check its digits and rows").format(
                    where=where, top=p.top, bottom=p.bottom, row=p.row, column=p.column, whose=whose, problem=problem))
        missing = wanted - have
        if missing:
            head, tail = sorted(missing)[0]
            raise UserError(_("{where}: {whose} {reduced} lacks the tile with head "
                              "{head} and tail {tail}; add it to rows {rows}").format(
                where=where, whose=whose, reduced=side.get("reduced", ""), head=head, tail=tail, rows=side["rows"]))


def _numbers(data: dict, where: str) -> dict:
    numbers = {}
    for row_key, cells in data.get("rows", {}).items():
        for column, value in enumerate(cells, start=1):
            numbers[(_whole(row_key, f"{where}: rows"), column)] = _whole(value, f"{where}: row {row_key}")
    if sorted(numbers.values()) != list(range(1, 65)):
        raise UserError(_("{where}: a numbering must use 1-64 once each on the 64 cells").format(where=where))
    return numbers


def layout_of(figure: Figure) -> TileSet:
    """A layout figure's set with every tile where the figure stands it (its sums are the figure's)."""
    tiles = tuple(replace(tile, row=placement.row, column=placement.column)
                  for placement, tile in resolve_tiles(figure))
    return replace(load_set(figure.set_name), tiles=tiles)


def resolve_tiles(figure: Figure) -> list[tuple[Placement, Tile]]:
    """Pair every placement with a real tile of its set (same head, tail and, if given, group)."""
    pairs = []
    used: set[str] = set()
    for placement in figure.placements:
        tile_set = load_set(placement.set_name)
        candidates = [t for t in tile_set.tiles
                      if (t.head, t.tail) == (placement.head, placement.tail) and t.id not in used
                      and (placement.group is None or t.group == placement.group)]
        if not candidates:
            raise UserError(_("figure {id}: no tile of set {set_name} left for "
                              "row {row}, column {column}").format(
                id=figure.id, set_name=placement.set_name, row=placement.row, column=placement.column))
        used.add(candidates[0].id)
        pairs.append((placement, candidates[0]))
    return pairs
