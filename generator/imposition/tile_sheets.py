"""Tile sheets for home printing, in four layouts.

- duplex-long / duplex-short: a fronts page then a backs page per block, the backs placed
  for turning the sheet over its long or short edge (generator.imposition.mirror).
- separate: the same fronts and backs, but in two files, for feeding sheets by hand.
- gutterfold: fronts and backs on one side; the backs mirrored across a fold line, for
  printers without duplex. Fold, glue the halves together, cut.

The fronts keep the order of the magic layout (board rows 8, 7, 2, 1 from the top, as seen
from South), so a player can cut and set up at once.
"""

from dataclasses import dataclass

from generator.art.sheet_marks import (caption, crop_ticks, dashed_cut_lines, grid_lines,
                                       pricking_marks, scale_bar)
from generator.art.tile import TileSize, tile_back, tile_front
from generator.imposition.mirror import back_shift, mirror_box
from generator.imposition.paper import Paper
from generator.imposition.tile_grid import BLEED, MARK_LENGTH, TileGrid, plan_sheets
from generator.model.tiles import TileSet
from generator.scene import Drawing, Group, Line, Rect, Style, placed, translate
from generator.texts import sheet_text
from generator.theme import Theme

LAYOUTS = ("duplex-long", "duplex-short", "gutterfold", "separate")
BOARD_ROWS_ON_SHEET = (8, 7, 2, 1)


@dataclass(frozen=True)
class SheetFile:
    suffix: str                  # "" or "-fronts" / "-backs"
    pages: list
    duplex: str | None           # the PDF's duplex preference


@dataclass(frozen=True)
class SheetRequest:
    tile_set: TileSet
    theme: Theme
    paper: Paper
    size: TileSize
    layout: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    lang: str = "en"


def tile_sheet_files(request: SheetRequest) -> list[SheetFile]:
    if request.layout == "gutterfold":
        plan = plan_sheets(request.paper, request.size, halves=2)
        pages = [_gutterfold_page(request, block, i, len(plan.blocks)) for i, block in enumerate(plan.blocks)]
        return [SheetFile("", pages, None)]
    flip = "short" if request.layout == "duplex-short" else "long"
    plan = plan_sheets(request.paper, request.size)
    fronts, backs = [], []
    for index, block in enumerate(plan.blocks):
        fronts.append(_fronts_page(request, block, index, len(plan.blocks)))
        backs.append(_backs_page(request, block, flip, index, len(plan.blocks)))
    if request.layout == "separate":
        return [SheetFile("-fronts", fronts, None), SheetFile("-backs", backs, None)]
    interleaved = [page for pair in zip(fronts, backs) for page in pair]
    return [SheetFile("", interleaved, flip)]


def sheet_slots(tile_set: TileSet, block: TileGrid):
    """(tile, x, y, turn) for every tile of a block; turn = 180 where the arrow points down."""
    for sheet_row in block.rows:
        for tile in tile_set.row(BOARD_ROWS_ON_SHEET[sheet_row]):
            if tile.column - 1 in block.columns:
                x, y = block.cell(sheet_row, tile.column - 1)
                yield tile, x, y, 180.0 if tile.arrow == "down" else 0.0


def _bleed_box(block: TileGrid) -> tuple[float, float, float, float]:
    return block.x - BLEED, block.y - BLEED, block.width + 2 * BLEED, block.height + 2 * BLEED


def _lines(block: TileGrid):
    return grid_lines(block.x, block.y, len(block.columns), len(block.rows), block.size.width, block.size.height)


def _fronts(request: SheetRequest, block: TileGrid) -> list:
    """Face background with bleed, the tiles, dashed cut lines and pricking rings."""
    x, y, w, h = _bleed_box(block)
    items = [Rect(x, y, w, h, Style(fill=request.theme.colour("tile.face")))]
    for tile, tx, ty, turn in sheet_slots(request.tile_set, block):
        items.append(placed(tile_front(tile, request.tile_set, request.theme, block.size), tx, ty, turn))
    xs, ys = _lines(block)
    ink = request.theme.colour("sheet.cut_line")
    items += dashed_cut_lines(xs, ys, BLEED + MARK_LENGTH, ink)
    items += pricking_marks(xs, ys, ink)
    return items


