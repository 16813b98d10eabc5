"""Colours as the kit states them: an sRGB hex value for screens and a CMYK value for print.

Every Colour carries both. A colour whose CMYK was stated on purpose (a theme's `cmyk = [...]`,
`cmyk(c,m,y,k)` in an override) keeps it exactly. A colour given only as RGB is `derived`: for
print-shop files its CMYK comes from the shop's ICC profile (generator/colour/icc.py, applied to a
build's theme by generator/colour/effective_theme.py). Until then, and wherever no profile is
used, it holds the naive, uncalibrated conversion of CSS Color 5 ("Naively converting between
CMYK and RGB"), computed by coloraide. With R, G, B, C, M, Y, K all from 0 to 1:

    RGB -> CMYK:  K = 1 - max(R, G, B);  C = (1 - R - K) / (1 - K),  M = (1 - G - K) / (1 - K),
                  Y = (1 - B - K) / (1 - K)   (pure black is C = M = Y = 0, K = 1)
    CMYK -> RGB:  R = (1 - C)(1 - K),  G = (1 - M)(1 - K),  B = (1 - Y)(1 - K)

Derived CMYK is rounded to 0.1 %, derived RGB to the nearest 8-bit step. The formula knows
nothing of paper or inks. A colour stated only in CMYK gets its screen RGB from it.
"""

from functools import cache
import re

from msgspec import Struct
from msgspec.structs import force_setattr

from generator.errors import UserError
from generator.words import N_, _


@cache
def colour_math():
    """coloraide's Color with the naive CMYK space registered. Imported on first use: coloraide
    takes a tenth of a second to load, and a build whose theme states every colour in both forms
    needs it only for the colour checks."""
    from coloraide import Color
    from coloraide.spaces.cmy import CMY
    from coloraide.spaces.cmyk import CMYK

    class ColourMath(Color):
        """coloraide's Color with the naive CMYK space registered."""

    ColourMath.register([CMY(), CMYK()])
    return ColourMath

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_CMYK_TEXT = re.compile(r"^cmyk\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*,\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)$",
                        re.IGNORECASE)
MAX_COLOUR_TEXT = 100    # "color(display-p3 0.123 0.456 0.789)" is 35
COLOUR_SYNTAX = N_("write #rrggbb or #rgb, a CSS colour name such as teal, or cmyk(c,m,y,k) in percent")


class Colour(Struct, frozen=True):
    hex: str                                                        # "#rrggbb"
    cmyk_value: tuple[float, float, float, float] | None = None     # 0-100 each; None: see `cmyk`
    spot: str | None = None      # a named separation in print-shop files (e.g. a die line), else None
    derived: bool = False        # the CMYK was not stated but made from the hex value

    def __post_init__(self):
        if self.cmyk_value is None:
            force_setattr(self, "derived", True)   # frozen: set once, here

    @property
    def cmyk(self) -> tuple[float, float, float, float]:
        """The CMYK value (percent): stated, made by a profile, or else the naive formula's, which
        is computed only when asked (it loads coloraide)."""
        return self.cmyk_value if self.cmyk_value is not None else naive_cmyk(self.hex)

    @classmethod
    def from_cmyk(cls, cmyk) -> "Colour":
        """A colour stated in CMYK percent, with its screen RGB derived (see the module docstring)."""
        cmyk = tuple(float(v) for v in cmyk)
        return cls(naive_hex(cmyk), cmyk)

    def with_derived_cmyk(self, cmyk) -> "Colour":
        """The same screen colour with CMYK made for it (by an ICC profile), still marked derived."""
        return Colour(self.hex, tuple(cmyk), self.spot, derived=True)

    @property
    def rgb(self) -> tuple[int, int, int]:
        return _rgb(self.hex)

    @property
    def rgb_unit(self) -> tuple[float, float, float]:
        return _rgb_unit(self.hex)

    def as_math(self):
        """The screen colour as a coloraide object, for contrast and colour-difference checks."""
        return colour_math()(self.hex)

    def __str__(self) -> str:
        return self.hex


# A sheet paints the same few colours a thousand times: each is parsed once per process.
@cache
def _rgb(hex_value: str) -> tuple[int, int, int]:
    value = hex_value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@cache
def _rgb_unit(hex_value: str) -> tuple[float, float, float]:
    return tuple(channel / 255 for channel in _rgb(hex_value))


@cache
def naive_cmyk(hex_value: str) -> tuple[float, float, float, float]:
    """CMYK percent of "#rrggbb" by the naive formula (module docstring), rounded to 0.1 %."""
    c, m, y, k = colour_math()(hex_value).convert("cmyk").coords(nans=False)
    return tuple(round(100 * v + 0.0, 1) for v in (c, m, y, k))


