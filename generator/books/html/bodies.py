"""Each part's text as HTML, its figures in place, for the web site or for an e-book: the figures
are drawn once (FigureArt) and their markup carried by both.

The two differ in how they name a part's file (the site "open-game-04.ru.html", an e-book
"open-game-04.xhtml"), which a link to a figure on another part ends in, and in the site's figures
opening large, where an e-book's are images (e-readers zoom an image, never inline SVG).
"""

from generator.books.captions import figure_caption
from generator.books.html.contents import BookText, Part
from generator.books.html.figures import FigureArt, caption_id, image_href, large_id, tiles_description, tiles_id
from generator.books.html.markdown_html import rules_html
from generator.books.html.templates import markup, render
from generator.books.texts import booklet_text
from generator.model.figures import figure as figure_by_id


def part_bodies(book: BookText, art: FigureArt, ending: str, large_figures: bool = False,
                images: bool = False) -> dict[str, str]:
    """Part key -> the HTML of its text; a link to another part ends in `ending`; `large_figures`:
    each figure can be opened large; `images`: each figure is an image (art.image), for an e-book."""
    return {part.key: _body(book, part, art, ending, large_figures, images) for part in book.contents.parts}


def _body(book: BookText, part: Part, art: FigureArt, ending: str, large_figures: bool, images: bool) -> str:
    def figure(figure_id: str) -> str:
        shown = figure_by_id(figure_id)
        caption = figure_caption(shown, book.figure_labels[figure_id], book.lang, book.book)
        large = large_figures and {"id": large_id(figure_id), "width": art.large_width(figure_id),
                                   "open": booklet_text(book.lang, "figure_open"),
                                   "close": booklet_text(book.lang, "figure_close")}
        image = images and {"src": image_href(figure_id), "alt": shown.title[book.lang]}
        return render("book_html/figure.html.j2", id=figure_id, svg=None if images else markup(art.svg(figure_id)),
                      image=image, caption_id=caption_id(figure_id), caption=caption, large=large,
                      tiles=tiles_description(shown, book.lang, book.book), tiles_id=tiles_id(figure_id))

    def figure_href(figure_id: str) -> str:
        if figure_id in book.rules[part.key].figures_placed:     # drawn on this page too: the nearer one
            return f"#{figure_id}"
        return f"{book.figure_homes[figure_id]}{ending}#{figure_id}"

    games = {other.number: other for other in book.contents.parts if other.is_game}

    def game_link(number: int) -> tuple[str, str] | None:
        """Where "game 16" of this book's text goes, and the game's name for a link read out of its
        sentence (a screen reader's list of links): that game's page, if the book has it and it is
        not this one."""
        game = games.get(number)
        if game is None or game.key == part.key:
            return None
        return f"{game.key}{ending}", booklet_text(book.lang, "game", book.book, number=number, title=game.title)

    return rules_html(book.rules[part.key].tokens, figure, figure_href, game_link)
