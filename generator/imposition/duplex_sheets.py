"""Duplex tile sheets: a fronts page and a backs page per set, flipped on the long edge.

The fronts stand in 4 rows of 8 in the order of the magic layout (rows 8, 7, 2, 1 of the
board, as seen from South), so a player can cut them and set up at once. The back of the
front at (r, c) lands at (r, 7 - c): every back box mirrors its front box about the page's
vertical centre line.
"""

from generator.art.sheet_marks import (caption, crop_ticks, dashed_cut_lines, grid_lines,
                                       pricking_marks, scale_bar)
from generator.art.tile import TileSize, tile_back, tile_front
from generator.imposition.mirror import mirror_box
from generator.imposition.paper import Paper
from generator.imposition.tile_grid import BLEED, COLUMNS, MARK_LENGTH, ROWS, TileGrid, fit_grid
from generator.model.tiles import TileSet
from generator.scene import Drawing, Rect, Style, placed
from generator.texts import sheet_text
from generator.theme import Theme

BOARD_ROWS_ON_SHEET = (8, 7, 2, 1)


def duplex_pages(tile_set: TileSet, theme: Theme, paper: Paper, size: TileSize,
                 lang: str = "en") -> list[Drawing]:
    grid = fit_grid(paper, size)
    return [fronts_page(tile_set, theme, grid, lang), backs_page(tile_set, theme, grid, lang)]


def sheet_slots(tile_set: TileSet, grid: TileGrid):
    """(tile, x, y, turn) for every tile on the fronts page; turn = 180 where the arrow points down."""
    for sheet_row, board_row in enumerate(BOARD_ROWS_ON_SHEET):
        for tile in tile_set.row(board_row):
            x, y = grid.cell(sheet_row, tile.column - 1)
            yield tile, x, y, 180.0 if tile.arrow == "down" else 0.0


def _bleed_rect(grid: TileGrid, colour) -> Rect:
    return Rect(grid.x - BLEED, grid.y - BLEED, grid.width + 2 * BLEED, grid.height + 2 * BLEED,
                Style(fill=colour))


def fronts_page(tile_set: TileSet, theme: Theme, grid: TileGrid, lang: str) -> Drawing:
    paper = grid.paper
    page = Drawing(paper.width, paper.height)
    page.add(_bleed_rect(grid, theme.colour("tile.face")))
    for tile, x, y, turn in sheet_slots(tile_set, grid):
        page.add(placed(tile_front(tile, tile_set, theme, grid.size), x, y, turn))
    xs, ys = grid_lines(grid.x, grid.y, COLUMNS, ROWS, grid.size.width, grid.size.height)
    ink = theme.colour("sheet.cut_line")
    page.add(*dashed_cut_lines(xs, ys, BLEED + MARK_LENGTH, ink))
    page.add(*pricking_marks(xs, ys, ink))
    _furniture(page, grid, theme, sheet_text(lang, "fronts", set_name=tile_set.name))
    return page


def backs_page(tile_set: TileSet, theme: Theme, grid: TileGrid, lang: str) -> Drawing:
    paper = grid.paper
    page = Drawing(paper.width, paper.height)
    bx, by = mirror_box(grid.x - BLEED, grid.y - BLEED, grid.width + 2 * BLEED,
                        grid.height + 2 * BLEED, paper.width, paper.height, "long")
    page.add(Rect(bx, by, grid.width + 2 * BLEED, grid.height + 2 * BLEED,
                  Style(fill=theme.colour("back.background"))))
    for tile, x, y, _turn in sheet_slots(tile_set, grid):
        back_x, back_y = mirror_box(x, y, grid.size.width, grid.size.height,
                                    paper.width, paper.height, "long")
        page.add(placed(tile_back(tile, tile_set, theme, grid.size), back_x, back_y))
    _furniture(page, grid, theme, sheet_text(lang, "backs", set_name=tile_set.name))
    return page


def _furniture(page: Drawing, grid: TileGrid, theme: Theme, text: str) -> None:
    """Caption above, crop ticks around, scale bar below; all symmetric about the centre line."""
    ink = theme.colour("sheet.text")
    xs, ys = grid_lines(grid.x, grid.y, COLUMNS, ROWS, grid.size.width, grid.size.height)
    page.add(*crop_ticks(xs, ys, BLEED + 0.5, MARK_LENGTH - 0.5, theme.colour("sheet.cut_line")))
    page.add(caption(page.width / 2, grid.y - BLEED - MARK_LENGTH - 3.0, text, ink))
    bar_y = grid.y + grid.height + BLEED + MARK_LENGTH + 3.0
    page.add(*scale_bar((page.width - 50.0) / 2, bar_y, ink, sheet_text("en", "scale")))
