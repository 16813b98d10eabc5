"""Short printed texts (captions, instructions) from templates/sheet_texts.toml."""

from functools import cache

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.words import ENGLISH, _
from generator.words import LANGUAGES as MESSAGE_LANGUAGES

LANGUAGES = ("en", "ru")


@cache
def _texts() -> dict:
    return load_toml(template_path("sheet_texts.toml"))


def sheet_text(lang: str, key: str, **values) -> str:
    texts = _texts()
    if lang not in texts:
        raise UserError(_("unknown language {lang!r}; use one of {languages}").format(
            lang=lang, languages=", ".join(LANGUAGES)))
    return texts[lang][key].format(**values)


def set_label(tile_set, lang: str) -> str:
    """A set's name as sheets and boxes print it: "Open Domino · set A"; a classic set's title in
    `lang` (its English one where it gives none in `lang`); else "Dominoes · NAME"."""
    if tile_set.has_layout:
        return sheet_text(lang, "set_open", set_name=tile_set.name)
    if tile_set.titles:
        return tile_set.titles.get(lang, tile_set.titles["en"])
    return sheet_text(lang, "set_classic", set_name=tile_set.name)


def checked_per_language(table: dict, key: str, where: str, most: int = 200) -> dict:
    """A data file's text given per language of the messages, { en = "...", ru = "..." } (a
    machine's name, a set's description): English required, each one line of at most `most`
    characters. generator.words.text_in picks the one to say."""
    def one_line(text) -> bool:
        return isinstance(text, str) and bool(text.strip()) and text.isprintable() and len(text) <= most

    if set(table) - set(MESSAGE_LANGUAGES) or ENGLISH not in table or not all(map(one_line, table.values())):
        raise UserError(_("{where}: {key} = {value!r}; write one line of text, or a table of them by language "
                          "with en: {{ en = \"...\", ru = \"...\" }}").format(where=where, key=key, value=table))
    return table
