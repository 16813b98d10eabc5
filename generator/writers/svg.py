"""SVG writer: drawings in millimetres to SVG through svgwrite.

The SVG's width and height are given in mm and its viewBox is the drawing's size, so one
user unit is one millimetre and the scene's coordinates (x right, y down) are used as they
are. Colours are the sRGB side of each Colour. Fonts are named, not embedded: "PT Sans" or
"PT Serif" with a generic fallback. Element ids are numbered in drawing order and numbers
are written with a fixed precision, so the same drawing always gives the same bytes.
"""

from pathlib import Path

from generator.files.atomic import write_bytes
from generator.scene.drawing import Arc, Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, arc_sweep
from generator.scene.drawing import Path as ScenePath
from generator.scene.fonts import require_glyphs

_FAMILIES = {"sans": "'PT Sans', sans-serif", "serif": "'PT Serif', serif"}
_ANCHORS = ("start", "middle", "end")


def number(value: float) -> str:
    """A coordinate in mm to 1/10000 mm, without trailing zeros (and never "-0")."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def font_attributes(role: str) -> dict:
    """font-family, -weight and -style for a font role such as "sans-bold" or "serif-italic"."""
    family, _, variant = role.partition("-")
    attributes = {"font-family": _FAMILIES[family]}
    if variant == "bold":
        attributes["font-weight"] = "bold"
    elif variant == "italic":
        attributes["font-style"] = "italic"
    return attributes


def svg_text(drawing: Drawing) -> str:
    """The drawing as a complete SVG document."""
    import svgwrite  # here, not at the top: it takes 0.1 s to import, and only exports need it

    document = svgwrite.Drawing(size=(f"{number(drawing.width)}mm", f"{number(drawing.height)}mm"),
                                viewBox=f"0 0 {number(drawing.width)} {number(drawing.height)}",
                                profile="full", debug=False)
    _SvgBuilder(document).items(document, drawing.items)
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + document.tostring() + "\n"


def write_svg(drawing: Drawing, target: Path) -> dict:
    """Write the SVG; returns what the manifest says of it."""
    write_bytes(target, svg_text(drawing).encode("utf-8"))
    return {"page_size_mm": [round(drawing.width, 1), round(drawing.height, 1)]}


def path_data(path: ScenePath) -> str:
    """A scene Path as SVG path data: M, L, true arcs (A) and Z, in absolute coordinates."""
    x, y = path.start
    commands = [f"M{number(x)} {number(y)}"]
    for part in path.parts:
        if isinstance(part, Arc):
            r = number(part.radius)
            large = int(arc_sweep(x, y, part) > 3.141592653589793)
            # Sweep flag 1 turns towards +angle, which with y down is clockwise on the page.
            commands.append(f"A{r} {r} 0 {large} {int(part.clockwise)} {number(part.x)} {number(part.y)}")
            x, y = part.x, part.y
        else:
            x, y = part
            commands.append(f"L{number(x)} {number(y)}")
    if path.closed:
        commands.append("Z")
    return " ".join(commands)


def _paint(style: Style) -> dict | None:
    """Presentation attributes, or None when the shape would paint nothing."""
    if style.fill is None and style.stroke is None:
        return None
    paint = {"fill": style.fill.hex if style.fill is not None else "none"}
    if style.stroke is not None:
        paint["stroke"] = style.stroke.hex
        paint["stroke-width"] = number(style.stroke_width)
        if style.dash:
            paint["stroke-dasharray"] = " ".join(number(v) for v in style.dash)
    return paint


class _SvgBuilder:
    def __init__(self, document):       # an svgwrite.Drawing
        self.document = document
        self.clips = 0

    def items(self, parent, items) -> None:
        for item in items:
            element = self.element(item)
            if element is not None:
                parent.add(element)

    def element(self, item):
        if isinstance(item, (Group, Text)):
            return getattr(self, type(item).__name__.lower())(item)
        paint = _paint(item.style)
        if paint is None:          # neither fill nor stroke: nothing to draw
            return None
        return getattr(self, type(item).__name__.lower())(item, paint)

    def rect(self, shape: Rect, paint: dict):
        return self.document.rect(insert=(number(shape.x), number(shape.y)),
                                  size=(number(shape.width), number(shape.height)), **paint)

    def circle(self, shape: Circle, paint: dict):
        return self.document.circle(center=(number(shape.cx), number(shape.cy)), r=number(shape.r), **paint)

    def line(self, shape: Line, paint: dict):
        return self.document.line(start=(number(shape.x1), number(shape.y1)),
                                  end=(number(shape.x2), number(shape.y2)), **paint)

    def polygon(self, shape: Polygon, paint: dict):
        return self.document.polygon(points=[(number(x), number(y)) for x, y in shape.points], **paint)

    def path(self, shape: ScenePath, paint: dict):
        return self.document.path(d=path_data(shape), **paint)

    def text(self, shape: Text):
        require_glyphs(shape.font, shape.text)      # as the PDF writer: never drop a glyph silently
        if shape.anchor not in _ANCHORS:
            raise ValueError(f"text anchor {shape.anchor!r}; use one of {', '.join(_ANCHORS)}")
        attributes = {"font-size": number(shape.size), **font_attributes(shape.font), "fill": shape.colour.hex}
        if shape.anchor != "start":
            attributes["text-anchor"] = shape.anchor
        if shape.text != " ".join(shape.text.split()):
            attributes["xml:space"] = "preserve"       # keep runs of spaces, as the PDF does
        return self.document.text(shape.text, insert=(number(shape.x), number(shape.y)), **attributes)

    def group(self, group: Group):
        element = self.document.g()
        t = group.transform
        if not t.is_identity:
            element["transform"] = "matrix(" + " ".join(number(v) for v in (t.a, t.b, t.c, t.d, t.e, t.f)) + ")"
        if group.clip is not None:
            # The clip path is in the group's own coordinates: those after its transform.
            self.clips += 1
            clip_id = f"clip{self.clips}"
            clip_path = self.document.defs.add(self.document.clipPath(id=clip_id))
            c = group.clip
            if isinstance(c, ScenePath):
                clip_path.add(self.document.path(d=path_data(c)))
            else:
                clip_path.add(self.document.rect(insert=(number(c.x), number(c.y)),
                                                 size=(number(c.width), number(c.height))))
            element["clip-path"] = f"url(#{clip_id})"
        self.items(element, group.items)
        return element
