"""The rule booklets: pages, contents, figures, fonts and the saddle-stitch imposition."""

from collections import Counter
import math
import re

from msgspec.structs import replace
from pdf_inspect import (
    MM,
    caption_page,
    character_boxes,
    filled_shapes,
    font_report,
    page_shapes,
    pdfium_texts,
    printed_numbers,
    read_pdf,
    rgb255,
    stroked_paths,
    tiles_drawn,
)
from plane import box_corners, box_holds, in_box, mean_point
import pypdfium2
import pytest

from generator.books.booklet.document import booklet_name, booklet_spec, write_booklet
from generator.books.booklet.markdown_flowables import SUGGESTION_RULE
from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.imposition.saddle_stitch import padded_order, sheet_sides
from generator.model.figures import load_figures
from generator.rules import load_rules

A5 = (148 * MM, 210 * MM)
A4_LANDSCAPE = (297 * MM, 210 * MM)
LANGS = ["en", "ru"]
# Every booklet the default kit writes: (book, lang) and its file stem.
BOOKLETS = [("open", "en"), ("open", "ru"), ("classic", "en"), ("classic", "ru")]


def stem(book: str, lang: str) -> str:
    return booklet_name(book, lang)


def size(page):
    return float(page.mediabox.width), float(page.mediabox.height)


