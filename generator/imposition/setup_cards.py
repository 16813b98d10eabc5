"""Setup cards: each set's magic starting layout on the board, with its sums, one page per set."""

from generator.art.figure import figure_drawing
from generator.art.sheet_marks import caption
from generator.colour.theme import Theme
from generator.imposition.paper import Paper
from generator.model.figures import figure_from_set
from generator.model.texts import sheet_text
from generator.model.tiles import TileSet
from generator.scene.drawing import Drawing, Group, Transform
from generator.scene.fonts import fitting_size
from generator.words import grouped

MARGIN = 12.0
TITLE_SPACE = 22.0


def setup_card(tile_set: TileSet, theme: Theme, paper: Paper, lang: str = "en", number: int | None = None) -> Drawing:
    """The set's starting layout as it stands in tile_set; `number` names a layout of the catalogue."""
    page = Drawing(paper.width, paper.height)
    ink = theme.colour("sheet.text")
    title = (sheet_text(lang, "setup_title", set_name=tile_set.name) if number is None
             else sheet_text(lang, "setup_title_numbered", set_name=tile_set.name, number=grouped(number, lang)))
    hint = sheet_text(lang, "setup_hint")
    free_w, free_h = paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - TITLE_SPACE
    # each line shrinks to the width between the margins: a longer language or narrower paper stays on the page
    page.add(caption(paper.width / 2, MARGIN + 6, title, ink, "middle", min(6.0, fitting_size("sans", title, free_w))))
    page.add(caption(paper.width / 2, MARGIN + 14, hint, ink, "middle", min(3.2, fitting_size("sans", hint, free_w))))
    art = figure_drawing(figure_from_set(tile_set), theme)
    scale = min(free_w / art.width, free_h / art.height)
    x = (paper.width - art.width * scale) / 2
    y = MARGIN + TITLE_SPACE + (free_h - art.height * scale) / 2
    page.add(Group(tuple(art.items), Transform(scale, 0, 0, scale, x, y)))
    return page
