"""Where a folding box's pieces go: on home sheets of the user's paper, or on print-shop pages.

Home: as many pieces as fit on a sheet, in rows, the sheet portrait or landscape, whichever holds
them; the pieces that do not fit go on the next sheet (the tray on one, the lid on the other),
and the note names a paper that holds the whole box on one sheet. A piece that fits no sheet of
the paper, even alone, is an error naming a paper that holds it. Each sheet has the box's title
and how to make it above the pieces, and a legend of the lines and the 50 mm scale bar below.

Shop: one page per piece, its art to the bleed, its die line in the spot colour CutContour drawn
last as a form XObject of its own, crop marks at the piece's box, TrimBox and BleedBox
(generator/imposition/shop_sheets.py). PDF/X-1a has no layers (optional content came with PDF
1.5; PDF/X-4 is the first PDF/X to allow it), so the die line is kept apart this way.
"""

from msgspec import Struct

from generator.art.box_art import (
    die_line,
    glue_marks,
    home_die_style,
    piece_drawing,
    shop_die_style,
)
from generator.art.box_lid import printed_art
from generator.art.box_net import Net, divider_places, folding_pieces
from generator.art.sheet_marks import SCALE_BAR_LENGTH, scale_bar
from generator.errors import UserError
from generator.imposition.paper import PAPERS, Paper, papers_smallest_first
from generator.imposition.shop_sheets import bounds, crop_marks, mark_margin
from generator.model.texts import sheet_text
from generator.scene.drawing import Drawing, Group, Line, Path, Style, Text, placed, translate
from generator.scene.fonts import fitting_size, text_width
from generator.words import _

LEGEND_SAMPLE = 9.0         # mm: the length of a line in the legend
LEGEND_SIZE = 2.8           # mm: the legend's words and the line that says the box's inside
SMALLEST_LABEL = 2.2        # mm: that line shrinks to this before it breaks in two


class Piece(Struct, frozen=True):
    name: str               # "tray", "lid", "divider"
    net: Net
    drawing: Drawing        # the piece with its bleed on every side
    bleed: float


def piece_sizes(box, numbers, bleed: float) -> list[tuple[str, float, float]]:
    """(name, width, height) of every piece with its bleed: what the sheets are planned from,
    before anything is drawn."""
    card = numbers.card
    return [(name, net.width + 2 * bleed, net.height + 2 * bleed)
            for name, net in folding_pieces(box, card.glue_tab, card.glue_tab_taper)]


def box_pieces(box, numbers, theme, lid, bottom: list[str], bleed: float, lang: str, shop: bool) -> list[Piece]:
    """Every piece of a folding box drawn: its colour, its art, its glue tabs (marked at home) and
    its die line (CutContour, in a form of its own, for a shop)."""
    card = numbers.card
    body = theme.colour("back.background")
    pieces = []
    for name, net in folding_pieces(box, card.glue_tab, card.glue_tab_taper):
        if shop:
            # A group with a shared extent is written as a form XObject of its own (generator/writers/pdf.py):
            # the die line apart from the art, drawn after it.
            extent = (-1.0, -1.0, net.width + 1.0, net.height + 1.0)
            die, marks = [Group(tuple(die_line(net, shop_die_style())), shared_extent=extent)], []
        else:
            die = die_line(net, home_die_style(theme.colour("sheet.text")))
            marks = glue_marks(net, theme.colour("sheet.cut_line"), sheet_text(lang, "box_glue"))
        printed = printed_art(name, net, lid, bottom, divider_places(box))
        drawing = piece_drawing(net, body, bleed, card.wrap, printed, marks, die)
        pieces.append(Piece(name, net, drawing, bleed))
    return pieces


# --- home sheets -----------------------------------------------------------------------------

def _rows(sizes: list[tuple[float, float]], width: float, height: float, gap: float) -> list | None:
    """Top-left corners of boxes of `sizes` laid in rows within width x height, or None."""
    corners, x, y, row = [], 0.0, 0.0, 0.0
    for w, h in sizes:
        if w > width + 1e-6:
            return None
        if x and x + w > width + 1e-6:
            x, y, row = 0.0, y + row + gap, 0.0
        corners.append((x, y))
        x, row = x + w + gap, max(row, h)
    return corners if y + row <= height + 1e-6 else None


def _area(paper: Paper, numbers) -> tuple[float, float]:
    sheet = numbers.sheet
    return paper.width - 2 * sheet.margin, paper.height - 2 * sheet.margin - sheet.header - sheet.footer


