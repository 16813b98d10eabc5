"""Page sizes and type for the booklets: PT Serif for the body, PT Sans for headings."""

from msgspec import Struct
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle

from generator.books.booklet.hyphenation import hyphenator
from generator.scene.fonts import pdf_font_name

MM = 72 / 25.4


class BookletPage(Struct, frozen=True):
    name: str
    width: float          # mm
    height: float
    sheet: str            # the paper it is imposed on, 2-up


BOOKLET_PAGES = {
    "a4": BookletPage("A5", 148.0, 210.0, "a4"),
    "letter": BookletPage("half Letter", 139.7, 215.9, "letter"),
}

MARGINS = {"inner": 15.0, "outer": 13.0, "top": 14.0, "bottom": 16.0}     # mm



def paragraph_styles(lang: str) -> dict[str, ParagraphStyle]:
    serif = pdf_font_name("serif")
    sans, sans_bold = pdf_font_name("sans"), pdf_font_name("sans-bold")
    hyphenation = {"hyphenationLang": hyphenator(lang), "embeddedHyphenation": 1, "uriWasteReduce": 0.3}
    body = ParagraphStyle("body", fontName=serif, fontSize=9.6, leading=12.4, spaceAfter=3.5,
                          **hyphenation)
    return {
        "body": body,
        "item": ParagraphStyle("item", parent=body, spaceAfter=2.0),
        "suggestion": ParagraphStyle("suggestion", parent=body, fontSize=9.0, leading=11.6, spaceAfter=2.0,
                                     textColor="#333333"),
        "title": ParagraphStyle("title", fontName=sans_bold, fontSize=15, leading=18.5, spaceBefore=2,
                                spaceAfter=3),
        "facts": ParagraphStyle("facts", fontName=sans, fontSize=7.8, leading=10, spaceAfter=6,
                                textColor="#444444"),
        "h2": ParagraphStyle("h2", fontName=sans_bold, fontSize=10.5, leading=13, spaceBefore=6,
                             spaceAfter=2.5, keepWithNext=1),
        "h3": ParagraphStyle("h3", fontName=sans_bold, fontSize=9.6, leading=12, spaceBefore=4,
                             spaceAfter=2, keepWithNext=1),
        "caption": ParagraphStyle("caption", fontName=sans, fontSize=7.8, leading=9.5, alignment=TA_CENTER,
                                  spaceBefore=2, spaceAfter=8),
        "cover_title": ParagraphStyle("cover_title", fontName=sans_bold, fontSize=28, leading=33,
                                      alignment=TA_CENTER),
        "cover_subtitle": ParagraphStyle("cover_subtitle", fontName=serif, fontSize=12, leading=16,
                                         alignment=TA_CENTER, spaceBefore=6),
        "cover_edition": ParagraphStyle("cover_edition", fontName=sans, fontSize=8.5, leading=11,
                                        alignment=TA_CENTER),
        "toc0": ParagraphStyle("toc0", fontName=serif, fontSize=9.2, leading=11.6, leftIndent=0,
                               firstLineIndent=0),
        "code": ParagraphStyle("code", parent=body, fontName=sans),
    }
