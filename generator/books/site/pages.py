"""The site's pages: the contents page of each language, and a page per chapter and game.

Every page names its twin in the other language (the same part, the same key), which its language
switch links to; its header links home and holds the search box, which search.js shows.
"""


from msgspec import Struct

from generator.books.html.contents import BookText, Contents, Part, page_file
from generator.books.html.templates import markup, render
from generator.books.texts import booklet_text
from generator.model.texts import LANGUAGES

INDEX_KEY = "index"
_WORDS = ("site_title", "site_intro", "site_footer", "font_licence", "search_label", "search_hint", "search_none",
          "games")


class Link(Struct, frozen=True):
    href: str
    heading: str
    title: str = ""
    number: int = 0


def words(lang: str) -> dict:
    return {key: booklet_text(lang, key) for key in _WORDS}


def _other(key: str, lang: str) -> dict:
    other = next(code for code in LANGUAGES if code != lang)
    return {"lang": other, "href": page_file(key, other), "name": booklet_text(other, "language_name")}


def _link(part: Part | None) -> Link | None:
    return part and Link(page_file(part.key, part.lang), part.heading, part.title, part.number)


def part_page(book: BookText, part: Part, body: str) -> str:
    contents = book.contents
    previous, following = contents.neighbours(part.key)
    return render("site/part.html.j2", lang=book.lang, title=f"{part.heading} · {contents.title}",
                  words=words(book.lang), home=page_file(INDEX_KEY, book.lang), other=_other(part.key, book.lang),
                  contents=contents, part=part, facts=book.facts(part), body=markup(body),
                  previous=_link(previous), next=_link(following))


def index_page(lang: str, books: list[Contents]) -> str:
    entries = []
    for contents in books:
        games = [part for part in contents.parts if part.is_game]
        first_game, last_game = contents.parts.index(games[0]), contents.parts.index(games[-1])
        entries.append({"contents": contents, "games": [_link(part) for part in games],
                        "before": [_link(part) for part in contents.parts[:first_game]],
                        "after": [_link(part) for part in contents.parts[last_game + 1:]]})
    site_words = words(lang)
    return render("site/index.html.j2", lang=lang, title=site_words["site_title"], words=site_words,
                  home=page_file(INDEX_KEY, lang), other=_other(INDEX_KEY, lang), books=entries)
