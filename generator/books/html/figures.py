"""The books' figures as inline SVG: each drawn once from the same figure data as the booklets, in
the build's theme, and its markup reused by every page and e-book that shows it.

The markup holds no words of either language: its accessible name is the figure's caption
(aria-labelledby), which the page sets beside it in the page's language. Clip ids start with the
figure's id, so several figures can share a page.

On a phone a figure's smallest numbers (a magic layout's sums, the Mexican Train hub's slots) are
too small to read at the column's width, so the web site lets a reader open each figure large:
as wide as makes its smallest text LARGE_TEXT_PX, scrolled in both directions. An e-book shows
each figure as an image instead, which e-readers let a reader zoom.
"""

from collections import defaultdict
from itertools import groupby
import math

from generator.art.figure import figure_drawing
from generator.books.texts import booklet_text
from generator.colour.theme import Theme
from generator.model.figures import figure as figure_by_id
from generator.scene.drawing import text_sizes
from generator.writers.svg import SVG_NAMESPACE, number, svg_element

LARGE_TEXT_PX = 12      # CSS px of a figure's smallest text when opened large: small print on a phone


def caption_id(figure_id: str) -> str:
    return f"{figure_id}-caption"


def tiles_id(figure_id: str) -> str:
    """The id of the text that tells a figure's tiles to a reader who cannot see the drawing."""
    return f"{figure_id}-tiles"


def tiles_description(figure, lang: str, book: str = "open") -> list[str]:
    """For a screen reader, the drawing's tiles in words: a line that says how a tile is written,
    then each row's tiles from row 8 down, with their set and the way their arrows point (a full
    row in column order, else each with its column). [] for a figure without tiles."""
    if not figure.placements:
        return []
    rows = defaultdict(list)
    for placed in figure.placements:
        rows[placed.row].append(placed)
    lines = [booklet_text(lang, "figure_tiles", book)]
    for row in sorted(rows, reverse=True):
        in_row = sorted(rows[row], key=lambda placed: placed.column)
        for (set_name, arrow), run in groupby(in_row, key=lambda placed: (placed.set_name, placed.arrow)):
            run = list(run)
            names = [f"{placed.top}/{placed.bottom}" for placed in run]
            if len(run) < 8:
                names = [booklet_text(lang, "figure_tile_in_column", book, tile=name, column=placed.column)
                         for name, placed in zip(names, run)]
            lines.append(booklet_text(lang, "figure_tiles_row", book, row=row, set_name=set_name,
                                      way=booklet_text(lang, f"arrow_{arrow}", book), tiles=", ".join(names)))
    return lines


def large_id(figure_id: str) -> str:
    """The id of the frame that shows the figure large while the address ends in it (CSS :target)."""
    return f"{figure_id}-large"


def image_href(figure_id: str) -> str:
    """Where an e-book keeps the figure's image, from the package's folder."""
    return f"figures/{figure_id}.svg"


class FigureArt:
    """Figure id -> its <svg> element, or its image for an e-book, drawn on first use, and the width
    it is opened large at."""

    def __init__(self, theme: Theme):
        self.theme = theme
        self.drawings: dict = {}
        self.markup: dict[str, str] = {}
        self.images: dict[str, bytes] = {}
        self.large_widths: dict[str, int] = {}

    def drawing(self, figure_id: str):
        if figure_id not in self.drawings:
            self.drawings[figure_id] = figure_drawing(figure_by_id(figure_id), self.theme)
        return self.drawings[figure_id]

    def svg(self, figure_id: str) -> str:
        if figure_id not in self.markup:
            drawing = self.drawing(figure_id)
            # width and height give the figure its proportions; the style sheet scales it to the page.
            attributes = {"xmlns": SVG_NAMESPACE, "class": "drawing", "role": "img",
                          "aria-labelledby": caption_id(figure_id),
                          "width": number(drawing.width), "height": number(drawing.height)}
            if figure_by_id(figure_id).placements:      # its tiles told in words beside it (tiles_description)
                attributes["aria-describedby"] = tiles_id(figure_id)
            self.markup[figure_id] = svg_element(drawing, attributes, id_prefix=f"{figure_id}-")
            smallest = min(text_sizes(drawing.items), default=None)
            self.large_widths[figure_id] = math.ceil(drawing.width * LARGE_TEXT_PX / smallest) if smallest else 0
        return self.markup[figure_id]

    def image(self, figure_id: str) -> bytes:
        """The figure as an SVG file for an e-book: an image, which e-readers zoom (they do not zoom
        inline SVG, and a figure's smallest numbers need it on a phone), its text as outlines
        since an image cannot use the book's fonts. Sized in mm, so a reader knows its proportions."""
        if figure_id not in self.images:
            drawing = self.drawing(figure_id)
            attributes = {"xmlns": SVG_NAMESPACE, "width": f"{number(drawing.width)}mm",
                          "height": f"{number(drawing.height)}mm"}
            element = svg_element(drawing, attributes, id_prefix=f"{figure_id}-", outline_text=True)
            self.images[figure_id] = f'<?xml version="1.0" encoding="utf-8"?>\n{element}\n'.encode("utf-8")
        return self.images[figure_id]

    def large_width(self, figure_id: str) -> int:
        """CSS px: the width that sets the figure's smallest text at LARGE_TEXT_PX (0: it has none)."""
        self.svg(figure_id)
        return self.large_widths[figure_id]
