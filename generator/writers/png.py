"""PNG writer: drawings in millimetres to RGB images, drawn by Skia (skia-python).

Skia is the 2-D library of Chrome and Android, kept by Google; it draws anti-aliased fills and
strokes exactly as PDF does (butt caps, mitred joins, dashes in user units), so this writer only
maps the scene onto Skia's canvas: y already runs down in both, one millimetre is dpi / 25.4
pixels, and a group's transform and clip go onto the canvas as they are. Text uses our bundled
fonts (PT Sans, PT Serif) loaded from their files, never a system font, with the same metrics as
the PDF. The page is white under the drawing. Pillow writes the PNG, with its dpi and its colour
space: every colour of a scene is sRGB, and the file says so; or a JPEG where a large picture must
be quick to make and light (jpeg_bytes).
"""

import io
from pathlib import Path

from PIL import Image
from PIL.PngImagePlugin import PngInfo
import skia

from generator.files.atomic import write_bytes
from generator.scene.drawing import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, path_pieces
from generator.scene.drawing import Path as ScenePath
from generator.scene.fonts import require_glyphs
from generator.scene.painted_areas import MITER_LIMIT
from generator.scene.typefaces import bundled_typeface

MM_PER_INCH = 25.4
MAX_PIXELS = 200_000_000                 # a 14,000 x 14,000 image; larger is a mistake, not a picture
PNG_COMPRESSION = 3
# The PNG specification's own sRGB tag (its section on sRGB): the sRGB chunk, with the rendering
# intent a converter should use (1, relative colorimetric, the kit's own intent for print), and
# the gAMA and cHRM values it recommends beside it for decoders that do not read sRGB. Chosen
# over an embedded ICC profile (iCCP): 73 bytes instead of kilobytes per image, nothing to ship,
# and no profile creation date to keep the bytes from being the same run to run.
SRGB_CHUNKS = ((b"sRGB", bytes([1])), (b"gAMA", (45455).to_bytes(4, "big")),
               (b"cHRM", b"".join(v.to_bytes(4, "big") for v in (31270, 32900, 64000, 33000, 30000, 60000,
                                                                 15000, 6000))))


def pixel_size(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The image size in pixels of a drawing this large at `dpi`."""
    return round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)


def render(drawing: Drawing, dpi: float, transparent: bool = False) -> Image.Image:
    """The drawing as an RGB image at `dpi`; RGBA, clear where nothing is drawn, when `transparent`."""
    image = _drawn(drawing, dpi, transparent)
    return image if transparent else image.convert("RGB")


def _drawn(drawing: Drawing, dpi: float, transparent: bool) -> Image.Image:
    """The drawing as an RGBX image (RGBA when `transparent`) over Skia's own pixels, uncopied."""
    width, height = pixel_size(drawing.width, drawing.height, dpi)
    if width < 1 or height < 1 or width * height > MAX_PIXELS:
        raise ValueError(f"a {drawing.width:g} x {drawing.height:g} mm drawing at {dpi:g} dpi "
                         f"is {width} x {height} pixels")
    # MakeRaster, not skia.Surface(w, h): that constructor imports numpy, 0.1 s per process.
    alpha = skia.kPremul_AlphaType if transparent else skia.kOpaque_AlphaType
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, alpha))
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT if transparent else skia.ColorWHITE)
    canvas.scale(width / drawing.width, height / drawing.height)
    _SkiaPainter(canvas).items(drawing.items)
    # The pixels as RGBx bytes (not through skia's numpy view, for the same reason), which Pillow
    # then reads in place: a 1600 x 2560 cover took 40 ms more when they were copied twice on the way.
    pixels = bytearray(width * height * 4)
    if transparent:
        info = skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kUnpremul_AlphaType)
    else:
        info = skia.ImageInfo.Make(width, height, skia.kRGB_888x_ColorType, skia.kOpaque_AlphaType)
    surface.makeImageSnapshot().readPixels(info, pixels, width * 4, 0, 0)
    mode = "RGBA" if transparent else "RGBX"
    return Image.frombuffer(mode, (width, height), pixels, "raw", mode, 0, 1)


def png_bytes(drawing: Drawing, dpi: float, transparent: bool = False) -> bytes:
    buffer = io.BytesIO()
    colour_space = PngInfo()
    for kind, data in SRGB_CHUNKS:
        colour_space.add(kind, data)
    # zlib level 3: a fifth faster than Pillow's default 6 for files about a third larger.
    render(drawing, dpi, transparent).save(buffer, "PNG", dpi=(dpi, dpi), compress_level=PNG_COMPRESSION,
                                           pnginfo=colour_space)
    return buffer.getvalue()


