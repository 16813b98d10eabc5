"""The kit's sets by name: Open Domino's A, B and C (a magic layout each), the classic sets, and
sets of the user's own (--set-file).

Open Domino sets live in templates/sets/NAME.toml and are read from their magic layout here;
classic ones in templates/sets/classic/NAME.toml (generator/model/classic_sets.py).
"""

from collections import Counter
from functools import cache
from pathlib import Path
import re

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.model.classic_sets import load_classic_set_file
from generator.model.fractions import at_cell, head_and_tail, parse_fraction
from generator.model.magic import FLAG_PROPERTIES, SUM_PROPERTIES
from generator.model.set_rules import check_composition, check_proportional_orientation, validate_set
from generator.model.tiles import ARROW_OF_GROUP, ROWS_OF_GROUP, Tile, TileSet
from generator.words import _

OPEN_SET_NAMES = ("A", "B", "C")
CLASSIC_SET_NAMES = ("double-3", "double-6", "double-9", "double-12", "double-15", "double-18", "chinese", "picture",
                     "triominoes")
_DIGIT_STYLES = ("pips", "dashes")
_OPEN_KEYS = ("name", "figure", "digits", "max_digit", "looks", "composition", "magic", "back", "layout", "groups")
_OPEN_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9-]{0,30}$")      # A, B, C and the user's own: a file name, a flag
_user_set_files: dict[str, Path] = {}      # name -> file, registered by --set-file
_user_layouts: dict[str, TileSet] = {}     # name -> the catalogue layout a user's set stands in instead


def set_file(name: str) -> Path:
    if name in _user_set_files:
        return _user_set_files[name]
    if name in CLASSIC_SET_NAMES:
        return template_path("sets", "classic", f"{name}.toml")
    return template_path("sets", f"{name}.toml")


def known_set_names() -> tuple[str, ...]:
    """Every set a build can make: Open Domino's, the classic ones, then the user's own."""
    return OPEN_SET_NAMES + CLASSIC_SET_NAMES + tuple(_user_set_files)


def canonical_set_name(text: str) -> str | None:
    """The set's name as the kit spells it ("a" -> "A", "Double-9" -> "double-9"), or None."""
    folded = {name.casefold(): name for name in known_set_names()}
    return folded.get(str(text).strip().casefold())


def check_own_name(name: str, path: Path) -> None:
    """A set file's name must not be one of the kit's sets: matched without regard to case (--sets a
    is A), a file's "a" would hide set A, and its layout number 1 would claim to be A's."""
    if name.casefold() in {known.casefold() for known in OPEN_SET_NAMES + CLASSIC_SET_NAMES}:
        raise UserError(_("{name}: name = {name2!r} is a set the kit already has; give yours another name").format(
            name=Path(path).name, name2=name))


def register_set_file(path, layout: TileSet | None = None) -> str:
    """Load a user's set file, check it, and make its set known by name; returns the name. With
    `layout` (one of the set's catalogue layouts), the set stands in it instead of in its file's own
    [layout], which then need not be magic: `layouts card` draws any layout of such a set."""
    path = Path(path)
    tile_set = _load_any_set_file(path) if layout is None else layout
    if layout is not None:
        validate_set(layout, path.name)
    check_own_name(tile_set.name, path)
    folded = tile_set.name.casefold()
    other = next((known for known in _user_set_files if known.casefold() == folded), None)
    if other is not None and _user_set_files[other].resolve() != path.resolve():
        raise UserError(_("{name}: name = {name2!r} is used by {other} too; "
                          "give each set its own name").format(
            name=path.name, name2=tile_set.name, other=_user_set_files[other]))
    _user_set_files.pop(other, None)
    _user_set_files[tile_set.name] = path
    _user_layouts.pop(tile_set.name, None)
    if layout is not None:
        _user_layouts[tile_set.name] = layout
    load_set.cache_clear()
    return tile_set.name


@cache
def load_set(name: str) -> TileSet:
    """The named set, validated (loaded once per process)."""
    if name not in known_set_names():
        raise UserError(_("unknown set {name!r}; choose from {sets}").format(
            name=name, sets=", ".join(known_set_names())))
    if name in OPEN_SET_NAMES:
        return load_set_file(set_file(name))
    return _user_layouts.get(name) or _load_any_set_file(set_file(name))


