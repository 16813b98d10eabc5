"""Tile sheets for home printing, in four layouts.

- duplex-long / duplex-short: a fronts page then a backs page per block, the backs placed
  for turning the sheet over its long or short edge (generator.imposition.mirror).
- separate: the same fronts and backs, but in two files, for feeding sheets by hand.
- gutterfold: fronts and backs on one side; the backs mirrored across a fold line, for
  printers without duplex. Fold, glue the halves together, cut.

The fronts of an Open Domino set keep the order of the magic layout (board rows 8, 7, 2, 1 from
the top, as seen from South), so a player can cut and set up at once; a classic set's tiles run
in suit order. A block whose last row is not full gets background, cut lines and backs only
where there are tiles.
"""

from msgspec import Struct

from generator.art.sheet_marks import (
    caption,
    crop_ticks,
    dashed_cut_lines,
    edge_cuts,
    pricking_marks,
    rounded_cut_lines,
    scale_bar,
)
from generator.art.tile import face_colour, tile_back, tile_front
from generator.colour.theme import Theme
from generator.imposition.mirror import back_shift, mirror_box, mirrors_x
from generator.imposition.paper import Paper
from generator.imposition.tile_grid import BLEED, MARGIN, MARK_LENGTH, TileGrid, logical_slots, plan_for
from generator.model.texts import set_label, sheet_text
from generator.model.tiles import TileSet
from generator.scene.drawing import Drawing, Group, Line, Polygon, Rect, Style, placed, translate
from generator.scene.fonts import text_extent
from generator.scene.line_breaks import fitted_lines
from generator.scene.outline import Outline, tile_outline
from generator.scene.shapes import convex_hull, grown, outline
from generator.scene.sizes import TileSize

CAPTION_SIZE, SMALLEST_CAPTION = 3.0, 2.5     # mm, the em size of the line above the tiles (2.5 mm: 7 pt)
FOLD_WIDTH = 0.3             # mm, the gutter fold's line
FOLD_CAPTION_SIZE = 2.8      # mm, the em size of its caption
FOLD_CAPTION_GAP = 0.8       # mm between the line and the top of the caption's tallest glyph


class SheetFile(Struct, frozen=True):
    suffix: str                  # "" or "-fronts" / "-backs"
    pages: list
    duplex: str | None           # the PDF's duplex preference


class SheetRequest(Struct, frozen=True):
    tile_set: TileSet
    theme: Theme
    paper: Paper
    size: TileSize
    layout: str                  # one of generator/imposition/layouts.py's LAYOUTS
    back_offset: tuple[float, float]
    lang: str


def tile_sheet_files(request: SheetRequest) -> list[SheetFile]:
    if request.layout == "gutterfold":
        plan = plan_for(request.tile_set, request.paper, request.size, halves=2)
        pages = [_gutterfold_page(request, block, i, len(plan.blocks)) for i, block in enumerate(plan.blocks)]
        return [SheetFile("", pages, None)]
    flip = "short" if request.layout == "duplex-short" else "long"
    plan = plan_for(request.tile_set, request.paper, request.size)
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
    for slot in logical_slots(tile_set, block.grid_columns):
        if slot.row in block.rows and slot.column in block.columns:
            x, y = block.cell(slot.row, slot.column)
            yield slot.tile, x, y, slot.turn


def _outlines(request: SheetRequest, block: TileGrid) -> list[tuple[tuple[float, float], ...]]:
    """The outline of every tile of the block, in page coordinates."""
    shape, size = request.tile_set.shape, block.size
    return [tuple((tx + x, ty + y) for x, y in outline(shape, size, turn))
            for _tile, tx, ty, turn in sheet_slots(request.tile_set, block)]


def tile_outlines(tile_set: TileSet, block: TileGrid) -> list[Outline]:
    """Every tile's outline (rounded corners too) in page coordinates: what the cut lines draw and
    the cut files write."""
    return [tile_outline(tile_set.shape, block.size, turn).translated(tx, ty)
            for _tile, tx, ty, turn in sheet_slots(tile_set, block)]