def _one_sheet(sizes, paper: Paper, numbers) -> tuple[Paper, list] | None:
    """The paper turned whichever way holds all `sizes` (portrait first), and their corners."""
    for turned in (paper if paper.is_portrait else paper.turned(), paper.turned() if paper.is_portrait else paper):
        corners = _rows(sizes, *_area(turned, numbers), numbers.sheet.gap)
        if corners is not None:
            return turned, corners
    return None


def paper_for_one_sheet(pieces: list[tuple[str, float, float]], numbers, besides: str = "") -> Paper | None:
    """The smallest of the kit's papers (Letter, A4, A3) that holds every piece on one sheet."""
    sizes = [(w, h) for name, w, h in pieces]
    for key, paper in papers_smallest_first():
        if key != besides and _one_sheet(sizes, paper, numbers) is not None:
            return paper
    return None


def fits_paper(pieces: list[tuple[str, float, float]], paper: Paper, numbers) -> bool:
    """Whether each piece fits a sheet of `paper` (on one sheet or several)."""
    return all(_one_sheet([(w, h)], paper, numbers) is not None for _, w, h in pieces)


def plan_sheets(pieces: list[tuple[str, float, float]], paper: Paper, numbers, what: str,
                other_stacks=lambda: None) -> list[tuple[Paper, list[tuple[int, tuple]]]]:
    """Sheets of `paper` for pieces (name, width, height), each sheet (the paper turned as needed,
    [(piece index, corner)]), the pieces in order, as many to a sheet as fit. `what` names the box
    in an error; `other_stacks()`, asked only then, the advice of a number of stacks that fits."""
    sizes = [(w, h) for name, w, h in pieces]
    sheets, start = [], 0
    while start < len(pieces):
        end = start + 1
        if _one_sheet(sizes[start:end], paper, numbers) is None:
            raise UserError(_too_large(pieces[start], paper, numbers, what, other_stacks))
        while end < len(pieces) and _one_sheet(sizes[start:end + 1], paper, numbers):
            end += 1
        turned, corners = _one_sheet(sizes[start:end], paper, numbers)
        sheets.append((turned, list(zip(range(start, end), corners))))
        start = end
    return sheets


def _too_large(piece: tuple[str, float, float], paper: Paper, numbers, what: str, other_stacks) -> str:
    name, width, height = piece
    holder = paper_for_one_sheet([piece], numbers)
    piece_name = {"tray": _("the tray"), "lid": _("the lid"), "divider": _("a divider")}[name]
    said = _("{piece} of {what} ({w:.0f} × {h:.0f} mm flat) does not fit {paper}, even turned").format(
        piece=piece_name, what=what, w=width, h=height, paper=paper.name)
    if holder is not None:
        return said + "; " + _("use --paper {key} or a larger paper").format(key=_paper_key(holder))
    # More stacks make a tray wider and its walls lower, fewer make it narrower and taller: which
    # way helps depends on the box, so the advice is a number that fits, if one does.
    advice = other_stacks()
    return said + "; " + _("it is larger than every paper the kit knows (A3 at most): use {advice}").format(
        advice=advice or _("--paper WIDTHxHEIGHT or smaller tiles"))


def _paper_key(paper: Paper) -> str:
    return next(key for key, known in PAPERS.items() if known == paper)


def split_note(pieces: list[tuple[str, float, float]], sheets: list, paper_key: str, numbers,
               file_name: str) -> str | None:
    """When a box takes several sheets: a line that says which paper would hold it on one."""
    if len(sheets) < 2:
        return None
    holder = paper_for_one_sheet(pieces, numbers, besides=paper_key)
    said = _("{file}: the box's pieces take {count} sheets of {paper}").format(
        file=file_name, count=len(sheets), paper=sheets[0][0].name)
    if holder is None:
        return said + "; " + _("no paper up to A3 holds them on one sheet")
    return said + "; " + _("{paper} holds them on one sheet (--paper {key})").format(
        paper=holder.name, key=_paper_key(holder))


def _legend(x: float, y: float, theme, lang: str) -> tuple[list, float]:
    """Samples of the three marks, each with its word: cut, fold, glue; and the x where they end."""
    ink, grey = theme.colour("sheet.text"), theme.colour("sheet.cut_line")
    die = home_die_style(ink)
    items = []
    for style, key in ((die.cut, "box_legend_cut"), (die.fold, "box_legend_fold"), (None, "box_legend_glue")):
        if style is None:
            corners = ((x, y - 2.0), (x + LEGEND_SAMPLE, y - 2.0), (x + LEGEND_SAMPLE, y + 1.0), (x, y + 1.0))
            hatch = [Line(x + d, y - 2.0, x + d - 3.0, y + 1.0, Style(stroke=grey, stroke_width=0.15))
                     for d in (1.5, 3.0, 4.5, 6.0, 7.5, 9.0, 10.5)]
            items.append(Group(tuple(hatch), clip=Path(corners[0], corners[1:], Style())))
        else:
            items.append(Line(x, y - 0.5, x + LEGEND_SAMPLE, y - 0.5, style))
        label = sheet_text(lang, key)
        items.append(Text(x + LEGEND_SAMPLE + 2.0, y + 0.5, label, LEGEND_SIZE, ink, "sans", "start"))
        x += LEGEND_SAMPLE + 2.0 + text_width("sans", label, LEGEND_SIZE) + 6.0
    return items, x - 6.0


