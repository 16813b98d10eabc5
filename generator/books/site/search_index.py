"""games.js: what the search box looks through, every game of both books.

A game is found by its title in either language (so "Козёл" finds Kozyol on an English page),
by the aliases its titles already carry ("Osyol or Krest (donkey/cross)"), by its file's name
("kozyol", "open-game-17": search.js reads the key too) and by its number, alone or as a heading
writes it in either language ("17", "#17", "Game 17", "Игра 17").
"""

import json

from generator.books.html.contents import Contents
from generator.books.texts import booklet_text

_NUMBER = "\x00"


def games_script(books: list[Contents]) -> str:
    """window.RULES_GAMES = {books: {book: {lang: title}}, numberWords: ["Game", …],
    games: [[key, number, book, {lang: label}, words]]}."""
    titles, games, number_words = {}, {}, []
    for book in books:
        titles.setdefault(book.book, {})[book.lang] = book.title
        word = _number_word(book.lang, book.book)
        if word and word not in number_words:
            number_words.append(word)
        for part in book.parts:
            if not part.is_game:
                continue
            key, number = part.key, part.number
            game = games.setdefault(key, [key, number, book.book, {}, [_slug(part.stem)]])
            game[3][book.lang] = f"{number}. {part.title}"
            game[4].append(part.title)
    data = {"books": titles, "numberWords": number_words,
            "games": [[*game[:4], [word for word in game[4] if word]] for game in games.values()]}
    return "window.RULES_GAMES = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n"


def _slug(stem: str) -> str:
    """"kozyol" of "game-02-kozyol"; "" for "game-17"."""
    parts = stem.split("-", 2)
    return parts[2] if len(parts) == 3 else ""


def _number_word(lang: str, book: str) -> str:
    """The word a book's game heading puts before the number: "Game" of "Game {number}. {title}"; ""
    when its headings carry no number (the classic book: the title alone)."""
    heading = booklet_text(lang, "game", book, number=_NUMBER, title="")
    return heading.split(_NUMBER)[0].strip() if _NUMBER in heading else ""
