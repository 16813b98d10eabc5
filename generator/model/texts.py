"""Short printed texts (captions, instructions) from templates/sheet_texts.toml."""

from functools import cache

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.words import _

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
