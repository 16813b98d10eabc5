"""Reading tiles written as the seed's figures write them: "top/bottom" as seen from South."""

import re

from generator.errors import UserError
from generator.words import _

_FRACTION = re.compile(r"^\s*(\d)\s*/\s*(\d)\s*$")


def at_cell(where: str, row: int, column: int) -> str:
    """A cell of a layout, as a message names it."""
    return _("{where}: row {row}, column {column}").format(where=where, row=row, column=column)


def parse_fraction(text: object, where: str, max_digit: int = 6) -> tuple[int, int]:
    """Return (top, bottom); `where` names the cell for the error message."""
    match = _FRACTION.match(text) if isinstance(text, str) else None
    if not match:
        raise UserError(_("{where}: {text!r} is not a tile; write it as top/bottom, e.g. \"3/1\"").format(
            where=where, text=text))
    top, bottom = int(match[1]), int(match[2])
    if top > max_digit or bottom > max_digit:
        raise UserError(_("{where}: tile {text} has a digit above {max_digit}; digits run 0-{max_digit}").format(
            where=where, text=text, max_digit=max_digit))
    return top, bottom


def head_and_tail(top: int, bottom: int, arrow: str) -> tuple[int, int]:
    """An arrow pointing down has its head at the bottom, one pointing up at the top."""
    return (bottom, top) if arrow == "down" else (top, bottom)