def _backs(request: SheetRequest, block: TileGrid, mirror) -> list:
    """Back background with bleed and the backs, each behind its front as `mirror` says."""
    x, y, w, h = _bleed_box(block)
    bx, by = mirror(x, y, w, h)
    items = [Rect(bx, by, w, h, Style(fill=request.theme.colour("back.background")))]
    for tile, tx, ty, _turn in sheet_slots(request.tile_set, block):
        back_x, back_y = mirror(tx, ty, block.size.width, block.size.height)
        items.append(placed(tile_back(tile, request.tile_set, request.theme, block.size), back_x, back_y))
    return items


def _fronts_page(request: SheetRequest, block: TileGrid, index: int, count: int) -> Drawing:
    page = Drawing(block.paper.width, block.paper.height)
    page.add(*_fronts(request, block))
    _furniture(page, block, request, _caption(request, "fronts", index, count))
    return page


def _backs_page(request: SheetRequest, block: TileGrid, flip: str, index: int, count: int) -> Drawing:
    paper = block.paper

    def mirror(x, y, w, h):
        return mirror_box(x, y, w, h, paper.width, paper.height, flip)

    page = Drawing(paper.width, paper.height)
    shift_x, shift_y = back_shift(request.back_offset, flip, paper.width, paper.height)
    art = _backs(request, block, mirror) + _gluing_outline(request, block, mirror)
    page.add(Group(tuple(art), translate(shift_x, shift_y)))
    _furniture(page, block, request, _caption(request, "backs", index, count, flip=flip))
    return page


def _gluing_outline(request: SheetRequest, block: TileGrid, mirror) -> list:
    """The block's outline on the backs: cut the back print along it when gluing by hand."""
    x, y = mirror(block.x, block.y, block.width, block.height)
    style = Style(stroke=request.theme.colour("sheet.cut_line"), stroke_width=0.25, dash=(2.0, 1.5))
    return [Rect(x, y, block.width, block.height, style)]


def _gutterfold_page(request: SheetRequest, block: TileGrid, index: int, count: int) -> Drawing:
    paper = block.paper
    fold = paper.height / 2

    def across_fold(x, y, w, h):
        return x, 2 * fold - y - h

    page = Drawing(paper.width, paper.height)
    page.add(*_fronts(request, block))
    page.add(*_backs(request, block, across_fold))
    ink = request.theme.colour("sheet.text")
    page.add(Line(4.0, fold, paper.width - 4.0, fold, Style(stroke=ink, stroke_width=0.3, dash=(6.0, 1.5, 1.0, 1.5))))
    page.add(caption(paper.width / 2, fold + 1.2, sheet_text(request.lang, "fold_here"), ink, "middle", 2.8))
    _furniture(page, block, request, _caption(request, "gutterfold", index, count), footer_y=paper.height - 12)
    return page


def _caption(request: SheetRequest, side: str, index: int, count: int, flip: str = "long") -> str:
    key = {"fronts": f"fronts_{request.layout}", "backs": f"backs_{request.layout}",
           "gutterfold": "gutterfold"}[side]
    text = sheet_text(request.lang, key, set_name=request.tile_set.name)
    if count > 1:
        text += " · " + sheet_text(request.lang, "sheet_of", number=index + 1, count=count)
    return text


def _furniture(page: Drawing, block: TileGrid, request: SheetRequest, text: str, footer_y: float | None = None) -> None:
    """Caption above, crop ticks around the fronts, scale bar below (centred, so it is the same on both sides)."""
    theme = request.theme
    ink = theme.colour("sheet.text")
    xs, ys = _lines(block)
    page.add(*crop_ticks(xs, ys, BLEED + 0.5, MARK_LENGTH - 0.5, theme.colour("sheet.cut_line")))
    page.add(caption(page.width / 2, max(6.0, block.y - BLEED - MARK_LENGTH - 3.0), text, ink, size=3.0))
    bar_y = footer_y if footer_y is not None else block.y + block.height + BLEED + MARK_LENGTH + 3.0
    page.add(*scale_bar((page.width - 50.0) / 2, bar_y, ink, sheet_text(request.lang, "scale")))