def _load_any_set_file(path: Path) -> TileSet:
    """A set of the user's own: Open Domino's format when it has a [composition] table, else classic."""
    if is_open_domino_set_file(path):
        return load_set_file(path)
    return load_classic_set_file(path)


def is_open_domino_set_file(path: Path) -> bool:
    return "composition" in load_toml(path, "set")


def load_all_sets(names=None) -> dict[str, TileSet]:
    return {name: load_set(name) for name in (names if names is not None else known_set_names())}


def load_set_file(path: Path) -> TileSet:
    """An Open Domino set in its starting layout: the file's [layout], or, for a file that lists only
    its [groups], the first layout of its catalogue (generator/model/layout_catalogue.py)."""
    tile_set, placed = load_set_as_written(path)
    if placed:
        validate_set(tile_set, path.name)
        return tile_set
    from generator.model.layout_catalogue import LayoutCatalogue  # numpy: only for such a set

    first = LayoutCatalogue(tile_set).layout(1)
    if first is None:
        raise UserError(_("{name}: its tiles have no magic layout (the search tried every one); "
                          "change the [magic] table or the tiles' arrows, or give a [layout]").format(name=path.name))
    validate_set(first, path.name)
    return first


def load_set_as_written(path: Path) -> tuple[TileSet, bool]:
    """The set with its tiles where the file puts them, and whether that is a layout to keep: a
    [layout] is; a file with only [groups] stands group 1 on rows 8-7 and group 2 on rows 2-1 in
    the order listed, for the search to move. Composition and arrows are checked, magic is not."""
    data = load_toml(path, "set")
    where = path.name
    for key in data:
        if key not in _OPEN_KEYS:
            raise UserError(_("{where}: unknown key {key!r}; a set file takes {keys}").format(
                where=where, key=key, keys=", ".join(_OPEN_KEYS)))
    for key in ("name", "digits", "max_digit", "composition", "magic", "back"):
        if key not in data:
            raise UserError(_("{where}: missing key {key!r}; see templates/sets/A.toml for the format").format(
                where=where, key=key))
    if not (isinstance(data["name"], str) and _OPEN_NAME.match(data["name"])):
        raise UserError(_("{where}: name = {name!r}; give a short name of letters, digits and -, starting with a "
                          "letter, e.g. \"club\"").format(where=where, name=data["name"]))
    if ("layout" in data) == ("groups" in data):
        raise UserError(_("{where}: give the tiles either as a [layout] (rows 8, 7, 2, 1) or as [groups] (1 and 2), "
                          "not both and not neither; see templates/sets/A.toml").format(where=where))
    if data["digits"] not in _DIGIT_STYLES:
        raise UserError(_("{where}: digits = {digits!r}; use one of {styles}").format(
            where=where, digits=data["digits"], styles=", ".join(_DIGIT_STYLES)))
    _check_shape(data, where)
    placed = "layout" in data
    if placed and not isinstance(data["layout"], dict):
        raise UserError(_("{where}: layout must be a table [layout]; see templates/sets/A.toml for the format").format(
            where=where))
    cells = data["layout"] if placed else _rows_of_groups(data["groups"], where)
    tile_set = TileSet(
        name=str(data["name"]),
        figure=str(data.get("figure", "")),
        digit_style=data["digits"],
        max_digit=data["max_digit"],
        composition=dict(data["composition"]),
        magic=dict(data["magic"]),
        back=dict(data["back"]),
        tiles=_tiles_from_layout(data["name"], cells, data["max_digit"], where),
        looks=_looks(data, where),
    )
    check_composition(tile_set, where)
    check_proportional_orientation(tile_set, where)
    return tile_set, placed


def _looks(data: dict, where: str) -> str:
    """Which kit set's group colours a set wears: its own (A, B, C), the file's `looks`, or by
    its digits (pips like A, dashes like C)."""
    if data["name"] in OPEN_SET_NAMES:
        return ""
    looks = data.get("looks", "C" if data["digits"] == "dashes" else "A")
    if looks not in OPEN_SET_NAMES:
        raise UserError(_("{where}: looks = {looks!r}; name the kit set whose group colours to wear: A, B or C").format(
            where=where, looks=looks))
    return looks


