"""Hyphenation for the booklets: pyphen, imported by us and checked, never silently missing.

reportlab imports pyphen inside a bare `except:`, so any failure there (a Ctrl-C at that moment
included) would leave the booklets quietly unhyphenated. We import it first, so reportlab finds
it already loaded, and we check that reportlab holds it and has both dictionaries.
"""

import pyphen
from reportlab.platypus import paragraph

from generator.errors import UserError
from generator.words import _

DICTIONARIES = {"ru": "ru_RU", "en": "en_US"}
# Letters a hyphenated word keeps on the next line, at least: two left a paragraph ending on a line
# of "ют." or "er." (pyphen's default is 2).
LETTERS_CARRIED = 3


def hyphenator(lang: str):
    """The word splitter reportlab calls for `lang` (a style's hyphenationLang may be one): pyphen's,
    carrying at least LETTERS_CARRIED letters over."""
    return pyphen.Pyphen(lang=DICTIONARIES[lang], right=LETTERS_CARRIED).iterate


def require_hyphenation() -> None:
    if paragraph.pyphen is None:           # reportlab's own import failed: give it ours
        paragraph.pyphen = pyphen
    for lang, dictionary in DICTIONARIES.items():
        if pyphen.language_fallback(dictionary) is None:
            raise UserError(_("hyphenation for {lang} ({dictionary}) is missing from pyphen; "
                              "reinstall it with `python -m pip install --force-reinstall pyphen`").format(
                lang=lang, dictionary=dictionary))


require_hyphenation()
