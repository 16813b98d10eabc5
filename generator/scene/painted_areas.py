"""What a drawing paints, as areas: every fill and stroke of a list of scene items turned into the
closed region it covers (strokes with their width, caps, joins and dashes; text as the bundled
fonts' glyph outlines), in the order they are painted, with the colour of each.

Skia computes the areas (its stroker and path operations are those the PNG writer draws with, so
an area is what the print shows) and this module flattens them to polygons in mm. Engraving
(generator/writers/ink_outlines.py) keeps the dark ones; the solids (generator/solids/) give every
colour its own inlay.

    for painted in painted_areas(items):    # painted.area (a skia.Path), .colour, .item, .stroke
        rings = path_rings(painted.area, 0.02)   # closed polygons, curves within 0.02 mm
"""

from functools import cache
import math
from typing import Iterator

from msgspec import Struct
import skia

from generator.colour.values import Colour
from generator.scene.drawing import Circle, Group, Line, Path, Polygon, Rect, Style, Text, path_pieces
from generator.scene.typefaces import bundled_typeface

Ring = tuple[tuple[float, float], ...]
MITER_LIMIT = 10.0                       # as PDF's default, and the PNG writer's


class PaintedArea(Struct, frozen=True):
    area: skia.Path         # in the coordinates of the items given (groups' transforms and clips applied),
                            # filled by the non-zero winding rule
    colour: Colour
    item: object            # the scene item that paints it: Circle, Text, …
    stroke: bool            # painted by the item's stroke (else by its fill)


def painted_areas(items, min_stroke: float = 0.0) -> Iterator[PaintedArea]:
    """The areas the items paint, in painting order. Strokes are at least `min_stroke` mm wide."""
    yield from _areas(items, skia.Matrix(), None, min_stroke)


def _areas(items, matrix: skia.Matrix, clip, min_stroke: float):
    for item in items:
        if isinstance(item, Group):
            t = item.transform
            inner = skia.Matrix.Concat(matrix, skia.Matrix.MakeAll(t.a, t.c, t.e, t.b, t.d, t.f, 0, 0, 1))
            inner_clip = clip
            if item.clip is not None:
                shape = shape_path(item.clip)
                shape.transform(inner)
                inner_clip = shape if clip is None else skia.Op(clip, shape, skia.PathOp.kIntersect_PathOp)
            yield from _areas(item.items, inner, inner_clip, min_stroke)
            continue
        # The minimum is in the items' outer units (mm); a group's scale changes what that is inside it.
        scale = abs(matrix.getScaleX() * matrix.getScaleY() - matrix.getSkewX() * matrix.getSkewY()) ** 0.5
        for area, colour, stroke in _item_areas(item, min_stroke / scale if min_stroke else 0.0):
            area.transform(matrix)
            if clip is not None:
                # Path operations answer even-odd; the areas are read by the non-zero rule (path_rings).
                area = skia.AsWinding(skia.Op(area, clip, skia.PathOp.kIntersect_PathOp) or skia.Path())
            yield PaintedArea(area, colour, item, stroke)


def _item_areas(item, min_stroke: float):
    """(area, colour, is stroke) for what the item paints: its fill, then its stroke."""
    if isinstance(item, Text):
        yield text_path(item), item.colour, False
        return
    style: Style = item.style
    shape = shape_path(item)
    if style.fill is not None and not isinstance(item, Line):
        yield skia.Path(shape), style.fill, False        # a copy: the caller transforms it in place
    if style.stroke is not None and style.stroke_width > 0:
        paint = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=max(style.stroke_width, min_stroke),
                           StrokeCap=skia.Paint.kButt_Cap, StrokeJoin=skia.Paint.kMiter_Join,
                           StrokeMiter=MITER_LIMIT)
        if style.dash and any(v > 0 for v in style.dash):
            intervals = list(style.dash) * (2 if len(style.dash) % 2 else 1)
            paint.setPathEffect(skia.DashPathEffect.Make(intervals, 0.0))
        stroked = skia.Path()
        paint.getFillPath(shape, stroked)
        yield stroked, style.stroke, True


def shape_path(item) -> skia.Path:
    """A scene shape's outline as a Skia path (arcs as Bézier curves, as the PDF writer draws them)."""
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
        raise TypeError(f"cannot outline a {type(item).__name__}")
    return path


def text_path(text: Text) -> skia.Path:
    """The text's glyph outlines from the bundled font, placed as the PNG writer draws them."""
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


def path_rings(path: skia.Path, tolerance: float) -> list[Ring]:
    """A path's contours as closed polygons, its curves within about `tolerance` mm."""
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
    return [r for r in (_without_repeats(r) for r in rings) if len(r) > 2]


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
