"""A drawing's ink as closed outlines, for engraving: what a laser fills, as polygons in mm.

Skia turns every shape into the area it paints (strokes and dashes included, text as the bundled
fonts' glyph outlines) and paints the areas in order, as a printer would, with two inks only: a
colour that stands out from the ground (the tile face) by a contrast of 2:1 or more is engraved
(black pips on a light face, light and red pips on the dark Chinese face, a red circle); one
closer to the ground (a white arrow, a yellow circle on a cream face) is bare material and covers
what lies under it. So a white arrow on a red circle is cut out of the engraved disc, and a black
arrow on a yellow one is engraved on its own: either way the arrow shows. The result is flattened to polygons
(curves within a tolerance) to be written as SVG paths or DXF polylines, filled even-odd.
"""

from functools import cache
import math

import skia

from generator.scene.drawing import Circle, Group, Line, Path, Polygon, Rect, Style, Text, path_pieces
from generator.writers.png import MITER_LIMIT, bundled_typeface

Ring = tuple[tuple[float, float], ...]
TOLERANCE = 0.05        # mm between a curve and its polygon: a laser's spot is 0.1-0.2 mm wide


def ink_rings(items, ground, tolerance: float = TOLERANCE) -> list[Ring]:
    """The ink of `items` (scene items in one coordinate system) as closed polygons."""
    region = skia.Path()
    for area, operation in _areas(items, skia.Matrix(), None, ground):
        region = skia.Op(region, area, operation) or region
    return _rings(region, tolerance)


def _areas(items, matrix: skia.Matrix, clip, ground):
    for item in items:
        if isinstance(item, Group):
            t = item.transform
            inner = skia.Matrix.Concat(matrix, skia.Matrix.MakeAll(t.a, t.c, t.e, t.b, t.d, t.f, 0, 0, 1))
            inner_clip = clip
            if item.clip is not None:
                shape = _shape_path(item.clip)
                shape.transform(inner)
                inner_clip = shape if clip is None else skia.Op(clip, shape, skia.PathOp.kIntersect_PathOp)
            yield from _areas(item.items, inner, inner_clip, ground)
            continue
        for area, operation in _item_areas(item, ground):
            area.transform(matrix)
            if clip is not None:
                area = skia.Op(area, clip, skia.PathOp.kIntersect_PathOp) or skia.Path()
            yield area, operation


def _item_areas(item, ground):
    """(area, operation) for what the item paints: union for a dark colour, difference for a light one."""
    if isinstance(item, Text):
        yield _text_path(item), _operation(item.colour, ground)
        return
    style: Style = item.style
    shape = _shape_path(item)
    if style.fill is not None and not isinstance(item, Line):
        yield shape, _operation(style.fill, ground)
    if style.stroke is not None and style.stroke_width > 0:
        paint = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=style.stroke_width,
                           StrokeCap=skia.Paint.kButt_Cap, StrokeJoin=skia.Paint.kMiter_Join,
                           StrokeMiter=MITER_LIMIT)
        if style.dash and any(v > 0 for v in style.dash):
            intervals = list(style.dash) * (2 if len(style.dash) % 2 else 1)
            paint.setPathEffect(skia.DashPathEffect.Make(intervals, 0.0))
        stroked = skia.Path()
        paint.getFillPath(shape, stroked)
        yield stroked, _operation(style.stroke, ground)


INK_CONTRAST = 2.0       # WCAG contrast ratio against the ground from which a colour is engraved


