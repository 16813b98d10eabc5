"""The theme a build uses: the chosen theme with the user's colour overrides, its RGB-only colours
given CMYK through the run's profile for print-shop files, checked when the user asks for
strictness. Apart from generator/colour/theme.py, which the checks themselves read."""

from generator.colour.theme import Theme, load_theme, with_overrides
from generator.errors import UserError


def theme_for(options) -> Theme:
    """The theme a build uses: options.theme with options.colour_overrides applied.

    The one place that makes a build's effective theme; every output asks it. For the shop
    target, colours given as RGB only get their CMYK from the run's profile
    (generator.colour.print_setup); stated CMYK stays as stated. With options.strict, a failing
    colour check (generator.colour.checks, print colours through the same profile) is a UserError.
    """
    theme = with_overrides(load_theme(options.theme), getattr(options, "colour_overrides", ()))
    # Profiles and their conversion load only for print-shop files and checks: home files are RGB.
    if getattr(options, "target", "home") == "shop":
        from generator.colour.print_setup import print_setup
        from generator.colour.proof import with_print_cmyk

        theme = with_print_cmyk(theme, print_setup(options).conversion)
    if getattr(options, "strict", False):
        from generator.colour.checks import colour_problems  # its colour science loads only when asked
        from generator.colour.print_setup import print_setup

        problems = colour_problems(theme, printing=print_setup(options).conversion)
        if problems:
            raise UserError(f"{problems[0]} ({getattr(options, 'strict_origin', '--strict')})")
    return theme
