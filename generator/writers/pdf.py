"""PDF writer: drawings in millimetres to a PDF through reportlab."""

from math import cos, pi, sin, sqrt
from pathlib import Path
from weakref import WeakKeyDictionary

from msgspec import Struct
from reportlab import rl_config
from reportlab.lib.colors import CMYKColorSep
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas

from generator.files.atomic import atomic_path
from generator.files.manifest import pages_description
from generator.scene.drawing import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, path_pieces
from generator.scene.drawing import Path as ScenePath
from generator.scene.fonts import pdf_font_name, require_glyphs

# Streams as binary Flate, not ASCII85 on top: a quarter smaller, and nothing to decode when a
# booklet is imposed. (reportlab reads this when it writes each stream; every PDF of ours is
# written through this module or the booklet, which imports it.)
rl_config.useA85 = 0

POINTS_PER_MM = 72 / 25.4
_DUPLEX_NAMES = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", None: "Simplex"}


def _quarter_arcs() -> tuple:
    """For each quarter of a circle, its Bézier points as multiples of the radius, worked out
    term by term as reportlab's bezierArc does, so that the numbers written are the same."""
    half = 90.0 * pi / 360.
    kappa = abs(4. / 3. * (1. - cos(half)) / sin(half))
    arcs = []
    for quarter in range(4):
        t0, t1 = quarter * 90.0 * pi / 180., (quarter + 1) * 90.0 * pi / 180.
        arcs.append(((cos(t0) - kappa * sin(t0), sin(t0) + kappa * cos(t0)),
                     (cos(t1) + kappa * sin(t1), sin(t1) - kappa * cos(t1)), (cos(t1), sin(t1))))
    return cos(0.0), sin(0.0), tuple(arcs)


# Pips are most of what a tile sheet draws: a circle is four Béziers written straight into the
# page, the operators and numbers of reportlab's Canvas.circle without its general arc code.
_CIRCLE_START_X, _CIRCLE_START_Y, _CIRCLE_ARCS = _quarter_arcs()

# Per file: the form XObject drawn for each shared group's items (Group.shared_extent).
_FORMS: WeakKeyDictionary = WeakKeyDictionary()


class PdfOptions(Struct, frozen=True):
    title: str = "Open Domino"
    duplex: str | None = None        # "long", "short" or None
    author: str = "Open Domino Kit"
    cmyk: bool = False               # print-shop files: every colour as DeviceCMYK
    lang: str | None = None          # the document's language (its /Lang): that of the words it prints


def write_pdf(pages: list[Drawing], target: Path, options: PdfOptions = PdfOptions()) -> dict:
    """Write the pages as one PDF; returns what the manifest says of it."""
    with atomic_path(target) as temp:
        # The initial font is ours, so no unembedded standard-14 font is ever referenced.
        canvas = Canvas(str(temp), invariant=1, pageCompression=1,
                        initialFontName=pdf_font_name("sans"), initialFontSize=10, lang=options.lang)
        canvas.setTitle(options.title)
        canvas.setAuthor(options.author)
        canvas.setCreator("opendomino")
        canvas.setViewerPreference("PrintScaling", "None")
        canvas.setViewerPreference("Duplex", _DUPLEX_NAMES[options.duplex])
        for page in pages:
            _write_page(canvas, page, options.cmyk)
        canvas.save()
    return pages_description((page.width, page.height) for page in pages)


def _write_page(canvas: Canvas, page: Drawing, cmyk: bool) -> None:
    canvas.setPageSize((page.width * POINTS_PER_MM, page.height * POINTS_PER_MM))
    for name, box in (("trim", page.trim), ("bleed", page.bleed)):
        if box is not None:
            canvas.setCropBox(_pdf_box(box, page.height), name=name)
    draw_drawing(canvas, page, 0, 0, POINTS_PER_MM, cmyk)
    canvas.showPage()


def _spot_stroked(item) -> bool:
    style = getattr(item, "style", None)
    return style is not None and style.stroke is not None and style.stroke.spot is not None


def _black_only(item) -> bool:
    """Whether everything the item paints is 100 % black and no other ink (text, pips, lines)."""
    style = getattr(item, "style", None)
    colours = [item.colour] if isinstance(item, Text) else [] if style is None else \
        [colour for colour in (style.fill, style.stroke) if colour is not None]
    return bool(colours) and all(colour.spot is None and tuple(colour.cmyk) == (0, 0, 0, 100) for colour in colours)