def _areas(outlines, grow: float = 0.0) -> list[tuple[tuple[float, float], ...]]:
    """Where the tiles are, as convex polygons grown by `grow`: one per row (a row of rectangles or
    of alternating triangles is convex), or one for a block of rectangles that fills a rectangle."""
    rows: dict[float, list] = {}
    for points in outlines:
        rows.setdefault(round(min(y for _, y in points), 6), []).extend(points)
    hulls = [convex_hull(points) for _, points in sorted(rows.items())]
    spans = {(min(x for x, _ in h), max(x for x, _ in h)) for h in hulls}
    if len(spans) == 1 and all(map(_is_box, hulls)):       # rectangles filling a rectangle
        hulls = [convex_hull([p for h in hulls for p in h])]
    return [grown(hull, grow) if grow else hull for hull in hulls]


def _is_box(points) -> bool:
    """Four corners on two xs and two ys: an upright rectangle (a row of triangles is a trapezoid)."""
    return (len(points) == 4 and len({round(x, 6) for x, _ in points}) == 2
            and len({round(y, 6) for _, y in points}) == 2)


def _area_shapes(areas, style: Style) -> list:
    """Areas as shapes: a box stays a Rect (so a viewer sees a rectangle), anything else a Polygon."""
    shapes = []
    for points in areas:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        if _is_box(points):
            shapes.append(Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), style))
        else:
            shapes.append(Polygon(tuple(points), style))
    return shapes


def _fronts(request: SheetRequest, block: TileGrid) -> list:
    """Face background with bleed, the tiles, dashed cut lines and pricking rings."""
    outlines = _outlines(request, block)
    face = Style(fill=face_colour(request.tile_set, request.theme))
    items = _area_shapes(_areas(outlines, BLEED), face)
    for tile, tx, ty, turn in sheet_slots(request.tile_set, block):
        items.append(placed(tile_front(tile, request.tile_set, request.theme, block.size), tx, ty, turn))
    ink = request.theme.colour("sheet.cut_line")
    if block.size.corner_radius:
        items += rounded_cut_lines(tile_outlines(request.tile_set, block), ink)
    else:
        items += dashed_cut_lines(edge_cuts(outlines), BLEED + MARK_LENGTH, ink)
    items += pricking_marks(outlines, ink)
    return items


def _backs(request: SheetRequest, block: TileGrid, mirror, flips_vertically: bool) -> list:
    """Back background with bleed and the backs, each behind its front as `mirror` (a function of
    a point) says; a flip over a horizontal axis turns each back by half a turn, so a triangle's
    back points the way its front does on the other side."""
    width, height = block.frame
    style = Style(fill=request.theme.colour("back.background"))
    items = _area_shapes([tuple(mirror(x, y) for x, y in area) for area in _areas(_outlines(request, block), BLEED)],
                         style)
    for tile, tx, ty, turn in sheet_slots(request.tile_set, block):
        corners = [mirror(tx, ty), mirror(tx + width, ty + height)]
        back_x, back_y = min(x for x, _ in corners), min(y for _, y in corners)
        back_turn = (turn + (180.0 if flips_vertically else 0.0)) % 360
        items.append(placed(tile_back(tile, request.tile_set, request.theme, block.size), back_x, back_y, back_turn,
                            shared=True))
    return items


def _fronts_page(request: SheetRequest, block: TileGrid, index: int, count: int) -> Drawing:
    page = Drawing(block.paper.width, block.paper.height)
    page.add(*_fronts(request, block))
    _furniture(page, block, request, _caption(request, "fronts", index, count))
    return page


def _backs_page(request: SheetRequest, block: TileGrid, flip: str, index: int, count: int) -> Drawing:
    paper = block.paper

    def mirror(x, y):
        return mirror_box(x, y, 0, 0, paper.width, paper.height, flip)

    page = Drawing(paper.width, paper.height)
    shift_x, shift_y = back_shift(request.back_offset, flip, paper.width, paper.height)
    vertical = not mirrors_x(flip, paper.width, paper.height)
    art = _backs(request, block, mirror, vertical) + _gluing_outline(request, block, mirror)
    # The crop ticks stand where the fronts' do, seen through the sheet: with a short last row, the
    # fronts' ticks stood under blank paper on the back, and none under its last tiles.
    art += _crop_ticks(request, block, mirror)
    page.add(Group(tuple(art), translate(shift_x, shift_y)))
    _furniture(page, block, request, _caption(request, "backs", index, count), ticks=False)
    return page


