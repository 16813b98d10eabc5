"""The bundled fonts (PT Sans, PT Serif) by role, and their registration with reportlab."""

from functools import cache
import hashlib

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from generator.errors import UserError
from generator.files.resources import font_path
from generator.words import _

FONT_FILES = {
    "sans": "PTSans-Regular.ttf",
    "sans-bold": "PTSans-Bold.ttf",
    "serif": "PTSerif-Regular.ttf",
    "serif-bold": "PTSerif-Bold.ttf",
    "serif-italic": "PTSerif-Italic.ttf",
}


def pdf_font_name(role: str) -> str:
    """Register the role's TTF with reportlab (once) and return its name there."""
    return _registered(role).fontName


def subset_tag(font_name: str, glyphs) -> bytes:
    """Six capital letters naming one subset of one font: the same subset always gets the same tag.

    reportlab tags subset n of every font with the same letters (AAAAAA+ for the first), so two
    different fonts of one file would share a tag; some preflight tools then take them for one.
    """
    digest = hashlib.sha256(f"{font_name}:{','.join(map(str, glyphs))}".encode()).digest()
    return bytes(65 + byte % 26 for byte in digest[:6])


class _TaggedTTFont(TTFont):
    """A TrueType font whose subsets get distinct tags (subset_tag) when written into a PDF."""

    def addObjects(self, doc):
        subsets = self.state[doc].subsets if doc in self.state else []
        original = ttfonts.SUBSETN
        # reportlab looks the tag function up by its module name each time it writes a subset.
        ttfonts.SUBSETN = lambda n, *_: subset_tag(self.fontName, subsets[n])
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = original


@cache
def _registered(role: str) -> TTFont:
    if role not in FONT_FILES:
        raise UserError(_("unknown font role {role!r}; use one of {roles}").format(
            role=role, roles=", ".join(FONT_FILES)))
    font = _TaggedTTFont(f"OpenDomino-{role}", str(font_path(FONT_FILES[role])))
    pdfmetrics.registerFont(font)
    return font


def missing_glyphs(role: str, text: str) -> set[str]:
    """Characters of `text` the role's font cannot draw."""
    mapping = _registered(role).face.charToGlyph
    return {ch for ch in set(text) if not ch.isspace() and ord(ch) not in mapping}


def require_glyphs(role: str, text: str) -> None:
    missing = missing_glyphs(role, text)
    if missing:
        shown = " ".join(sorted(missing))
        raise UserError(_("font {font} has no glyph for {shown}; "
                          "remove these characters or use another font").format(font=FONT_FILES[role], shown=shown))


def text_width(role: str, text: str, size: float) -> float:
    """Advance width of `text` at em size `size`, in the same unit as `size`."""
    return pdfmetrics.stringWidth(text, pdf_font_name(role), size)


def fitting_size(role: str, text: str, width: float) -> float:
    """The em size at which `text` is `width` wide (in the unit of `width`)."""
    return width / max(text_width(role, text, 1.0), 1e-6)


def text_extent(role: str, size: float) -> tuple[float, float]:
    """How far the role's glyphs reach above and below the baseline at em size `size` (the
    font's ascent, and its descent as a negative number), in the same unit as `size`."""
    return pdfmetrics.getAscentDescent(pdf_font_name(role), size)


@cache
def register_families() -> None:
    """Let <b> and <i> in reportlab paragraphs pick our bold and italic faces."""
    from reportlab.lib.fonts import addMapping

    serif, sans = pdf_font_name("serif"), pdf_font_name("sans")
    for family, normal, bold, italic in ((serif, serif, pdf_font_name("serif-bold"), pdf_font_name("serif-italic")),
                                         (sans, sans, pdf_font_name("sans-bold"), sans)):
        addMapping(family, 0, 0, normal)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, italic)
        addMapping(family, 1, 1, bold)
