"""A tile's front and back as drawings, in the tile's own frame.

The frame is the tile standing upright, w x h mm, with its head at the top (y = 0) and the
arrow pointing up. Sheets and figures turn it by 180 degrees where the arrow points down.
Every face and back (triangles too) draws its background first, `bleed` mm past the frame, and
then what stands on it: generator/imposition/product_images.py tells the two apart that way.
"""

from generator.art.digits import chinese_pips, dashes, numeral, pip_grid, pips, symbol, underlined_text
from generator.art.tile_ground import clipped_to_outline, ground
from generator.art.triangle import triangle_back, triangle_front
from generator.colour.theme import GroupLook, Theme
from generator.model.tiles import Tile, TileSet
from generator.scene.drawing import Circle, Drawing, Group, Line, Polygon, Rect, Style, rotate_about
from generator.scene.outline import tile_outline
from generator.scene.sizes import TileSize

CIRCLE_RADIUS = 0.17          # of the half's short side
RING_WIDTH = 0.18             # of the circle's radius, where a theme draws circles as rings
DIVIDER_WIDTH = 0.35          # mm
DIVIDER_MARGIN = 0.14         # of the tile width, left and right
MARK_RADIUS = 0.30            # back marks, of the half's short side
MARK_STROKE = 0.06
FRAME_INSET = 0.09            # classic backs: a frame this far inside the edge, of the half's short side
FRAME_WIDTH = 0.025
MARK_TEXT = 0.34              # classic backs: the set mark's em size
SPOT_STEP = 0.30              # Chinese backs: the three spots on a diagonal
SPOT_RADIUS = 0.07


def face_colour(tile_set: TileSet, theme: Theme):
    """The ground of a set's fronts: Chinese tiles have their own."""
    return theme.colour("chinese.face" if tile_set.digit_style == "chinese" else "tile.face")


def tile_front(tile: Tile, tile_set: TileSet, theme: Theme, size: TileSize, bleed: float = 0.0) -> Drawing:
    if tile_set.shape == "triangle":
        return triangle_front(tile, tile_set, theme, size, bleed)
    w, h, side = size.width, size.height, size.half_side
    drawing = Drawing(w, h)
    drawing.add(ground("domino", size, bleed, face_colour(tile_set, theme)))
    if tile_set.divider:
        margin = DIVIDER_MARGIN * w
        drawing.add(Line(margin, h / 2, w - margin, h / 2,
                         Style(stroke=theme.colour("tile.divider"), stroke_width=DIVIDER_WIDTH)))
    for digit, edge_y, inward in ((tile.head, 0.0, 1), (tile.tail, h, -1)):
        drawing.add(*_digit(digit, tile, tile_set, theme, w / 2, edge_y, inward, h / 4 if inward > 0 else 3 * h / 4,
                            side))
    if tile.group is not None:
        drawing.add(*orienting_mark(w / 2, h / 2, CIRCLE_RADIUS * side, theme.group_of(tile_set, tile.group)))
    return clipped_to_outline(drawing, "domino", size, bleed)


def _digit(digit: int, tile: Tile, tile_set: TileSet, theme: Theme, cx: float, edge_y: float, inward: int,
           cy: float, side: float) -> list:
    """One half's number in the set's digit style."""
    ink = theme.colour("tile.digit")
    style = tile_set.digit_style
    if style == "dashes":
        return dashes(digit, cx, edge_y, inward, side, ink)
    if style == "numerals":
        return numeral(digit, cx, cy, inward, side, ink)
    if style == "symbols":
        number = digit - tile_set.min_digit
        return symbol(tile_set.symbols[number], cx, cy, inward, side, theme.colour(f"picture.{number}"), ink,
                      theme.colour("tile.face"))
    grid = pip_grid(tile_set.max_digit, side)
    if style == "chinese":
        return chinese_pips(digit, cx, cy, inward, grid, theme.colour("chinese.pips"), theme.colour("chinese.red"),
                            double_six=tile.head == tile.tail == 6)
    if tile_set.coloured_pips and theme.numbers_in_colour and digit:
        ink = theme.colour(f"pips.{digit}")
    return pips(digit, cx, cy, grid, ink)


