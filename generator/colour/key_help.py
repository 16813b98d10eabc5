"""What each colour key colours, in the languages of the messages: data in templates/colour_keys.toml.

`opendomino init` writes it beside each key, the guide's table of keys shows it, and the colour
studio shows it under each key's name; each in the language it speaks (generator/words.py).
"""

from functools import cache

from generator.files.resources import load_toml, template_path
from generator.words import text_in

KEY_HELP_FILE = "colour_keys.toml"
NUMBERED = ("pips", "picture")      # one entry, "each", explains every numbered key of these sections


@cache
def _explanations() -> dict:
    return load_toml(template_path(KEY_HELP_FILE))


def colour_key_help(key: str, language: str | None = None) -> str:
    """What `key` ("board.dark", "pips.11", "A.group1.arrow") colours, in `language` (the messages'
    language when None)."""
    section, _dot, rest = key.partition(".")
    explanations = _explanations()
    if section in NUMBERED:
        return text_in(explanations[section]["each"], language).format(number=rest)
    if rest.startswith("group"):                  # A.group1 (its circle), A.group1.arrow
        part = "arrow" if rest.endswith(".arrow") else "circle"
        return text_in(explanations["group"][part], language).format(set=section, group=rest[len("group")])
    return text_in(explanations[section][rest], language)
