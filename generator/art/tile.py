"""A tile's front and back as drawings, in the tile's own frame.

The frame is the tile standing upright, w x h mm, with its head at the top (y = 0) and the
arrow pointing up. Sheets and figures turn it by 180 degrees where the arrow points down.
"""

from dataclasses import dataclass

from generator.art.digits import dashes, pips
from generator.model.tiles import Tile, TileSet
from generator.scene import Circle, Drawing, Line, Polygon, Rect, Style
from generator.theme import GroupLook, Theme

CIRCLE_RADIUS = 0.17          # of the half's short side
RING_WIDTH = 0.18             # of the circle's radius, where a theme draws circles as rings
DIVIDER_WIDTH = 0.35          # mm
DIVIDER_MARGIN = 0.14         # of the tile width, left and right
MARK_RADIUS = 0.30            # back marks, of the half's short side
MARK_STROKE = 0.06


@dataclass(frozen=True)
class TileSize:
    width: float = 22.0
    height: float = 44.0

    @property
    def half_side(self) -> float:
        """The short side of one half: pips and marks scale with it."""
        return min(self.width, self.height / 2)

    def __str__(self) -> str:
        return f"{self.width:g}x{self.height:g}"


def tile_front(tile: Tile, tile_set: TileSet, theme: Theme, size: TileSize, bleed: float = 0.0) -> Drawing:
    w, h, side = size.width, size.height, size.half_side
    drawing = Drawing(w, h)
    drawing.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=theme.colour("tile.face"))))
    margin = DIVIDER_MARGIN * w
    drawing.add(Line(margin, h / 2, w - margin, h / 2,
                     Style(stroke=theme.colour("tile.divider"), stroke_width=DIVIDER_WIDTH)))
    ink = theme.colour("tile.digit")
    for digit, half_top, edge_y, inward in ((tile.head, 0.0, 0.0, 1), (tile.tail, h / 2, h, -1)):
        if tile_set.digit_style == "dashes":
            drawing.add(*dashes(digit, w / 2, edge_y, inward, side, ink))
        else:
            drawing.add(*pips(digit, w / 2, half_top + h / 4, side, ink))
    drawing.add(*orienting_mark(w / 2, h / 2, CIRCLE_RADIUS * side, theme.group(tile.set_name, tile.group)))
    return drawing


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
    """The back: the same after a half turn, so a face-down tile hides its arrow."""
    w, h, side = size.width, size.height, size.half_side
    drawing = Drawing(w, h)
    drawing.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=theme.colour("back.background"))))
    drawing.add(*back_marks(tile_set, tile.group, w, h, side, theme))
    return drawing


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