def lightness(colour) -> float:
    """Relative luminance, 0 (black) to 1 (white), of a colour's sRGB value (the WCAG formula, here
    rather than generator/colour/checks.py's, whose colour library costs a laser run 70 ms to load)."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = colour.rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def is_ink(colour, ground) -> bool:
    a, b = lightness(colour), lightness(ground) if ground is not None else 1.0
    return (max(a, b) + 0.05) / (min(a, b) + 0.05) >= INK_CONTRAST


def _operation(colour, ground):
    return skia.PathOp.kUnion_PathOp if is_ink(colour, ground) else skia.PathOp.kDifference_PathOp


def _shape_path(item) -> skia.Path:
    path = skia.Path()
    if isinstance(item, Rect):
        path.addRect(skia.Rect.MakeXYWH(item.x, item.y, item.width, item.height))
    elif isinstance(item, Circle):
        path.addCircle(item.cx, item.cy, item.r)
    elif isinstance(item, Line):
        path.moveTo(item.x1, item.y1)
        path.lineTo(item.x2, item.y2)
    elif isinstance(item, Polygon):
        path.addPoly([skia.Point(x, y) for x, y in item.points], True)
    elif isinstance(item, Path):
        path.moveTo(*item.start)
        for piece in path_pieces(item):
            (path.cubicTo if len(piece) == 6 else path.lineTo)(*piece)
        if item.closed:
            path.close()
    else:
        raise TypeError(f"cannot engrave a {type(item).__name__}")
    return path


def _text_path(text: Text) -> skia.Path:
    font = skia.Font(bundled_typeface(text.font), text.size)
    font.setSubpixel(True)
    font.setHinting(skia.FontHinting.kNone)
    glyphs = font.textToGlyphs(text.text)
    width = font.measureText(text.text)
    x = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    path = skia.Path()
    for glyph, position in zip(glyphs, font.getPos(glyphs)):
        outline = font.getPath(glyph)
        if outline is not None:
            path.addPath(outline, x + position.x(), text.y + position.y())
    return path


def _rings(path: skia.Path, tolerance: float) -> list[Ring]:
    rings, ring = [], []
    iterator = skia.Path.Iter(path, True)
    while True:
        verb, points = iterator.next()
        if verb == skia.Path.kDone_Verb:
            break
        if verb == skia.Path.kMove_Verb:
            if len(ring) > 2:
                rings.append(tuple(ring))
            ring = [(points[0].x(), points[0].y())]
        elif verb == skia.Path.kLine_Verb:
            ring.append((points[1].x(), points[1].y()))
        elif verb in (skia.Path.kQuad_Verb, skia.Path.kConic_Verb, skia.Path.kCubic_Verb):
            weight = iterator.conicWeight() if verb == skia.Path.kConic_Verb else 1.0
            ring += _curve_points([(p.x(), p.y()) for p in points], weight, tolerance)
        elif verb == skia.Path.kClose_Verb:
            if len(ring) > 2:
                rings.append(tuple(ring))
            ring = []
    if len(ring) > 2:
        rings.append(tuple(ring))
    return [_without_repeats(r) for r in rings]


def _curve_points(control, weight: float, tolerance: float) -> list:
    """Points along a quadratic (rational, for a conic) or cubic curve, the first left out."""
    hull = sum(math.dist(a, b) for a, b in zip(control, control[1:]))
    # The flattening bound of a quadratic, sqrt(curvature term / 8 tolerance), with the hull as its measure.
    count = max(2, min(64, math.ceil(math.sqrt(hull / (8 * tolerance)))))
    points = []
    if len(control) == 4:
        for w0, w1, w2, w3 in _cubic_weights(count):
            points.append((w0 * control[0][0] + w1 * control[1][0] + w2 * control[2][0] + w3 * control[3][0],
                           w0 * control[0][1] + w1 * control[1][1] + w2 * control[2][1] + w3 * control[3][1]))
        return points
    for w0, w1, w2 in _quadratic_weights(count):
        w1 *= weight
        total = w0 + w1 + w2
        points.append(((w0 * control[0][0] + w1 * control[1][0] + w2 * control[2][0]) / total,
                       (w0 * control[0][1] + w1 * control[1][1] + w2 * control[2][1]) / total))
    return points


@cache
def _cubic_weights(count: int) -> tuple:
    return tuple(((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3)
                 for t in (k / count for k in range(1, count + 1)))


@cache
def _quadratic_weights(count: int) -> tuple:
    return tuple(((1 - t) ** 2, 2 * (1 - t) * t, t * t) for t in (k / count for k in range(1, count + 1)))


def _without_repeats(ring) -> Ring:
    kept = [ring[0]]
    for point in ring[1:]:
        if math.dist(point, kept[-1]) > 1e-6:
            kept.append(point)
    if len(kept) > 1 and math.dist(kept[0], kept[-1]) <= 1e-6:
        kept.pop()
    return tuple(kept)
