"""A theme in print: its RGB-only colours given CMYK through the run's profile, and the soft proof
(how every colour will look printed, and how far that is from the screen colour).

A colour's print CMYK is the one its theme states, or, for a colour given as RGB only, the
profile's conversion of it. How that CMYK looks printed is the profile's answer for it, turned
back into screen sRGB (generator/colour/icc.py): for a derived colour the round trip sRGB -> CMYK
-> sRGB that LittleCMS calls a proof transform, in two steps, so the CMYK in between is the very
value the shop file holds.

A colour given as RGB is marked out of the press's gamut when its print differs from its screen
colour by CIEDE2000 > GAMUT_DELTA_E. A stated CMYK is printable by definition: its distance from its
hex is shown, unmarked (100 % K text prints as a dark grey beside a four-colour black, by design).
"""

from msgspec import Struct

from generator.colour.theme import Theme, map_colours
from generator.colour.values import Colour

# A difference of about 2 is what a trained eye notices side by side; LittleCMS's own gamut check
# samples a coarse grid (it passes sRGB red on GRACoL at ΔE 5.5), so the kit measures instead.
GAMUT_DELTA_E = 2.0


def print_cmyk(colours: list[Colour], conversion) -> list[tuple[float, ...]]:
    """Each colour's CMYK in print: stated values as they are, the others through `conversion`."""
    derived = [c.hex for c in colours if c.derived]
    converted = iter(conversion.cmyk_of(derived))
    return [next(converted) if c.derived else c.cmyk for c in colours]


def with_print_cmyk(theme: Theme, conversion) -> Theme:
    """The theme as a shop file prints it: every RGB-only colour's CMYK made by `conversion` (its
    profile, or the naive formula; in one batch), within its ink limit."""
    def convert(colours):
        cmyks = print_cmyk(colours, conversion)
        return [c.with_derived_cmyk(cmyk) if c.derived else c for c, cmyk in zip(colours, cmyks)]

    return map_colours(theme, convert)


def printed_theme(theme: Theme, conversion) -> Theme:
    """The theme as it looks printed: each colour's hex is its print seen on screen; its CMYK the
    print CMYK (so a message can name both)."""
    def convert(colours):
        cmyks = print_cmyk(colours, conversion)
        return [Colour(shown, cmyk, c.spot, c.derived)
                for c, cmyk, shown in zip(colours, cmyks, conversion.printed_hex(cmyks))]

    return map_colours(theme, convert)


class Proofed(Struct, frozen=True):
    """One colour on screen and in print."""
    screen: str                   # "#rrggbb"
    cmyk: tuple[float, ...]       # what the shop file holds, percent
    printed: str                  # how that prints, as screen sRGB
    delta_e: float                # CIEDE2000 between screen and printed
    derived: bool                 # the CMYK was made from RGB (else stated)

    @property
    def marked(self) -> bool:
        """Out of the press's gamut: a colour given as RGB that prints visibly otherwise."""
        return self.derived and self.delta_e > GAMUT_DELTA_E


def proof(theme: Theme, keys, conversion) -> dict[str, Proofed]:
    """The soft proof of the colours `keys` name (generator.colour.theme.colour_keys())."""
    screen = [theme.colour_named(key) for key in keys]
    cmyks = print_cmyk(screen, conversion)
    printed = conversion.printed_hex(cmyks)
    return {key: Proofed(colour.hex, tuple(cmyk), shown,
                         colour.as_math().delta_e(Colour(shown).as_math(), method="2000"), colour.derived)
            for key, colour, cmyk, shown in zip(keys, screen, cmyks, printed)}