def half_page_numbers(page) -> tuple[int | None, int | None]:
    """The running page number printed at the foot of each half of an imposed side (pdfium)."""
    width = page.get_width()
    text = page.get_textpage()
    found = []
    for left in (0, width / 2):
        foot = text.get_text_bounded(left=left, bottom=0, right=left + width / 2, top=12 * MM).strip()
        found.append(int(foot) if foot.isdigit() else None)
    return found[0], found[1]


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_reading_order_pages(default_kit, book, lang):
    reader = read_pdf(default_kit / f"{stem(book, lang)}.pdf")
    assert 40 <= len(reader.pages) <= 120
    assert all(size(p) == pytest.approx(A5, abs=0.01) for p in reader.pages)
    texts = pdfium_texts(default_kit / f"{stem(book, lang)}.pdf")
    last = texts[-1]
    assert ("fold" in last) if lang == "en" else ("Сложите" in last)
    assert "SHORT" in last or "КОРОТКОМУ" in last
    # The back cover is unnumbered: folded, blank pages stand before it, and its number would not
    # follow the page before's. Every page before it but the cover carries its number.
    numbers = [text.split() for text in texts]
    assert str(len(reader.pages)) not in numbers[-1], numbers[-1][-3:]
    assert all(str(index) in words for index, words in enumerate(numbers[:-1], start=1) if index > 1)


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_saddle_stitch_imposition_order(default_kit, book, lang):
    pages = len(read_pdf(default_kit / f"{stem(book, lang)}.pdf").pages)
    imposed = read_pdf(default_kit / f"{stem(book, lang)}-booklet.pdf")
    padded = pages + (-pages % 4)
    assert len(imposed.pages) == padded // 2
    assert all(size(p) == pytest.approx(A4_LANDSCAPE, abs=0.01) for p in imposed.pages)
    order = padded_order(pages)
    n = padded
    rendered = pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}-booklet.pdf")
    for s in range(n // 4):
        front, back = rendered[2 * s], rendered[2 * s + 1]
        expected_front = (n - 2 * s, 2 * s + 1)
        expected_back = (2 * s + 2, n - 2 * s - 1)
        for side, expected in ((front, expected_front), (back, expected_back)):
            # The covers carry no number; padding blanks carry none either.
            wanted = tuple(None if order[p - 1] in (None, 1, pages) else order[p - 1] for p in expected)
            assert half_page_numbers(side) == wanted, (s, expected)
    # Printed, folded and read leaf by leaf: the numbers in order, the covers unnumbered, the
    # blanks just before the back cover.
    halves = [half_page_numbers(side) for side in rendered]
    assert folded_reading(halves) == [None, *range(2, pages), *[None] * (-pages % 4), None]
    # Each page centred in its half, so that the fold falls between them: the page number, which
    # is centred on its page, is centred on the half (to 0.02 mm; an A5 page is 0.5 mm narrower).
    path, width = default_kit / f"{stem(book, lang)}-booklet.pdf", A4_LANDSCAPE[0] / MM
    for index in range(len(imposed.pages)):
        for half, centre in number_centres(path, index, width).items():
            assert centre == pytest.approx((2 * half + 1) * width / 4, abs=0.02), (index, half)
        assert side_operators(imposed.pages[index]) in (PLACED * 1, PLACED * 2), index
    reading = read_pdf(default_kit / f"{stem(book, lang)}.pdf")
    imposed_title = load_toml(template_path("sheet_texts.toml"))[lang]["doc_imposed"]
    assert imposed.metadata["/Title"] == imposed_title.format(title=reading.metadata["/Title"])
    assert imposed.trailer["/Root"]["/Lang"] == reading.trailer["/Root"]["/Lang"] == lang
    assert imposed.metadata["/Creator"] == "opendomino"
    preferences = imposed.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/DuplexFlipShortEdge"


PLACED = ["q", "cm", "Do", "Q"]          # a page placed: saved state, moved, drawn, restored


def side_operators(page) -> list[str]:
    """The operators of an imposed side's content stream, in order (an unknown one shows as itself)."""
    from pypdf.generic import ContentStream

    return [operator.decode() for _, operator in ContentStream(page["/Contents"].get_object(), None).operations]


def number_centres(path, index: int, width: float) -> dict[int, float]:
    """The middle of the page number at the foot of each half (0 left, 1 right) of an imposed side,
    from the characters' advance boxes, in mm from the left."""
    halves: dict[int, list] = {}
    for _, (left, top, right, _) in character_boxes(path, index, A4_LANDSCAPE[1] / MM, loose=True):
        if top > A4_LANDSCAPE[1] / MM - 15:
            halves.setdefault(int(left >= width / 2), []).append((left, right))
    return {half: (min(b[0] for b in boxes) + max(b[1] for b in boxes)) / 2 for half, boxes in halves.items()}


def test_pages_drawn_from_several_content_streams_are_imposed_whole(tmp_path):
    """A page whose drawing comes in several streams (as other PDF makers write it) keeps all of
    them when imposed."""
    from pypdf import PdfWriter
    from pypdf.generic import ArrayObject, DecodedStreamObject, NameObject
    from reportlab.pdfgen.canvas import Canvas

    from generator.imposition.paper import paper_named
    from generator.writers.pdf_booklet import impose_saddle_stitch

    canvas = Canvas(str(tmp_path / "one.pdf"), pagesize=A5, invariant=1)
    for number in range(1, 5):
        canvas.setFont("Helvetica", 20)
        canvas.drawString(40, 300, f"first{number}")
        canvas.showPage()
    canvas.save()
    writer = PdfWriter(clone_from=str(tmp_path / "one.pdf"))
    for number, page in enumerate(writer.pages, start=1):
        second = DecodedStreamObject()
        second.set_data(f"BT /F1 20 Tf 40 200 Td (second{number}) Tj ET".encode())
        page[NameObject("/Contents")] = ArrayObject([page["/Contents"].indirect_reference,
                                                     writer._add_object(second)])
    writer.write(tmp_path / "several.pdf")
    impose_saddle_stitch(tmp_path / "several.pdf", tmp_path / "imposed.pdf", paper_named("a4"), "several streams")
    sides = pypdfium2.PdfDocument(tmp_path / "imposed.pdf")
    width = sides[0].get_width()
    for side, (left, right) in zip(sides, sheet_sides(4)):
        text = side.get_textpage()
        for position, x in ((left, 0), (right, width / 2)):
            words = text.get_text_bounded(left=x, bottom=0, right=x + width / 2, top=side.get_height()).split()
            assert sorted(words) == [f"first{position}", f"second{position}"]


def folded_reading(sides: list[tuple]) -> list:
    """What a reader meets page by page in the booklet the printed sides make (front and back of
    each sheet in turn, the first sheet outermost; each side's (left, right) halves). Printed
    double-sided flipping on the short edge, a back's left half lies behind its front's right half.
    Stacked and folded, a reader going in meets each sheet's right front, then, turning that leaf,
    its left back; past the middle, coming out, each sheet's right back, then its left front."""
    sheets = list(zip(sides[0::2], sides[1::2]))
    going_in = [page for front, back in sheets for page in (front[1], back[0])]
    coming_out = [page for front, back in reversed(sheets) for page in (back[1], front[0])]
    return going_in + coming_out


def test_a_folded_booklet_reads_in_order_with_blanks_before_the_back_cover():
    for pages in range(2, 41):
        order = padded_order(pages)
        sides = [(order[left - 1], order[right - 1]) for left, right in sheet_sides(pages)]
        assert len(sides) == 2 * -(-pages // 4), pages      # two sides a sheet, as few sheets as hold them
        assert folded_reading(sides) == [*range(1, pages), *[None] * (-pages % 4), pages], pages


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_games_variants_are_numbered_in_the_booklet(default_kit, lang):
    """Game 4 refers to its "variant 3": the booklet numbers the Variants list 1., 2., 3."""
    game = next(rules_file for rules_file in load_rules(lang) if rules_file.number == 4 and rules_file.kind == "game")
    assert len(game.variants) >= 3
    text = " ".join(" ".join(pdfium_texts(default_kit / f"rules-{lang}.pdf")).split())
    for number, variant in enumerate(game.variants[:3], start=1):
        assert f"{number}. {' '.join(variant.split()[:4])}" in text, (number, variant)


def test_sheet_formula():
    assert sheet_sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert padded_order(6) == [1, 2, 3, 4, 5, None, None, 6]
    assert len(sheet_sides(13)) == 8


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_fonts_are_embedded(default_kit, book, lang):
    for name in (f"{stem(book, lang)}.pdf", f"{stem(book, lang)}-booklet.pdf"):
        fonts = font_report(read_pdf(default_kit / name))
        names = {font for font, _ in fonts}
        assert fonts and all(embedded for _, embedded in fonts), name
        assert any("PTSerif" in n for n in names) and any("PTSans" in n for n in names)
        assert not any(base in n for n in names for base in ("Helvetica", "Times", "Courier"))


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_contents_match_the_headings(default_kit, book, lang):
    texts = pdfium_texts(default_kit / f"{stem(book, lang)}.pdf")
    entries = []
    for text in texts[1:4]:
        for line in text.splitlines():
            match = re.match(r"^(.*?)[\s.]*\s?(\d+)$", line.strip())
            if match and ". . ." in line:          # a contents line: title, dot leaders, page
                entries.append((match[1].strip(" ."), int(match[2])))
    files = load_rules(lang, book=book)
    assert len(entries) == len(files)
    for (title, page), rules_file in zip(entries, files):
        assert rules_file.title in title
        assert title in " ".join(texts[page - 1].split()), (title, page)
    numbers = [page for _, page in entries]
    assert numbers == sorted(numbers)


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_renders(default_kit, lang):
    path = default_kit / f"rules-{lang}.pdf"
    texts = [" ".join(t.split()) for t in pdfium_texts(path)]
    document = pypdfium2.PdfDocument(path)
    dark = (0xb9, 0x94, 0x6a)           # the classic theme's dark board cell
    for figure_id, figure in load_figures("open").items():
        caption = " ".join((("Fig. " if lang == "en" else "Рис. ") + figure.label() + ". " + figure.title[lang]).split())
        pages = [i for i, text in enumerate(texts) if caption in text]
        assert len(pages) == 1, (figure_id, pages)         # each figure is drawn exactly once
        image = document[pages[0]].render(scale=0.5).to_pil().convert("RGB")
        colours = dict((rgb, count) for count, rgb in image.getcolors(maxcolors=1 << 20))
        assert colours.get(dark, 0) > 200, figure_id       # the board of the figure is there
    links = [a.get_object() for page in read_pdf(path).pages for a in page.get("/Annots", [])]
    assert len(links) >= 20 and all("/Dest" in a for a in links)


def test_russian_is_hyphenated(default_kit):
    text = "\n".join(page.extract_text() for page in read_pdf(default_kit / "rules-ru.pdf").pages[3:20])
    broken = [line for line in text.splitlines() if re.search(r"[а-я]-$", line)]
    assert len(broken) >= 10


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_no_line_starts_with_a_dash_and_quotes_are_the_languages(default_kit, book, lang):
    """A dash between words stays with the word before it (a typesetter's rule: in Russian the
    booklets had 15 lines starting with "— "); quotation marks and apostrophes are typographic, “”
    and ’ in English and «» in Russian, never straight ones."""
    document = pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}.pdf")
    lines = [line.strip() for page in document for line in page.get_textpage().get_text_range().splitlines()]
    starting = [line for line in lines if line.startswith(("—", "– "))]
    assert not starting, starting[:3]
    text = "\n".join(lines)
    assert '"' not in text and "'" not in text, re.findall(r".{20}[\"'].{20}", text)[:3]
    assert ("“" in text and "’" in text) if lang == "en" else ("«" in text)


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_no_heading_is_left_at_a_pages_foot_with_one_line_of_its_section(default_kit, book, lang):
    """A heading needs two lines of its section under it on its page, or the section's end: a
    typesetter's rule. A one-line bullet and then a marked suggestion (never split) left a heading
    at the foot of a page with that one line, and the suggestion on the next page."""
    headings = {token.content for rules_file in load_rules(lang, book=book) for token, opening
                in zip(rules_file.tokens[1:], rules_file.tokens) if opening.type == "heading_open"}
    pages = []
    for number, page in enumerate(pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}.pdf"), start=1):
        lines = [line.strip() for line in page.get_textpage().get_text_range().splitlines() if line.strip()]
        pages.append([line for line in lines if line != str(number)])       # the page number apart
    left = []
    for number, (lines, following) in enumerate(zip(pages, pages[1:]), start=1):
        if len(lines) < 2 or lines[-2] not in headings or not following:
            continue
        # pdfium joins a word hyphenated at a line's end into one line (U+FFFE where it broke)
        below = 1 + lines[-1].count("\ufffe")
        section_goes_on = following[0] not in headings and not re.match(r"\d+\. ", following[0])
        if below < 2 and section_goes_on:
            left.append((number, lines[-2], lines[-1][:40], following[0][:40]))
    assert not left, left


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_a_hyphenated_word_carries_three_letters_over_at_least(default_kit, book, lang):
    """No line starts with the last one or two letters of a word hyphenated on the line before: a
    paragraph ended on a line of "ют." or "er." (pdfium joins a hyphenated word with U+FFFE)."""
    source = " ".join(f.markdown for f in load_rules(lang, book=book))
    document = pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}.pdf")
    carried = [after for page in document
               for before, after in re.findall(r"(\w+)\ufffe(\w[\w-]*)", page.get_textpage().get_text_range())
               if f"{before}-{after}" not in source]     # a word's own hyphen (set-up) is no break; кого-то is 5
    assert carried and min(len(letters) for letters in carried) >= 3, sorted(carried, key=len)[:5]


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_no_page_ends_in_the_middle_of_a_word(default_kit, book, lang):
    """A paragraph that goes on over the page never breaks a word at the page's foot: the reader
    would turn the page with half a word in mind. (It did twice: "reshuf-" and "обе-".)"""
    pages = pdfium_texts(default_kit / f"{stem(book, lang)}.pdf")
    ending = []
    for number, text in enumerate(pages, start=1):
        lines = [line.strip() for line in text.splitlines() if line.strip() and line.strip() != str(number)]
        if lines and re.search(r"\w[-\u00ad\u2010\ufffe]$", lines[-1]):
            ending.append((number, lines[-1][-30:]))
    assert len(pages) > 40 and not ending, ending


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_no_more_than_three_lines_in_a_row_end_in_a_hyphen(default_kit, book, lang):
    """pdfium joins the lines of a word hyphenated at a line's end (U+FFFE where it broke), so a
    line of its text holding four of them is four lines in a row that end in a hyphen: a ladder
    (Russian p. 76 had one)."""
    lines = [line for text in pdfium_texts(default_kit / f"{stem(book, lang)}.pdf") for line in text.splitlines()]
    assert sum(line.count("\ufffe") for line in lines) > 50            # the books are hyphenated
    assert not [line[:60] for line in lines if line.count("\ufffe") > 3]