def jpeg_bytes(drawing: Drawing, dpi: float, quality: int = 90) -> bytes:
    """The drawing as a JPEG: for a large picture that is mostly seen small (an e-book's cover),
    where encoding a PNG would take five times as long for a file of about the same size."""
    buffer = io.BytesIO()
    _drawn(drawing, dpi, transparent=False).save(buffer, "JPEG", dpi=(round(dpi), round(dpi)), quality=quality, optimize=True)
    return buffer.getvalue()


def write_png(drawing: Drawing, target: Path, dpi: float = 300, transparent: bool = False) -> dict:
    """Write the PNG; returns what the manifest says of it."""
    write_bytes(target, png_bytes(drawing, dpi, transparent))
    return {"pixels": list(pixel_size(drawing.width, drawing.height, dpi)), "dpi": round(dpi)}


def _colour(colour) -> int:
    r, g, b = colour.rgb
    return skia.Color(r, g, b)


def skia_path(shape: ScenePath) -> skia.Path:
    """A scene Path as a Skia path; its arcs as Bézier curves, as the PDF writer draws them."""
    path = skia.Path()
    path.moveTo(*shape.start)
    for piece in path_pieces(shape):
        (path.cubicTo if len(piece) == 6 else path.lineTo)(*piece)
    if shape.closed:
        path.close()
    return path


class _SkiaPainter:
    def __init__(self, canvas: skia.Canvas):
        self.canvas = canvas

    def items(self, items) -> None:
        for item in items:
            getattr(self, type(item).__name__.lower())(item)

    def _paints(self, style: Style):
        """The fill paint, then the stroke paint, of those the style asks for."""
        if style.fill is not None:
            yield skia.Paint(AntiAlias=True, Color=_colour(style.fill), Style=skia.Paint.kFill_Style)
        if style.stroke is not None and style.stroke_width > 0:
            paint = skia.Paint(AntiAlias=True, Color=_colour(style.stroke), Style=skia.Paint.kStroke_Style,
                               StrokeWidth=style.stroke_width, StrokeCap=skia.Paint.kButt_Cap,
                               StrokeJoin=skia.Paint.kMiter_Join, StrokeMiter=MITER_LIMIT)
            if style.dash and any(v > 0 for v in style.dash):
                intervals = list(style.dash) * (2 if len(style.dash) % 2 else 1)
                paint.setPathEffect(skia.DashPathEffect.Make(intervals, 0.0))
            yield paint

    def rect(self, shape: Rect) -> None:
        box = skia.Rect.MakeXYWH(shape.x, shape.y, shape.width, shape.height)
        for paint in self._paints(shape.style):
            self.canvas.drawRect(box, paint)

    def circle(self, shape: Circle) -> None:
        for paint in self._paints(shape.style):
            self.canvas.drawCircle(shape.cx, shape.cy, shape.r, paint)

    def line(self, shape: Line) -> None:
        for paint in self._paints(Style(stroke=shape.style.stroke, stroke_width=shape.style.stroke_width,
                                        dash=shape.style.dash)):
            self.canvas.drawLine(shape.x1, shape.y1, shape.x2, shape.y2, paint)

    def polygon(self, shape: Polygon) -> None:
        path = skia.Path()
        path.addPoly([skia.Point(x, y) for x, y in shape.points], True)
        for paint in self._paints(shape.style):
            self.canvas.drawPath(path, paint)

    def path(self, shape: ScenePath) -> None:
        path = skia_path(shape)
        for paint in self._paints(shape.style):
            self.canvas.drawPath(path, paint)

    def text(self, shape: Text) -> None:
        require_glyphs(shape.font, shape.text)      # never let a glyph drop silently
        font = skia.Font(bundled_typeface(shape.font), shape.size)
        font.setSubpixel(True)
        font.setHinting(skia.FontHinting.kNone)       # advances as in the PDF, unhinted
        width = font.measureText(shape.text)
        x = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
        paint = skia.Paint(AntiAlias=True, Color=_colour(shape.colour))
        self.canvas.drawString(shape.text, x, shape.y, font, paint)

    def group(self, group: Group) -> None:
        canvas = self.canvas
        canvas.save()
        t = group.transform
        if not t.is_identity:
            canvas.concat(skia.Matrix.MakeAll(t.a, t.c, t.e, t.b, t.d, t.f, 0, 0, 1))
        if isinstance(group.clip, ScenePath):
            canvas.clipPath(skia_path(group.clip), doAntiAlias=True)
        elif group.clip is not None:
            clip = group.clip
            canvas.clipRect(skia.Rect.MakeXYWH(clip.x, clip.y, clip.width, clip.height), doAntiAlias=True)
        self.items(group.items)
        canvas.restore()
