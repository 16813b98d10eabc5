"""The Mexican Train's pieces on paper: the hub and the eight train markers, with cut lines.

Home: one page of the kit's paper, the hub above and the markers in two rows below it, each with
a dashed cut line along its edge, a caption and the 50 mm scale bar. Print shop: one page of
exactly the pieces with bleed, every piece's edge a die line in the spot colour CutContour, crop
marks at the box around them all (generator/imposition/shop_sheets.py).
"""

from generator.art.mexican_train import MARKER_SIZE, SLOTS, hub_drawing, hub_radius, marker_drawing
from generator.art.sheet_marks import CUT_DASH, CUT_WIDTH, caption, scale_bar
from generator.colour.values import CUT_CONTOUR, DIE_LINE_WIDTH
from generator.errors import UserError
from generator.imposition.paper import Paper, papers_smallest_first
from generator.model.texts import sheet_text
from generator.scene.drawing import Circle, Drawing, Style, placed
from generator.words import _

MARGIN = 10.0            # mm from the paper's edge
GAP = 6.0                # mm between pieces
HEADER, FOOTER = 14.0, 16.0
MARKER_COLUMNS = 4


def _layout(size, clearance: float, bleed: float) -> tuple[float, float, list[tuple[str, float, float, float]]]:
    """Width and height of the pieces' area and each piece: (what, centre x, centre y, radius)."""
    radius = hub_radius(size, clearance)
    step = MARKER_SIZE + GAP + 2 * bleed
    width = max(2 * radius, MARKER_COLUMNS * step - GAP) + 2 * bleed
    pieces = [("hub", width / 2, radius + bleed, radius)]
    top = 2 * radius + 2 * bleed + GAP
    left = (width - (MARKER_COLUMNS * step - GAP)) / 2
    for number in range(1, SLOTS + 1):
        row, column = divmod(number - 1, MARKER_COLUMNS)
        pieces.append((str(number), left + column * step + step / 2 - GAP / 2,
                       top + row * step + MARKER_SIZE / 2 + bleed, MARKER_SIZE / 2))
    height = top + (SLOTS // MARKER_COLUMNS) * step - GAP
    return width, height, pieces


def _pieces(theme, size, clearance: float, x0: float, y0: float, bleed: float, pieces) -> list:
    items = []
    for what, cx, cy, radius in pieces:
        # The hub's own edge is left out: the sheet's dashed cut line is its edge (drawn over a solid
        # ring, the dashes could not be seen, though the title says to cut along them).
        art = (hub_drawing(theme, size, bleed, clearance, outline=False) if what == "hub"
               else marker_drawing(theme, int(what), bleed))
        items.append(placed(art, x0 + cx - art.width / 2, y0 + cy - art.height / 2))
    return items


def token_page(theme, size, clearance: float, paper: Paper, lang: str = "en") -> Drawing:
    """The home page; a UserError when the hub is too large for the paper. The hub's slots are
    `clearance` mm larger than a tile, as the board's cells."""
    width, height, pieces = _layout(size, clearance, 0.0)
    if not _holds(paper, width, height):
        raise UserError(_too_small(paper, size, clearance, width, height))
    portrait = paper if paper.is_portrait else paper.turned()
    page = Drawing(portrait.width, portrait.height)
    x0, y0 = (page.width - width) / 2, HEADER + (page.height - HEADER - FOOTER - height) / 2
    page.add(*_pieces(theme, size, clearance, x0, y0, 0.0, pieces))
    cut = Style(stroke=theme.colour("sheet.cut_line"), stroke_width=CUT_WIDTH, dash=CUT_DASH)
    page.add(*(Circle(x0 + cx, y0 + cy, radius, cut) for _, cx, cy, radius in pieces))
    ink = theme.colour("sheet.text")
    page.add(caption(page.width / 2, y0 - 5, sheet_text(lang, "tokens_title"), ink, size=3.2))
    page.add(*scale_bar((page.width - 50.0) / 2, y0 + height + 6, ink, sheet_text(lang, "scale")))
    return page


def _holds(paper: Paper, width: float, height: float) -> bool:
    """Whether the pieces' area fits the paper, upright, inside its margins, header and footer."""
    portrait = paper if paper.is_portrait else paper.turned()
    return width <= portrait.width - 2 * MARGIN and height <= portrait.height - 2 * MARGIN - HEADER - FOOTER


def _too_small(paper: Paper, size, clearance: float, width: float, height: float) -> str:
    """The note for a paper that cannot hold the hub: the smallest of the kit's papers that can, if any."""
    said = _("the Mexican Train hub for {size} mm tiles ({across:.0f} mm across) does not fit {name}").format(
        size=size, across=2 * hub_radius(size, clearance), name=paper.name)
    holders = [key for key, known in papers_smallest_first() if _holds(known, width, height)]
    if holders:
        return said + "; " + _("use --paper {key} or smaller tiles").format(key=holders[0])
    return said + "; " + _("no paper the kit knows holds it (A3 at most): use smaller tiles or --paper WIDTHxHEIGHT")


def shop_token_page(theme, size, clearance: float, bleed: float, margin: float) -> tuple[Drawing, list]:
    """The print-shop page of the pieces: bleed, die lines; returns it and the pieces' trim boxes."""
    width, height, pieces = _layout(size, clearance, bleed)
    page = Drawing(width + 2 * margin, height + 2 * margin)
    page.add(*_pieces(theme, size, clearance, margin, margin, bleed, pieces))
    die = Style(stroke=CUT_CONTOUR, stroke_width=DIE_LINE_WIDTH)
    page.add(*(Circle(margin + cx, margin + cy, radius, die) for _, cx, cy, radius in pieces))
    trims = [(margin + cx - radius, margin + cy - radius, 2 * radius, 2 * radius) for _, cx, cy, radius in pieces]
    return page, trims
