"""Parsing and checking user-facing option values (shared by the CLI and the config file)."""

import math
from pathlib import Path
import re

from generator.errors import UserError
from generator.files.paths import parse_out, parse_path  # noqa: F401  (option parsers live here too)
from generator.model.set_loader import canonical_set_name, known_set_names
from generator.scene.sizes import TileSize
from generator.words import _

_SIZE = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*[xX×]\s*([0-9]*\.?[0-9]+)\s*(?:[xX×]\s*([0-9]*\.?[0-9]+)\s*)?$")
MIN_TILE_WIDTH = 10.0
MAX_TILE_WIDTH = 60.0


_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*$")
MAX_NUMBER_TEXT = 40    # characters: "22.5x44", "0.5,-1" or "1e3" need few, and float() never sees more


def short_enough(text, option: str, example: str) -> str:
    """`text` as a string, if it is short enough to hold the number(s) an option takes."""
    text = "" if text is None else str(text)
    if len(text) > MAX_NUMBER_TEXT:
        raise UserError(_("{option}: {start!r}… ({count} characters) is too long to be a number; "
                          "write e.g. {example}").format(
            option=option, start=text[:12], count=len(text), example=example))
    return text


MIN_THICKNESS, MAX_THICKNESS = 2.0, 30.0     # mm: a printed tile thinner breaks, thicker is a brick


def parse_tile_size(text: str, option: str = "--tile-size") -> TileSize:
    """WIDTHxHEIGHT in mm, WIDTHxHEIGHTxTHICKNESS (the thickness is for 3D-printed tiles), one length L
    (an L/2 x L domino, whose height is a triangle's side), or a preset of templates/tile_sizes.toml."""
    from generator.settings.tile_presets import tile_presets

    text = short_enough(text, option, "22x44")
    presets = tile_presets()
    if (text or "").strip().lower() in presets:
        return presets[text.strip().lower()][0]
    single = _LENGTH.match(text or "")
    match = _SIZE.match(text or "")
    if not match and not single:
        raise UserError(_("{option}: {text!r} is not WIDTHxHEIGHT in mm; write e.g. 22x44 (or 44: "
                          "a 22 x 44 domino, a triangle of side 44; 22x44x6 with a thickness; or one of "
                          "{presets})").format(option=option, text=text, presets=", ".join(presets)))
    thickness = 0.0
    if single:
        width, height = float(single[1]) / 2, float(single[1])
    else:
        width, height = float(match[1]), float(match[2])
        thickness = float(match[3]) if match[3] else 0.0
    if not all(math.isfinite(v) for v in (width, height, thickness)) or width <= 0 or height <= 0:
        raise UserError(_("{option}: sizes must be positive numbers of mm, e.g. 22x44").format(option=option))
    if not MIN_TILE_WIDTH <= width <= MAX_TILE_WIDTH:
        raise UserError(_("{option}: width {width:g} mm is outside {low:g}-{high:g} mm; "
                          "tiles must be large enough to read and small enough to print").format(
            option=option, width=width, low=MIN_TILE_WIDTH, high=MAX_TILE_WIDTH))
    if not 1.5 * width <= height <= 2.5 * width:
        raise UserError(_("{option}: {width:g}x{height:g} is not tile-shaped; "
                          "make the height about twice the width, e.g. {width:g}x{twice:g}").format(
            option=option, width=width, height=height, twice=2 * width))
    if match and match[3] and not MIN_THICKNESS <= thickness <= MAX_THICKNESS:
        raise UserError(_("{option}: thickness {thickness:g} mm is outside {low:g}-{high:g} mm; "
                          "printed tiles are 5-13 mm thick, e.g. {width:g}x{height:g}x6").format(
            option=option, thickness=thickness, low=MIN_THICKNESS, high=MAX_THICKNESS, width=width, height=height))
    return TileSize(width, height, thickness=thickness)


def parse_extent(text: str, option: str, example: str, low: float, high: float, what: str) -> tuple[float, float]:
    """WIDTHxHEIGHT in mm, e.g. 300x200, each side from `low` to `high` mm; `what` ends the message."""
    parts = short_enough(text, option, example).lower().replace("×", "x").split("x")
    try:
        width, height = (float(part) for part in parts)
    except ValueError:
        raise UserError(_("{option}: {text!r} is not WIDTHxHEIGHT in mm; write e.g. {example}").format(
            option=option, text=text, example=example)) from None
    if not all(math.isfinite(value) and low <= value <= high for value in (width, height)):
        raise UserError(_("{option}: {width:g}x{height:g} mm is outside {low:g}-{high:g} mm per side; {what}, "
                          "e.g. {example}").format(
            option=option, width=width, height=height, low=low, high=high, what=what, example=example))
    return width, height


