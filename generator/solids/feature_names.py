"""Names for the painted items of a tile's drawing, for messages about them: the scene knows shapes
(a filled circle, a stroked polygon), the reader knows pips, arrows and dividers. Each name is said in
the language of the moment, and knows what generator/solids/printability.py says of its gaps."""

from generator.art.tile import CIRCLE_RADIUS
from generator.scene.drawing import Circle, Line, Path, Polygon, Rect, Text
from generator.words import _


class FeatureName(str):
    """A feature's name: `whole` when it is one whole feature ("the arrow"), inside which a gap can
    lie; `two` says two of its kind ("two pips") where it is one of many ("a pip")."""
    whole: bool = False
    two: str | None = None


def _whole(text: str) -> FeatureName:
    name = FeatureName(text)
    name.whole = True
    return name


def _one_of_many(text: str, two: str) -> FeatureName:
    name = FeatureName(text)
    name.two = two
    return name


def face_namer(tile_set, size):
    """name_of(item, stroke) for the items of a set's fronts."""
    group_circle = CIRCLE_RADIUS * size.half_side

    def name_of(item, stroke: bool) -> str:
        if isinstance(item, Text):
            return _whole(_('the number "{text}"').format(text=item.text))
        if isinstance(item, Circle):
            if stroke:
                return _whole(_("the ring")) if tile_set.digit_style != "symbols" else _("an outline of the picture")
            if tile_set.digit_style == "symbols":
                return _("a part of the picture")
            return _whole(_("the circle")) if item.r >= 0.99 * group_circle else _one_of_many(_("a pip"), _("two pips"))
        if isinstance(item, Polygon):
            if tile_set.digit_style == "symbols":       # picture sets have no orienting arrow
                return _("an outline of the picture") if stroke else _("a part of the picture")
            return _whole(_("the arrow's outline") if stroke else _("the arrow"))
        if isinstance(item, Line):
            return _whole(_("the divider")) if item.y1 == item.y2 else _("a line of the picture")
        if isinstance(item, Rect):
            return _whole(_("the underline")) if tile_set.digit_style == "numerals" else _one_of_many(
                _("a dash"), _("two dashes"))
        if isinstance(item, Path):
            return _whole(_("the frame"))
        return _("a mark")
    return name_of


def back_namer(item, stroke: bool) -> str:
    """name_of(item, stroke) for the items of a back."""
    if isinstance(item, Text):
        return _whole(_('the mark "{text}"').format(text=item.text))
    if isinstance(item, Circle):
        return _whole(_("the circle")) if stroke else _one_of_many(_("a spot"), _("two spots"))
    if isinstance(item, Polygon):
        return _whole(_("the diamond") if len(item.points) == 4 else _("the frame"))
    if isinstance(item, Line):
        return _whole(_("the cross"))
    if isinstance(item, Rect) and not stroke:
        return _whole(_("the underline"))         # of a mark 6 or 9
    return _whole(_("the frame"))