def _rows_of_groups(groups, where: str) -> dict:
    """[groups] as layout rows: each group's 16 tiles, written as they stand on its rows, 8 a row."""
    if not isinstance(groups, dict) or set(groups) != {"1", "2"}:
        raise UserError(_('{where}: [groups] lists "1" and "2", each 16 tiles written as they stand on the '
                          "group's rows (group 1: rows 8-7, arrows down; group 2: rows 2-1, arrows up)").format(
            where=where))
    rows = {}
    for group, (upper, lower) in ROWS_OF_GROUP.items():
        tiles = groups[str(group)]
        if not isinstance(tiles, list) or len(tiles) != 16:
            raise UserError(_("{where}: groups.{group} must list 16 tiles").format(where=where, group=group))
        rows[str(upper)], rows[str(lower)] = tiles[:8], tiles[8:]
    return rows


# Table -> its keys that hold a whole number >= 0, and those that hold true or false.
_NUMBERS = {"composition": ("per_group_doubles", "per_group_fractions"),
            "magic": SUM_PROPERTIES,
            "back": ("crosses_on_group",)}
_FLAGS = {"magic": FLAG_PROPERTIES, "back": ("circles", "diamonds")}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_shape(data: dict, where: str) -> None:
    """The types of a set file's values, so that a typo is an error and not a crash."""
    if not _whole(data["max_digit"]) or not 1 <= data["max_digit"] <= 9:
        raise UserError(_("{where}: max_digit = {value!r}; give a whole number from 1 to 9").format(
            where=where, value=data["max_digit"]))
    for table in ("composition", "magic", "back"):
        if not isinstance(data[table], dict):
            raise UserError(_("{where}: {table} must be a table [{table}]; see templates/sets/A.toml for the "
                              "format").format(
                where=where, table=table))
    for table, keys in _NUMBERS.items():
        for key in keys:
            if key in data[table] and not _whole(data[table][key]):
                raise UserError(_("{where}: {table}.{key} = {value!r}; give a whole number").format(
                    where=where, table=table, key=key, value=data[table][key]))
    for table, keys in _FLAGS.items():
        for key in keys:
            if key in data[table] and not isinstance(data[table][key], bool):
                raise UserError(_("{where}: {table}.{key} = {value!r}; give true or false").format(
                    where=where, table=table, key=key, value=data[table][key]))
    unknown = sorted(set(data["magic"]) - set(SUM_PROPERTIES) - set(FLAG_PROPERTIES))
    if unknown:
        raise UserError(_("{where}: magic.{key} is not a property the kit knows; use {known}").format(
            where=where, key=unknown[0], known=", ".join(SUM_PROPERTIES + FLAG_PROPERTIES)))
    rule = data["composition"]
    if "extra_doubles" not in rule and not {"per_group_doubles", "per_group_fractions"} <= set(rule):
        raise UserError(_("{where}: [composition] needs extra_doubles, or per_group_doubles and "
                          "per_group_fractions; see templates/sets/A.toml and C.toml").format(where=where))
    extra = rule.get("extra_doubles", [])
    if not isinstance(extra, list) or not all(_whole(d) and d <= data["max_digit"] for d in extra):
        raise UserError(_("{where}: composition.extra_doubles = {extra!r}; "
                          "list digits from 0 to {most}, e.g. [0, 2, 4, 6]").format(
            where=where, extra=extra, most=data["max_digit"]))


def _tiles_from_layout(set_name: str, layout: dict, max_digit: int, where: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    seen_ids: Counter = Counter()
    for group, rows in ROWS_OF_GROUP.items():
        for row in rows:
            cells = layout.get(str(row))
            if not isinstance(cells, list) or len(cells) != 8:
                raise UserError(_("{where}: layout row {row} must list 8 tiles").format(where=where, row=row))
            for column, text in enumerate(cells, start=1):
                top, bottom = parse_fraction(text, at_cell(where, row, column), max_digit)
                head, tail = head_and_tail(top, bottom, ARROW_OF_GROUP[group])
                base_id = f"{set_name}{group}-{head}{tail}"
                seen_ids[base_id] += 1
                tile_id = base_id if seen_ids[base_id] == 1 else f"{base_id}-{seen_ids[base_id]}"
                tiles.append(Tile(set_name, group, head, tail, row, column, tile_id))
    extra_rows = sorted(set(layout) - {str(r) for rows in ROWS_OF_GROUP.values() for r in rows})
    if extra_rows:
        raise UserError(_("{where}: layout has row {row}; a set file lists rows 8, 7, 2 and 1 only").format(
            where=where, row=extra_rows[0]))
    return tuple(tiles)
