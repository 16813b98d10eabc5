"""The books' figures as inline SVG: each drawn once from the same figure data as the booklets, in
the build's theme, and its markup reused by every page and e-book that shows it.

The markup holds no words of either language: its accessible name is the figure's caption
(aria-labelledby), which the page sets beside it in the page's language. Clip ids start with the
figure's id, so several figures can share a page.
"""

from generator.art.figure import figure_drawing
from generator.colour.theme import Theme
from generator.model.figures import figure as figure_by_id
from generator.writers.svg import SVG_NAMESPACE, number, svg_element


def caption_id(figure_id: str) -> str:
    return f"{figure_id}-caption"


class FigureArt:
    """Figure id -> its <svg> element, drawn on first use."""

    def __init__(self, theme: Theme):
        self.theme = theme
        self.markup: dict[str, str] = {}

    def svg(self, figure_id: str) -> str:
        if figure_id not in self.markup:
            drawing = figure_drawing(figure_by_id(figure_id), self.theme)
            # width and height give the figure its proportions; the style sheet scales it to the page.
            attributes = {"xmlns": SVG_NAMESPACE, "class": "drawing", "role": "img",
                          "aria-labelledby": caption_id(figure_id),
                          "width": number(drawing.width), "height": number(drawing.height)}
            self.markup[figure_id] = svg_element(drawing, attributes, id_prefix=f"{figure_id}-")
        return self.markup[figure_id]