def test_a_paragraph_that_would_climb_a_hyphen_ladder_is_set_without_hyphens():
    """Long Russian words in a narrow column: reportlab alone ends five and seven lines in a row with
    a hyphen; the booklet's paragraph sets them unhyphenated (ragged-right text can)."""
    from reportlab.platypus import Paragraph as ReportlabParagraph

    from generator.books.booklet.paragraph import Paragraph, _hyphen_ladder
    from generator.books.booklet.styles import paragraph_styles

    style = paragraph_styles("ru")["body"]
    text = ("Перекладываемый элемент переворачивают, взаимодействующие комплекты перераспределяются, "
            "противоположные горизонтали переставляются, перевёрнутые элементы возвращаются обратно.")
    for width in (80, 90):
        alone, ours = ReportlabParagraph(text, style), Paragraph(text, style)
        alone.wrap(width, 10 ** 6)
        ours.wrap(width, 10 ** 6)
        assert _hyphen_ladder(alone.blPara.lines) >= 5 and _hyphen_ladder(ours.blPara.lines) <= 3
    wide = Paragraph(text, style)
    wide.wrap(100, 10 ** 6)
    assert _hyphen_ladder(wide.blPara.lines) == 3           # three in a row are allowed, and kept


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_no_line_ends_with_a_word_that_belongs_to_the_next(default_kit, book, lang):
    """"Fig." never ends a line with its number on the next; in Russian, neither does a one-letter
    word (в, к, с, у, о, а, и, я), which a Russian typesetter binds to the word after it (the two
    books had 53 and 83 such lines)."""
    lines = [line.strip() for text in pdfium_texts(default_kit / f"{stem(book, lang)}.pdf")
             for line in text.replace("\ufffe", "-").splitlines() if line.strip()]
    ending = re.compile(r"(?<![\w-])(?:[Ff]igs?\.|[Рр]ис\.|[вксуоаияВКСУОАИЯ])$" if lang == "ru" else
                        r"(?<![\w-])[Ff]igs?\.$")
    assert len(lines) > 1500 and not [line[-30:] for line in lines if ending.search(line)]


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_a_numbered_items_number_is_set_like_its_text(default_kit, book, lang):
    """"1." of a numbered list is in the size of the item's text and on its baseline: it was 9 pt
    beside 9.6 pt text, and stood 0.6 pt above the line."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    document, numbers, unlike = pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}.pdf"), 0, []
    for page_number, page in enumerate(document, start=1):
        text = page.get_textpage()
        characters = "".join(chr(pdfium_c.FPDFText_GetUnicode(text.raw, i)) for i in range(text.count_chars()))

        def size_and_baseline(index: int) -> tuple[float, float]:
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, index, ctypes.byref(x), ctypes.byref(y))
            return pdfium_c.FPDFText_GetFontSize(text.raw, index), y.value

        for found in re.finditer(r"(?:^|\n)(\d{1,2})\. ?(\w)", characters):
            numbers += 1
            (number_size, number_line), (text_size, text_line) = (size_and_baseline(found.start(1)),
                                                                  size_and_baseline(found.start(2)))
            if abs(number_size - text_size) > 0.05 or abs(number_line - text_line) > 0.1:
                unlike.append((page_number, found[0].strip(), number_size, text_size, number_line - text_line))
    assert numbers >= 20 and not unlike, unlike[:3]


def _rule_gaps(pdf) -> list[tuple[int, float]]:
    """(page, points) from the foot of each marked suggestion's grey rule to the top of the first
    printed character below it (text, or a figure's numbers)."""
    reader, gaps = read_pdf(pdf), []
    for index, page in enumerate(reader.pages):
        height = float(page.mediabox.height)
        rules = [path for path in stroked_paths(page) if abs(path.width - SUGGESTION_RULE) < 0.05
                 and len(path.points) == 2 and abs(path.points[0][0] - path.points[1][0]) < 0.01]
        if not rules:
            continue
        characters = character_boxes(pdf, index, height / MM)
        for rule in rules:
            left, foot = rule.points[0][0] / MM, (height - min(point[1] for point in rule.points)) / MM
            below = [box[1] for _, box in characters if box[1] > foot - 0.01 and box[0] > left - 2]
            if below:
                gaps.append((index + 1, (min(below) - foot) * 72 / 25.4))
    return gaps


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_what_follows_a_marked_suggestion_has_room_above_it(default_kit, book, lang):
    """The next item, heading or figure stands clear of a suggestion's box, more than two lines of a
    paragraph stand apart (about 3 pt between one line's letters and the next's). It stood 2.3 pt
    below the grey rule, closer than the lines of a paragraph, and a figure touched it."""
    gaps = _rule_gaps(default_kit / f"{stem(book, lang)}.pdf")
    assert len(gaps) >= 10 and min(gap for _, gap in gaps) >= 4.5, sorted(gaps, key=lambda gap: gap[1])[:3]


def _letters(text: str) -> str:
    """Only the letters and digits, lower case: what the source and the printed page share whatever
    the typesetting did between them (quotes, dashes, hyphens, spaces, bold)."""
    return "".join(character for character in text.lower() if character.isalnum())


def _last_two_items(tokens) -> list[tuple[str, str]]:
    """For each list of two or more items whose last two are each one paragraph (no nested list):
    the letters of those two paragraphs, in reading order."""
    found, stack = [], []
    for at, token in enumerate(tokens):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            if stack and stack[-1]:
                stack[-1][-1].append((at, None))            # a list inside the item
            stack.append([])
        elif token.type == "list_item_open":
            stack[-1].append([])
        elif token.type == "inline" and stack and stack[-1] and tokens[at - 1].type == "paragraph_open":
            stack[-1][-1].append((at, _letters("".join(child.content for child in token.children))))
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            items = stack.pop()
            if len(items) > 1 and all(len(item) == 1 and item[0][1] for item in items[-2:]):
                found.append((items[-2][0][0], items[-2][0][1], items[-1][0][1]))
    return [(before, last) for _, before, last in sorted(found)]


def _lines_of(pdf, index: int, letters: str) -> int:
    """On how many lines page `index` prints the text whose letters begin there with `letters` (its
    letters that run past the page count as a third line)."""
    characters = [(char.lower(), box) for char, box in character_boxes(pdf, index, 210.0, loose=True)
                  if char.isalnum()]
    printed = "".join(char for char, _ in characters)
    at = printed.find(letters[:40])
    if at + len(letters) > len(printed):
        return 3
    return len({round(box[3], 1) for _, box in characters[at:at + len(letters)]})


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_a_lists_short_last_item_never_stands_alone_at_the_top_of_a_page(default_kit, book, lang):
    """A list's last item of one or two lines begins on the page where the item before it begins:
    alone at the top of a page it is a widow, parted from its list (the Russian book ended on a
    page that held only the last game of a list, and 15 more pages of the four books began so)."""
    pdf = default_kit / f"{stem(book, lang)}.pdf"
    pages = [_letters(text) for text in pdfium_texts(pdf)]
    starts = [0]
    for text in pages:
        starts.append(starts[-1] + len(text))
    book_text, cursor, parted, checked = "".join(pages), starts[2], [], 0      # past the cover and contents

    def page_of(position: int) -> int:
        return next(index for index, start in enumerate(starts) if start > position) - 1

    for rules_file in load_rules(lang, book=book):
        for before, last in _last_two_items(rules_file.tokens):
            first = book_text.find(before[:40], cursor)
            second = book_text.find(last[:40], first + 1)
            assert first >= 0 and second >= 0, (rules_file.file_name, before[:40], last[:40])
            checked += 1
            if page_of(second) != page_of(first) and _lines_of(pdf, page_of(second), last) <= 2:
                parted.append((page_of(second) + 1, last[:40]))
            cursor = second
    assert checked > 30 and not parted, parted


def test_commands_in_the_text_are_set_in_the_sans_face(default_kit):
    """`opendomino layouts …` in a rule (inline code) is set in PT Sans, apart from the serif text
    around it: in the serif, a reader could not see where a command ends."""
    runs = []
    for page in read_pdf(default_kit / "rules-en.pdf").pages[:20]:
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: runs.append(
            (text, str(font.get("/BaseFont", "")) if font else "")))
    commands = [font for text, font in runs if "opendomino layouts" in text]
    around = [font for text, font in runs if "draws a layout at random" in text]
    assert commands and all("PTSans" in font for font in commands), commands
    assert around and all("PTSerif" in font for font in around), around


