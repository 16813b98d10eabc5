"""PNG writer: drawings in millimetres to RGB images through Pillow.

Pillow's ImageDraw fills whole pixels, so a drawing is rasterised at `supersample` times the
resolution and then reduced by averaging, which anti-aliases every edge. Shapes are mapped
through the accumulated affine transform; fills are inset by half a (supersampled) pixel
because ImageDraw fills the pixels on a shape's edge too. As in the PDF writer: strokes are
centred on the outline with butt caps and mitred corners, dash lengths are in mm, text stands
on its baseline with start/middle/end anchors measured with the PDF's font metrics, and a
group's clip rectangle is in the group's own coordinates. The page is white under the drawing.
"""

from functools import cache
import io
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from generator.atomic import write_bytes
from generator.fonts import FONT_FILES, require_glyphs, text_width
from generator.resources import font_path
from generator.scene import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, Transform, translate

MM_PER_INCH = 25.4
MAX_SUPERSAMPLE = 4
MAX_SUPERSAMPLED_PIXELS = 40_000_000     # about 120 MB of RGB while drawing
CIRCLE_SEGMENTS = 96                     # where a circle must become a polygon
MITER_LIMIT = 10.0                       # as PDF's default
_EPSILON = 1e-9


def pixel_size(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The image size in pixels of a drawing this large at `dpi`."""
    return round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)


def supersample_for(width_px: int, height_px: int) -> int:
    area = max(1, width_px * height_px)
    return max(1, min(MAX_SUPERSAMPLE, int(math.sqrt(MAX_SUPERSAMPLED_PIXELS / area))))


def render(drawing: Drawing, dpi: float, supersample: int | None = None) -> Image.Image:
    """The drawing as an RGB image at `dpi`."""
    width, height = pixel_size(drawing.width, drawing.height, dpi)
    if width < 1 or height < 1:
        raise ValueError(f"a {drawing.width:g} x {drawing.height:g} mm drawing at {dpi:g} dpi has no pixels")
    factor = supersample or supersample_for(width, height)
    image = Image.new("RGB", (width * factor, height * factor), "white")
    scale = dpi / MM_PER_INCH * factor
    _Raster(image).items(drawing.items, Transform(scale, 0, 0, scale, 0, 0))
    return image.reduce(factor) if factor > 1 else image


def png_bytes(drawing: Drawing, dpi: float, supersample: int | None = None) -> bytes:
    buffer = io.BytesIO()
    render(drawing, dpi, supersample).save(buffer, "PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def write_png(drawing: Drawing, target: Path, dpi: float = 300) -> dict:
    """Write the PNG; returns what the manifest says of it."""
    write_bytes(target, png_bytes(drawing, dpi))
    return {"pixels": list(pixel_size(drawing.width, drawing.height, dpi)), "dpi": round(dpi)}


@cache
def _font(role: str, size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(FONT_FILES[role])), size_px, layout_engine=ImageFont.Layout.BASIC)


def _draw_run(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, role: str, size: float, fill) -> None:
    """Text on the baseline from (x, y), each glyph where the PDF puts it: at the advance widths
    of reportlab's metrics, without kerning (FreeType's hinted advances would drift)."""
    font = _font(role, size)
    for char in text:
        if not char.isspace():
            draw.text((x, y), char, fill=fill, font=font, anchor="ls")
        x += text_width(role, char, size)


def _linear_scale(t: Transform) -> float:
    """How much the transform scales lengths (exact for rotations, mirrors and uniform scales)."""
    return math.sqrt(abs(t.a * t.d - t.b * t.c))


def _is_similarity(t: Transform) -> bool:
    """Rotation, mirror and uniform scale only: a circle stays a circle."""
    turned = abs(t.a - t.d) < 1e-9 and abs(t.b + t.c) < 1e-9
    mirrored = abs(t.a + t.d) < 1e-9 and abs(t.b - t.c) < 1e-9
    return turned or mirrored


def _keeps_axes(t: Transform) -> bool:
    return (abs(t.b) < _EPSILON and abs(t.c) < _EPSILON) or (abs(t.a) < _EPSILON and abs(t.d) < _EPSILON)


class _Raster:
    """Draws scene items onto one RGB image; `t` maps scene mm to this image's pixels."""

    def __init__(self, image: Image.Image):
        self.image = image
        self.draw = ImageDraw.Draw(image)

    def items(self, items, t: Transform) -> None:
        for item in items:
            getattr(self, type(item).__name__.lower())(item, t)

    # Filling ------------------------------------------------------------------------------

    def _fill_polygon(self, points, colour) -> None:
        """Fill a polygon given in continuous pixel coordinates (pixel i covers [i, i+1))."""
        inset = _offset_polygon(points, -0.5)
        self.draw.polygon(inset if inset is not None else points, fill=colour)

    def _fill_box(self, x0: float, y0: float, x1: float, y1: float, colour) -> None:
        """Fill the pixels whose centres lie in the box; a box thinner than a pixel still gets one."""
        if x0 == x1 or y0 == y1:
            return
        left, top = round(min(x0, x1)), round(min(y0, y1))
        right, bottom = max(round(max(x0, x1)), left + 1), max(round(max(y0, y1)), top + 1)
        self.draw.rectangle((left, top, right - 1, bottom - 1), fill=colour)

    def _fill_disc(self, cx: float, cy: float, r: float, colour) -> None:
        # ImageDraw's ellipse covers the pixels of its bounding box, edges included.
        r -= 0.5
        if r > 0:
            self.draw.ellipse((cx - r - 0.5, cy - r - 0.5, cx + r - 0.5, cy + r - 0.5), fill=colour)

    # Stroking -----------------------------------------------------------------------------

    def _stroke(self, points, closed: bool, style: Style, t: Transform) -> None:
        scale = _linear_scale(t)
        width = max(style.stroke_width * scale, 1.0)
        colour = style.stroke.rgb
        if style.dash and any(v > 0 for v in style.dash):
            for piece in _dashed(points, closed, [v * scale for v in style.dash]):
                self._stroke_open(piece, width, colour)
        elif closed:
            self._stroke_ring(points, width, colour)
        else:
            self._stroke_open(points, width, colour)

    def _stroke_open(self, points, width: float, colour) -> None:
        """A polyline with butt ends and mitred inner corners."""
        half = width / 2 - 0.5       # ImageDraw fills the edge pixels: half a pixel each side
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            nx, ny = _normal(x1, y1, x2, y2)
            if nx == ny == 0:
                continue
            quad = [(x1 + nx * half, y1 + ny * half), (x2 + nx * half, y2 + ny * half),
                    (x2 - nx * half, y2 - ny * half), (x1 - nx * half, y1 - ny * half)]
            self.draw.polygon(quad, fill=colour)
        for before, (x, y), after in zip(points, points[1:], points[2:]):
            n1, n2 = _normal(*before, x, y), _normal(x, y, *after)
            miter = _miter(n1, n2, half)
            for side in (1, -1):
                if miter is not None:
                    wedge = [(x, y), (x + side * n1[0] * half, y + side * n1[1] * half),
                             (x + side * miter[0], y + side * miter[1]),
                             (x + side * n2[0] * half, y + side * n2[1] * half)]
                else:
                    wedge = [(x, y), (x + side * n1[0] * half, y + side * n1[1] * half),
                             (x + side * n2[0] * half, y + side * n2[1] * half)]
                self.draw.polygon(wedge, fill=colour)

    def _stroke_ring(self, points, width: float, colour) -> None:
        """A closed outline: the band between the outline offset out and in by half the width."""
        outer = _offset_polygon(points, width / 2 - 0.5)
        if outer is None:
            return
        inner = _offset_polygon(points, -width / 2 - 0.5)
        left = math.floor(min(x for x, _ in outer)) - 1
        top = math.floor(min(y for _, y in outer)) - 1
        right = math.ceil(max(x for x, _ in outer)) + 2
        bottom = math.ceil(max(y for _, y in outer)) + 2
        mask = Image.new("L", (right - left, bottom - top), 0)
        draw = ImageDraw.Draw(mask)
        draw.polygon([(x - left, y - top) for x, y in outer], fill=255)
        if inner is not None:
            draw.polygon([(x - left, y - top) for x, y in inner], fill=0)
        self.image.paste(colour, (left, top, right, bottom), mask)

    # Shapes -------------------------------------------------------------------------------

    def rect(self, shape: Rect, t: Transform) -> None:
        corners = [t.apply(x, y) for x, y in ((shape.x, shape.y), (shape.x + shape.width, shape.y),
                                              (shape.x + shape.width, shape.y + shape.height),
                                              (shape.x, shape.y + shape.height))]
        style = shape.style
        if style.fill is not None:
            if _keeps_axes(t):
                (x0, y0), (x1, y1) = corners[0], corners[2]
                self._fill_box(x0, y0, x1, y1, style.fill.rgb)
            else:
                self._fill_polygon(corners, style.fill.rgb)
        if style.stroke is not None:
            self._stroke(corners, True, style, t)

    def circle(self, shape: Circle, t: Transform) -> None:
        style = shape.style
        if _is_similarity(t):
            cx, cy = t.apply(shape.cx, shape.cy)
            r = shape.r * _linear_scale(t)
            outline = _circle_points(cx, cy, r)
            if style.fill is not None:
                self._fill_disc(cx, cy, r, style.fill.rgb)
        else:           # an ellipse: approximate it by a polygon
            outline = [t.apply(x, y) for x, y in _circle_points(shape.cx, shape.cy, shape.r)]
            if style.fill is not None:
                self._fill_polygon(outline, style.fill.rgb)
        if style.stroke is not None:
            self._stroke(outline, True, style, t)

    def line(self, shape: Line, t: Transform) -> None:
        if shape.style.stroke is not None:
            self._stroke([t.apply(shape.x1, shape.y1), t.apply(shape.x2, shape.y2)], False, shape.style, t)

    def polygon(self, shape: Polygon, t: Transform) -> None:
        points = [t.apply(x, y) for x, y in shape.points]
        if shape.style.fill is not None:
            self._fill_polygon(points, shape.style.fill.rgb)
        if shape.style.stroke is not None:
            self._stroke(points, True, shape.style, t)

    def text(self, shape: Text, t: Transform) -> None:
        require_glyphs(shape.font, shape.text)      # as the PDF writer: never drop a glyph silently
        scale = _linear_scale(t)
        if scale <= 0:
            return
        size = shape.size * scale
        width = text_width(shape.font, shape.text, size)
        x = shape.x - {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor] * width / scale
        colour = shape.colour.rgb
        if abs(t.b) < _EPSILON and abs(t.c) < _EPSILON and t.a > 0 and abs(t.a - t.d) < 1e-9:
            _draw_run(self.draw, *t.apply(x, shape.y), shape.text, shape.font, size, colour)
            return
        # Turned or mirrored text: draw it upright into a mask, then map the mask into place.
        ascent, descent = _font(shape.font, size).getmetrics()
        pad = math.ceil(size / 2) + 2
        left, top = -pad, -ascent - pad
        upright = Image.new("L", (math.ceil(width) + 2 * pad, ascent + descent + 2 * pad), 0)
        _draw_run(ImageDraw.Draw(upright), -left, -top, shape.text, shape.font, size, 255)
        # Mask pixel (u, v) sits at scene point (x + (u + left) / scale, y + (v + top) / scale).
        to_image = Transform(1 / scale, 0, 0, 1 / scale, x + left / scale, shape.y + top / scale).then(t)
        corners = [to_image.apply(u, v) for u in (0, upright.width) for v in (0, upright.height)]
        box = (math.floor(min(p[0] for p in corners)), math.floor(min(p[1] for p in corners)),
               math.ceil(max(p[0] for p in corners)), math.ceil(max(p[1] for p in corners)))
        inverse = _inverse(to_image.then(translate(-box[0], -box[1])))
        mask = upright.transform((box[2] - box[0], box[3] - box[1]), Image.Transform.AFFINE,
                                 (inverse.a, inverse.c, inverse.e, inverse.b, inverse.d, inverse.f),
                                 resample=Image.Resampling.BILINEAR)
        self.image.paste(colour, box, mask)

    def group(self, group: Group, t: Transform) -> None:
        inner = group.transform.then(t)
        if group.clip is None:
            self.items(group.items, inner)
            return
        c = group.clip
        corners = [inner.apply(x, y) for x, y in ((c.x, c.y), (c.x + c.width, c.y),
                                                  (c.x + c.width, c.y + c.height), (c.x, c.y + c.height))]
        # Draw the group on a copy of the clip's bounding box, then put the copy back.
        box = (max(0, round(min(p[0] for p in corners))), max(0, round(min(p[1] for p in corners))),
               min(self.image.width, round(max(p[0] for p in corners))),
               min(self.image.height, round(max(p[1] for p in corners))))
        if box[2] <= box[0] or box[3] <= box[1]:
            return
        window = self.image.crop(box)
        _Raster(window).items(group.items, inner.then(translate(-box[0], -box[1])))
        if _keeps_axes(inner):
            self.image.paste(window, box)
        else:
            mask = Image.new("L", window.size, 0)
            ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in corners], fill=255)
            self.image.paste(window, box, mask)


