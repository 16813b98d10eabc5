"""The drawing on a book's cover, the printed booklet's and the e-book's: the kit's own tiles, set
A's magic layout on its board for Open Domino, a line of play around a spinner for the classic games."""

from generator.art.figure import figure_drawing
from generator.colour.theme import Theme
from generator.model.figures import figure as figure_by_id
from generator.scene.drawing import Drawing

COVER_FIGURES = {"open": "fig-1a", "classic": "line-spinner"}


def cover_figure(book: str, theme: Theme) -> Drawing:
    return figure_drawing(figure_by_id(COVER_FIGURES[book]), theme, with_sums=False)
