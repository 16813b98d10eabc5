"""The board on paper: one page at natural size, one A3 sheet, or tiled over home sheets.

Tiling: every sheet shows a window of the same board drawing. Neighbouring windows
overlap by OVERLAP mm. A sheet with a left (upper) neighbour is cut along its left (top)
content edge and laid on its neighbour's glue strip, up to the line printed there.
Crosshairs straddle each seam, printed on both sheets at the same board coordinates, so
their halves meet when the sheets are aligned.
"""

import math

from msgspec import Struct

from generator.art.board import BoardGeometry, board_drawing, board_notation, notation_within
from generator.art.sheet_marks import SCALE_BAR_LENGTH, caption, scale_bar
from generator.colour.theme import Theme
from generator.errors import UserError
from generator.imposition.paper import Paper
from generator.model.texts import sheet_text
from generator.scene.drawing import Circle, Drawing, Group, Line, Rect, Style, Text, placed, rotate_about, translate
from generator.scene.sizes import TileSize, smaller_sizes
from generator.words import _

PAGE_MARGIN = 8.0       # mm home printers cannot reach
# mm from the cut line to the middle of its "cut here" label, in the strip that is cut away: close
# to the line, where a printer reaches (in the strip's middle it was 3-5 mm from the paper's edge).
CUT_LABEL_GAP = 1.6
INFO_STRIP = 16.0       # mm under the window: label, assembly map, scale bar
OVERLAP = 12.0          # mm shared by neighbouring sheets
CROSSHAIR = 3.0         # radius, mm
NATURAL_MARGIN = 12.0   # mm around the board on the one-page outputs
SHEET_MARGIN = 5.0      # mm on the one-sheet (A3) board, printed by better printers
SHEET_INFO = 10.0       # mm under it for the scale bar


class TiledSheet(Struct, frozen=True):
    column: int          # 0-based, from the left
    row: int             # 0-based, from the top
    columns: int
    rows: int
    window_x: float      # window's top-left corner in board coordinates
    window_y: float

    @property
    def number(self) -> int:
        return self.row * self.columns + self.column + 1

    @property
    def count(self) -> int:
        return self.columns * self.rows


def natural_page(geometry: BoardGeometry, theme: Theme, lang: str = "en") -> Drawing:
    board = board_drawing(geometry, theme)
    page = Drawing(board.width + 2 * NATURAL_MARGIN, board.height + 2 * NATURAL_MARGIN)
    _put_board(page, board, NATURAL_MARGIN, NATURAL_MARGIN)
    ink = theme.colour("sheet.text")
    page.add(caption(page.width / 2, NATURAL_MARGIN - 4, sheet_text(lang, "board_title", tile=geometry.tile),
                     ink, "middle", 3.2))
    page.add(*scale_bar((page.width - SCALE_BAR_LENGTH) / 2, page.height - NATURAL_MARGIN + 2, ink,
                        sheet_text(lang, "scale_short")))
    return page


def a3_page(geometry: BoardGeometry, theme: Theme, paper: Paper, lang: str = "en") -> Drawing:
    """The board centred on one sheet, portrait or landscape, or an error naming a size that fits."""
    board = board_drawing(geometry, theme)
    for width, height in ((paper.width, paper.height), (paper.height, paper.width)):
        if _fits_one_sheet(geometry, width, height):
            page = Drawing(width, height)
            x, y = (width - board.width) / 2, (height - SHEET_INFO - board.height) / 2
            _put_board(page, board, x, y)
            ink = theme.colour("sheet.text")
            page.add(*scale_bar((width - SCALE_BAR_LENGTH) / 2, y + board.height + 2, ink,
                                sheet_text(lang, "scale")))
            return page
    raise UserError(_("the board for {tile} mm tiles does not fit one {name} sheet; "
                      "use --tile-size {largest} or the tiled board").format(
        tile=geometry.tile, name=paper.name, largest=largest_fitting_tile(geometry, paper)))