def test_letter_gives_half_letter_pages(tmp_path):
    spec = booklet_spec("en", "letter", load_theme())
    write_booklet(spec, tmp_path / "rules-en.pdf")
    page = read_pdf(tmp_path / "rules-en.pdf").pages[0]
    assert size(page) == pytest.approx((139.7 * MM, 215.9 * MM), abs=0.01)


def test_a_paper_that_is_no_booklet_paper_gets_a5_on_a4_and_says_so(tmp_path):
    """Booklets come on A4 (A5 pages) or Letter (half-Letter pages). With another --paper they are
    made on A4 as before, and a note, once however many booklets, says so: the user who chose the
    paper would otherwise find A4 sheets to print."""
    from conftest import run_cli

    result = run_cli("booklet", "--book", "all", "--lang", "en", "--paper", "200x280", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["note: rule booklets: A5 pages imposed on a4 sheets (booklets come on a4 "
                                          "or letter; --paper 200x280 is neither)"]
    assert size(read_pdf(tmp_path / "rules-en.pdf").pages[0]) == pytest.approx(A5, abs=0.01)
    sheet = read_pdf(tmp_path / "rules-classic-en-booklet.pdf").pages[0]
    assert sorted(size(sheet)) == pytest.approx(sorted((210 * MM, 297 * MM)), abs=0.01)
    assert run_cli("booklet", "--book", "open", "--lang", "en", "--paper", "letter", "--out", str(tmp_path / "l"))\
        .stderr == ""


def test_a_missing_glyph_is_an_error(tmp_path, monkeypatch):
    from generator.books.booklet import document
    from generator.rules import source

    real = source.load_rules

    def with_strange_character(lang, folder=None, book="open"):
        files = real(lang, folder, book)
        first = files[0]
        return [replace(first, markdown=first.markdown + " \u2603")] + files[1:]

    monkeypatch.setattr(document, "load_rules", with_strange_character)
    with pytest.raises(UserError, match="no glyph for \u2603"):
        write_booklet(booklet_spec("en", "a4", load_theme()), tmp_path / "x.pdf")
    assert not list(tmp_path.iterdir())


def _empty_foot_mm(page) -> float:
    """mm of the text frame left blank at the foot of a page (pdfium rendering)."""
    from generator.books.booklet.styles import MARGINS
    scale = 50 / 72
    image = page.render(scale=scale, grayscale=True).to_pil()
    per_mm = scale * MM
    frame = image.crop((int(MARGINS["inner"] * per_mm), int(MARGINS["top"] * per_mm),
                        image.width - int(MARGINS["inner"] * per_mm), image.height - int(MARGINS["bottom"] * per_mm)))
    box = frame.point(lambda v: 255 if v < 200 else 0).getbbox()
    return (frame.height - (box[3] if box else 0)) / per_mm


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_figures_float_so_pages_are_filled(default_kit, book, lang):
    """A page more than a third blank at its foot is the end of a chapter or game: the next page
    starts a new one. Figures that did not fit moved down past the text that follows them."""
    from generator.books.booklet.styles import MARGINS
    document = pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}.pdf")
    # Each page's text without the page number that pdfium reads first.
    texts = [re.sub(r"^\d+ ", "", " ".join(page.get_textpage().get_text_range().split())) for page in document]
    files = load_rules(lang, book=book)
    titles = [f.title for f in files]
    frame_height = 210 - MARGINS["top"] - MARGINS["bottom"]
    first_chapter = next(index for index, text in enumerate(texts) if text.startswith(titles[0]))
    blank_feet = 0
    for index in range(first_chapter, len(document) - 1):
        if _empty_foot_mm(document[index]) > frame_height / 3:
            blank_feet += 1
            following = texts[index + 1]
            assert any(title in following[:100] for title in titles) or index + 2 == len(document), \
                (lang, index + 1, following[:80])
    assert blank_feet < len(files) / 3