def _pdf_box(box, page_height: float) -> tuple[float, float, float, float]:
    """A box (x, y, w, h) in mm from the top-left, as PDF points (x0, y0, x1, y1) from the bottom-left."""
    x, y, w, h = box
    k = POINTS_PER_MM
    return (round(x * k, 4), round((page_height - y - h) * k, 4),
            round((x + w) * k, 4), round((page_height - y) * k, 4))


def draw_drawing(canvas: Canvas, drawing: Drawing, x: float, y: float, points_per_mm: float,
                 cmyk: bool = False, legible: bool = False) -> None:
    """Draw `drawing` with its bottom-left corner at (x, y) points, one mm = points_per_mm.
    `legible`: a drawing scaled down for print (a booklet's figure) keeps every line at
    THINNEST_LINE and every text at SMALLEST_TEXT at least, as printed."""
    canvas.saveState()
    # From here on one unit is one (scaled) millimetre and y runs down, as in the scene.
    canvas.transform(points_per_mm, 0, 0, -points_per_mm, x, y + drawing.height * points_per_mm)
    _PageWriter(canvas, cmyk, points_per_mm if legible else 0.0).items(drawing.items)
    canvas.restoreState()


# What a press prints reliably, in points on the printed page: thinner lines break up, smaller
# text fills in. Prepress checks the same limits. A line in two inks or more is printed by two
# plates, and a plate a tenth of a millimetre off leaves a thin line a fringe of each ink: in a
# CMYK file such a line keeps twice the width.
THINNEST_LINE = 0.25
THINNEST_LINE_IN_INKS = 0.5
SMALLEST_TEXT = 5.0


