"""A rule booklet in reading order: cover, contents, chapters and games, the printing note.

reportlab's platypus sets the text in one pass; the contents' page numbers are filled in at
the end (generator/books/booklet/contents.py).
"""

import copy
from pathlib import Path

from msgspec import Struct
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Frame,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)

from generator.art.figure import figure_drawing
from generator.books.booklet.contents import ContentsLine, define_number_forms
from generator.books.booklet.figure_flowable import CaptionedFigure, DrawingFlowable
from generator.books.booklet.markdown_flowables import FlowableBuilder, list_flowable
from generator.books.booklet.paragraph import Paragraph
from generator.books.booklet.styles import BOOKLET_PAGES, MARGINS, MM, BookletPage, paragraph_styles
from generator.books.captions import figure_caption
from generator.books.cover_art import cover_figure
from generator.books.texts import booklet_text, game_facts, part_heading
from generator.colour.theme import Theme
from generator.errors import UserError
from generator.files.atomic import atomic_path
from generator.files.manifest import pages_description
from generator.imposition.shop_sheets import MARK_SPACE, crop_marks
from generator.model.figures import figure as figure_by_id
from generator.rules import load_rules
from generator.rules.source import bind_spaces
from generator.scene.drawing import Drawing
from generator.scene.fonts import pdf_font_name, register_families, require_glyphs
from generator.writers.pdf import draw_drawing

SHOP_BLANKS = 3                 # blank pages after a shop book's back cover: the most its padding needs
FIGURE_MAX_HEIGHT = 128.0       # mm; a board figure and its caption fit a page with text
LINK_COLOUR = "#1d4f91"         # figure links on screen; shop files keep them black


class BookletSpec(Struct, frozen=True):
    lang: str
    page: BookletPage
    theme: Theme
    bleed: float = 0.0         # mm around every page, for print-shop files
    cmyk: bool = False         # print-shop files: DeviceCMYK only, and no links (PDF/X allows no annotations)
    crop_marks: bool = False   # print-shop files: crop marks outside the bleed
    book: str = "open"         # "open" (Open Domino) or "classic" (the traditional games)

    @property
    def margin(self) -> float:
        """mm from the page's edge to the bleed: room for the crop marks."""
        return MARK_SPACE if self.crop_marks else 0.0

    @property
    def outside(self) -> float:
        """mm from the page's edge to the trimmed page."""
        return self.margin + self.bleed


def _section_start(flowable):
    """The break before a chapter or game: figures still waiting are set before it."""
    flowable.starts_section = True
    return flowable


class _TextFrame(Frame):
    """platypus copies the frame to measure every group it keeps together (_listWrapOn) with
    deepcopy; a frame's state is numbers plus a list or two, so a copy of those does."""

    def __deepcopy__(self, memo):
        twin = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, (list, dict)):
                setattr(twin, name, copy.copy(value))
        return twin


class _BookletDocument(BaseDocTemplate):
    """Bookmarks every heading that asks for one, fills in the contents' page numbers, and floats
    figures: one that does not fit in the rest of the page waits, the text after it fills the page,
    and it is set at the top of the next page, or before the next chapter or game at the latest.
    Figures keep their order."""

    contents_style = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.waiting_figures = []
        self.frame = None

    def handle_flowable(self, flowables):
        if flowables is self._hanging or self.frame is None:      # page-begin actions, not the story
            return super().handle_flowable(flowables)
        first = flowables[0]
        if self.waiting_figures and (self.frame._atTop or getattr(first, "starts_section", False)):
            waiting, self.waiting_figures = self.waiting_figures, []
            if not self.frame._atTop:          # the section ends here: no more waiting
                for figure in waiting:
                    figure.floats = False
            flowables[0:0] = waiting
            first = flowables[0]
        if getattr(first, "floats", False) and not self.frame._atTop and (self.waiting_figures
                                                                          or not self._fits(first)):
            self.waiting_figures.append(flowables.pop(0))
            return
        super().handle_flowable(flowables)

    def _fits(self, flowable) -> bool:
        frame = self.frame
        room = frame._y - frame._y1p - flowable.getSpaceBefore()
        _, height = flowable.wrapOn(self.canv, frame._getAvailableWidth(), room)
        return height <= room

    def afterFlowable(self, flowable):
        entry = getattr(flowable, "toc_entry", None)
        if entry is None:
            return
        level, text, key = entry
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level)
        self.heading_pages.append(self.page)

    def _endBuild(self):
        # The last page is finished here but the file is not saved yet: define the numbers now.
        self._doSave = 0
        super()._endBuild()
        define_number_forms(self.canv, self.heading_pages, self.contents_style)
        self.canv.save()


