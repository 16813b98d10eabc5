"""The words people read, through gettext: `_("text")`, `ngettext(one, many, n)` and `N_("text")`.

Every message a person reads (help, errors, warnings, summaries, progress labels) is written as
`_("...")`, with named placeholders filled after translation (`_("{path}: file not found").format(
path=path)`), so that a translator may move them. The catalogues are generator/locale/ (English is
the text as written; Russian is ru/LC_MESSAGES/opendomino.mo); scripts/update_catalogues.py
extracts and compiles them.

The current language lives in a context variable: `use_language` sets the process's language
(the command line does so once, before its commands are imported, so that click's help texts are
translated as they are declared), and `speaking` sets another for one block of code only, e.g. a
request of the studio in its browser's language. Translate when the message is made, never at
import time (but for click's help=, which click reads once): a constant is marked with `N_` and
translated where it is used.

Only the standard library's gettext runs here; no system locale needs to be installed.
"""

from contextlib import contextmanager
from contextvars import ContextVar
import functools
import gettext
from pathlib import Path

DOMAIN = "opendomino"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
LANGUAGES = (ENGLISH, "ru")             # English is the source text; each other one has a catalogue
# gettext's order: the first of these that is set and not empty names the language.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class _Speaking:
    """A language's code and its translation, as the context variable holds them."""
    __slots__ = ("code", "translation")

    def __init__(self, code: str, translation: gettext.NullTranslations):
        self.code, self.translation = code, translation


@functools.cache
def _speaking(code: str) -> _Speaking:
    return _Speaking(code, translation_for(code))


_current: ContextVar[_Speaking | None] = ContextVar("opendomino_language", default=None)


def available_languages() -> tuple[str, ...]:
    return LANGUAGES


def translation_for(code: str) -> gettext.NullTranslations:
    """The translation of `code` ("en", "ru"); English (the text as written) for any other."""
    if code == ENGLISH or code not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


_process: _Speaking | None = None       # English until use_language (made on first use: cheap to import)


def _now() -> _Speaking:
    return _current.get() or _process or _speaking(ENGLISH)


def language() -> str:
    """The code of the language messages are said in now."""
    return _now().code


def use_language(code: str) -> None:
    """Say every message of this process in `code` (English for a language without a catalogue)."""
    global _process
    _process = _speaking(code if code in LANGUAGES else ENGLISH)


@contextmanager
def speaking(code: str):
    """Within the block (in this thread or task only), messages are said in `code`."""
    token = _current.set(_speaking(code if code in LANGUAGES else ENGLISH))
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    return _now().translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _now().translation.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is written; `_()` translates it where it is used."""
    return message


def grouped(number: int, code: str | None = None) -> str:
    """A whole number with its thousands grouped as the language writes them: 1,234,567 in
    English, 1 234 567 in Russian (a no-break space: the bundled PT fonts, which draw it on the
    setup cards, have no narrow one)."""
    text = f"{number:,}"
    return text.replace(",", "\u00a0") if (code or language()) == "ru" else text


def text_in(texts: dict[str, str], code: str | None = None) -> str:
    """Of a text given per language in a data file ({"en": ..., "ru": ...}), the one in `code` (the
    messages' language when None), else the English, else the first given ("" when none is)."""
    wanted = code or language()
    return texts.get(wanted) or texts.get(ENGLISH) or next(iter(texts.values()), "")


def language_of_locale(name: str) -> str | None:
    """The catalogue's language for a locale name ("ru_RU.UTF-8", "ru", "ru_UA@euro" -> "ru"),
    None when there is none ("C", "POSIX", "de_DE"); English is always there."""
    code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return code if code in LANGUAGES else None


def language_from_environment(environment) -> str:
    """The language gettext would choose from these variables: the first set of LANGUAGE (a list
    such as "de:ru", whose first language with a catalogue wins), LC_ALL, LC_MESSAGES and LANG;
    "C", "POSIX" or a language without a catalogue give English."""
    for variable in ENVIRONMENT:
        names = [name for name in environment.get(variable, "").split(":") if name]
        if names:
            return next(filter(None, map(language_of_locale, names)), ENGLISH)
    return ENGLISH
