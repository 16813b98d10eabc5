"""Reading tiles written as the seed's figures write them: "top/bottom" as seen from South."""

import re

from generator.errors import UserError

_FRACTION = re.compile(r"^\s*(\d)\s*/\s*(\d)\s*$")


def parse_fraction(text: object, where: str, max_digit: int = 6) -> tuple[int, int]:
    """Return (top, bottom); `where` names the cell for the error message."""
    match = _FRACTION.match(text) if isinstance(text, str) else None
    if not match:
        raise UserError(f"{where}: {text!r} is not a tile; write it as top/bottom, e.g. \"3/1\"")
    top, bottom = int(match[1]), int(match[2])
    if top > max_digit or bottom > max_digit:
        raise UserError(f"{where}: tile {text} has a digit above {max_digit}; digits run 0-{max_digit}")
    return top, bottom


def head_and_tail(top: int, bottom: int, arrow: str) -> tuple[int, int]:
    """An arrow pointing down has its head at the bottom, one pointing up at the top."""
    return (bottom, top) if arrow == "down" else (top, bottom)