@pytest.mark.parametrize("book, lang", BOOKLETS)
def test_no_page_ends_on_a_heading(default_kit, book, lang):
    """A section's heading stands on the page of its first lines: never the last line of a page
    (Russian game 4's and 22's "Варианты" were, their lists a page of figure later)."""
    headings = {heading for f in load_rules(lang, book=book) for heading in f.sections}
    document = pypdfium2.PdfDocument(default_kit / f"{stem(book, lang)}.pdf")
    for index, page in enumerate(document):
        lines = [line.strip() for line in page.get_textpage().get_text_range().splitlines() if line.strip()]
        lines = [line for line in lines if not line.isdigit()]              # the page number
        assert not lines or lines[-1] not in headings, (index + 1, lines[-1])


def test_russian_booklets_name_the_sets_in_russian(default_kit):
    """The game facts name the sets as the Russian text does ("дубль-6"), not by their Latin ids."""
    for book in ("open", "classic"):
        text = " ".join(pdfium_texts(default_kit / f"{stem(book, 'ru')}.pdf"))
        assert "double-" not in text, book
    assert "Наборы: дубль-6 ·" in " ".join(text.split())


# --- the board figures, read from the printed page ------------------------------------------------

def _board_of_a_figure(pdf, index: int) -> dict:
    """A board figure as pdfium reads the page, in mm from the top-left.

    The cells are the shapes of the theme's board colours of the most common size: their left
    edges give the columns 1-8 from the left, their top edges the rows 8-1 from the top (the board
    as South sees it). A tile is a shape of the tile face colour in a box of 1 : 2; on it, drawn
    after it, its pips (small round shapes of the digit colour), counted in its top and bottom
    half, and its circle (a round shape of another colour, at its centre). Its arrow is the
    seven-cornered shape in the circle (pypdf's reading of the page): the head is the end where
    its two widest corners stand."""
    theme = load_toml(template_path("themes/classic.toml"))
    face, digit = rgb255(theme["tile"]["face"]["hex"]), rgb255(theme["tile"]["digit"]["hex"])
    board = {rgb255(theme["board"][key]["hex"]) for key in ("light", "dark")}
    shapes = filled_shapes(pdf, index)
    sizes = Counter((round(b[2] - b[0], 2), round(b[3] - b[1], 2)) for b, colour in shapes if colour in board)
    cell_size = sizes.most_common(1)[0][0]
    cells = [b for b, colour in shapes if colour in board and (round(b[2] - b[0], 2), round(b[3] - b[1], 2)) == cell_size]
    lefts = sorted({round(b[0], 1) for b in cells})
    tops = sorted({round(b[1], 1) for b in cells})
    assert len(cells) == 64 and len(lefts) == 8 and len(tops) == 8, (len(cells), lefts, tops)

    def cell_of(point):
        column = max(k for k, left in enumerate(lefts, start=1) if point[0] > left)
        row = 9 - max(k for k, top in enumerate(tops, start=1) if point[1] > top)
        return row, column

    tiles = {}
    for tile in tiles_drawn(shapes, face):
        tile_width = tile["box"][2] - tile["box"][0]
        tile.update(pips=[0, 0], circle=[])
        for box, centre, colour in tile["on"]:
            off_centre = math.dist(centre, tile["centre"]) > 0.25 * tile_width      # not the arrow
            if colour == digit and off_centre and max(box[2] - box[0], box[3] - box[1]) < tile_width / 2.5:
                tile["pips"][centre[1] > tile["centre"][1]] += 1            # a pip, or a dash (set C)
            elif (colour != digit and abs((box[2] - box[0]) - (box[3] - box[1])) < 0.05 * (box[2] - box[0])
                  and math.dist(centre, tile["centre"]) < 0.01 * tile_width):
                tile["circle"].append(colour)
        tiles[cell_of(tile["centre"])] = tile
    for middle, way in _arrows(pdf, index):
        owners = [tile for tile in tiles.values() if math.dist(middle, tile["centre"]) < 0.2 * (tile["box"][2] - tile["box"][0])]
        if owners:
            owners[0].setdefault("arrows", []).append(way)
    return {"tiles": tiles, "lefts": lefts, "tops": tops, "cell": (cell_size[0], cell_size[1]), "shapes": shapes}