# Geometry ----------------------------------------------------------------------------------

def _normal(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float]:
    length = math.hypot(x2 - x1, y2 - y1)
    if length < _EPSILON:
        return 0.0, 0.0
    return (y1 - y2) / length, (x2 - x1) / length


def _miter(n1, n2, half: float):
    """The offset of the corner between two segments with unit normals n1, n2; None past the limit."""
    cos = n1[0] * n2[0] + n1[1] * n2[1]
    if 1 + cos < _EPSILON:
        return None
    factor = 1 / (1 + cos)
    if math.sqrt(2 * factor) > MITER_LIMIT:     # miter length / width = 1 / sin(angle / 2)
        return None
    return ((n1[0] + n2[0]) * half * factor, (n1[1] + n2[1]) * half * factor)


def _offset_polygon(points, distance: float):
    """The closed polygon moved `distance` outwards (inwards when negative), corners mitred.

    None when an inward offset leaves nothing (the polygon is thinner than 2 * -distance)."""
    points = [p for i, p in enumerate(points) if i == 0 or math.dist(p, points[i - 1]) > _EPSILON]
    if len(points) > 1 and math.dist(points[0], points[-1]) < _EPSILON:
        points.pop()
    if len(points) < 3:
        return None
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1])) / 2
    if abs(area) < _EPSILON:
        return None
    # With y down, a positive area runs clockwise on screen, and the left normal points outwards.
    sign = 1.0 if area < 0 else -1.0
    d = distance * sign
    n = len(points)
    normals = [_normal(*points[i], *points[(i + 1) % n]) for i in range(n)]
    moved = []
    for i, (x, y) in enumerate(points):
        n1, n2 = normals[i - 1], normals[i]
        miter = _miter(n1, n2, d)
        if miter is None:
            miter = ((n1[0] + n2[0]) / 2 * d, (n1[1] + n2[1]) / 2 * d)
        moved.append((x + miter[0], y + miter[1]))
    moved_area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(moved, moved[1:] + moved[:1])) / 2
    if moved_area * area <= 0:
        return None
    return moved