def largest_fitting_tile(geometry: BoardGeometry, paper: Paper) -> TileSize:
    for tile in smaller_sizes(geometry.tile, smallest_width=5.0):
        trial = BoardGeometry(tile, geometry.clearance, geometry.side_places, geometry.across_notation)
        if any(_fits_one_sheet(trial, w, h) for w, h in ((paper.width, paper.height), (paper.height, paper.width))):
            return tile
    return TileSize(5, 10)


def _fits_one_sheet(geometry: BoardGeometry, width: float, height: float) -> bool:
    return (geometry.width + 2 * SHEET_MARGIN <= width
            and geometry.height + 2 * SHEET_MARGIN + SHEET_INFO <= height)


def _put_board(page: Drawing, board: Drawing, x: float, y: float) -> None:
    page.add(Group(tuple(board.items), translate(x, y)))


def window_size(paper_width: float, paper_height: float) -> tuple[float, float]:
    return paper_width - 2 * PAGE_MARGIN, paper_height - 2 * PAGE_MARGIN - INFO_STRIP


def plan_tiling(board_width: float, board_height: float, paper: Paper) -> tuple[float, float, list[TiledSheet]]:
    """Choose the orientation needing fewer sheets; return page size and the sheets."""
    best = None
    for width, height in ((paper.width, paper.height), (paper.height, paper.width)):
        window_w, window_h = window_size(width, height)
        columns = max(1, math.ceil((board_width - OVERLAP) / (window_w - OVERLAP)))
        rows = max(1, math.ceil((board_height - OVERLAP) / (window_h - OVERLAP)))
        if best is None or columns * rows < best[2] * best[3]:
            best = (width, height, columns, rows)
    width, height, columns, rows = best
    window_w, window_h = window_size(width, height)
    sheets = [TiledSheet(c, r, columns, rows, c * (window_w - OVERLAP), r * (window_h - OVERLAP))
              for r in range(rows) for c in range(columns)]
    return width, height, sheets


def tiled_pages(geometry: BoardGeometry, theme: Theme, paper: Paper, lang: str = "en") -> list[Drawing]:
    board = board_drawing(geometry, theme, notation=False)
    notation = board_notation(geometry, theme)
    width, height, sheets = plan_tiling(board.width, board.height, paper)
    return [_tiled_page(board, notation, sheet, width, height, theme, lang) for sheet in sheets]


def _tiled_page(board: Drawing, notation: list, sheet: TiledSheet, width: float, height: float, theme: Theme,
                lang: str) -> Drawing:
    window_w, window_h = window_size(width, height)
    page = Drawing(width, height)
    to_page = translate(PAGE_MARGIN - sheet.window_x, PAGE_MARGIN - sheet.window_y)
    clip = Rect(sheet.window_x, sheet.window_y, window_w, window_h, Style())
    page.add(Group((placed(board, 0, 0, shared=True),), to_page, clip))     # one board, shown on every sheet
    window = (sheet.window_x, sheet.window_y, sheet.window_x + window_w, sheet.window_y + window_h)
    page.add(Group(tuple(notation_within(notation, window)), to_page, clip))     # only the numbers it shows
    page.add(Group(tuple(_seam_marks(sheet, window_w, window_h, board, theme, lang)), to_page))
    _info_strip(page, sheet, width, height, theme, lang)
    return page


