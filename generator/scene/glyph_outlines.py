"""Text as outlines: the glyphs of a Text shape, from the bundled font of its role, as paths.

For an SVG that must show its words without fonts: an e-book's figure is an image, which a reader
can zoom, and an image cannot use the book's embedded fonts. The glyphs advance by the font's
own widths and are not kerned, as the PDF writer sets them (reportlab does not kern), so the
outlines stand where the PDF's text stands. Each glyph's outline is drawn once, on an em of 1
(y down), and placed by a scale and a shift: a figure's 64 cell numbers share ten digits.
"""

from functools import cache

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from generator.files.resources import font_path
from generator.scene.drawing import Text
from generator.scene.fonts import FONT_FILES

_SHIFTS = {"start": 0.0, "middle": 0.5, "end": 1.0}      # of the text's width, to the left of x


class _Face:
    """One font file's glyphs, character map, advance widths and em size."""

    def __init__(self, role: str):
        font = TTFont(str(font_path(FONT_FILES[role])), lazy=True)
        self.glyphs = font.getGlyphSet()
        self.characters = font.getBestCmap()
        self.advances = font["hmtx"].metrics
        self.units_per_em = font["head"].unitsPerEm

    def names(self, text: str) -> list[str]:
        return [self.characters[ord(character)] for character in text]


@cache
def _face(role: str) -> _Face:
    return _Face(role)


def glyph_places(text: Text) -> list[tuple[str, float]]:
    """(glyph name, x of its origin) of each of the text's glyphs, in the drawing's unit; its
    baseline is text.y. The caller has checked that the font has every glyph (require_glyphs)."""
    face = _face(text.font)
    names = face.names(text.text)
    scale = text.size / face.units_per_em
    width = sum(face.advances[name][0] for name in names) * scale
    x = text.x - _SHIFTS[text.anchor] * width
    places = []
    for name in names:
        places.append((name, x))
        x += face.advances[name][0] * scale
    return places


@cache
def glyph_path(role: str, name: str, number) -> str:
    """The glyph's outline as SVG path data on an em of 1, its origin at 0,0 and y down; `number`
    writes a coordinate. Empty for a glyph without ink (a space)."""
    face = _face(role)
    pen = SVGPathPen(face.glyphs, ntos=number)
    scale = 1 / face.units_per_em
    face.glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, 0, 0)))       # font units are y up
    return pen.getCommands()
