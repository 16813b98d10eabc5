"""Paper sizes in millimetres (portrait)."""

from dataclasses import dataclass

from generator.errors import UserError


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("US Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
}


def paper_named(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise UserError(f"unknown paper {name!r}; use one of {', '.join(PAPERS)}") from None
