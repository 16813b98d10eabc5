"""The sums printed around a magic layout, computed from the tiles (never typed in)."""

from generator.model.tiles import ROWS_OF_GROUP, TileSet


def group_column_sums(tile_set: TileSet, group: int) -> list[int]:
    """Digit sum of the group's two tiles in each column, columns 1-8."""
    rows = ROWS_OF_GROUP[group]
    return [sum(sum(tile_set.at(r, c).digits) for r in rows) for c in range(1, 9)]


def column_sums(tile_set: TileSet) -> list[int]:
    """Digit sum of all four tiles in each column."""
    return [a + b for a, b in zip(group_column_sums(tile_set, 1), group_column_sums(tile_set, 2))]


def row_sums(tile_set: TileSet, row: int) -> tuple[int, int]:
    """(sum of top digits, sum of bottom digits) of a row, as seen from South."""
    tiles = tile_set.row(row)
    return sum(t.top for t in tiles), sum(t.bottom for t in tiles)


def row_head_tail_sums(tile_set: TileSet, row: int) -> tuple[int, int]:
    tiles = tile_set.row(row)
    return sum(t.head for t in tiles), sum(t.tail for t in tiles)
