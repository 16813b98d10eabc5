"""Setup cards: each set's magic starting layout on the board, with its sums, one page per set."""

from generator.art.figure import figure_drawing
from generator.art.sheet_marks import caption
from generator.colour.theme import Theme
from generator.imposition.paper import Paper
from generator.model.figures import figure_from_set
from generator.model.texts import sheet_text
from generator.model.tiles import TileSet
from generator.scene.drawing import Drawing, Group, Transform
from generator.scene.line_breaks import fitted_lines
from generator.words import grouped

MARGIN = 12.0
TITLE_SIZE, SMALLEST_TITLE = 6.0, 4.0     # mm; a title one line would set smaller is broken into lines
HINT_SIZE, SMALLEST_HINT = 3.2, 2.8       # the same for the hint under it (8 pt: small print reads)
SPACING = 8.0                             # mm from the title's baseline to the hint's, and from there to the figure


def setup_card(tile_set: TileSet, theme: Theme, paper: Paper, lang: str = "en", number: int | None = None) -> Drawing:
    """The set's starting layout as it stands in tile_set; `number` names a layout of the catalogue."""
    page = Drawing(paper.width, paper.height)
    ink = theme.colour("sheet.text")
    title = (sheet_text(lang, "setup_title", set_name=tile_set.name) if number is None
             else sheet_text(lang, "setup_title_numbered", set_name=tile_set.name, number=grouped(number, lang)))
    hint = sheet_text(lang, "setup_hint")
    free_w = paper.width - 2 * MARGIN
    y = MARGIN + 6.0
    for text, size, smallest in ((title, TITLE_SIZE, SMALLEST_TITLE), (hint, HINT_SIZE, SMALLEST_HINT)):
        size, lines = fitted_lines(text, "sans", size, smallest, free_w)
        for row, line in enumerate(lines):
            page.add(caption(paper.width / 2, y + row * size * 1.3, line, ink, "middle", size))
        y += (len(lines) - 1) * size * 1.3 + SPACING
    free_h = paper.height - MARGIN - y
    art = figure_drawing(figure_from_set(tile_set), theme)
    scale = min(free_w / art.width, free_h / art.height)
    x = (paper.width - art.width * scale) / 2
    y += (free_h - art.height * scale) / 2
    page.add(Group(tuple(art.items), Transform(scale, 0, 0, scale, x, y)))
    return page
