"""The books' own texts (cover, contents, captions, the web pages' words) from templates/booklet_texts.toml.

[en] and [ru] hold the texts both books share and those of the Open Domino booklet; a book's
own table ([classic.en], [classic.ru]) holds what differs for it and wins where both have a key.
"""

from functools import cache

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.words import _


@cache
def _texts() -> dict:
    return load_toml(template_path("booklet_texts.toml"))


def booklet_text(lang: str, key: str, book: str = "open", **values):
    texts = _texts()
    own = texts.get(book, {}).get(lang, {}) if book != "open" else {}
    if key in own:
        value = own[key]
    elif lang in texts and key in texts[lang]:
        value = texts[lang][key]
    else:
        raise UserError(_("booklet_texts.toml: [{lang}] has no {key!r}; add it").format(lang=lang, key=key))
    if isinstance(value, list):
        return [item.format(**values) for item in value]
    return value.format(**values)


def part_heading(lang: str, rules_file, book: str = "open") -> str:
    """A chapter's or game's heading: "Game 17. Remove your own" (the classic book: "16. Bergen")."""
    if rules_file.kind == "game":
        return booklet_text(lang, "game", book, number=rules_file.number, title=rules_file.title)
    return rules_file.title


def game_facts(lang: str, rules_file, book: str = "open") -> str:
    """The line under a game's heading: its family, sets and players."""
    family = booklet_text(lang, f"family_{rules_file.family}", book)
    return booklet_text(lang, "game_facts", book, family=family,
                        sets=", ".join(set_name(lang, name) for name in rules_file.sets), players=rules_file.players)


def set_name(lang: str, name: str) -> str:
    """A set as the language's text names it ("дубль-9"); the kit's own name ("double-9") where the
    language has no [lang.set_names] table."""
    names = _texts()[lang].get("set_names")
    if names is None:
        return name
    if name not in names:
        raise UserError(_("booklet_texts.toml: [{lang}.set_names] has no {name!r}; add it").format(
            lang=lang, name=name))
    return names[name]
