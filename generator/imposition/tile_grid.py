"""The grid of tiles on a home-printing sheet: 4 rows of 8 in the order of the magic layout."""

from dataclasses import dataclass

from generator.art.tile import TileSize
from generator.errors import UserError
from generator.imposition.paper import Paper

ROWS, COLUMNS = 4, 8
BLEED = 3.0            # mm of background past the outer cut lines
MARGIN = 5.0           # mm the printer may not reach, beyond the bleed and the marks
HEADER = 14.0          # mm for the caption line above the grid
FOOTER = 16.0          # mm for the scale bar below the grid
MARK_LENGTH = 4.0      # cut-line extensions beyond the bleed


@dataclass(frozen=True)
class TileGrid:
    paper: Paper
    size: TileSize
    x: float           # top-left corner of the grid (trimmed tiles, no bleed)
    y: float

    @property
    def width(self) -> float:
        return COLUMNS * self.size.width

    @property
    def height(self) -> float:
        return ROWS * self.size.height

    def cell(self, row: int, column: int) -> tuple[float, float]:
        """Top-left corner of the tile at sheet row/column (0-based, from the top-left)."""
        return self.x + column * self.size.width, self.y + row * self.size.height


def fit_grid(paper: Paper, size: TileSize) -> TileGrid:
    outside = 2 * (BLEED + MARK_LENGTH + MARGIN)
    need_width = COLUMNS * size.width + outside
    need_height = ROWS * size.height + outside + HEADER + FOOTER
    if need_width > paper.width or need_height > paper.height:
        scale = min((paper.width - outside) / (COLUMNS * size.width),
                     (paper.height - outside - HEADER - FOOTER) / (ROWS * size.height))
        largest = TileSize(int(size.width * scale * 2) / 2, int(size.height * scale * 2) / 2)
        raise UserError(f"tiles of {size} mm do not fit 4 x 8 on {paper.name}; "
                        f"use --tile-size {largest} or smaller, or larger paper")
    x = (paper.width - COLUMNS * size.width) / 2
    free = paper.height - ROWS * size.height - HEADER - FOOTER
    y = HEADER + free / 2
    return TileGrid(paper, size, x, y)
