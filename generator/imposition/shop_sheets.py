"""Print-shop pages: tiles with their own bleed and gutters, crop marks, page boxes.

- Gang sheets: the fronts in 4 rows of 8 (an Open Domino set in its magic layout; a classic
  set in suit order, 32 tiles a sheet, as many sheets as it needs, all of one size), each tile
  with its own bleed and a gutter of twice the bleed between tiles; each fronts page is followed
  by its backs page, mirrored left to right (the file's duplex preference names the edge that
  gives that turn).
- Single: one page per tile face (page = tile + bleed), front and back alternating, the
  way card printers ask for decks.
- The board at natural size with bleed.
Triangular tiles are tessellated on their gang sheets, each with its own bleed, so that the gap
between two neighbours is twice the bleed across their edges; a shop cuts them with a die, so
every triangle's trim is also drawn as a die line in the spot colour "CutContour" (overprinting),
and the page's TrimBox encloses them all.
Crop marks sit outside the bleed, are hairlines of 100 % K, and can be switched off; every
page carries TrimBox and BleedBox (the writer turns Drawing.trim/bleed into them).
"""

from generator.art.board import BoardGeometry, board_drawing
from generator.art.tile import tile_back, tile_front
from generator.colour.theme import Theme
from generator.colour.values import CUT_CONTOUR, DIE_LINE_WIDTH, Colour
from generator.imposition.mirror import mirror_box
from generator.imposition.tile_grid import COLUMNS, ROWS, gang_position, gang_turn, logical_slots
from generator.model.tiles import TileSet
from generator.scene.drawing import Drawing, Group, Line, Polygon, Rect, Style, placed, translate
from generator.scene.outline import Outline, tile_outline
from generator.scene.shapes import frame, grown, outline
from generator.scene.sizes import TileSize

MARK_SPACE = 12.0           # mm around the bleed for crop marks
MARK_OFFSET = 2.0           # mm between the bleed edge and a crop mark
MARK_WIDTH = 0.1            # mm: a hairline
REGISTRATION_BLACK = Colour("#000000", (0.0, 0.0, 0.0, 100.0))   # K only: 400 % registration would break the ink limit


def mark_margin(marks: str) -> float:
    return MARK_SPACE if marks == "crop" else 0.0


def crop_marks(trims: list[tuple[float, float, float, float]], bleed: float, page: Drawing) -> list:
    """Marks in line with every trim edge, outside the area the bleeds cover."""
    style = Style(stroke=REGISTRATION_BLACK, stroke_width=MARK_WIDTH)
    left = min(t[0] for t in trims) - bleed - MARK_OFFSET
    top = min(t[1] for t in trims) - bleed - MARK_OFFSET
    right = max(t[0] + t[2] for t in trims) + bleed + MARK_OFFSET
    bottom = max(t[1] + t[3] for t in trims) + bleed + MARK_OFFSET
    length = MARK_SPACE - MARK_OFFSET - 2.0
    xs = sorted({round(v, 6) for t in trims for v in (t[0], t[0] + t[2])})
    ys = sorted({round(v, 6) for t in trims for v in (t[1], t[1] + t[3])})
    marks = []
    for x in xs:
        marks += [Line(x, top - length, x, top, style), Line(x, bottom, x, bottom + length, style)]
    for y in ys:
        marks += [Line(left - length, y, left, y, style), Line(right, y, right + length, y, style)]
    return marks


def bounds(trims, grow: float = 0.0) -> tuple[float, float, float, float]:
    left = min(t[0] for t in trims) - grow
    top = min(t[1] for t in trims) - grow
    right = max(t[0] + t[2] for t in trims) + grow
    bottom = max(t[1] + t[3] for t in trims) + grow
    return left, top, right - left, bottom - top


def gang_flip(width: float, height: float) -> str:
    """The edge to turn a gang sheet on so that its backs are mirrored left to right, as
    card printers expect: the long edge of a portrait sheet, the short edge of a landscape one."""
    return "long" if height >= width else "short"


def gang_pages(tile_set: TileSet, theme: Theme, size: TileSize, bleed: float, marks: str) -> list[Drawing]:
    """Fronts page, backs page, … of one set, each tile with its own bleed; backs mirrored left to right."""
    if tile_set.shape == "triangle":
        return triangle_gang_pages(tile_set, theme, size, bleed, marks)
    per_sheet = ROWS * COLUMNS
    slots = logical_slots(tile_set, COLUMNS)
    pages = []
    for first in range(0, len(slots), per_sheet):
        pages += _gang_pair(slots[first:first + per_sheet], tile_set, theme, size, bleed, marks)
    return pages


def _gang_pair(chunk, tile_set: TileSet, theme: Theme, size: TileSize, bleed: float, marks: str) -> list[Drawing]:
    pitch_w, pitch_h = size.width + 2 * bleed, size.height + 2 * bleed
    margin = mark_margin(marks)
    width, height = COLUMNS * pitch_w + 2 * margin, ROWS * pitch_h + 2 * margin
    first_row = chunk[0].row
    slots = [(slot.tile, margin + slot.column * pitch_w + bleed, margin + (slot.row - first_row) * pitch_h + bleed,
              slot.turn) for slot in chunk]
    fronts, backs = Drawing(width, height), Drawing(width, height)
    trims, back_trims = [], []
    for tile, x, y, turn in slots:
        fronts.add(placed(tile_front(tile, tile_set, theme, size, bleed), x, y, turn))
        trims.append((x, y, size.width, size.height))
        bx, by = mirror_box(x, y, size.width, size.height, width, height, gang_flip(width, height))
        backs.add(placed(tile_back(tile, tile_set, theme, size, bleed), bx, by))
        back_trims.append((bx, by, size.width, size.height))
        if size.corner_radius:          # a guillotine cannot cut a rounded corner: a die can
            fronts.add(die_line(tile_outline("domino", size, turn).translated(x, y)))
            backs.add(die_line(tile_outline("domino", size).translated(bx, by)))
    for page, page_trims in ((fronts, trims), (backs, back_trims)):
        if marks == "crop":
            page.add(*crop_marks(page_trims, bleed, page))
        page.trim = bounds(page_trims)
        page.bleed = bounds(page_trims, bleed)
        page.pieces = len(page_trims)
    return [fronts, backs]