def naive_hex(cmyk) -> str:
    """"#rrggbb" of CMYK percent by the naive formula (module docstring)."""
    srgb = colour_math()("cmyk", [v / 100 for v in cmyk]).convert("srgb")
    return srgb.to_string(hex=True, fit="clip")


def parse_colour_text(text: str, where: str) -> Colour:
    """A colour written by a user: "#c0392b", "#c39", a CSS name ("teal"), "cmyk(0,0,0,40)".

    Other CSS forms coloraide reads (rgb(), hsl(), ...) work too; they are taken in sRGB and
    clipped to it. CMYK numbers are percent (0-100, a trailing % is allowed).
    """
    if not isinstance(text, str) or not text.strip():
        raise UserError(_("{where}: {text!r} is not a colour; {syntax}").format(
            where=where, text=text, syntax=_(COLOUR_SYNTAX)))
    text = text.strip()
    if len(text) > MAX_COLOUR_TEXT:         # before any number in it is converted
        raise UserError(_("{where}: {start!r}… ({count} characters) is too long to be a colour; "
                          "{syntax}").format(
            where=where, start=text[:16], count=len(text), syntax=_(COLOUR_SYNTAX)))
    match = _CMYK_TEXT.match(text)
    if match:
        return Colour.from_cmyk(_percentages(match.groups(), where, text))
    if text.lower().startswith("cmyk"):
        raise UserError(_("{where}: {text!r} is not a colour; write cmyk(c,m,y,k) with four percentages").format(
            where=where, text=text))
    try:
        parsed = colour_math()(text)
        if not parsed.alpha() == 1:       # also "none" (NaN), which would paint nothing in SVG
            raise UserError(_("{where}: {text!r} is transparent; the kit prints opaque colours only").format(
                where=where, text=text))
        return Colour(parsed.convert("srgb").to_string(hex=True, fit="clip"))
    except (ValueError, ArithmeticError):     # unreadable, or numbers too large to convert
        raise UserError(_("{where}: {text!r} is not a colour; {syntax}").format(
            where=where, text=text, syntax=_(COLOUR_SYNTAX))) from None


def _percentages(parts, where: str, text: str) -> tuple[float, ...]:
    values = []
    for part in parts:
        try:
            value = float(part.rstrip("%").strip())
        except ValueError:
            value = float("nan")
        if not 0 <= value <= 100:          # also rejects nan
            raise UserError(_("{where}: {text!r}: {part!r} is not a percentage from 0 to 100").format(
                where=where, text=text, part=part))
        values.append(value)
    return tuple(values)


def parse_theme_colour(value, where: str) -> Colour:
    """A colour in a TOML file: a string as above, or { hex = "#rrggbb", cmyk = [c, m, y, k] }."""
    if isinstance(value, str):
        return parse_colour_text(value, where)
    if isinstance(value, dict) and set(value) <= {"hex", "cmyk"} and value:
        hex_value, cmyk = value.get("hex"), value.get("cmyk")
        if cmyk is not None and (not isinstance(cmyk, list) or len(cmyk) != 4 or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100 for v in cmyk)):
            raise UserError(_("{where}: cmyk must be four numbers from 0 to 100, e.g. [0, 0, 0, 100]").format(
                where=where))
        if hex_value is None:
            return Colour.from_cmyk(cmyk)
        if not isinstance(hex_value, str) or not _HEX.match(hex_value):
            raise UserError(_("{where}: hex = {hex_value!r} is not #rrggbb").format(where=where, hex_value=hex_value))
        return Colour(hex_value.lower(), tuple(float(v) for v in cmyk) if cmyk is not None else None)
    raise UserError(_("{where}: {value!r} is not a colour; {syntax}, "
                      "or {{ hex = \"#rrggbb\", cmyk = [c, m, y, k] }}").format(
        where=where, value=value, syntax=_(COLOUR_SYNTAX)))


BLACK = Colour("#000000", (0, 0, 0, 100))
PAPER = Colour("#ffffff", (0, 0, 0, 0))     # no ink: the bare paper or card
# The die line of shapes a shop cuts with a die: the spot colour name most cutting software reads.
CUT_CONTOUR = Colour("#ff00ff", (0, 100, 0, 0), "CutContour")
# A fold of a die-cut box: a spot colour of its own, so that the cutter's software gives it the
# creasing tool (a dash is a drawing style, which a cutting table does not read: on CutContour the
# folds were cut through).
CREASE = Colour("#00a0e0", (100, 0, 0, 0), "Crease")
DIE_LINE_WIDTH = 0.25       # mm: the cutter follows the line's middle; thin enough to place it exactly
