"""The checks every setting's TOML value starts with: a string, or one of a list of choices. Shared by
the config files' settings and the early reading of ui_lang, which must refuse a value alike."""

from generator.errors import UserError
from generator.words import _


def text_value(value, where: str) -> str:
    """The value if TOML gave a string, else the error that asks for quotes."""
    if not isinstance(value, str):
        raise UserError(_("{where}: {value} is not a string; write it in quotes").format(
            where=where, value=repr(value)))
    return value


def one_of(choices):
    """A setting's parser (value, where, base) that takes one of `choices`, in any case."""
    def parse(value, where, base):
        if text_value(value, where).lower() not in choices:
            raise UserError(_("{where}: {value} is not one of {choices}").format(
                where=where, value=repr(value), choices=", ".join(choices)))
        return value.lower()
    return parse
