"""Tiles on picture grids for screens: Tabletop Simulator deck sheets and sprite atlases.

A grid is `columns` x `rows` cells of one tile each, no gaps and no bleed, drawn in millimetres
at the tile size; the writer renders it at a resolution that makes every cell a whole number of
pixels. Nothing here knows a file format: generator/jobs/tabletop.py and generator/jobs/exports.py turn the
grids into PNG files and JSON.
"""

import math

from msgspec import Struct

from generator.scene.drawing import Drawing, placed
from generator.scene.sizes import TileSize

TTS_MAX_COLUMNS, TTS_MAX_ROWS = 10, 7      # Tabletop Simulator's largest card sheet
TTS_MAX_PIXELS = 4096                       # per side: the texture size TTS (and most GPUs) take


class Grid(Struct, frozen=True):
    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows


def deck_grids(count: int) -> list[Grid]:
    """Sheets for `count` cards, each at most 10 x 7 and each keeping its last slot (bottom right)
    free for the "hidden" picture TTS shows for cards in another player's hand: 69 cards a sheet."""
    grids, left = [], count
    while left > 0:
        cards = min(left, TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1)
        columns = min(TTS_MAX_COLUMNS, cards + 1)
        grids.append(Grid(columns, math.ceil((cards + 1) / columns)))
        left -= cards
    return grids


def cell_pixels(grids: list[Grid], size: TileSize) -> tuple[int, int]:
    """One cell's size in pixels, the same on every sheet of a deck: as large as lets the largest
    sheet stay within 4096 pixels a side, keeping the tile's shape."""
    ratio = size.height / size.width
    width = min(math.floor(min(TTS_MAX_PIXELS / g.columns, TTS_MAX_PIXELS / (g.rows * ratio))) for g in grids)
    return width, math.floor(width * ratio)


def atlas_grid(count: int, size: TileSize) -> Grid:
    """A near-square grid for `count` pictures of the tile's shape."""
    ratio = size.height / size.width
    columns = max(1, math.ceil(math.sqrt(count * ratio)))
    return Grid(columns, math.ceil(count / columns))


def grid_drawing(pictures: list[Drawing | None], grid: Grid, size: TileSize, fill=None) -> Drawing:
    """The pictures (each size.width x size.height mm) in reading order; None leaves a cell empty.
    `fill` is a picture for the last cell (TTS's hidden card)."""
    drawing = Drawing(grid.columns * size.width, grid.rows * size.height)
    cells = list(pictures) + [None] * (grid.slots - len(pictures))
    if fill is not None:
        cells[-1] = fill
    for index, picture in enumerate(cells):
        if picture is not None:
            row, column = divmod(index, grid.columns)
            drawing.add(placed(picture, column * size.width, row * size.height))
    return drawing


def dpi_for(cell_width_pixels: int, size: TileSize) -> float:
    """The resolution at which a cell of size.width mm is exactly that many pixels wide."""
    return cell_width_pixels / size.width * 25.4
