"""What the print-on-demand fit measures: the box each piece of tile art covers.

generator/imposition/product_images.py scales a set down only where its numbers, pips and marks
would cross a product's safe line, and it finds them by the box each drawn item covers, strokes
and mitred corners included. A box smaller than what is painted lets a number be cut off at the
print shop; so each kind of item is drawn here alone, rendered at 600 dpi, and every painted pixel
must lie inside the box the module gives it. The painted pixels are the independent fact.
"""

import math

from PIL import ImageChops
import pytest

from generator.colour.theme import load_theme
from generator.imposition.product_images import centroid, drawn_points, largest_scale
from generator.scene.drawing import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, Transform
from generator.writers.png import render

DPI = 600
PIXEL = 25.4 / DPI                    # mm
INK = load_theme().colour("sheet.text")


def _sharp(angle_degrees: float, length: float = 18.0) -> tuple:
    """A triangle whose apex at (40, 20) points right, at the given angle, its base to the left."""
    half = math.radians(angle_degrees) / 2
    return ((40.0, 20.0), (40 - length, 20 - length * math.tan(half)), (40 - length, 20 + length * math.tan(half)))


CASES = {
    "ring": Circle(30, 20, 8, Style(stroke=INK, stroke_width=2.0)),
    "disc": Circle(30, 20, 8, Style(fill=INK)),
    "framed box": Rect(18, 10, 24, 18, Style(fill=INK, stroke=INK, stroke_width=1.5)),
    "line across": Line(12, 20, 48, 20, Style(stroke=INK, stroke_width=2.0)),
    "line down": Line(30, 4, 30, 36, Style(stroke=INK, stroke_width=2.0)),
    "line slanting": Line(14, 32, 46, 8, Style(stroke=INK, stroke_width=2.0)),
    "arrowhead, mitred": Polygon(_sharp(30.0), Style(fill=INK, stroke=INK, stroke_width=1.0)),
    "arrowhead, bevelled": Polygon(_sharp(8.0, 30.0), Style(fill=INK, stroke=INK, stroke_width=1.0)),
    # an arrow of seven corners pointing up and to the left, its tip at (12, 6)
    # a dart: a sharp tip left, a square tail corner right, whose mitre is what reaches furthest right
    "dart": Polygon(((10, 20), (40, 16), (44, 20), (40, 24)), Style(fill=INK, stroke=INK, stroke_width=1.0)),
    "arrow, slanting": Polygon(((12, 6), (26, 10), (21, 13), (40, 32), (36, 36), (17, 17), (14, 22)),
                               Style(fill=INK, stroke=INK, stroke_width=1.2)),
    # the tiles' words: numbers and marks in the bold sans, about their middles; the other anchors
    # and the descenders the module also measures
    "text about its middle": Text(30, 24, "0123456789", 8.0, INK, "sans-bold", "middle"),
    "text from its start": Text(10, 24, "Domino 12", 8.0, INK, "sans-bold", "start"),
    "text to its end": Text(50, 24, "gypsy", 8.0, INK, "sans", "end"),
    "turned group": Group((Rect(0, 0, 12, 4, Style(fill=INK)), Text(1, 3.5, "pq", 3.0, INK, "sans", "start")),
                          Transform(0.0, 1.5, -1.5, 0.0, 36, 6)),
}


def _painted_box(item) -> tuple[float, float, float, float]:
    """The box of every pixel the item darkens, in mm (left, top, right, bottom)."""
    drawing = Drawing(60.0, 40.0, [item])
    image = render(drawing, DPI).convert("L")
    inverted = ImageChops.invert(image).point(lambda level: 255 if level > 8 else 0)
    left, top, right, bottom = inverted.getbbox()
    return left * PIXEL, top * PIXEL, right * PIXEL, bottom * PIXEL


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_box_of_each_item_holds_everything_it_paints(name):
    """Every painted pixel lies inside the item's box (to one pixel of anti-aliasing). For circles,
    boxes and straight lines across or down, the box is also tight: no side more than a pixel past
    the paint, so the fit does not shrink a set for room it does not need (a line's only across it:
    its ends are cut square, and the box allows for round ones; the dart's at its mitred tail)."""
    item = CASES[name]
    points = drawn_points([item])
    box = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points), max(y for _, y in points))
    painted = _painted_box(item)
    slack = 1.5 * PIXEL
    assert box[0] <= painted[0] + slack and box[1] <= painted[1] + slack, (name, box, painted)
    assert painted[2] <= box[2] + slack and painted[3] <= box[3] + slack, (name, box, painted)
    tight = {"ring": (0, 1, 2, 3), "disc": (0, 1, 2, 3), "framed box": (0, 1, 2, 3), "line across": (1, 3),
             "line down": (0, 2), "dart": (2,)}.get(name, ())
    assert all(abs(box[side] - painted[side]) <= slack for side in tight), (name, box, painted)


def test_a_mitred_tip_is_measured_to_its_point_and_a_bevelled_one_to_the_limit():
    """A 30-degree arrowhead's mitre reaches half the line width / sin(15 degrees) past its apex,
    and the painted tip goes that far (less a pixel); at 8 degrees the mitre would pass the
    writers' limit of 10 line widths / 2, so the corner is bevelled and the paint stops short of
    that limit, which the box still holds."""
    for angle, length in ((30.0, 18.0), (8.0, 30.0)):
        item = Polygon(_sharp(angle, length), Style(fill=INK, stroke=INK, stroke_width=1.0))
        tip = max(x for x, _ in drawn_points([item]))
        painted = _painted_box(item)[2]
        mitre = 0.5 / math.sin(math.radians(angle) / 2)
        if mitre <= 10 * 0.5:
            assert painted == pytest.approx(40 + mitre, abs=2 * PIXEL) and tip >= painted - PIXEL
        else:
            assert painted < 40 + 10 * 0.5 and tip >= painted - PIXEL


def _inside(point, polygon) -> float:
    """How far inside a convex polygon (corners clockwise on screen, y down) a point lies: the least
    distance to an edge's line, negative outside."""
    x, y = point
    return min(((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / math.hypot(x2 - x1, y2 - y1)
               for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]))


@pytest.mark.parametrize("polygon", [
    ((50.0, 10.0), (90.0, 10.0), (90.0, 90.0), (50.0, 90.0)),                       # a card's trim
    ((40.0, 10.0), (40.0 + 30.0, 10.0 + 30.0 * math.sqrt(3)), (10.0, 10.0 + 30.0 * math.sqrt(3))),  # a triangle's
])
def test_the_largest_scale_puts_every_point_inside_and_one_on_the_edge(polygon):
    """Points about the trim's centroid, scaled by largest_scale: all inside the trim, and one of
    them on its edge (so no larger scale would do), for a rectangle and an equilateral triangle,
    with points in every direction."""
    centre = centroid(polygon)
    offsets = [(math.cos(t) * r, math.sin(t) * r) for t, r in ((0.3, 5.0), (1.9, 8.0), (2.8, 3.0), (4.1, 7.0),
                                                                (5.5, 6.0), (3.3, 2.0))]
    k = largest_scale(offsets, polygon)
    depths = [_inside((centre[0] + k * dx, centre[1] + k * dy), polygon) for dx, dy in offsets]
    assert min(depths) == pytest.approx(0.0, abs=1e-9)
