"""Marks on printed sheets: cut lines, pricking holes, crop ticks, the scale bar, captions."""

from generator.colour import Colour
from generator.scene import Circle, Line, Rect, Style, Text

CUT_DASH = (2.0, 1.5)          # mm on, mm off
CUT_WIDTH = 0.25               # mm
PRICK_RADIUS = 0.7             # mm
SCALE_BAR_LENGTH = 50.0        # mm


def grid_lines(x: float, y: float, columns: int, rows: int, cell_w: float, cell_h: float):
    """The x positions of vertical and the y positions of horizontal cut lines."""
    xs = [x + i * cell_w for i in range(columns + 1)]
    ys = [y + j * cell_h for j in range(rows + 1)]
    return xs, ys


def dashed_cut_lines(xs, ys, overshoot: float, colour: Colour) -> list:
    """Dashed lines on every cut, running `overshoot` mm past the grid so they survive trimming."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH, dash=CUT_DASH)
    top, bottom, left, right = ys[0] - overshoot, ys[-1] + overshoot, xs[0] - overshoot, xs[-1] + overshoot
    return ([Line(x, top, x, bottom, style) for x in xs]
            + [Line(left, y, right, y, style) for y in ys])


def pricking_marks(xs, ys, colour: Colour) -> list:
    """Small rings where cut lines cross: prick a needle through them to find the corners on the back."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    return [Circle(x, y, PRICK_RADIUS, style) for x in xs for y in ys]


def crop_ticks(xs, ys, start: float, length: float, colour: Colour) -> list:
    """Solid ticks outside the printed area, `start` mm beyond the grid, in line with each cut."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    ticks = []
    for x in xs:
        ticks.append(Line(x, ys[0] - start - length, x, ys[0] - start, style))
        ticks.append(Line(x, ys[-1] + start, x, ys[-1] + start + length, style))
    for y in ys:
        ticks.append(Line(xs[0] - start - length, y, xs[0] - start, y, style))
        ticks.append(Line(xs[-1] + start, y, xs[-1] + start + length, y, style))
    return ticks


def scale_bar(x: float, y: float, colour: Colour, label: str) -> list:
    """A 50 mm bar with centimetre ticks: measure it to check the print is at 100 %."""
    style = Style(stroke=colour, stroke_width=0.3)
    items = [Line(x, y, x + SCALE_BAR_LENGTH, y, style)]
    for cm in range(6):
        tick = 2.5 if cm in (0, 5) else 1.5
        items.append(Line(x + 10 * cm, y - tick, x + 10 * cm, y, style))
    items.append(Rect(x, y, SCALE_BAR_LENGTH, 1.0, Style(fill=colour)))
    items.append(Text(x + SCALE_BAR_LENGTH / 2, y + 4.5, label, 2.8, colour, "sans", "middle"))
    return items


def caption(x: float, y: float, text: str, colour: Colour, anchor: str = "middle", size: float = 3.4) -> Text:
    return Text(x, y, text, size, colour, "sans", anchor)
