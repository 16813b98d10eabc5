"""Where tiles go on home-printing sheets: a logical grid of the set, cut into blocks per page.

An Open Domino set is 4 rows of 8 in the order of its magic layout. When that does not fit one
page, the layout is cut into blocks (fewer columns or rows per page), keeping the order, so that
every page still reads like a piece of the starting position. A classic set has no layout: its
tiles flow in suit order through rows as wide as the page allows, over as many pages as needed.
Triangular tiles flow the same way, tessellated: in each row they point up and down in turn, and
the rows start alternately with an up and a down triangle, so every cut is a straight line across
the block in one of three directions (a row of n triangles is (n + 1) half sides wide).
"""

import math

from msgspec import Struct

from generator.errors import UserError
from generator.imposition.paper import Paper
from generator.model.tiles import Tile, TileSet
from generator.scene.shapes import SQRT3, frame
from generator.scene.sizes import TileSize, smaller_sizes
from generator.words import _

ROWS, COLUMNS = 4, 8        # the magic layout: board rows 8, 7, 2, 1 of 8 columns
BOARD_ROWS_ON_SHEET = (8, 7, 2, 1)
BLEED = 3.0            # mm of background past the outer cut lines
MARGIN = 5.0           # mm the printer may not reach, beyond the bleed and the marks
HEADER = 14.0          # mm for the caption line above the grid
FOOTER = 16.0          # mm for the scale bar below the grid
MARK_LENGTH = 4.0      # cut-line extensions beyond the bleed
FOLD_GAP = 8.0         # mm between the fronts and the fold line in a gutter fold


class TileGrid(Struct, frozen=True):
    """One block of tiles placed on a page."""
    paper: Paper
    size: TileSize
    x: float                 # top-left corner of the block (trimmed tiles, no bleed)
    y: float
    rows: tuple[int, ...]    # rows of the logical grid in this block (for a layout, 0 = board row 8)
    columns: tuple[int, ...]
    grid_columns: int        # columns of the whole logical grid
    shape: str

    @property
    def frame(self) -> tuple[float, float]:
        return frame(self.shape, self.size)

    @property
    def pitch(self) -> float:
        """From one tile's frame to the next one's in a row: a triangle overlaps its neighbour by half."""
        return self.frame[0] / 2 if self.shape == "triangle" else self.frame[0]

    @property
    def width(self) -> float:
        return (len(self.columns) - 1) * self.pitch + self.frame[0]

    @property
    def height(self) -> float:
        return len(self.rows) * self.frame[1]

    def cell(self, row: int, column: int) -> tuple[float, float]:
        """Top-left corner of the tile at layout row/column (0-based), which must be in the block."""
        return (self.x + self.columns.index(column) * self.pitch,
                self.y + self.rows.index(row) * self.frame[1])


class SheetPlan(Struct, frozen=True):
    paper: Paper             # oriented as printed
    blocks: tuple[TileGrid, ...]


class Slot(Struct, frozen=True):
    """A tile's place in the logical grid, and its turn (180 where its arrow points down)."""
    tile: Tile
    row: int
    column: int
    turn: float


def logical_slots(tile_set: TileSet, columns: int = COLUMNS) -> list[Slot]:
    """The magic layout's rows 8, 7, 2, 1, or the tiles in order, `columns` to a row; triangles
    point up where row + column is even, down elsewhere."""
    if tile_set.has_layout:
        return [Slot(tile, sheet_row, tile.column - 1, 180.0 if tile.arrow == "down" else 0.0)
                for sheet_row, board_row in enumerate(BOARD_ROWS_ON_SHEET) for tile in tile_set.row(board_row)]
    slots = []
    for index, tile in enumerate(tile_set.tiles):
        row, column = divmod(index, columns)
        turn = 180.0 if tile_set.shape == "triangle" and (row + column) % 2 else 0.0
        slots.append(Slot(tile, row, column, turn))
    return slots


def _outside() -> float:
    return 2 * (BLEED + MARK_LENGTH + MARGIN)


def _capacity(paper: Paper, size: TileSize, halves: int, max_rows: int | None = ROWS, *,
              shape: str) -> tuple[int, int]:
    """How many columns and rows of tiles fit; `halves` = 2 when a gutter fold halves the height.
    At most 8 columns of dominoes; at most `max_rows` rows (a layout has 4; flowing tiles take what
    fits). Triangles: as many as fit in a row, each half a side from the last."""
    free_w = paper.width - _outside()
    free_h = (paper.height - HEADER - FOOTER - _outside() - (halves - 1) * 2 * FOLD_GAP) / halves
    width, height = frame(shape, size)
    rows = max(0, math.floor(free_h / height + 1e-9))
    if shape == "triangle":
        columns = max(0, math.floor(2 * free_w / width + 1e-9) - 1)
    else:
        columns = min(COLUMNS, max(0, math.floor(free_w / width + 1e-9)))
    return columns, rows if max_rows is None else min(max_rows, rows)


