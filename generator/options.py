"""Parsing and checking user-facing option values (shared by the CLI and the config file)."""

import math
import re

from generator.art.tile import TileSize
from generator.errors import UserError
from generator.model.set_loader import SET_NAMES

_SIZE = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*[xX×]\s*([0-9]*\.?[0-9]+)\s*$")
MIN_TILE_WIDTH = 10.0
MAX_TILE_WIDTH = 60.0


def parse_tile_size(text: str, option: str = "--tile-size") -> TileSize:
    match = _SIZE.match(text or "")
    if not match:
        raise UserError(f"{option}: {text!r} is not WIDTHxHEIGHT in mm; write e.g. 22x44")
    width, height = float(match[1]), float(match[2])
    if not (math.isfinite(width) and math.isfinite(height)) or width <= 0 or height <= 0:
        raise UserError(f"{option}: sizes must be positive numbers of mm, e.g. 22x44")
    if not MIN_TILE_WIDTH <= width <= MAX_TILE_WIDTH:
        raise UserError(f"{option}: width {width:g} mm is outside {MIN_TILE_WIDTH:g}-{MAX_TILE_WIDTH:g} mm; "
                        "tiles must be large enough to read and small enough to print")
    if not 1.5 * width <= height <= 2.5 * width:
        raise UserError(f"{option}: {width:g}x{height:g} is not tile-shaped; "
                        f"make the height about twice the width, e.g. {width:g}x{2 * width:g}")
    return TileSize(width, height)


def parse_set_names(text: str, option: str = "--sets") -> tuple[str, ...]:
    names = [part.strip().upper() for part in (text or "").split(",") if part.strip()]
    if not names:
        raise UserError(f"{option}: name at least one set, e.g. A,B,C")
    for name in names:
        if name not in SET_NAMES:
            raise UserError(f"{option}: unknown set {name!r}; choose from {','.join(SET_NAMES)}")
    return tuple(dict.fromkeys(names))


def parse_clearance(text: str, option: str = "--clearance") -> float:
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise UserError(f"{option}: {text!r} is not a number of mm; write e.g. 2") from None
    if not math.isfinite(value) or not 0 <= value <= 10:
        raise UserError(f"{option}: {text} mm is outside 0-10 mm; 2 mm lets a tile fit its cell")
    return value
