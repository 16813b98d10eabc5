"""Tiles on picture grids for screens: Tabletop Simulator deck sheets and sprite atlases.

A grid is `columns` x `rows` cells of one tile each, no gaps and no bleed, drawn in millimetres;
a cell is the tile's frame (generator/scene/shapes.frame: a domino's 22 x 44 mm, a triangle's
44 x 38.1 mm). The writer renders the grid at a resolution that makes a cell a whole number of
pixels wide, and each cell's slot is a whole number of pixels tall too (Slots), so that a box an
index gives in pixels is the cell exactly, in every row. Nothing here knows a file format:
generator/jobs/tabletop.py and generator/jobs/exports.py turn the grids into PNG files and JSON.
"""

import math

from msgspec import Struct

from generator.scene.drawing import Drawing, placed

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


class Slots(Struct, frozen=True):
    """Where a grid's cells go: each cell (mm) in a slot of `pixels` at `dpi`. The slot is exactly
    the cell's width; its height is the cell's height rounded to whole pixels, so row k starts at
    pixel k * pixels[1] however many rows there are (the cell's height at `dpi` drifted by up to a
    pixel a row). The slack, under a pixel, is at the slot's foot."""
    cell: tuple[float, float]       # mm, the tile's frame
    pixels: tuple[int, int]
    dpi: float

    @property
    def pitch(self) -> tuple[float, float]:
        """A slot in mm: its cell's width, and its whole pixels of height."""
        return self.cell[0], self.pixels[1] / self.dpi * 25.4


def slots_of(cell: tuple[float, float], width_pixels: int) -> Slots:
    """Slots for cells of `cell` mm, each `width_pixels` wide (the resolution follows)."""
    dpi = width_pixels / cell[0] * 25.4
    return Slots(cell, (width_pixels, math.ceil(cell[1] / 25.4 * dpi - 1e-9)), dpi)


def cell_pixels(grids: list[Grid], cell: tuple[float, float]) -> int:
    """One cell's width in pixels, the same on every sheet of a deck: as large as lets the largest
    sheet stay within 4096 pixels a side, keeping the tile's shape."""
    ratio = cell[1] / cell[0]
    return min(math.floor(min(TTS_MAX_PIXELS / g.columns, (TTS_MAX_PIXELS - g.rows) / (g.rows * ratio)))
               for g in grids)


def atlas_grid(count: int, cell: tuple[float, float]) -> Grid:
    """A near-square grid for `count` pictures of the tile's shape."""
    ratio = cell[1] / cell[0]
    columns = max(1, math.ceil(math.sqrt(count * ratio)))
    return Grid(columns, math.ceil(count / columns))


def grid_drawing(pictures: list[Drawing | None], grid: Grid, slots: Slots, fill=None) -> Drawing:
    """The pictures (each a cell of slots.cell mm) in reading order, each at the top left of its
    slot; None leaves a slot empty. `fill` is a picture for the last slot (TTS's hidden card)."""
    width, height = slots.pitch
    drawing = Drawing(grid.columns * width, grid.rows * height)
    cells = list(pictures) + [None] * (grid.slots - len(pictures))
    if fill is not None:
        cells[-1] = fill
    for index, picture in enumerate(cells):
        if picture is not None:
            row, column = divmod(index, grid.columns)
            drawing.add(placed(picture, column * width, row * height))
    return drawing
