"""Names for the painted items of a tile's drawing, for messages about them: the scene knows shapes
(a filled circle, a stroked polygon), the reader knows pips, arrows and dividers."""

from generator.art.tile import CIRCLE_RADIUS
from generator.scene.drawing import Circle, Line, Path, Polygon, Rect, Text


def face_namer(tile_set, size):
    """name_of(item, stroke) for the items of a set's fronts."""
    group_circle = CIRCLE_RADIUS * size.half_side

    def name_of(item, stroke: bool) -> str:
        if isinstance(item, Text):
            return f'the number "{item.text}"'
        if isinstance(item, Circle):
            if stroke:
                return "the ring" if tile_set.digit_style != "symbols" else "an outline of the picture"
            if tile_set.digit_style == "symbols":
                return "a part of the picture"
            return "the circle" if item.r >= 0.99 * group_circle else "a pip"
        if isinstance(item, Polygon):
            if tile_set.digit_style == "symbols":       # picture sets have no orienting arrow
                return "an outline of the picture" if stroke else "a part of the picture"
            return "the arrow's outline" if stroke else "the arrow"
        if isinstance(item, Line):
            return "the divider" if item.y1 == item.y2 else "a line of the picture"
        if isinstance(item, Rect):
            return "the underline" if tile_set.digit_style == "numerals" else "a dash"
        if isinstance(item, Path):
            return "the frame"
        return "a mark"
    return name_of


def back_namer(item, stroke: bool) -> str:
    """name_of(item, stroke) for the items of a back."""
    if isinstance(item, Text):
        return f'the mark "{item.text}"'
    if isinstance(item, Circle):
        return "the circle" if stroke else "a spot"
    if isinstance(item, Polygon):
        return "the diamond" if len(item.points) == 4 else "the frame"
    if isinstance(item, Line):
        return "the cross"
    return "the frame"

