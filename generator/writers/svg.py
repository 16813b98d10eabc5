"""SVG writer: drawings in millimetres to SVG.

The SVG's width and height are given in mm and its viewBox is the drawing's size, so one
user unit is one millimetre and the scene's coordinates (x right, y down) are used as they
are. Colours are the sRGB side of each Colour. Fonts are named, not embedded: "PT Sans" or
"PT Serif" with a generic fallback. Element ids are numbered in drawing order and numbers
are written with a fixed precision, so the same drawing always gives the same bytes.

The markup is written directly (attributes sorted, empty elements as `<x />`, the form svgwrite
gave before): a figure-heavy page of the rules site serialises thousands of shapes, and building
them as element objects first took ten times as long. `svg_element` gives the bare <svg> element
for a page to carry inline (HTML or XHTML), with its clip ids prefixed so that several drawings
can share one document.
"""

from functools import lru_cache
from pathlib import Path

from generator.files.atomic import write_bytes
from generator.scene.drawing import Arc, Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, arc_sweep
from generator.scene.drawing import Path as ScenePath
from generator.scene.fonts import require_glyphs

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_FAMILIES = {"sans": "'PT Sans', sans-serif", "serif": "'PT Serif', serif"}
_ANCHORS = ("start", "middle", "end")
_FILE_ATTRIBUTES = {"baseProfile": "full", "version": "1.1", "xmlns": SVG_NAMESPACE,
                    "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                    "\n": "&#10;", "\r": "&#13;", "\t": "&#09;"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


@lru_cache(maxsize=4096)         # figures repeat their coordinates (pips, cells) thousands of times
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


def escape_text(text: str) -> str:
    return text.translate(_TEXT_ESCAPES)


def tag(name: str, attributes: dict, content: str = "") -> str:
    """One element, its attributes in name order; without content it closes itself."""
    listed = "".join(f' {key}="{str(value).translate(_ATTRIBUTE_ESCAPES)}"' for key, value in sorted(attributes.items()))
    return f"<{name}{listed}>{content}</{name}>" if content else f"<{name}{listed} />"


def svg_text(drawing: Drawing) -> str:
    """The drawing as a complete SVG document."""
    size = {"width": f"{number(drawing.width)}mm", "height": f"{number(drawing.height)}mm"}
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + svg_element(drawing, {**_FILE_ATTRIBUTES, **size}) + "\n"


def svg_element(drawing: Drawing, attributes: dict, id_prefix: str = "", first: str = "",
                outline_text: bool = False) -> str:
    """The drawing as one <svg> element with these attributes (its viewBox added), `first`
    (e.g. a <title>) as its first child; clip ids start with `id_prefix`. With `outline_text`,
    text is drawn as its glyphs' outlines, for an SVG shown where the fonts are not."""
    builder = _SvgBuilder(id_prefix, outline_text)
    body = builder.items(drawing.items)
    defs = tag("defs", {}, "".join(builder.defs))
    view_box = f"0 0 {number(drawing.width)} {number(drawing.height)}"
    if outline_text:
        attributes = {**attributes, "xmlns:xlink": _FILE_ATTRIBUTES["xmlns:xlink"]}
    return tag("svg", {**attributes, "viewBox": view_box}, first + defs + body)


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


@lru_cache(maxsize=1024)         # a drawing has a few dozen styles and thousands of shapes
def _paint(style: Style) -> tuple[str, str] | None:
    """The presentation attributes, written: (fill, stroke and its width and dashes), each part as
    it stands among a shape's sorted attributes; None when the shape would paint nothing."""
    if style.fill is None and style.stroke is None:
        return None
    fill = f' fill="{style.fill.hex if style.fill is not None else "none"}"'
    stroke = ""
    if style.stroke is not None:
        dash = f' stroke-dasharray="{" ".join(number(v) for v in style.dash)}"' if style.dash else ""
        stroke = f' stroke="{style.stroke.hex}"{dash} stroke-width="{number(style.stroke_width)}"'
    return fill, stroke


class _SvgBuilder:
    def __init__(self, id_prefix: str, outline_text: bool = False):
        self.id_prefix = id_prefix
        self.outline_text = outline_text
        self.glyph_ids: dict[tuple[str, str], str | None] = {}     # (font role, glyph name) -> its path's id
        self.defs: list[str] = []
        self.clips = 0

    def items(self, items) -> str:
        return "".join(self.element(item) for item in items)

    def element(self, item) -> str:
        if isinstance(item, Group):
            return self.group(item)
        if isinstance(item, Text):
            return self.text(item)
        paint = _paint(item.style)
        if paint is None:          # neither fill nor stroke: nothing to draw
            return ""
        # Shapes are most of a figure: written straight, their attributes in name order as tag() sorts them.
        fill, stroke = paint
        if isinstance(item, Rect):
            return (f'<rect{fill} height="{number(item.height)}"{stroke} width="{number(item.width)}" '
                    f'x="{number(item.x)}" y="{number(item.y)}" />')
        if isinstance(item, Circle):
            return f'<circle cx="{number(item.cx)}" cy="{number(item.cy)}"{fill} r="{number(item.r)}"{stroke} />'
        if isinstance(item, Line):
            return (f'<line{fill}{stroke} x1="{number(item.x1)}" x2="{number(item.x2)}" '
                    f'y1="{number(item.y1)}" y2="{number(item.y2)}" />')
        if isinstance(item, Polygon):
            points = " ".join(f"{number(x)},{number(y)}" for x, y in item.points)
            return f'<polygon{fill} points="{points}"{stroke} />'
        if isinstance(item, ScenePath):
            return f'<path d="{path_data(item)}"{fill}{stroke} />'
        raise TypeError(f"no SVG for {type(item).__name__}")

    def text(self, shape: Text) -> str:
        require_glyphs(shape.font, shape.text)      # as the PDF writer: never drop a glyph silently
        if shape.anchor not in _ANCHORS:
            raise ValueError(f"text anchor {shape.anchor!r}; use one of {', '.join(_ANCHORS)}")
        if self.outline_text:
            return self.outlines(shape)
        attributes = {"x": number(shape.x), "y": number(shape.y), "font-size": number(shape.size),
                      **font_attributes(shape.font), "fill": shape.colour.hex}
        if shape.anchor != "start":
            attributes["text-anchor"] = shape.anchor
        if shape.text != " ".join(shape.text.split()):
            attributes["xml:space"] = "preserve"       # keep runs of spaces, as the PDF does
        return tag("text", attributes, escape_text(shape.text))

    def outlines(self, shape: Text) -> str:
        """The text as its glyphs' outlines: each glyph drawn once in <defs>, on an em of 1, and
        placed by <use> at the text's size (xlink:href, which older e-readers' SVG needs)."""
        # fontTools is loaded only where outlines are asked for.
        from generator.scene.glyph_outlines import glyph_path, glyph_places

        uses = []
        size = number(shape.size)
        for name, x in glyph_places(shape):
            key = (shape.font, name)
            if key not in self.glyph_ids:
                data = glyph_path(shape.font, name, number)
                self.glyph_ids[key] = f"{self.id_prefix}glyph{len(self.glyph_ids) + 1}" if data else None
                if data:
                    self.defs.append(f'<path d="{data}" id="{self.glyph_ids[key]}" />')
            if self.glyph_ids[key] is not None:
                uses.append(f'<use transform="matrix({size} 0 0 {size} {number(x)} {number(shape.y)})" '
                            f'xlink:href="#{self.glyph_ids[key]}" />')
        return f'<g fill="{shape.colour.hex}">{"".join(uses)}</g>' if uses else ""

    def group(self, group: Group) -> str:
        attributes = {}
        t = group.transform
        if not t.is_identity:
            attributes["transform"] = "matrix(" + " ".join(number(v) for v in (t.a, t.b, t.c, t.d, t.e, t.f)) + ")"
        if group.clip is not None:
            # The clip path is in the group's own coordinates: those after its transform.
            self.clips += 1
            clip_id = f"{self.id_prefix}clip{self.clips}"
            c = group.clip
            if isinstance(c, ScenePath):
                box = tag("path", {"d": path_data(c)})
            else:
                box = tag("rect", {"x": number(c.x), "y": number(c.y), "width": number(c.width),
                                   "height": number(c.height)})
            self.defs.append(tag("clipPath", {"id": clip_id}, box))
            attributes["clip-path"] = f"url(#{clip_id})"
        return tag("g", attributes, self.items(group.items))