def plan_sheets(paper: Paper, size: TileSize, halves: int = 1, count: int | None = None,
                shape: str = "domino") -> SheetPlan:
    """Choose portrait or landscape (fewer pages wins, portrait on a tie) and cut the grid into blocks.

    count=None: the 4 x 8 magic layout. count=N: N tiles flowing in rows as wide as the page takes
    (at most 8), so the logical grid's shape depends on the orientation.
    """
    best = None
    portrait = paper if paper.is_portrait else paper.turned()
    for oriented in (portrait, portrait.turned()):
        columns, rows = _capacity(oriented, size, halves, ROWS if count is None else None, shape=shape)
        if columns and rows:
            grid_columns, grid_rows = (COLUMNS, ROWS) if count is None else (columns, math.ceil(count / columns))
            pages = math.ceil(grid_columns / columns) * math.ceil(grid_rows / rows)
            if best is None or pages < best[0]:
                best = (pages, oriented, columns, rows, grid_columns, grid_rows)
    if best is None:
        raise UserError(_("tiles of {size} mm do not fit on {name}; "
                          "use --tile-size {largest} or smaller, or larger paper").format(
            size=size, name=paper.name, largest=largest_tile(paper, size, halves, shape)))
    oriented, columns, rows, grid_columns, grid_rows = best[1:]
    blocks = []
    for first_row in range(0, grid_rows, rows):
        for first_column in range(0, grid_columns, columns):
            block_rows = tuple(range(first_row, min(grid_rows, first_row + rows)))
            block_columns = tuple(range(first_column, min(grid_columns, first_column + columns)))
            blocks.append(_centred(oriented, size, block_rows, block_columns, halves, grid_columns, shape))
    return SheetPlan(oriented, tuple(blocks))


def plan_for(tile_set: TileSet, paper: Paper, size: TileSize, halves: int = 1) -> SheetPlan:
    return plan_sheets(paper, size, halves, None if tile_set.has_layout else len(tile_set.tiles), tile_set.shape)


def _centred(paper: Paper, size: TileSize, rows, columns, halves: int, grid_columns: int, shape: str) -> TileGrid:
    probe = TileGrid(paper, size, 0, 0, rows, columns, grid_columns, shape)
    width, height = probe.width, probe.height
    x = (paper.width - width) / 2
    if halves == 1:
        y = HEADER + (paper.height - HEADER - FOOTER - height) / 2
    else:   # the fronts end FOLD_GAP above the page's middle, where the fold goes
        y = paper.height / 2 - FOLD_GAP - height
    return TileGrid(paper, size, x, y, rows, columns, grid_columns, shape)


def largest_tile(paper: Paper, size: TileSize, halves: int, shape: str) -> TileSize:
    """The largest tile of the same shape that fits at least one tile per page."""
    for trial in smaller_sizes(size):
        if any(all(_capacity(p, trial, halves, shape=shape)) for p in (paper, paper.turned())):
            return trial
    return TileSize(1, round(size.height / size.width, 1))


def gang_pitch(shape: str, size: TileSize, bleed: float) -> tuple[float, float]:
    """Tiles each with their own bleed, neighbours' bleeds meeting: the step from one cell to the
    next along a row (a triangle's lattice cell is its side grown by the bleed; cells overlap by half)
    and from one row to the next."""
    if shape == "triangle":
        cell = frame("triangle", size)[0] + 2 * SQRT3 * bleed       # the grown triangle's side
        return cell / 2, cell * SQRT3 / 2
    return size.width + 2 * bleed, size.height + 2 * bleed


def gang_extent(shape: str, size: TileSize, bleed: float, rows: int, columns: int) -> tuple[float, float]:
    """Width and height of `rows` x `columns` such cells, bleeds included."""
    step, row_height = gang_pitch(shape, size, bleed)
    if shape == "triangle":
        return (columns + 1) * step, rows * row_height
    return columns * step, rows * row_height


def gang_turn(shape: str, row: int, column: int) -> float:
    """Tessellated triangles point up and down in turn; dominoes stand upright."""
    return 180.0 if shape == "triangle" and (row + column) % 2 else 0.0


def gang_position(shape: str, size: TileSize, bleed: float, row: int, column: int, origin_x: float,
                  origin_y: float) -> tuple[float, float]:
    """Top-left corner of the frame of the tile in cell (row, column) of cells whose bleeds start at
    (origin_x, origin_y)."""
    step, row_height = gang_pitch(shape, size, bleed)
    cell_x, cell_y = origin_x + column * step, origin_y + row * row_height
    if shape != "triangle":
        return cell_x + bleed, cell_y + bleed
    side = frame("triangle", size)[0]
    cell = 2 * step
    # The tile's incentre on the lattice cell's: its frame sits inset by the bleed's growth.
    inset_x = (cell - side) / 2
    inset_y = (row_height - side * SQRT3 / 2) * (2 / 3 if gang_turn(shape, row, column) == 0 else 1 / 3)
    return cell_x + inset_x, cell_y + inset_y
