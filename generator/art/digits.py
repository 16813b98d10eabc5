"""How a number is drawn on one half of a tile.

- pips: the patterns of templates/pips.toml (0-18), in the ink colour or, for sets with coloured
  pips, in the number's own colour (theme keys pips.N);
- dashes (set C): bars standing on the tile's frontal edge;
- numerals: the number itself, 6 and 9 underlined so a turned tile cannot mislead;
- chinese: the layout of Chinese dice (a large red 1, a red 4, the 2 side by side at the end, …);
- symbols: a picture from templates/symbols.toml, outlined in ink.

Every function draws into the half whose centre is (cx, cy) and whose short side is `side` mm;
`inward` is +1 in the upper half (down is towards the tile's middle) and -1 in the lower one.
"""

from functools import cache

from msgspec import Struct

from generator.colour.values import Colour
from generator.files.resources import load_toml, template_path
from generator.scene.drawing import Circle, Group, Line, Polygon, Rect, Style, Text, rotate_about, scale, translate

# Proportions of the half's short side, chosen so 22 x 44 mm tiles read at arm's length.
PIP_SPACING = 0.26
PIP_RADIUS = 0.085
PIP_FIT = 0.38          # farthest a pip centre may sit from the half's centre
PIP_GAP = 0.38          # pip radius as a share of the pip spacing, when pips must pack closer
DASH_LENGTH = 0.30
DASH_WIDTH = 0.075
DASH_SPACING = 0.17
DASH_EDGE_GAP = 0.11
NUMERAL_SIZE = 0.62     # em size of a numeral
SYMBOL_SIZE = 0.36      # half-width of a picture
SYMBOL_STROKE = 0.03
CHINESE_ONE = 1.75      # the one pip is this much larger than the others
UNDERLINED = {"6", "9"}


@cache
def pip_patterns() -> dict[int, tuple]:
    return {int(k): tuple(tuple(p) for p in v) for k, v in load_toml(template_path("pips.toml")).items()}


class PipGrid(Struct, frozen=True):
    """Spacing of the pip grid and the pip radius, in mm, shared by every number of a set."""
    step_x: float
    step_y: float
    radius: float


@cache
def pip_grid(largest: int, side: float) -> PipGrid:
    """The grid for a set whose largest number is `largest`: the usual spacing up to 9; taller
    patterns (10-18) pack their rows, and then their pips, closer so they fit the half."""
    patterns = pip_patterns()
    extent_x = max((abs(x) for n in range(largest + 1) for x, _ in patterns[n]), default=1) or 1
    extent_y = max((abs(y) for n in range(largest + 1) for _, y in patterns[n]), default=1) or 1
    step_x = min(PIP_SPACING, PIP_FIT / extent_x) * side
    step_y = min(PIP_SPACING, PIP_FIT / extent_y) * side
    return PipGrid(step_x, step_y, min(PIP_RADIUS * side, PIP_GAP * min(step_x, step_y)))


def pips(digit: int, cx: float, cy: float, grid: PipGrid, colour: Colour) -> list:
    """Pips centred on (cx, cy)."""
    style = Style(fill=colour)
    return [Circle(cx + u * grid.step_x, cy + v * grid.step_y, grid.radius, style) for u, v in pip_patterns()[digit]]


def dashes(digit: int, cx: float, edge_y: float, inward: int, side: float, colour: Colour) -> list:
    """`digit` bars standing on the frontal edge at edge_y; `inward` is +1 (down) or -1 (up)."""
    length, width, step = DASH_LENGTH * side, DASH_WIDTH * side, DASH_SPACING * side
    near = edge_y + inward * DASH_EDGE_GAP * side
    top = near if inward > 0 else near - length
    first = cx - step * (digit - 1) / 2
    style = Style(fill=colour)
    return [Rect(first + i * step - width / 2, top, width, length, style) for i in range(digit)]