def _arrows(pdf, index: int) -> list[tuple[tuple, str]]:
    """Each tile arrow a page draws, filled or hollow (a seven-cornered shape, as pypdf reads the
    page), in mm from the top-left: its centre and the way it points ("up", "down", "left" or
    "right" on the page). It lies along the longer side of its box; the head is the end where the
    corners stand farthest from that axis (the barbs)."""
    page = read_pdf(pdf).pages[index]
    height = float(page.mediabox.height)
    shapes = [[(x / MM, (height - y) / MM) for x, y in points] for points, _ in page_shapes(page).polygons
              if len(points) == 7]
    shapes += [[(x / MM, (height - y) / MM) for x, y in path.points[:7]] for path in stroked_paths(page)
               if len(path.points) in (7, 8) and path.closed]
    found = []
    for corners in shapes:
        middle = mean_point(corners)
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        along = 1 if max(ys) - min(ys) > max(xs) - min(xs) else 0       # the axis: 1 upright, 0 lying
        barbs = sorted(corners, key=lambda corner: abs(corner[1 - along] - middle[1 - along]))[-2:]
        ahead = mean_point(barbs)[along] > middle[along]
        # A true arrow: the same mirrored about its axis, its one corner on the axis the tip, at the head.
        span = max(max(xs) - min(xs), max(ys) - min(ys))
        axis = (max(xs) + min(xs)) / 2 if along else (max(ys) + min(ys)) / 2

        def mirrored(corner):
            return (2 * axis - corner[0], corner[1]) if along else (corner[0], 2 * axis - corner[1])

        assert all(min(math.dist(mirrored(c), d) for d in corners) < 0.02 * span for c in corners), corners
        tips = [c for c in corners if abs(c[1 - along] - axis) < 0.02 * span]
        assert len(tips) == 1 and tips[0][along] == (max if ahead else min)(c[along] for c in corners), corners
        found.append((middle, (("left", "right") if along == 0 else ("up", "down"))[ahead]))
    return found


