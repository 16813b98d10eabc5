"""Paper sizes in millimetres: the named ones, or any WIDTHxHEIGHT."""

import math
import re

from msgspec import Struct

from generator.errors import UserError
from generator.words import _


class Paper(Struct, frozen=True):
    name: str
    width: float
    height: float

    def turned(self) -> "Paper":
        return Paper(self.name, self.height, self.width)

    @property
    def is_portrait(self) -> bool:
        return self.height >= self.width


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("US Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
}


def papers_smallest_first() -> list[tuple[str, Paper]]:
    """The named papers (key, paper), the smallest by area first: the one to suggest when several would do."""
    return sorted(PAPERS.items(), key=lambda item: item[1].width * item[1].height)


# WIDTHxHEIGHT in mm, as a custom paper and a machine file's sheet are written
EXTENT = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*[xX×]\s*([0-9]*\.?[0-9]+)\s*$")
MIN_SIDE, MAX_SIDE = 90.0, 1200.0


def paper_named(name: str, where: str = "--paper") -> Paper:
    """A named paper (a4, letter, a3) or a custom WIDTHxHEIGHT in mm, e.g. 200x280."""
    key = str(name).strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    match = EXTENT.match(key)
    if not match:
        raise UserError(_("{where}: unknown paper {name!r}; use {papers} or WIDTHxHEIGHT in mm, "
                          "e.g. 200x280").format(where=where, name=name, papers=", ".join(PAPERS)))
    width, height = float(match[1]), float(match[2])
    if not all(math.isfinite(v) and MIN_SIDE <= v <= MAX_SIDE for v in (width, height)):
        raise UserError(_("{where}: {width:g}x{height:g} mm is outside {low:g}-{high:g} mm per side; "
                          "give a real sheet size, e.g. 200x280").format(
            where=where, width=width, height=height, low=MIN_SIDE, high=MAX_SIDE))
    return Paper(f"{width:g}x{height:g} mm", width, height)