def set_file_missing(option: str, path: Path) -> str:
    """The message for a set file that is not there (--set-file, or set_files in a config file)."""
    return _("{option}: {path}: file not found; see the set file format in the guide "
             "(docs/reference/set-file.md)").format(option=option, path=path)


def parse_set_names(text: str, option: str = "--sets", also: tuple[str, ...] = ()) -> tuple[str, ...]:
    """"A,double-9" -> ("A", "double-9"): any mix of the kit's sets and those of --set-file. `also`: the
    other names the option takes (box's mexican-train), listed with the sets when a name is unknown."""
    parts = [part.strip() for part in (text or "").split(",") if part.strip()]
    if not parts:
        raise UserError(_("{option}: name at least one set, e.g. A,B,C or double-12").format(option=option))
    names = []
    for part in parts:
        name = canonical_set_name(part)
        if name is None:
            raise UserError(_("{option}: unknown set {part!r}; choose from {sets}").format(
                option=option, part=part, sets=",".join((*known_set_names(), *also))))
        names.append(name)
    return tuple(dict.fromkeys(names))


# 1,234,567 / 1 234 567 / 1_234_567 / 1'234'567: one separator, between groups of three digits only
# ("1,00" is a typo, not 100).
_GROUPED = re.compile(r"[0-9]{1,3}(?:(?P<mark>[,_' \u00a0\u202f])[0-9]{3}(?:(?P=mark)[0-9]{3})*)?")


def parse_layout_number(text: str, option: str) -> int:
    """A number in the catalogue of layouts: a whole number from 1, plain or grouped as the kit prints
    it (1,234,567 in English, 1 234 567 in Russian), so that a shared number can be typed back."""
    text = short_enough(text, option, "1000")
    stripped = text.strip()
    grouped = _GROUPED.fullmatch(stripped)
    digits = re.sub(r"[^0-9]", "", stripped) if grouped else stripped
    if not (digits.isascii() and digits.isdigit()) or int(digits) < 1:
        raise UserError(_("{option}: {text!r} is not a layout number; write a whole number from 1, e.g. 1000 "
                          "or 1,000").format(option=option, text=text))
    return int(digits)


def parse_number(text: str, option: str, low: float, high: float, unit: str, example: str, why: str) -> float:
    """A finite number from `low` to `high`; `why` ends the message when it is out of range."""
    text = short_enough(text, option, example)
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise UserError(_("{option}: {text!r} is not a number of {unit}; write e.g. {example}").format(
            option=option, text=text, unit=unit, example=example)) from None
    if not math.isfinite(value) or not low <= value <= high:
        raise UserError(_("{option}: {value:g} {unit} is outside {low:g}-{high:g} {unit}; {why}").format(
            option=option, value=value, unit=unit, low=low, high=high, why=why))
    return value


def parse_whole_number(text: str, option: str, low: int, high: int, example: str, why: str) -> int:
    """A whole number from `low` to `high` (a count, a port); `why` ends the message when it is out of range."""
    text = short_enough(text, option, example)
    try:
        value = int(text) if text.isascii() else None        # int() would read Arabic-Indic digits too
    except ValueError:
        value = None
    if value is None:
        raise UserError(_("{option}: {text!r} is not a whole number; write e.g. {example}").format(
            option=option, text=text, example=example))
    if not low <= value <= high:
        raise UserError(_("{option}: {value} is outside {low}-{high}; {why}").format(
            option=option, value=value, low=low, high=high, why=why))
    return value


def parse_clearance(text: str, option: str = "--clearance") -> float:
    return parse_number(text, option, 0, 10, _("mm"), "2", _("2 mm lets a tile fit its cell"))


MAX_CORNER_RADIUS_TEXT = 20.0     # mm: no tile the kit draws is wide enough for more


def parse_corner_radius(text: str, option: str = "--corner-radius") -> float:
    return parse_number(text, option, 0, MAX_CORNER_RADIUS_TEXT, _("mm"), "2",
                        _("round corners are 0 (sharp) to a third of the tile width"))


def check_corner_radius(size: TileSize, radius: float, option: str = "--corner-radius") -> None:
    """A radius of at most a third of the tile's width (its short side), triangles too."""
    # Imported here: the option parsers load at start-up, the outline's geometry only when checked.
    from generator.scene.outline import max_corner_radius

    if radius > max_corner_radius(size) + 1e-9:
        raise UserError(_("{option}: {radius:g} mm is more than a third of the {width:g} mm tile width; "
                          "use {largest:g} or less, or a wider --tile-size").format(
            option=option, radius=radius, width=size.width, largest=math.floor(size.width / 3 * 10) / 10))


