"""Where tiles go on home-printing sheets: blocks of the 4 x 8 magic layout per page.

A whole set is 4 rows of 8 in the order of the magic layout. When that does not fit one
page, the layout is cut into blocks (fewer columns or rows per page), keeping the order,
so that every page still reads like a piece of the starting position.
"""

from dataclasses import dataclass
import math

from generator.art.tile import TileSize
from generator.errors import UserError
from generator.imposition.paper import Paper

ROWS, COLUMNS = 4, 8
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
    rows: tuple[int, ...]    # sheet rows of the 4 x 8 layout in this block (0 = board row 8)
    columns: tuple[int, ...]

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


def _outside() -> float:
    return 2 * (BLEED + MARK_LENGTH + MARGIN)


def _capacity(paper: Paper, size: TileSize, halves: int) -> tuple[int, int]:
    """How many columns and rows of tiles fit; `halves` = 2 when a gutter fold halves the height."""
    free_w = paper.width - _outside()
    free_h = (paper.height - HEADER - FOOTER - _outside() - (halves - 1) * 2 * FOLD_GAP) / halves
    return (min(COLUMNS, max(0, math.floor(free_w / size.width + 1e-9))),
            min(ROWS, max(0, math.floor(free_h / size.height + 1e-9))))


def plan_sheets(paper: Paper, size: TileSize, halves: int = 1) -> SheetPlan:
    """Choose portrait or landscape (fewer pages wins, portrait on a tie) and cut the layout into blocks."""
    best = None
    portrait = paper if paper.is_portrait else paper.turned()
    for oriented in (portrait, portrait.turned()):
        columns, rows = _capacity(oriented, size, halves)
        if columns and rows:
            pages = math.ceil(COLUMNS / columns) * math.ceil(ROWS / rows)
            if best is None or pages < best[0]:
                best = (pages, oriented, columns, rows)
    if best is None:
        raise UserError(f"tiles of {size} mm do not fit on {paper.name}; "
                        f"use --tile-size {largest_tile(paper, size, halves)} or smaller, or larger paper")
    _, oriented, columns, rows = best
    blocks = []
    for first_row in range(0, ROWS, rows):
        for first_column in range(0, COLUMNS, columns):
            block_rows = tuple(range(first_row, min(ROWS, first_row + rows)))
            block_columns = tuple(range(first_column, min(COLUMNS, first_column + columns)))
            blocks.append(_centred(oriented, size, block_rows, block_columns, halves))
    return SheetPlan(oriented, tuple(blocks))


def _centred(paper: Paper, size: TileSize, rows, columns, halves: int) -> TileGrid:
    width, height = len(columns) * size.width, len(rows) * size.height
    x = (paper.width - width) / 2
    if halves == 1:
        y = HEADER + (paper.height - HEADER - FOOTER - height) / 2
    else:   # the fronts end FOLD_GAP above the page's middle, where the fold goes
        y = paper.height / 2 - FOLD_GAP - height
    return TileGrid(paper, size, x, y, rows, columns)


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