def _sheet_label(label: str, left: float, right: float, legend_end: float, foot: float, ink) -> list:
    """The line that says the box's inside and the sheet, at the right of the foot: beside the
    legend where there is room, else under it, right of the scale bar, shrunk or in two lines (on
    narrow paper the two ran into each other)."""
    if text_width("sans", label, LEGEND_SIZE) <= right - legend_end - 4.0:
        return [Text(right, foot + 6.5, label, LEGEND_SIZE, ink, "sans", "end")]
    width = right - (left + SCALE_BAR_LENGTH + 6.0)
    lines = [label]
    if fitting_size("sans", label, width) < SMALLEST_LABEL:     # broken where a " · " parts its facts
        lines = []
        for part in label.split(" · "):
            if lines and text_width("sans", f"{lines[-1]} · {part}", LEGEND_SIZE) <= width:
                lines[-1] += f" · {part}"
            else:
                lines.append(part)
    size = min([LEGEND_SIZE] + [fitting_size("sans", line, width) for line in lines])
    return [Text(right, foot + 12.5 + index * size * 1.3, line, size, ink, "sans", "end")
            for index, line in enumerate(lines)]


def home_sheets(pieces: list[Piece], plan: list, numbers, theme, lang: str, title: str,
                inside_line: str) -> list[Drawing]:
    """The pages to print, as plan_sheets planned them."""
    sheet = numbers.sheet
    ink = theme.colour("sheet.text")
    header = sheet_text(lang, "box_header", title=title)
    howto = sheet_text(lang, "box_howto")
    pages = []
    for number, (turned, placed_pieces) in enumerate(plan, start=1):
        page = Drawing(turned.width, turned.height)
        width, height = _area(turned, numbers)
        used_w = max(corner[0] + pieces[i].drawing.width for i, corner in placed_pieces)
        used_h = max(corner[1] + pieces[i].drawing.height for i, corner in placed_pieces)
        left = sheet.margin + (width - used_w) / 2
        top = sheet.margin + sheet.header + (height - used_h) / 2
        for index, (x, y) in placed_pieces:
            page.add(placed(pieces[index].drawing, left + x, top + y))
        line = turned.width - 2 * sheet.margin
        page.add(Text(sheet.margin, sheet.margin + 4.0, header, min(4.0, fitting_size("sans-bold", header, line)),
                      ink, "sans-bold", "start"))
        page.add(Text(sheet.margin, sheet.margin + 9.0, howto, min(2.8, fitting_size("sans", howto, line)),
                      ink, "sans", "start"))
        foot = turned.height - sheet.margin - sheet.footer
        legend, legend_end = _legend(sheet.margin, foot + 6.0, theme, lang)
        page.add(*legend)
        parts = ", ".join(sheet_text(lang, f"box_{pieces[i].name}") for i, corner in placed_pieces)
        label = inside_line if len(plan) == 1 else (
            f"{inside_line} · " + sheet_text(lang, "box_part", piece=parts, number=number, count=len(plan)))
        page.add(*_sheet_label(label, sheet.margin, turned.width - sheet.margin, legend_end, foot, ink))
        page.add(*scale_bar(sheet.margin, foot + 13.0, ink, sheet_text(lang, "scale_short")))
        pages.append(page)
    return pages


# --- print-shop pages ------------------------------------------------------------------------

def shop_pages(pieces: list[Piece], marks: str) -> list[Drawing]:
    """One page per piece: the piece with its bleed, crop marks around its box, TrimBox, BleedBox."""
    margin = mark_margin(marks)
    pages = []
    for piece in pieces:
        page = Drawing(piece.drawing.width + 2 * margin, piece.drawing.height + 2 * margin)
        page.add(Group(tuple(piece.drawing.items), translate(margin, margin)))
        trim = (margin + piece.bleed, margin + piece.bleed, piece.net.width, piece.net.height)
        if marks == "crop":
            page.add(*crop_marks([trim], piece.bleed, page))
        page.trim = trim
        page.bleed = bounds([trim], piece.bleed)
        pages.append(page)
    return pages