def _circle_points(cx: float, cy: float, r: float) -> list:
    """The circle as a polygon, starting at its rightmost point."""
    return [(cx + r * math.cos(2 * math.pi * i / CIRCLE_SEGMENTS), cy + r * math.sin(2 * math.pi * i / CIRCLE_SEGMENTS))
            for i in range(CIRCLE_SEGMENTS)]


def _dashed(points, closed: bool, pattern: list[float]):
    """The on-pieces of a dashed polyline, the pattern starting at the first point (phase 0)."""
    path = list(points) + ([points[0]] if closed else [])
    pieces, current = [], None
    index, left, on = 0, pattern[0], True
    for (x1, y1), (x2, y2) in zip(path, path[1:]):
        length = math.hypot(x2 - x1, y2 - y1)
        done = 0.0
        while True:
            step = min(left, length - done)
            start = (x1 + (x2 - x1) * done / length, y1 + (y2 - y1) * done / length) if length else (x1, y1)
            done += step
            end = (x1 + (x2 - x1) * done / length, y1 + (y2 - y1) * done / length) if length else (x2, y2)
            if on:
                if current is None:
                    current = [start]
                current.append(end)
            left -= step
            if left > _EPSILON:
                break
            if on and current is not None:
                pieces.append(current)
                current = None
            index = (index + 1) % len(pattern)
            left, on = pattern[index], not on
            if done >= length - _EPSILON:
                break
    if current is not None and len(current) > 1:
        pieces.append(current)
    return [piece for piece in pieces if len(piece) > 1]


def _inverse(t: Transform) -> Transform:
    det = t.a * t.d - t.b * t.c
    a, b, c, d = t.d / det, -t.b / det, -t.c / det, t.a / det
    return Transform(a, b, c, d, -(a * t.e + c * t.f), -(b * t.e + d * t.f))
