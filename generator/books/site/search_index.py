"""games.js: what the search box looks through, every game of both books.

A game is found by its title in either language (so "Козёл" finds Kozyol on an English page),
by the aliases its titles already carry ("Osyol or Krest (donkey/cross)"), by its file's name
("kozyol") and by its number.
"""

import json

from generator.books.html.contents import Contents


def games_script(books: list[Contents]) -> str:
    """window.RULES_GAMES = {books: {book: {lang: title}}, games: [[key, number, book, {lang: label}, words]]}."""
    titles, games = {}, {}
    for book in books:
        titles.setdefault(book.book, {})[book.lang] = book.title
        for part in book.parts:
            if not part.is_game:
                continue
            key, number = part.key, part.number
            game = games.setdefault(key, [key, number, book.book, {}, [_slug(part.stem)]])
            game[3][book.lang] = f"{number}. {part.title}"
            game[4].append(part.title)
    data = {"books": titles, "games": [[*game[:4], [word for word in game[4] if word]] for game in games.values()]}
    return "window.RULES_GAMES = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n"


def _slug(stem: str) -> str:
    """"kozyol" of "game-02-kozyol"; "" for "game-17"."""
    parts = stem.split("-", 2)
    return parts[2] if len(parts) == 3 else ""