def parse_back_offset(text: str, option: str = "--back-offset") -> tuple[float, float]:
    parts = short_enough(text, option, "0.5,-1").replace(" ", "").split(",")
    try:
        dx, dy = (float(p) for p in parts)
    except ValueError:
        raise UserError(_("{option}: {text!r} is not DX,DY in mm; write e.g. 0.5,-1 "
                          "(read them from `opendomino calibrate`)").format(option=option, text=text)) from None
    if not all(math.isfinite(v) and abs(v) <= 20 for v in (dx, dy)):
        raise UserError(_("{option}: {dx:g},{dy:g} mm is not within 20 mm of 0,0; "
                          "a printer is off by a few mm at most").format(option=option, dx=dx, dy=dy))
    return dx, dy


def parse_bleed(text: str, option: str = "--bleed") -> float:
    return parse_number(text, option, 0, 10, _("mm"), "3", _("shops ask for 3 mm (1/8 in)"))


def parse_icc(text, option: str = "--icc", base: Path | None = None) -> Path:
    """The shop's CMYK output profile (relative to `base`, a config file's folder), read and checked
    now: a wrong file stops the command before anything is written."""
    from generator.colour.icc import read_profile

    path = parse_path(text, option, "shop-profile.icc")
    path = base / path if base is not None else path
    read_profile(path, option)
    return path


def parse_max_ink(text, option: str = "--max-ink") -> float:
    """The total ink limit in percent; a trailing % is allowed."""
    text = short_enough(text, option, "300")
    return parse_number(text.strip().rstrip("%"), option, 100, 400, "%", "300",
                        _("shops ask for 240 to 340 % (300 % on coated paper)"))


def parse_paper(text: str, option: str = "--paper") -> str:
    """a4, letter, a3, or WIDTHxHEIGHT in mm; returned in the form paper_named() reads."""
    from generator.imposition.paper import paper_named

    text = short_enough(text, option, "a4 or 200x280")
    paper_named(text, option)
    return text.strip().lower()



def parse_formats(text: str, choices: tuple[str, ...], option: str = "--format",
                  named_only: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A comma-separated list of formats out of `choices` and `named_only`, in the order given;
    "all" stands for every one of `choices` (`named_only` ones are made only when named)."""
    known = choices + named_only
    names = [part.strip().lower() for part in str(text).split(",") if part.strip()]
    if not names:
        raise UserError(_("{option}: name a format: {known} or all").format(option=option, known=", ".join(known)))
    for name in names:
        if name not in known and name != "all":
            raise UserError(_("{option}: unknown format {name!r}; choose from {known} or all").format(
                option=option, name=name, known=", ".join(known)))
    if "all" in names:
        names = [*choices, *names]
    return tuple(dict.fromkeys(name for name in names if name != "all"))


def parse_box_contents(text: str, option: str = "--sets") -> tuple[str, ...]:
    """Sets, and mexican-train (the hub and markers of tokens-mexican-train.pdf), in the order given."""
    from generator.model.box_size import TRAIN

    parts = [part.strip() for part in (text or "").split(",") if part.strip()]
    names = [TRAIN if part.casefold() == TRAIN else parse_set_names(part, option, also=(TRAIN,))[0] for part in parts]
    if not names:
        raise UserError(_("{option}: name at least one set, e.g. A or double-12,mexican-train").format(option=option))
    return tuple(dict.fromkeys(names))


MAX_TILE_THICKNESS = 30.0       # mm, as a 3D-printed tile's (MAX_THICKNESS)


def parse_tile_thickness(text: str, option: str = "--tile-thickness") -> float:
    return parse_number(text, option, 0.1, MAX_TILE_THICKNESS, _("mm"), "1",
                        _("a card tile is 0.5-1.5 mm thick, a 3D-printed one 5-13 mm"))


def parse_box_clearance(text: str, option: str = "--box-clearance") -> float:
    return parse_number(text, option, 0, 20, _("mm"), "1", _("1 mm lets hand-cut tiles drop in and lift out"))


def parse_stacks(text: str, option: str = "--stacks") -> int:
    """A whole number of stacks, 1 to 50."""
    value = parse_number(text, option, 1, 50, _("stacks"), "2", _("tiles lie in 1 to 50 stacks side by side"))
    if value != int(value):
        raise UserError(_("{option}: {value:g} is not a whole number of stacks; write e.g. 2").format(
            option=option, value=value))
    return int(value)