class _PageWriter:
    def __init__(self, canvas: Canvas, cmyk: bool = False, points_per_unit: float = 0.0):
        self.canvas = canvas
        self.cmyk = cmyk
        # Points on the page per drawing unit where the items are drawn (0: no legibility limits).
        self.points_per_unit = points_per_unit

    def _fill(self, colour) -> None:
        if self.cmyk:
            self.canvas.setFillColorCMYK(*(v / 100 for v in colour.cmyk))
        else:
            self.canvas.setFillColorRGB(*colour.rgb_unit)

    def _stroke(self, colour) -> None:
        if self.cmyk and colour.spot is not None:
            self.canvas.setStrokeColor(CMYKColorSep(*(v / 100 for v in colour.cmyk), spotName=colour.spot))
        elif self.cmyk:
            self.canvas.setStrokeColorCMYK(*(v / 100 for v in colour.cmyk))
        else:
            self.canvas.setStrokeColorRGB(*colour.rgb_unit)

    def items(self, items) -> None:
        for item in items:
            draw = getattr(self, type(item).__name__.lower())
            # Overprinting, set for this item alone between q and Q (op follows OP, so what comes
            # after must not inherit it); OPM 1: only the plates the item inks are touched.
            # - A die line is a separation of its own: it never knocks out the art.
            # - 100 % black, as prepress sets it: a pip or a digit prints on the colour under it
            #   instead of a hole knocked out of it, which a plate a little off would show as a
            #   white halo. Other colours still knock out.
            black = self.cmyk and _black_only(item)
            if self.cmyk and (black or _spot_stroked(item)):
                self.canvas.saveState()
                if black:
                    self.canvas.setFillOverprint(True)
                self.canvas.setStrokeOverprint(True)
                self.canvas.setOverprintMask(1)
                draw(item)
                self.canvas.restoreState()
            else:
                draw(item)

    def _paint(self, style: Style) -> tuple[int, int]:
        c = self.canvas
        if style.fill is not None:
            self._fill(style.fill)
        if style.stroke is not None:
            self._stroke(style.stroke)
            c.setLineWidth(max(style.stroke_width, self._thinnest(style.stroke) / self.points_per_unit)
                           if self.points_per_unit else style.stroke_width)
            c.setDash(list(style.dash) if style.dash else [])
        return int(style.stroke is not None), int(style.fill is not None)

    def _thinnest(self, colour) -> float:
        """The thinnest line in `colour` a press prints reliably, in points (see THINNEST_LINE)."""
        in_inks = self.cmyk and colour.spot is None and sum(1 for value in colour.cmyk if value > 0) > 1
        return THINNEST_LINE_IN_INKS if in_inks else THINNEST_LINE

    def rect(self, shape: Rect) -> None:
        stroke, fill = self._paint(shape.style)
        self.canvas.rect(shape.x, shape.y, shape.width, shape.height, stroke=stroke, fill=fill)

    def circle(self, shape: Circle) -> None:
        stroke, fill = self._paint(shape.style)
        c, r = self.canvas, shape.r
        # bezierArc's arithmetic: the box's corners, then its centre and half sides from them.
        x1, x2, y1, y2 = shape.cx - r, shape.cx + r, shape.cy - r, shape.cy + r
        x2, y2 = x1 + (x2 - x1), y1 + (y2 - y1)
        x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
        xc, yc, rx, ry = (x1 + x2) / 2., (y1 + y2) / 2., (x2 - x1) / 2., (y2 - y1) / 2.
        code = c._code
        code.append("n")
        code.append(f"{fp_str(xc + rx * _CIRCLE_START_X, yc - ry * _CIRCLE_START_Y)} m")
        for (u1, v1), (u2, v2), (u3, v3) in _CIRCLE_ARCS:
            code.append(f"{fp_str(xc + rx * u1, yc - ry * v1, xc + rx * u2, yc - ry * v2, xc + rx * u3, yc - ry * v3)} c")
        c._strokeAndFill(stroke, fill)

    def line(self, shape: Line) -> None:
        self._paint(shape.style)
        self.canvas.line(shape.x1, shape.y1, shape.x2, shape.y2)

    def polygon(self, shape: Polygon) -> None:
        stroke, fill = self._paint(shape.style)
        path = self.canvas.beginPath()
        path.moveTo(*shape.points[0])
        for point in shape.points[1:]:
            path.lineTo(*point)
        path.close()
        self.canvas.drawPath(path, stroke=stroke, fill=fill)

    def path(self, shape: ScenePath) -> None:
        stroke, fill = self._paint(shape.style)
        self.canvas.drawPath(self._path(shape), stroke=stroke, fill=fill)

    def _path(self, shape: ScenePath):
        """A scene Path as a reportlab path; its arcs as Bézier curves."""
        path = self.canvas.beginPath()
        path.moveTo(*shape.start)
        for piece in path_pieces(shape):
            (path.curveTo if len(piece) == 6 else path.lineTo)(*piece)
        if shape.closed:
            path.close()
        return path

    def text(self, shape: Text) -> None:
        require_glyphs(shape.font, shape.text)      # never let a glyph drop silently
        c = self.canvas
        c.saveState()
        self._fill(shape.colour)
        c.translate(shape.x, shape.y)
        c.scale(1, -1)          # text must stand upright in the flipped page
        size = max(shape.size, SMALLEST_TEXT / self.points_per_unit) if self.points_per_unit else shape.size
        c.setFont(pdf_font_name(shape.font), size)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[shape.anchor](0, 0, shape.text)
        c.restoreState()

    def group(self, group: Group) -> None:
        c = self.canvas
        c.saveState()
        t = group.transform
        if not t.is_identity:
            c.transform(t.a, t.b, t.c, t.d, t.e, t.f)
        scale = self.points_per_unit
        self.points_per_unit *= sqrt(abs(t.a * t.d - t.b * t.c))
        if isinstance(group.clip, ScenePath):
            c.clipPath(self._path(group.clip), stroke=0, fill=0)
        elif group.clip is not None:
            path = c.beginPath()
            path.rect(group.clip.x, group.clip.y, group.clip.width, group.clip.height)
            c.clipPath(path, stroke=0, fill=0)
        if group.shared_extent is None:
            self.items(group.items)
        else:
            c.doForm(self._form(group))
        self.points_per_unit = scale
        c.restoreState()

    def _form(self, group: Group) -> str:
        """The name of the form XObject that draws the group's items, made on first use."""
        forms = _FORMS.setdefault(self.canvas, {})
        key = (group.items, group.shared_extent, self.cmyk, self.points_per_unit)     # the limits depend on the scale
        name = forms.get(key)
        if name is None:
            name = forms[key] = f"Shared{len(forms)}"
            c = self.canvas
            in_object = c._doc.inObject         # reportlab forgets whether it was on a page
            c.beginForm(name, *group.shared_extent)
            _PageWriter(c, self.cmyk, self.points_per_unit).items(group.items)
            c.endForm()
            c._doc.inObject = in_object
            _give_form_its_resources(c, name)
        return name


def _give_form_its_resources(canvas: Canvas, name: str) -> None:
    """reportlab records the graphics states and colour spaces a form's content uses, but writes
    neither into the form's resources ("not implemented yet", says its PDFFormXObject): a die line's
    overprint and its CutContour separation would be unknown names. Give the form both."""
    form = canvas._doc.idToObject[xObjectName(name)]
    if not (form.ExtGState or form._colorsUsed):
        return              # nothing to add: the form is written exactly as reportlab writes it
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setColorSpace(form._colorsUsed)
    form.Resources = resources
