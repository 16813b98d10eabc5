"""The magic properties a set's [magic] table may name, each checked on a layout.

A check gives every place where its property fails (the column, the row), so that
`opendomino layouts check` can name them all and a set file's loader can stop at the first.
"""

from msgspec import Struct

from generator.model.sums import column_sums, group_column_sums, row_head_tail_sums, row_sums
from generator.model.tiles import Tile, TileSet
from generator.words import _

# Every property a [magic] table may hold: whole numbers, then flags.
SUM_PROPERTIES = ("column_sum", "group_column_sum", "row_head_sum", "row_tail_sum")
FLAG_PROPERTIES = ("group2_is_group1_turned", "mirrored_row_sums")
MIRRORED_ROWS = ((8, 1), (7, 2))        # the rows each player sees at the same distance from them


class MagicFailure(Struct, frozen=True):
    property: str       # the [magic] key that fails
    place: str          # "column 3", "row 8", "rows 8 and 1", "row 1, column 6"
    problem: str        # what is wrong there, in a few words


def magic_failures(tile_set: TileSet) -> list[MagicFailure]:
    """Every place where the layout breaks a property of the set's [magic] table, in table order."""
    failures: list[MagicFailure] = []
    for key in tile_set.magic:
        if tile_set.magic[key] is False:
            continue
        failures.extend(_CHECKS[key](tile_set, tile_set.magic[key]))
    return failures


def _names(tiles) -> str:
    return ", ".join(t.fraction for t in tiles)


def _column_sum(tile_set: TileSet, wanted: int):
    for column, total in enumerate(column_sums(tile_set), start=1):
        if total != wanted:
            tiles = [tile_set.at(r, column) for r in tile_set.layout_rows]
            yield MagicFailure("column_sum", _("column {column}").format(column=column),
                               _("its four tiles ({tiles}) sum to {total}, not {wanted}").format(
                                   tiles=_names(tiles), total=total, wanted=wanted))


def _group_column_sum(tile_set: TileSet, wanted: int):
    for group in (1, 2):
        for column, total in enumerate(group_column_sums(tile_set, group), start=1):
            if total != wanted:
                tiles = [t for t in (tile_set.at(r, column) for r in tile_set.layout_rows) if t.group == group]
                yield MagicFailure("group_column_sum", _("column {column}").format(column=column),
                                   _("group {group}'s two tiles ({tiles}) sum to {total}, not {wanted}").format(
                                       group=group, tiles=_names(tiles), total=total, wanted=wanted))


def _row_end_sum(end: str):
    def check(tile_set: TileSet, wanted: int):
        for row in tile_set.layout_rows:
            total = row_head_tail_sums(tile_set, row)[0 if end == "head" else 1]
            if total != wanted:
                problem = (_("its head digits ({tiles}) sum to {total}, not {wanted}") if end == "head"
                           else _("its tail digits ({tiles}) sum to {total}, not {wanted}"))
                yield MagicFailure(f"row_{end}_sum", _("row {row}").format(row=row),
                                   problem.format(tiles=_names(tile_set.row(row)), total=total, wanted=wanted))
    return check


def _group2_is_group1_turned(tile_set: TileSet, wanted: bool):
    for tile in tile_set.group(1):
        turned = tile_set.at(9 - tile.row, 9 - tile.column)
        if (turned.head, turned.tail) != (tile.head, tile.tail):
            yield MagicFailure("group2_is_group1_turned",
                               _("row {row}, column {column}").format(row=turned.row, column=turned.column),
                               _("{tile} should be {turned}, the tile at row {row}, column {column} turned 180 "
                                 "degrees").format(tile=turned.fraction, turned=_turned(tile), row=tile.row,
                                                   column=tile.column))


def _turned(tile: Tile) -> str:
    return f"{tile.bottom}/{tile.top}"


def _mirrored_row_sums(tile_set: TileSet, wanted: bool):
    for north, south in MIRRORED_ROWS:
        north_top, north_bottom = row_sums(tile_set, north)
        south_top, south_bottom = row_sums(tile_set, south)
        if (north_top, north_bottom) != (south_bottom, south_top):
            yield MagicFailure("mirrored_row_sums", _("rows {north} and {south}").format(north=north, south=south),
                               _("row {north} sums to {north_top}|{north_bottom} from the top, row {south} to "
                                 "{south_bottom}|{south_top} from the bottom; each player must see the same "
                                 "sums").format(north=north, south=south, north_top=north_top,
                                                north_bottom=north_bottom, south_top=south_top,
                                                south_bottom=south_bottom))


_CHECKS = {"column_sum": _column_sum, "group_column_sum": _group_column_sum,
           "row_head_sum": _row_end_sum("head"), "row_tail_sum": _row_end_sum("tail"),
           "group2_is_group1_turned": _group2_is_group1_turned, "mirrored_row_sums": _mirrored_row_sums}
