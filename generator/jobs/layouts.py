"""The magic layouts as a user asks for them: check one, list them, count them, draw one's setup card.

The search is generator/model/layout_catalogue.py; this module picks the set (by name or file),
says what the catalogue found in words, and writes the card.
"""

from pathlib import Path
import secrets

from generator.errors import UserError
from generator.model.layout_catalogue import LayoutCatalogue, LayoutCount
from generator.model.magic import MagicFailure, magic_failures
from generator.model.set_loader import (
    OPEN_SET_NAMES,
    canonical_set_name,
    check_own_name,
    is_open_domino_set_file,
    load_set_as_written,
    set_file,
)
from generator.model.tiles import ROWS_OF_GROUP, TileSet
from generator.words import _, grouped, ngettext

LAYOUT_ROWS = ROWS_OF_GROUP[1] + ROWS_OF_GROUP[2]


def chosen_set(name: str | None, path: Path | None) -> tuple[TileSet, bool]:
    """The set `--set NAME` or `--set-file FILE` names, its tiles where its file puts them, and
    whether the file gives a layout (a file may list only its groups)."""
    if (name is None) == (path is None):
        raise UserError(_("give --set A, B or C, or --set-file FILE.toml (one of them)"))
    if path is not None:
        if not path.is_file():
            raise UserError(_("--set-file: {path}: file not found").format(path=path))
        if not is_open_domino_set_file(path):
            raise UserError(_("--set-file: {path}: a classic set has no groups or layout; layouts need an "
                              "Open Domino set (a file with [composition], [magic] and [layout] or [groups], "
                              "like templates/sets/C.toml)").format(path=path.name))
        tile_set, has_layout = load_set_as_written(path)
        kit_set = canonical_set_name(tile_set.name)
        # A file named after a kit set (its own file, or a copy with its tiles moved) numbers its
        # layouts as that set does; with other tiles, "set A, layout 1" would name another layout.
        if kit_set not in OPEN_SET_NAMES or _tiles_of(tile_set) != _tiles_of(load_set_as_written(set_file(kit_set))[0]):
            check_own_name(tile_set.name, path)
        return tile_set, has_layout
    canonical = canonical_set_name(name)
    if canonical not in OPEN_SET_NAMES:
        raise UserError(_("--set: {name!r} is not an Open Domino set; use A, B or C, or --set-file").format(name=name))
    return load_set_as_written(set_file(canonical))


def _tiles_of(tile_set: TileSet) -> list[tuple]:
    """The set's tiles as its catalogue counts them: each with its group, head and tail, in any order."""
    return sorted((tile.group, tile.head, tile.tail) for tile in tile_set.tiles)


_catalogues: dict[int, LayoutCatalogue] = {}


def catalogue_of(tile_set: TileSet) -> LayoutCatalogue:
    """One catalogue per set for the command's run, so that a count made to draw a number is not
    made again to find that number's layout."""
    if id(tile_set) not in _catalogues:
        _catalogues[id(tile_set)] = LayoutCatalogue(tile_set)
    return _catalogues[id(tile_set)]


def failures_of(tile_set: TileSet) -> list[MagicFailure]:
    return magic_failures(tile_set)


def layout_rows(tile_set: TileSet) -> dict[str, list[str]]:
    """Rows 8, 7, 2 and 1 written as the set files write them: top/bottom as seen from South."""
    return {str(row): [tile.fraction for tile in tile_set.row(row)] for row in LAYOUT_ROWS}


def found_layouts(tile_set: TileSet, start: int, count: int) -> list[tuple[int, TileSet]]:
    """Layouts start, start + 1, … of the catalogue, at most count of them."""
    catalogue = catalogue_of(tile_set)
    layouts = []
    for number, layout in catalogue.layouts(start):
        layouts.append((number, layout))
        if len(layouts) == count:
            break
    if not layouts:
        raise_when_none_or_past(catalogue, tile_set, start)
    return layouts


class NoLayout(UserError):
    """The set's tiles have no magic layout at all: `layouts` exits with 1, a build with 2."""


def raise_when_none_or_past(catalogue: LayoutCatalogue, tile_set: TileSet, number: int) -> None:
    total = catalogue.count().up_to_columns
    if total == 0:
        raise NoLayout(_("set {name} has no magic layout: the search tried every way to stand its tiles and none "
                         "keeps every property of its [magic] table").format(name=tile_set.name))
    raise UserError(ngettext("set {name} has only {total} magic layout; give a number from 1 to {total}",
                             "set {name} has only {total} magic layouts; give a number from 1 to {total}",
                             total).format(name=tile_set.name, total=grouped(total)))


def layout_number(tile_set: TileSet, number: int) -> TileSet:
    found = catalogue_of(tile_set).layout(number)
    if found is None:
        raise_when_none_or_past(catalogue_of(tile_set), tile_set, number)
    return found


def counted(tile_set: TileSet, progress=None) -> LayoutCount:
    return catalogue_of(tile_set).count(progress)


def random_number(total: int) -> int:
    """A layout number drawn evenly from 1 to total (the system's random source)."""
    return secrets.randbelow(total) + 1


def reordering_rule(tile_set: TileSet) -> str:
    """How a card may reorder its columns and stay magic (and the same catalogue layout)."""
    if tile_set.magic.get("group2_is_group1_turned"):
        return _("Columns may be reordered only in mirror pairs: swap columns c and 9 - c, or move such a pair "
                 "(1-8, 2-7, 3-6, 4-5) to another pair's place; group 2 must stay group 1 turned.")
    return _("Columns may be put in any order: every column keeps its four tiles and every sum stays the same.")