def _facing(items: list, cx: float, cy: float, inward: int) -> list:
    """The items as drawn upright, turned to read from the tile's end when in the upper half."""
    if inward > 0:
        return [Group(tuple(items), rotate_about(180, cx, cy))]
    return items


def numeral(digit: int, cx: float, cy: float, inward: int, side: float, colour: Colour) -> list:
    """The number, reading from its own end of the tile; 6 and 9 underlined."""
    size = NUMERAL_SIZE * side * (0.8 if digit >= 10 else 1.0)
    return _facing(underlined_text(str(digit), cx, cy + 0.35 * size, size, colour), cx, cy, inward)


def underlined_text(text: str, cx: float, baseline: float, size: float, colour: Colour) -> list:
    """Bold text centred on cx; a lone 6 or 9 underlined, so that turned it cannot pass for the other.
    The bar stands a bar's width under the baseline: at a back mark's size on a 22 mm tile that is
    0.5 mm, a gap a 0.4 mm nozzle prints (generator/solids/printability.py)."""
    items = [Text(cx, baseline, text, size, colour, "sans-bold", "middle")]
    if text in UNDERLINED:
        bar = 0.07 * size
        items.append(Rect(cx - 0.22 * size, baseline + bar, 0.44 * size, bar, Style(fill=colour)))
    return items


# Chinese dice faces: (u, v, red) with v measured towards the tile's middle.
_CHINESE = {
    1: ((0, 0, True),),
    2: ((-1, -1, False), (1, -1, False)),
    3: ((-1, -1, False), (0, 0, False), (1, 1, False)),
    4: ((-1, -1, True), (1, -1, True), (-1, 1, True), (1, 1, True)),
    5: ((-1, -1, False), (1, -1, False), (0, 0, False), (-1, 1, False), (1, 1, False)),
    6: ((-1, -1, False), (-1, 0, False), (-1, 1, False), (1, -1, False), (1, 0, False), (1, 1, False)),
}


def chinese_pips(digit: int, cx: float, cy: float, inward: int, grid: PipGrid, light: Colour, red: Colour,
                 double_six: bool = False) -> list:
    """A half of a Chinese tile: 1 and 4 red, the 1 large; on the double six one column is red."""
    items = []
    for u, v, is_red in _CHINESE[digit]:
        if double_six and u < 0:
            is_red = True
        radius = grid.radius * (CHINESE_ONE if digit == 1 else 1.0)
        items.append(Circle(cx + u * grid.step_x, cy + inward * v * grid.step_y, radius,
                            Style(fill=red if is_red else light)))
    return items


@cache
def symbol_shapes() -> dict[str, tuple]:
    return {name: tuple(shapes) for name, shapes in load_toml(template_path("symbols.toml")).items()}


def symbol(name: str, cx: float, cy: float, inward: int, side: float, fill: Colour, ink: Colour,
           face: Colour) -> list:
    """A picture of templates/symbols.toml, upright from its own end of the tile."""
    paints = {"fill": fill, "ink": ink, "face": face}
    size = SYMBOL_SIZE * side
    outline = SYMBOL_STROKE / SYMBOL_SIZE        # in the picture's own units
    items = []
    for shape in symbol_shapes()[name]:
        paint = paints[shape["paint"]]
        if "line" in shape:
            style = Style(stroke=paint, stroke_width=2 * outline)
            (x1, y1), (x2, y2) = shape["line"]
            items.append(Line(x1, y1, x2, y2, style))
            continue
        style = Style(fill=paint, stroke=ink if shape["outline"] else None,
                      stroke_width=outline if shape["outline"] else 0.0)
        if "circle" in shape:
            x, y, r = shape["circle"]
            items.append(Circle(x, y, r, style))
        else:
            items.append(Polygon(tuple(tuple(p) for p in shape["polygon"]), style))
    return _facing([Group(tuple(items), scale(size).then(translate(cx, cy)))], cx, cy, inward)
