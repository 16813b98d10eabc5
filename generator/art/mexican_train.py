"""The Mexican Train's pieces besides the tiles: the centre hub and eight train markers.

The hub holds the engine double in its centre and has eight slots, one per train. The engine's
cell and every slot are a tile plus the clearance the board's cells get (--clearance), so the
first tile of every train rests in its slot without catching on its edges. Each slot and
each marker takes the colour of its number (the theme's pips.1 ... pips.8, the colour-checked
number colours of the large sets) and a shape of its own, so players tell trains apart by
shape as well as colour.
"""

import math

from generator.scene.drawing import Circle, Drawing, Group, Polygon, Rect, Style, Text, rotate_about

SLOTS = 8
GAP = 1.2                 # mm between the engine, the slots and the hub's edge
RIM = 6.0                 # mm of hub beyond the slots' far ends
MARKER_SIZE = 22.0        # mm across a train marker
SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "heart")


def cell_size(size, clearance: float) -> tuple[float, float]:
    """Width and length of the engine's cell and of each slot: the tile's, `clearance` mm larger."""
    return size.width + clearance, size.height + clearance


def slot_start(size, clearance: float) -> float:
    """From the hub's centre to the inner end of a slot: past the engine, and far enough out that
    neighbouring slots, 360/8 degrees apart, do not overlap (their inner corners clear each other)."""
    width, length = cell_size(size, clearance)
    clear_of_neighbours = width / 2 / math.tan(math.pi / SLOTS)
    return max(length / 2, clear_of_neighbours) + GAP


def hub_radius(size, clearance: float) -> float:
    """From the hub's centre to where a slot ends, and the rim beyond it."""
    return slot_start(size, clearance) + cell_size(size, clearance)[1] + RIM


def _train_colour(theme, number: int):
    return theme.colour(f"pips.{number}") if theme.numbers_in_colour else theme.colour("tile.digit")


def hub_drawing(theme, size, bleed: float, clearance: float, outline: bool = True) -> Drawing:
    """The hub, centred in its own square frame; with a bleed its colour runs past its edge. The
    printed hub has the build's clearance; the booklets' figures draw it without (tiles in place).
    `outline` False: no drawn edge, where the sheet draws its own cut line there."""
    radius = hub_radius(size, clearance)
    drawing = Drawing(2 * radius, 2 * radius)
    c = radius
    ink = theme.colour("tile.digit")
    drawing.add(Circle(c, c, radius + bleed, Style(fill=theme.colour("board.light"))))
    if outline and not bleed:
        drawing.add(Circle(c, c, radius, Style(stroke=theme.colour("board.line"), stroke_width=0.5)))
    w, h = cell_size(size, clearance)
    drawing.add(Rect(c - w / 2, c - h / 2, w, h, Style(fill=theme.colour("board.dark"), stroke=ink,
                                                          stroke_width=0.3)))
    for number in range(1, SLOTS + 1):
        colour = _train_colour(theme, number)
        angle = (number - 1) * 360.0 / SLOTS
        start = c + slot_start(size, clearance)
        slot = Rect(start, c - w / 2, h, w, Style(fill=theme.colour("board.dark"), stroke=colour, stroke_width=0.8))
        label_x = start + h + RIM / 2
        label = Text(label_x, c + 1.2, str(number), 3.6, ink, "sans-bold", "middle")
        turn = rotate_about(angle, c, c)
        drawing.add(Group((slot, Group((label,), rotate_about(90, label_x, c))), turn))
        # The shape stands as on its marker, not turned with its slot: a square turned by 45 degrees
        # would be the diamond of another train.
        drawing.add(_shape(SHAPES[number - 1], *turn.apply(start + h / 2, c), w * 0.22, Style(fill=colour)))
    return drawing


def marker_outline(shape: str, cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    """A marker's outline as a polygon (the circle and the heart as many-sided ones), clockwise on screen."""
    def regular(sides, start=-90.0, radius=r):
        return tuple((cx + radius * math.cos(math.radians(start + 360 * k / sides)),
                      cy + radius * math.sin(math.radians(start + 360 * k / sides))) for k in range(sides))
    if shape == "circle":
        return regular(48)
    if shape == "square":
        return regular(4, -45.0, r * 1.12)
    if shape == "triangle":
        return tuple((x, y + r * 0.18) for x, y in regular(3, -90.0, r * 1.2))
    if shape == "diamond":
        return regular(4, -90.0, r * 1.1)
    if shape == "pentagon":
        return regular(5)
    if shape == "hexagon":
        return regular(6, 0.0)
    if shape == "star":
        return tuple((cx + (r if k % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + 36 * k)),
                      cy + (r if k % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + 36 * k))) for k in range(10))
    points = []                                   # heart
    for k in range(48):
        t = 2 * math.pi * k / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * r / 16.5, cy - y * r / 16.5 - r * 0.05))
    return tuple(points)


def _shape(shape: str, cx: float, cy: float, r: float, style: Style):
    return Polygon(marker_outline(shape, cx, cy, r), style)


def marker_drawing(theme, number: int, bleed: float) -> Drawing:
    """Train marker `number` (1-8): a disc to cut out, with its shape in its colour and its number.
    With a bleed the disc's face colour runs `bleed` mm past its edge."""
    size = MARKER_SIZE
    drawing = Drawing(size, size)
    c = size / 2
    colour = _train_colour(theme, number)
    drawing.add(Circle(c, c, c + bleed, Style(fill=theme.colour("tile.face"))))
    drawing.add(_shape(SHAPES[number - 1], c, c, c * 0.78, Style(fill=colour, stroke=theme.colour("tile.digit"),
                                                                 stroke_width=0.35)))
    drawing.add(Circle(c, c + 0.8, 3.6, Style(fill=theme.colour("tile.face"))))
    drawing.add(Text(c, c + 2.3, str(number), 4.6, theme.colour("tile.digit"), "sans-bold", "middle"))
    return drawing