def orienting_mark(cx: float, cy: float, radius: float, look: GroupLook) -> list:
    """The group-coloured circle with its arrow pointing up, to the head."""
    r = radius
    arrow = (
        (cx, cy - 0.74 * r),
        (cx + 0.56 * r, cy - 0.06 * r),
        (cx + 0.19 * r, cy - 0.06 * r),
        (cx + 0.19 * r, cy + 0.70 * r),
        (cx - 0.19 * r, cy + 0.70 * r),
        (cx - 0.19 * r, cy - 0.06 * r),
        (cx - 0.56 * r, cy - 0.06 * r),
    )
    if look.arrow_style == "hollow":
        arrow_style = Style(stroke=look.arrow, stroke_width=0.11 * r)
    else:
        arrow_style = Style(fill=look.arrow)
    if look.ring:            # outline-only themes: a ring, the arrow standing on the face
        circle = Circle(cx, cy, r * (1 - RING_WIDTH / 2), Style(stroke=look.circle, stroke_width=RING_WIDTH * r))
    else:
        circle = Circle(cx, cy, r, Style(fill=look.circle))
    return [circle, Polygon(arrow, arrow_style)]


def tile_back(tile: Tile, tile_set: TileSet, theme: Theme, size: TileSize, bleed: float = 0.0) -> Drawing:
    """The back: the same after a half turn, so a face-down tile hides its arrow and its ends."""
    if tile_set.shape == "triangle":
        return triangle_back(tile, tile_set, theme, size, bleed)
    w, h, side = size.width, size.height, size.half_side
    drawing = Drawing(w, h)
    drawing.add(ground("domino", size, bleed, theme.colour("back.background")))
    if tile_set.has_layout:
        drawing.add(*back_marks(tile_set, tile.group, w, h, side, theme))
    else:
        drawing.add(*classic_back(tile_set, size, side, theme))
    return clipped_to_outline(drawing, "domino", size, bleed)


def back_marks(tile_set: TileSet, group: int, w: float, h: float, side: float, theme: Theme) -> list:
    ink = theme.colour("back.mark")
    stroke = Style(stroke=ink, stroke_width=MARK_STROKE * side)
    radius = MARK_RADIUS * side
    marks = []
    # One mark on each half's centre: symmetric shapes on symmetric spots survive a half turn.
    for cy in (h / 4, 3 * h / 4):
        cx = w / 2
        if tile_set.back.get("circles"):
            marks.append(Circle(cx, cy, radius, stroke))
        if tile_set.back.get("diamonds"):
            tip = radius * 1.1
            marks.append(Polygon(((cx, cy - tip), (cx + tip, cy), (cx, cy + tip), (cx - tip, cy)), stroke))
        if tile_set.back_has_crosses(group):
            arm = radius * 0.45
            marks.append(Line(cx - arm, cy - arm, cx + arm, cy + arm, stroke))
            marks.append(Line(cx - arm, cy + arm, cx + arm, cy - arm, stroke))
    return marks


def classic_back(tile_set: TileSet, size: TileSize, side: float, theme: Theme) -> list:
    """A plain back with a frame and the set's small mark, once in each half, the upper one turned:
    the same after a half turn. Chinese sets may carry their three traditional spots instead.
    The frame follows the tile's outline, rounded corners too."""
    ink = theme.colour("back.mark")
    w, h = size.width, size.height
    inset = FRAME_INSET * side
    frame_style = Style(stroke=ink, stroke_width=FRAME_WIDTH * side)
    if size.corner_radius:
        marks = [tile_outline("domino", size).offset(-inset).path(frame_style)]
    else:
        marks = [Rect(inset, inset, w - 2 * inset, h - 2 * inset, frame_style)]
    if tile_set.back.get("spots"):
        step = SPOT_STEP * side
        for k, colour in ((-1, ink), (0, theme.colour("chinese.red")), (1, ink)):
            marks.append(Circle(w / 2 + k * step, h / 2 + k * step, SPOT_RADIUS * side, Style(fill=colour)))
    mark = tile_set.back.get("mark", "")
    if mark:
        size = MARK_TEXT * side
        lower = underlined_text(mark, w / 2, 3 * h / 4 + 0.35 * size, size, ink)     # a 6 or 9 underlined
        marks += [*lower, Group(tuple(lower), rotate_about(180, w / 2, h / 2))]
    return marks