def single_pages(tile_set: TileSet, theme: Theme, size: TileSize, bleed: float) -> list[Drawing]:
    """One page per face, page = tile + bleed: front, back, front, back, …
    A triangle's page is the box of its bleed, with its die line."""
    width, height = frame(tile_set.shape, size)
    corners = outline(tile_set.shape, size)
    grown_box = bounds([(x, y, 0, 0) for x, y in grown(corners, bleed)]) if bleed else (0.0, 0.0, width, height)
    left, top = -grown_box[0], -grown_box[1]
    pages = []
    for tile in tile_set.tiles:
        for art in (tile_front(tile, tile_set, theme, size, bleed), tile_back(tile, tile_set, theme, size, bleed)):
            page = Drawing(grown_box[2], grown_box[3])
            page.add(Group(tuple(art.items), translate(left, top)))
            if tile_set.shape == "triangle" or size.corner_radius:
                page.add(die_line(tile_outline(tile_set.shape, size).translated(left, top)))
            page.trim = (left, top, width, height)
            page.bleed = (0.0, 0.0, page.width, page.height)
            pages.append(page)
    return pages


def die_line(outline: Outline):
    """The tile's trim in the spot colour CutContour: a polygon, or a path where corners are rounded."""
    style = Style(stroke=CUT_CONTOUR, stroke_width=DIE_LINE_WIDTH)
    if outline.radius:
        return outline.path(style)
    return Polygon(tuple(outline.corners), style)


TRIANGLES_PER_ROW = 8


def triangle_gang_pages(tile_set: TileSet, theme: Theme, size: TileSize, bleed: float, marks: str) -> list[Drawing]:
    """Triangles tessellated with a gutter: each sits in a triangle of the lattice grown by its
    bleed, so neighbours' bleeds meet exactly. 32 a sheet, in rows of 8; backs mirrored left to
    right (a triangle keeps pointing the same way)."""
    frame_width, frame_height = frame("triangle", size)
    margin = mark_margin(marks)
    rows = ROWS
    reach = bleed * 2           # a grown triangle's apex reaches twice the bleed past its trim
    # The page: a full sheet's BleedBox, and the marks' margin around it.
    full = [tile_outline("triangle", size, gang_turn("triangle", row, column)).translated(
        *gang_position("triangle", size, bleed, row, column, 0.0, 0.0)).corners
        for row in range(rows) for column in range(TRIANGLES_PER_ROW)]
    left, top, full_width, full_height = bounds([(x, y, 0, 0) for corners in full for x, y in corners], reach)
    width, height = full_width + 2 * margin, full_height + 2 * margin
    per_sheet = rows * TRIANGLES_PER_ROW
    flip = gang_flip(width, height)         # the edge the file's duplex preference names (jobs/shop.py)
    pages = []
    for first in range(0, len(tile_set.tiles), per_sheet):
        fronts, backs = Drawing(width, height), Drawing(width, height)
        trims, back_trims = [], []
        for index, tile in enumerate(tile_set.tiles[first:first + per_sheet]):
            row, column = divmod(index, TRIANGLES_PER_ROW)
            turn = gang_turn("triangle", row, column)
            x, y = gang_position("triangle", size, bleed, row, column, margin - left, margin - top)
            tile_line = tile_outline("triangle", size, turn).translated(x, y)
            corners = tile_line.corners
            fronts.add(placed(tile_front(tile, tile_set, theme, size, bleed), x, y, turn))
            fronts.add(die_line(tile_line))
            trims.append(bounds([(px, py, 0, 0) for px, py in corners]))
            # Mirrored left to right, a triangle keeps pointing the way it did: the same turn.
            bx, by = mirror_box(x, y, frame_width, frame_height, width, height, flip)
            back_line = tile_outline("triangle", size, turn).translated(bx, by)
            back_corners = back_line.corners
            backs.add(placed(tile_back(tile, tile_set, theme, size, bleed), bx, by, turn))
            backs.add(die_line(back_line))
            back_trims.append(bounds([(px, py, 0, 0) for px, py in back_corners]))
        for page, page_trims in ((fronts, trims), (backs, back_trims)):
            box = bounds(page_trims)
            if marks == "crop":
                page.add(*crop_marks([box], reach, page))
            page.trim = box
            page.bleed = bounds(page_trims, reach)
            page.pieces = len(page_trims)
            pages += [page]
    return pages


def board_page(geometry: BoardGeometry, theme: Theme, bleed: float, marks: str) -> Drawing:
    """The board at natural size; its edge colour runs into the bleed."""
    board = board_drawing(geometry, theme)
    margin = mark_margin(marks) + bleed
    page = Drawing(board.width + 2 * margin, board.height + 2 * margin)
    page.add(Rect(margin - bleed, margin - bleed, board.width + 2 * bleed, board.height + 2 * bleed,
                  Style(fill=theme.colour("board.light"))))
    page.add(Group(tuple(board.items), translate(margin, margin)))
    trim = (margin, margin, board.width, board.height)
    if marks == "crop":
        page.add(*crop_marks([trim], bleed, page))
    page.trim = trim
    page.bleed = bounds([trim], bleed)
    return page