def _seam_marks(sheet: TiledSheet, window_w: float, window_h: float, board: Drawing, theme: Theme,
                lang: str) -> list:
    """Cut lines, glue lines and crosshairs, in board coordinates."""
    ink = theme.colour("sheet.text")
    cut = Style(stroke=ink, stroke_width=0.3, dash=(2.0, 1.5))
    glue = Style(stroke=ink, stroke_width=0.3)
    left, top = sheet.window_x, sheet.window_y
    right, bottom = left + window_w, top + window_h
    shown_bottom, shown_right = min(bottom, board.height), min(right, board.width)
    items = []
    label_size = 2.6
    if sheet.column > 0:
        items.append(Line(left, top, left, shown_bottom, cut))
        items += _crosshairs_on_vertical(left, top, shown_bottom, ink)
        items.append(_side_label(sheet_text(lang, "cut_here"), left - CUT_LABEL_GAP, (top + shown_bottom) / 2,
                                 label_size, ink, -90))
    if sheet.column < sheet.columns - 1:
        seam = right - OVERLAP
        items.append(Line(seam, top, seam, shown_bottom, glue))
        items += _crosshairs_on_vertical(seam, top, shown_bottom, ink)
        items.append(_side_label(sheet_text(lang, "glue_under"), right - OVERLAP / 2,
                                 (top + shown_bottom) / 2, label_size, ink, 90))
    if sheet.row > 0:
        items.append(Line(left, top, shown_right, top, cut))
        items += _crosshairs_on_horizontal(top, left, shown_right, ink)
        items.append(_side_label(sheet_text(lang, "cut_here"), (left + shown_right) / 2, top - CUT_LABEL_GAP,
                                 label_size, ink, 0))
    if sheet.row < sheet.rows - 1:
        seam = bottom - OVERLAP
        items.append(Line(left, seam, shown_right, seam, glue))
        items += _crosshairs_on_horizontal(seam, left, shown_right, ink)
        items.append(_side_label(sheet_text(lang, "glue_under"), (left + shown_right) / 2, bottom - OVERLAP / 2,
                                 label_size, ink, 0))
    return items


def _side_label(text: str, x: float, y: float, size: float, colour, turn: float):
    label = Text(x, y + size * 0.35, text, size, colour, "sans", "middle")
    return Group((label,), rotate_about(turn, x, y)) if turn else label


def _crosshair(x: float, y: float, colour) -> list:
    style = Style(stroke=colour, stroke_width=0.2)
    arm = CROSSHAIR * 1.6
    return [Circle(x, y, CROSSHAIR, style), Line(x - arm, y, x + arm, y, style), Line(x, y - arm, x, y + arm, style)]


def _crosshairs_on_vertical(x: float, top: float, bottom: float, colour) -> list:
    return [item for f in (0.25, 0.75) for item in _crosshair(x, top + f * (bottom - top), colour)]


def _crosshairs_on_horizontal(y: float, left: float, right: float, colour) -> list:
    return [item for f in (0.25, 0.75) for item in _crosshair(left + f * (right - left), y, colour)]


def _info_strip(page: Drawing, sheet: TiledSheet, width: float, height: float, theme: Theme, lang: str) -> None:
    ink = theme.colour("sheet.text")
    base = height - PAGE_MARGIN - INFO_STRIP + 6
    label = sheet_text(lang, "board_sheet", number=sheet.number, count=sheet.count,
                       row=sheet.row + 1, column=sheet.column + 1)
    page.add(caption(PAGE_MARGIN, base, label, ink, "start", 3.2))
    page.add(caption(PAGE_MARGIN, base + 5, sheet_text(lang, "board_assembly"), ink, "start", 2.4))
    # The assembly map: one small box per sheet, this one filled; boxes no taller than the strip
    # holds them all (three rows of A4 sheets), clear of the margin home printers cannot reach.
    gap = 0.8
    cell_h = min(6.0, (INFO_STRIP - 2.0 - (sheet.rows - 1) * gap) / sheet.rows)
    cell_w = cell_h * 5 / 6
    map_w = sheet.columns * (cell_w + gap)
    map_x = width - PAGE_MARGIN - SCALE_BAR_LENGTH - 6.0 - map_w      # beside the bar, clear of the lines of text
    map_y = height - PAGE_MARGIN - INFO_STRIP + 1
    outline, filled = Style(stroke=ink, stroke_width=0.25), Style(fill=ink, stroke=ink, stroke_width=0.25)
    for r in range(sheet.rows):
        for c in range(sheet.columns):
            box = Rect(map_x + c * (cell_w + gap), map_y + r * (cell_h + gap), cell_w, cell_h,
                       filled if (r, c) == (sheet.row, sheet.column) else outline)
            page.add(box)
    page.add(*scale_bar(width - PAGE_MARGIN - SCALE_BAR_LENGTH, base - 2, ink, sheet_text(lang, "scale_short")))
