"""The theme a build uses: the chosen theme with the user's colour overrides, checked when the user
asks for strictness. Apart from generator/colour/theme.py, which the checks themselves read."""

from generator.colour.theme import Theme, load_theme, with_overrides
from generator.errors import UserError


def theme_for(options) -> Theme:
    """The theme a build uses: options.theme with options.colour_overrides applied.

    The one place that makes a build's effective theme; every output asks it. With
    options.strict, a failing colour check (generator.colour.checks) is a UserError.
    """
    theme = with_overrides(load_theme(options.theme), getattr(options, "colour_overrides", ()))
    if getattr(options, "strict", False):
        from generator.colour.checks import colour_problems  # its colour science loads only when asked

        problems = colour_problems(theme)
        if problems:
            raise UserError(f"{problems[0]} ({getattr(options, 'strict_origin', '--strict')})")
    return theme
