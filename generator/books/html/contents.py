"""Each book's parts (chapters and games) in reading order, for the web site and the e-books.

A part is named by a key that is the same in every language ("open-game-17",
"classic-game-02-kozyol"), so a page can always point at its twin in the other language.
A book's contents come from the files' front matter alone (cheap: a contents page needs no
Markdown); its text, BookText, from the whole files. Each figure has one home: the part whose
```figure block draws it; a link to it from any other part goes there. Figures are labelled as in
the booklet: the seed's numbers in the Open Domino book, numbered in reading order in the classic book.
"""

from functools import cache

from msgspec import Struct

from generator.books.texts import booklet_text, game_facts, part_heading
from generator.model.figures import figure as figure_by_id
from generator.model.texts import LANGUAGES
from generator.rules import load_rules
from generator.rules.source import BOOKS, RulesFile, load_contents


class Part(Struct, frozen=True):
    """One chapter or game of a book in one language, as its contents name it."""
    book: str
    lang: str
    stem: str             # its rules file's name without .md: "game-17", "chapter-10-equipment"
    kind: str             # "chapter" or "game"
    number: int
    title: str
    heading: str          # "Game 17. Remove your own", as the booklet heads it

    @property
    def key(self) -> str:
        """The same in every language."""
        return f"{self.book}-{self.stem}"

    @property
    def is_game(self) -> bool:
        return self.kind == "game"


class Contents(Struct, frozen=True):
    """A book in one language: its titles and its parts in reading order."""
    book: str
    lang: str
    title: str
    subtitle: str
    parts: tuple[Part, ...]

    def neighbours(self, key: str) -> tuple[Part | None, Part | None]:
        """The parts before and after `key` in reading order."""
        index = next(i for i, part in enumerate(self.parts) if part.key == key)
        return (self.parts[index - 1] if index else None,
                self.parts[index + 1] if index + 1 < len(self.parts) else None)


class BookText(Struct, frozen=True):
    """A book in one language, whole: its contents, each part's rules, where each figure is drawn."""
    contents: Contents
    rules: dict                 # part key -> RulesFile
    figure_homes: dict          # figure id -> the key of the part that draws it
    figure_labels: dict         # figure id -> "2", "1(A)"; the classic book: "1", "2", … in order

    @property
    def book(self) -> str:
        return self.contents.book

    @property
    def lang(self) -> str:
        return self.contents.lang

    def facts(self, part: Part) -> str:
        """A game's family, sets and players; "" for a chapter."""
        return game_facts(self.lang, self.rules[part.key], self.book) if part.is_game else ""


def _part(book: str, lang: str, line) -> Part:
    """The part of a RulesFile or a ContentsLine (both name their file, kind, number and title)."""
    return Part(book, lang, line.file_name.removesuffix(".md"), line.kind, line.number, line.title,
                part_heading(lang, line, book))


def _contents(book: str, lang: str, lines) -> Contents:
    return Contents(book, lang, booklet_text(lang, "title", book), booklet_text(lang, "subtitle", book),
                    tuple(_part(book, lang, line) for line in lines))


@cache
def book_contents(book: str, lang: str) -> Contents:
    return _contents(book, lang, load_contents(lang, book))


@cache
def book_text(book: str, lang: str) -> BookText:
    files: list[RulesFile] = load_rules(lang, book=book)
    contents = _contents(book, lang, files)
    rules = {part.key: rules_file for part, rules_file in zip(contents.parts, files)}
    homes, labels = {}, {}
    for part in contents.parts:
        for figure_id in rules[part.key].figures_placed:
            if figure_id not in homes:
                homes[figure_id] = part.key
                labels[figure_id] = figure_by_id(figure_id).label() or str(len(labels) + 1)
    return BookText(contents, rules, homes, labels)


def every_contents() -> list[Contents]:
    """Both books in both languages, as contents."""
    return [book_contents(book, lang) for book in BOOKS for lang in LANGUAGES]


def page_ending(lang: str) -> str:
    """How the web site ends a part's file name: ".html" in English, ".ru.html" in Russian."""
    return ".html" if lang == "en" else f".{lang}.html"


def page_file(key: str, lang: str) -> str:
    """A part's page on the web site: "open-game-17.html", "open-game-17.ru.html"; "index" names
    the contents page the same way."""
    return key + page_ending(lang)