def write_booklet(spec: BookletSpec, target: Path) -> dict:
    """Write the booklet in reading order; returns what the manifest says of it."""
    register_families()
    page, outside = spec.page, spec.outside
    width, height = (page.width + 2 * outside) * MM, (page.height + 2 * outside) * MM
    with atomic_path(target) as temp:
        document = _BookletDocument(
            str(temp), pagesize=(width, height), invariant=1, pageCompression=1,
            initialFontName=pdf_font_name("serif"), initialFontSize=10,
            title=booklet_text(spec.lang, "title", spec.book), author="Open Domino Kit", creator="opendomino",
            lang=spec.lang, enforceColorSpace="cmyk" if spec.cmyk else None)
        document.booklet_spec = spec
        frame = _TextFrame((outside + MARGINS["inner"]) * MM, (outside + MARGINS["bottom"]) * MM,
                           (page.width - MARGINS["inner"] - MARGINS["outer"]) * MM,
                           (page.height - MARGINS["top"] - MARGINS["bottom"]) * MM, id="text",
                           leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        document.addPageTemplates([
            PageTemplate("cover", [frame], onPage=_page_boxes),
            PageTemplate("body", [frame], onPage=_page_number),
        ])
        document.heading_pages = []
        document.contents_style = paragraph_styles(spec.lang)["toc0"]
        document.build(booklet_story(spec, frame.width / MM, frame.height / MM))
        pages = document.page
    return pages_description([(width / MM, height / MM)] * pages)


def _page_boxes(canvas, document) -> None:
    """With a bleed, the trimmed page sits inside it: TrimBox and BleedBox, and crop marks outside."""
    spec = document.booklet_spec
    if not spec.bleed and not spec.crop_marks:
        return
    width, height = document.pagesize
    trim, bleed = spec.outside * MM, spec.margin * MM
    canvas.setCropBox((trim, trim, width - trim, height - trim), name="trim")
    canvas.setCropBox((bleed, bleed, width - bleed, height - bleed), name="bleed")
    if spec.crop_marks:
        marks = Drawing(width / MM, height / MM)
        trim_box = (spec.outside, spec.outside, spec.page.width, spec.page.height)
        marks.add(*crop_marks([trim_box], spec.bleed, marks))
        draw_drawing(canvas, marks, 0, 0, MM, spec.cmyk)


def _page_number(canvas, document) -> None:
    _page_boxes(canvas, document)
    canvas.saveState()
    canvas.setFont(pdf_font_name("sans"), 8)
    canvas.drawCentredString(document.pagesize[0] / 2, (document.booklet_spec.outside + 8) * MM, str(document.page))
    canvas.restoreState()


def booklet_story(spec: BookletSpec, frame_width: float, frame_height: float) -> list:
    lang, styles, book = spec.lang, paragraph_styles(spec.lang), spec.book
    placed: list[str] = []

    def figure_flowables(figure_id: str) -> list:
        if figure_id in placed:          # each figure is drawn once; later mentions link to it
            return []
        placed.append(figure_id)
        figure = figure_by_id(figure_id)
        drawing = figure_drawing(figure, spec.theme)
        label = figure.label() or str(len(placed))      # the classic booklet numbers its figures in order
        caption = figure_caption(figure, label, lang, book)
        return [CaptionedFigure(
            DrawingFlowable(drawing, frame_width, FIGURE_MAX_HEIGHT, anchor=figure_id, cmyk=spec.cmyk),
            Paragraph(caption, styles["caption"]))]

    builder = FlowableBuilder(styles, figure_flowables, link_colour=None if spec.cmyk else LINK_COLOUR,
                              links=not spec.cmyk)
    story = _cover(spec, styles, frame_width)
    story += [NextPageTemplate("body"), PageBreak(), Paragraph(booklet_text(lang, "contents"), styles["title"])]
    files = load_rules(lang, book=book)
    story += [ContentsLine(index, part_heading(lang, f, book), _key(f), styles["toc0"], link=not spec.cmyk)
              for index, f in enumerate(files)]
    for rules_file in files:
        _check_glyphs(rules_file)
        story.append(_section_start(CondPageBreak(70 * MM) if rules_file.kind == "game" else PageBreak()))
        story.append(_entry(part_heading(lang, rules_file, book), styles["title"], _key(rules_file)))
        if rules_file.kind == "game":
            story.append(Paragraph(game_facts(lang, rules_file, book), styles["facts"]))
        story += builder.build(rules_file.tokens)
    story += _back_cover(spec, styles) if spec.cmyk else _printing_note(spec, styles)
    return story


def _key(rules_file) -> str:
    return f"part-{rules_file.file_name}"


def _check_glyphs(rules_file) -> None:
    """reportlab would drop a character the font lacks; we stop and name it instead."""
    try:
        require_glyphs("serif", rules_file.markdown)
        require_glyphs("sans-bold", rules_file.title)
    except UserError as missing:
        raise UserError(f"rules/{rules_file.file_name}: {missing}") from None


def _entry(text: str, style, key: str) -> Paragraph:
    paragraph = Paragraph(text, style)
    paragraph.toc_entry = (0, text, key)
    return paragraph


def _cover(spec: BookletSpec, styles: dict, frame_width: float) -> list:
    lang, book = spec.lang, spec.book
    drawing = cover_figure(book, spec.theme)
    return [
        Spacer(1, 6 * MM),
        Paragraph(booklet_text(lang, "title", book), styles["cover_title"]),
        Paragraph(booklet_text(lang, "subtitle", book), styles["cover_subtitle"]),
        Spacer(1, 8 * MM),
        DrawingFlowable(drawing, frame_width * (0.62 if book == "open" else 0.8), 112, cmyk=spec.cmyk),
        Spacer(1, 8 * MM),
        Paragraph(booklet_text(lang, "edition", book), styles["cover_edition"]),
    ]


def _back_cover(spec: BookletSpec, styles: dict) -> list:
    """A print shop's book ends on a back cover: the title again, unnumbered. The home booklet's
    last page, how to print and fold it, means nothing on a book a shop has printed and bound."""
    lang, book = spec.lang, spec.book
    back = [NextPageTemplate("cover"), PageBreak(), Spacer(1, 70 * MM),
            Paragraph(booklet_text(lang, "title", book), styles["cover_title"]),
            Paragraph(booklet_text(lang, "subtitle", book), styles["cover_subtitle"]),
            Spacer(1, 8 * MM),
            Paragraph(booklet_text(lang, "edition", book), styles["cover_edition"])]
    # Blank pages after it, each with its page boxes and crop marks like every other page, for the
    # shop files to pad with (the interior to a multiple of 4, the cover's blank inside back).
    return back + [flowable for _ in range(SHOP_BLANKS) for flowable in (PageBreak(), Spacer(1, 0.1))]


def _printing_note(spec: BookletSpec, styles: dict) -> list:
    """The home booklet's back cover: how to print and fold it, unnumbered as a back cover is (the
    folded booklet puts its blank pages before it, so a number would not follow the one before)."""
    lang = spec.lang
    note = [NextPageTemplate("cover"), _section_start(PageBreak()),
            Paragraph(booklet_text(lang, "print_title", spec.book), styles["title"])]
    steps = booklet_text(lang, "print_steps", spec.book, code=lang)
    note.append(list_flowable([ListItem([Paragraph(bind_spaces(step, lang), styles["item"])]) for step in steps],
                              styles, ordered=True))
    return note


def booklet_spec(lang: str, paper: str, theme: Theme, bleed: float = 0.0, cmyk: bool = False,
                 crop_marks: bool = False, book: str = "open") -> BookletSpec:
    """A5 pages on A4 sheets, or half-Letter pages on Letter; other papers get A5."""
    return BookletSpec(lang, BOOKLET_PAGES.get(paper, BOOKLET_PAGES["a4"]), theme, bleed, cmyk, crop_marks, book)


def booklet_name(book: str, lang: str) -> str:
    """rules-en, rules-classic-en, …: the stem of a booklet's files."""
    return f"rules-{lang}" if book == "open" else f"rules-{book}-{lang}"
