"""The registered print conditions a PDF/X OutputIntent may name (templates/output_conditions.toml)."""

from functools import cache

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.words import _

DEFAULT_CONDITION = "FOGRA39"


@cache
def output_conditions() -> dict:
    return load_toml(template_path("output_conditions.toml"))


def check_condition(name: str, where: str = "--output-condition") -> str:
    conditions = output_conditions()
    for key in conditions:
        if key.lower() == name.strip().lower():
            return key
    raise UserError(_("{where}: unknown print condition {name!r}; use one of {conditions}").format(
        where=where, name=name, conditions=", ".join(conditions)))
