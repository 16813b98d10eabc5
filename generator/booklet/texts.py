"""The booklet's own texts (cover, contents, captions) from templates/booklet_texts.toml."""

from functools import cache

from generator.errors import UserError
from generator.resources import load_toml, template_path


@cache
def _texts() -> dict:
    return load_toml(template_path("booklet_texts.toml"))


def booklet_text(lang: str, key: str, **values):
    texts = _texts()
    if lang not in texts or key not in texts[lang]:
        raise UserError(f"booklet_texts.toml: [{lang}] has no {key!r}; add it")
    value = texts[lang][key]
    if isinstance(value, list):
        return [item.format(**values) for item in value]
    return value.format(**values)