OPEN_SETS = {name: load_toml(template_path(f"sets/{name}.toml")) for name in ("A", "B", "C")}


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_figure_shows_its_file(default_kit, lang):
    """The open booklet's position and layout figures, read from the printed PDF (see
    _board_of_a_figure), against their files in templates/figures/ and DESIGN.md: each cell holds
    the tile the file names there, its pips (set C: dashes) as South reads them (top / bottom), one arrow, pointing
    as its side's (group 1 on rows 8-7 down, group 2 on rows 2-1 up), in a circle of its set's
    colours (a magic layout's in its group's own); no other cell holds a tile. Around a magic
    layout, the sums printed are those of the pips read: each group's column sums above and below
    the board and the four-tile column sums under them, and each row's top and bottom sums right
    of it."""
    pdf = default_kit / f"rules-{lang}.pdf"
    theme = load_toml(template_path("themes/classic.toml"))
    files = [load_toml(path) for path in sorted(template_path("figures").glob("fig-*.toml"))]
    boards = [data for data in files if data["kind"] in ("position", "catalogue")]
    assert len(boards) == 11, [data["id"] for data in boards]
    for data in boards:
        index = caption_page(pdf, data["title"][lang])
        board = _board_of_a_figure(pdf, index)
        if data["kind"] == "position":
            sides = {row: side for side in data["side"] for row in side["rows"]}
        else:                     # a magic layout: group 1 on rows 8-7, arrows down; group 2 on 2-1, up
            sides = {row: {"set": data["set"], "arrow": "down" if row > 4 else "up", "group": 1 if row > 4 else 2}
                     for row in (8, 7, 2, 1)}
        wanted = {(int(row), column): tuple(int(n) for n in name.split("/"))
                  for row, names in data["rows"].items() for column, name in enumerate(names, start=1) if name}
        assert sorted(board["tiles"]) == sorted(wanted), data["id"]
        for cell, numbers in wanted.items():
            tile, side = board["tiles"][cell], sides[cell[0]]
            assert tuple(tile["pips"]) == numbers, (data["id"], cell, tile["pips"], numbers)
            left, top = board["lefts"][cell[1] - 1], board["tops"][8 - cell[0]]
            cell_centre = (left + board["cell"][0] / 2, top + board["cell"][1] / 2)
            assert math.dist(tile["centre"], cell_centre) < 0.01 * board["cell"][0], (data["id"], cell)   # centred
            assert tile.get("arrows") == [side["arrow"]], (data["id"], cell, tile.get("arrows"))
            groups = [side["group"]] if "group" in side else [1, 2]
            circles = [rgb255(theme[side["set"]][f"group{group}"]["circle"]["hex"]) for group in groups]
            assert len(tile["circle"]) == 1 and tile["circle"][0] in circles, (data["id"], cell, tile["circle"])
        if data["kind"] == "catalogue":
            _check_printed_sums(pdf, index, board, wanted)


def _check_printed_sums(pdf, index: int, board: dict, tiles: dict) -> None:
    """The numbers printed upright around the board, against sums of the pips read from it, and
    the arrow beside each row's sums."""
    page = read_pdf(pdf).pages[index]
    numbers = [(int(text), centre, box) for text, box, centre, up in printed_numbers(pdf, index, page)
               if abs(up[0]) < 0.01 and up[1] < 0]
    width, height = board["cell"]
    top, bottom = board["tops"][0], board["tops"][-1] + height
    right = board["lefts"][-1] + width

    def lines(chosen):
        """Lines of eight numbers, one over each column, from the top down."""
        found = []
        for value, centre, box in sorted(chosen, key=lambda number: number[1][1]):
            column = [k for k, left in enumerate(board["lefts"], start=1) if left < centre[0] < left + width]
            if column:
                if not found or centre[1] - found[-1][0] > 0.3:       # mm: a new line
                    found.append((centre[1], {}))
                found[-1][1][column[0]] = (value, centre[0], box)
        eights = [row for _, row in found if len(row) == 8]
        for row in eights:                  # each number of such a line centred over its column
            assert all(abs(x - (board["lefts"][c - 1] + width / 2)) < 0.02 * width for c, (_, x, _) in row.items()), row
        return [[row[c] for c in range(1, 9)] for row in eights]

    def column_sum(rows, column):
        return sum(sum(tiles[(row, column)]) for row in rows)

    arrows = _arrows(pdf, index)
    # Every sum stands on the figure's ground (the largest shape of the board's light colour).
    light = rgb255(load_toml(template_path("themes/classic.toml"))["board"]["light"]["hex"])
    ground = max((box for box, colour in board["shapes"] if colour == light), key=lambda box: (box[2] - box[0]) * (box[3] - box[1]))

    def on_ground(boxes):
        return all(box_holds(ground, box) for box in boxes)
    above = lines([n for n in numbers if n[1][1] < top])
    below = lines([n for n in numbers if n[1][1] > bottom])
    group1 = [column_sum((8, 7), c) for c in range(1, 9)]
    group2 = [column_sum((2, 1), c) for c in range(1, 9)]
    assert [value for value, _, _ in above[-1]] == group1, (above, group1)     # the line nearest the board
    assert [[value for value, _, _ in line] for line in below[-2:]] == [group2, [a + b for a, b in zip(group1, group2)]]
    assert on_ground(box for line in [above[-1], *below[-2:]] for _, _, box in line)
    assert [value for value, _, _ in below[0]] == list(range(1, 9)), below[0]      # the columns' notation
    sum_boxes = [box for line in [above[-1], *below] for _, _, box in line]
    for row, row_top in zip(range(8, 0, -1), board["tops"]):
        if row not in (8, 7, 2, 1):
            continue
        beside = sorted((centre[1], value, box) for value, centre, box in numbers
                        if centre[0] > right + 0.3 * width and row_top < centre[1] < row_top + height)
        wanted = (sum(tiles[(row, c)][0] for c in range(1, 9)), sum(tiles[(row, c)][1] for c in range(1, 9)))
        assert tuple(value for _, value, _ in beside[-2:]) == wanted, (row, beside, wanted)
        # The top digits' sum wholly in the row's upper half, the bottom digits' in its lower half.
        (_, _, upper), (_, _, lower) = beside[-2:]
        middle = row_top + height / 2
        assert row_top < upper[1] and upper[3] < middle < lower[1] and lower[3] < row_top + height, (row, beside)
        assert on_ground([upper, lower]), (row, ground)
        sum_boxes += [upper, lower]
        # Beside the sums, an arrow the way the row's tiles point: down on North's rows, up on South's.
        ways = [way for middle, way in arrows if middle[0] > right and row_top < middle[1] < row_top + height]
        assert ways == ["down" if row > 4 else "up"], (row, ways)
    # Every sum, and the notation, set at 6 pt or more, the least a reader should be asked to read
    # in print: PT Sans's digits stand 0.70 em tall, so 1.48 mm at 6 pt (the sums were 1.08 mm,
    # 4.4 pt, on A5, and the notation 5.2 pt).
    assert min(box[3] - box[1] for box in sum_boxes) >= 0.70 * 6 * 25.4 / 72, sorted(box[3] - box[1] for box in sum_boxes)[:3]


