"""Each part's text as HTML, its figures in place: rendered once and carried by the web page and
the e-book page alike.

The two name a part's file differently (the site "open-game-04.ru.html", an e-book
"open-game-04.xhtml"), so a link to a figure on another part is rendered with FILE_ENDING in place
of the file name's ending, and each fills in its own (with_endings).
"""

from generator.books.captions import figure_caption
from generator.books.html.contents import BookText, Part
from generator.books.html.figures import FigureArt, caption_id
from generator.books.html.markdown_html import rules_html
from generator.books.html.templates import markup, render
from generator.model.figures import figure as figure_by_id

FILE_ENDING = "\x00"      # cannot occur in the rules' HTML: markdown-it turns NUL into U+FFFD


def part_bodies(book: BookText, art: FigureArt) -> dict[str, str]:
    """Part key -> the HTML of its text, links to other parts ending in FILE_ENDING."""
    return {part.key: _body(book, part, art) for part in book.contents.parts}


def with_endings(body: str, ending: str) -> str:
    return body.replace(FILE_ENDING, ending)


def _body(book: BookText, part: Part, art: FigureArt) -> str:
    def figure(figure_id: str) -> str:
        caption = figure_caption(figure_by_id(figure_id), book.figure_labels[figure_id], book.lang, book.book)
        return render("book_html/figure.html.j2", id=figure_id, svg=markup(art.svg(figure_id)),
                      caption_id=caption_id(figure_id), caption=caption)

    def figure_href(figure_id: str) -> str:
        home = book.figure_homes[figure_id]
        return f"#{figure_id}" if home == part.key else f"{home}{FILE_ENDING}#{figure_id}"

    return rules_html(book.rules[part.key].tokens, figure, figure_href)