def _gluing_outline(request: SheetRequest, block: TileGrid, mirror) -> list:
    """The tiles' outline on the backs: cut the back print along it when gluing by hand."""
    style = Style(stroke=request.theme.colour("sheet.cut_line"), stroke_width=0.25, dash=(2.0, 1.5))
    areas = _areas(_outlines(request, block))
    return _area_shapes([tuple(mirror(x, y) for x, y in area) for area in areas], style)


def _gutterfold_page(request: SheetRequest, block: TileGrid, index: int, count: int) -> Drawing:
    paper = block.paper
    fold = paper.height / 2

    def across_fold(x, y):
        return x, 2 * fold - y

    page = Drawing(paper.width, paper.height)
    page.add(*_fronts(request, block))
    page.add(*_backs(request, block, across_fold, True))
    ink = request.theme.colour("sheet.text")
    page.add(Line(MARGIN, fold, paper.width - MARGIN, fold, Style(stroke=ink, stroke_width=FOLD_WIDTH,
                                                                  dash=(6.0, 1.5, 1.0, 1.5))))
    # Beside the line, on the backs' side: the fronts' crop ticks reach down towards it.
    ascent, _ = text_extent("sans", FOLD_CAPTION_SIZE)
    page.add(caption(paper.width / 2, fold + FOLD_WIDTH / 2 + FOLD_CAPTION_GAP + ascent,
                     sheet_text(request.lang, "fold_here"), ink, "middle", FOLD_CAPTION_SIZE))
    _furniture(page, block, request, _caption(request, "gutterfold", index, count), footer_y=paper.height - 12)
    return page


def _caption(request: SheetRequest, side: str, index: int, count: int) -> str:
    key = {"fronts": f"fronts_{request.layout}", "backs": f"backs_{request.layout}",
           "gutterfold": "gutterfold"}[side]
    label = set_label(request.tile_set, request.lang)
    text = sheet_text(request.lang, key, set_label=label)
    if count > 1:
        text += " · " + sheet_text(request.lang, "sheet_of", number=index + 1, count=count)
    return text


def _crop_ticks(request: SheetRequest, block: TileGrid, mirror=None) -> list:
    """Ticks in line with the cut lines, beyond the bleed; `mirror` places them for the backs."""
    cuts = edge_cuts(_outlines(request, block))
    if mirror is not None:
        cuts = [(*mirror(x1, y1), *mirror(x2, y2)) for x1, y1, x2, y2 in cuts]
    return crop_ticks(cuts, BLEED + 0.5, MARK_LENGTH - 0.5, request.theme.colour("sheet.cut_line"))


def _furniture(page: Drawing, block: TileGrid, request: SheetRequest, text: str, footer_y: float | None = None,
               ticks: bool = True) -> None:
    """Caption above, crop ticks around the fronts (the backs place their own), scale bar below
    (centred, so it is the same on both sides)."""
    theme = request.theme
    ink = theme.colour("sheet.text")
    if ticks:
        page.add(*_crop_ticks(request, block))
    # One line within the printable width, shrunk to 2.5 mm or else broken into lines that stack up
    # from the same baseline: on narrow paper (A5, B5) the line ran past both edges.
    size, lines = fitted_lines(text, "sans", CAPTION_SIZE, SMALLEST_CAPTION, page.width - 2 * (MARGIN + 2.0))
    baseline = max(6.0, block.y - BLEED - MARK_LENGTH - 3.0)
    for row, line in enumerate(reversed(lines)):
        page.add(caption(page.width / 2, baseline - row * size * 1.3, line, ink, size=size))
    bar_y = footer_y if footer_y is not None else block.y + block.height + BLEED + MARK_LENGTH + 3.0
    page.add(*scale_bar((page.width - 50.0) / 2, bar_y, ink, sheet_text(request.lang, "scale")))