@pytest.mark.parametrize("lang", LANGS)
def test_every_numbering_figure_numbers_the_cells_as_its_file(default_kit, lang):
    """The cell orders (a snake, row by row, column by column): each of the 64 cells shows, upright
    and at its centre, the number the figure file gives it."""
    pdf = default_kit / f"rules-{lang}.pdf"
    files = [load_toml(path) for path in sorted(template_path("figures").glob("fig-*.toml"))]
    numberings = [data for data in files if data["kind"] == "numbering"]
    assert len(numberings) == 3
    for data in numberings:
        index = caption_page(pdf, data["title"][lang])
        board = _board_of_a_figure(pdf, index)
        width, height = board["cell"]
        shown = {}
        for text, _, centre, up in printed_numbers(pdf, index, read_pdf(pdf).pages[index]):
            for column, left in enumerate(board["lefts"], start=1):
                for row, top in zip(range(8, 0, -1), board["tops"]):
                    if in_box(centre, (left, top, left + width, top + height)):
                        assert abs(up[0]) < 1e-6 and up[1] < 0, (data["id"], text, up)      # upright
                        assert math.dist(centre, (left + width / 2, top + height / 2)) < 0.1 * width, (data["id"], text)
                        assert (row, column) not in shown, (data["id"], row, column)
                        shown[(row, column)] = int(text)
        wanted = {(int(row), column): number for row, numbers in data["rows"].items()
                  for column, number in enumerate(numbers, start=1)}
        assert shown == wanted, data["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_across_figure_lays_each_players_tiles_across_their_start_columns(default_kit, lang):
    """Fig. 6 (across play), against its file and the games it is drawn for: each start row of
    across cells r is the pair of columns 2r - 1 and 2r; its 16 tiles lie across it, two to a
    board row, each spanning both columns; an arrow "up" points away from across row 1, to the
    right of the page, "down" to the left. No tile lies anywhere else."""
    pdf = default_kit / f"rules-{lang}.pdf"
    data = load_toml(template_path("figures/fig-6.toml"))
    index = caption_page(pdf, data["title"][lang])
    board = _board_of_a_figure(pdf, index)
    width, height = board["cell"]
    face = rgb255(load_toml(template_path("themes/classic.toml"))["tile"]["face"]["hex"])
    lying = [box for box, colour in board["shapes"] if colour == face and box[2] - box[0] > 1.5 * width]
    arrows = _arrows(pdf, index)
    assert len(lying) == 16 * len(data["start"]) == len(arrows)
    for start in data["start"]:
        first = board["lefts"][2 * start["row"] - 2]
        mine = sorted((box for box in lying if first < (box[0] + box[2]) / 2 < first + 2 * width), key=lambda box: box[1])
        assert len(mine) == 16, (start, len(mine))
        for k, box in enumerate(mine):
            row_top = board["tops"][k // 2] + (k % 2) * height / 2            # its half of its board row
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            # Centred on the two columns and in its half row, filling both but for the clearance.
            assert math.dist(centre, (first + width, row_top + height / 4)) < 0.01 * width, (box, row_top)
            assert box[2] - box[0] > 0.9 * 2 * width and box[3] - box[1] > 0.85 * height / 2, box
            assert first < box[0] and box[2] < first + 2 * width and row_top < box[1] and box[3] < row_top + height / 2
            ways = [way for middle, way in arrows if math.dist(middle, centre) < 0.1 * width]
            assert ways == ["right" if start["arrow"] == "up" else "left"], (start, box, ways)
            # Its circle at its centre, inside it.
            rounds = [shape for shape, colour in board["shapes"] if colour != face and in_box(mean_point(box_corners(shape)), box)
                      and math.dist(mean_point(box_corners(shape)), centre) < 0.01 * width
                      and abs((shape[2] - shape[0]) - (shape[3] - shape[1])) < 0.05 * (shape[2] - shape[0])]
            assert len(rounds) == 1 and box_holds(box, rounds[0]), (box, rounds)
