"""How a digit is drawn on one half of a tile: pips (sets A and B) or dashes (set C)."""

from functools import cache

from generator.colour import Colour
from generator.resources import load_toml, template_path
from generator.scene import Circle, Rect, Style

# Proportions of the half's short side, chosen so 22 x 44 mm tiles read at arm's length.
PIP_SPACING = 0.26
PIP_RADIUS = 0.085
DASH_LENGTH = 0.30
DASH_WIDTH = 0.075
DASH_SPACING = 0.17
DASH_EDGE_GAP = 0.11


@cache
def pip_patterns() -> dict[int, tuple]:
    return {int(k): tuple(tuple(p) for p in v) for k, v in load_toml(template_path("pips.toml")).items()}


def pips(digit: int, cx: float, cy: float, side: float, colour: Colour) -> list:
    """Pips centred on (cx, cy) in a half whose short side is `side` mm."""
    step, radius = PIP_SPACING * side, PIP_RADIUS * side
    style = Style(fill=colour)
    return [Circle(cx + u * step, cy + v * step, radius, style) for u, v in pip_patterns()[digit]]


def dashes(digit: int, cx: float, edge_y: float, inward: int, side: float, colour: Colour) -> list:
    """`digit` bars standing on the frontal edge at edge_y; `inward` is +1 (down) or -1 (up)."""
    length, width, step = DASH_LENGTH * side, DASH_WIDTH * side, DASH_SPACING * side
    near = edge_y + inward * DASH_EDGE_GAP * side
    top = near if inward > 0 else near - length
    first = cx - step * (digit - 1) / 2
    style = Style(fill=colour)
    return [Rect(first + i * step - width / 2, top, width, length, style) for i in range(digit)]
