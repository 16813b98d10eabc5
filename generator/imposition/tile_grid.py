"""Where tiles go on home-printing sheets: a logical grid of the set, cut into blocks per page.

An Open Domino set is 4 rows of 8 in the order of its magic layout. When that does not fit one
page, the layout is cut into blocks (fewer columns or rows per page), keeping the order, so that
every page still reads like a piece of the starting position. A classic set has no layout: its
tiles flow in suit order through rows as wide as the page allows, over as many pages as needed.
"""

from dataclasses import dataclass
import math

from generator.art.tile import TileSize
from generator.errors import UserError
from generator.imposition.paper import Paper
from generator.model.tiles import Tile, TileSet

ROWS, COLUMNS = 4, 8        # the magic layout: board rows 8, 7, 2, 1 of 8 columns
BOARD_ROWS_ON_SHEET = (8, 7, 2, 1)
BLEED = 3.0            # mm of background past the outer cut lines
MARGIN = 5.0           # mm the printer may not reach, beyond the bleed and the marks
HEADER = 14.0          # mm for the caption line above the grid
FOOTER = 16.0          # mm for the scale bar below the grid
MARK_LENGTH = 4.0      # cut-line extensions beyond the bleed
FOLD_GAP = 8.0         # mm between the fronts and the fold line in a gutter fold


@dataclass(frozen=True)
class TileGrid:
    """One block of tiles placed on a page."""
    paper: Paper
    size: TileSize
    x: float                 # top-left corner of the block (trimmed tiles, no bleed)
    y: float
    rows: tuple[int, ...]    # rows of the logical grid in this block (for a layout, 0 = board row 8)
    columns: tuple[int, ...]
    grid_columns: int = COLUMNS   # columns of the whole logical grid

    @property
    def width(self) -> float:
        return len(self.columns) * self.size.width

    @property
    def height(self) -> float:
        return len(self.rows) * self.size.height

    def cell(self, row: int, column: int) -> tuple[float, float]:
        """Top-left corner of the tile at layout row/column (0-based), which must be in the block."""
        return (self.x + self.columns.index(column) * self.size.width,
                self.y + self.rows.index(row) * self.size.height)


@dataclass(frozen=True)
class SheetPlan:
    paper: Paper             # oriented as printed
    blocks: tuple[TileGrid, ...]


@dataclass(frozen=True)
class Slot:
    """A tile's place in the logical grid, and its turn (180 where its arrow points down)."""
    tile: Tile
    row: int
    column: int
    turn: float = 0.0


def logical_slots(tile_set: TileSet, columns: int = COLUMNS) -> list[Slot]:
    """The magic layout's rows 8, 7, 2, 1, or the tiles in order, `columns` to a row."""
    if tile_set.has_layout:
        return [Slot(tile, sheet_row, tile.column - 1, 180.0 if tile.arrow == "down" else 0.0)
                for sheet_row, board_row in enumerate(BOARD_ROWS_ON_SHEET) for tile in tile_set.row(board_row)]
    return [Slot(tile, *divmod(index, columns)) for index, tile in enumerate(tile_set.tiles)]


def _outside() -> float:
    return 2 * (BLEED + MARK_LENGTH + MARGIN)


def _capacity(paper: Paper, size: TileSize, halves: int, max_rows: int | None = ROWS) -> tuple[int, int]:
    """How many columns and rows of tiles fit; `halves` = 2 when a gutter fold halves the height.
    At most 8 columns; at most `max_rows` rows (a layout has 4; flowing tiles take what fits)."""
    free_w = paper.width - _outside()
    free_h = (paper.height - HEADER - FOOTER - _outside() - (halves - 1) * 2 * FOLD_GAP) / halves
    rows = max(0, math.floor(free_h / size.height + 1e-9))
    return (min(COLUMNS, max(0, math.floor(free_w / size.width + 1e-9))),
            rows if max_rows is None else min(max_rows, rows))


def plan_sheets(paper: Paper, size: TileSize, halves: int = 1, count: int | None = None) -> SheetPlan:
    """Choose portrait or landscape (fewer pages wins, portrait on a tie) and cut the grid into blocks.

    count=None: the 4 x 8 magic layout. count=N: N tiles flowing in rows as wide as the page takes
    (at most 8), so the logical grid's shape depends on the orientation.
    """
    best = None
    portrait = paper if paper.is_portrait else paper.turned()
    for oriented in (portrait, portrait.turned()):
        columns, rows = _capacity(oriented, size, halves, ROWS if count is None else None)
        if columns and rows:
            grid_columns, grid_rows = (COLUMNS, ROWS) if count is None else (columns, math.ceil(count / columns))
            pages = math.ceil(grid_columns / columns) * math.ceil(grid_rows / rows)
            if best is None or pages < best[0]:
                best = (pages, oriented, columns, rows, grid_columns, grid_rows)
    if best is None:
        raise UserError(f"tiles of {size} mm do not fit on {paper.name}; "
                        f"use --tile-size {largest_tile(paper, size, halves)} or smaller, or larger paper")
    _, oriented, columns, rows, grid_columns, grid_rows = best
    blocks = []
    for first_row in range(0, grid_rows, rows):
        for first_column in range(0, grid_columns, columns):
            block_rows = tuple(range(first_row, min(grid_rows, first_row + rows)))
            block_columns = tuple(range(first_column, min(grid_columns, first_column + columns)))
            blocks.append(_centred(oriented, size, block_rows, block_columns, halves, grid_columns))
    return SheetPlan(oriented, tuple(blocks))


def plan_for(tile_set: TileSet, paper: Paper, size: TileSize, halves: int = 1) -> SheetPlan:
    return plan_sheets(paper, size, halves, None if tile_set.has_layout else len(tile_set.tiles))


def _centred(paper: Paper, size: TileSize, rows, columns, halves: int, grid_columns: int) -> TileGrid:
    width, height = len(columns) * size.width, len(rows) * size.height
    x = (paper.width - width) / 2
    if halves == 1:
        y = HEADER + (paper.height - HEADER - FOOTER - height) / 2
    else:   # the fronts end FOLD_GAP above the page's middle, where the fold goes
        y = paper.height / 2 - FOLD_GAP - height
    return TileGrid(paper, size, x, y, rows, columns, grid_columns)


def largest_tile(paper: Paper, size: TileSize, halves: int = 1) -> TileSize:
    """The largest tile of the same shape that fits at least one tile per page."""
    ratio = size.height / size.width
    width = size.width
    while width > 1:
        width = math.floor(width * 2 - 1) / 2
        trial = TileSize(width, round(width * ratio, 1))
        if any(all(_capacity(p, trial, halves)) for p in (paper, paper.turned())):
            return trial
    return TileSize(1, round(ratio, 1))
