"""Marks on printed sheets: cut lines, pricking holes, crop ticks, the scale bar, captions."""

from generator.colour import Colour
from generator.scene import Circle, Line, Rect, Style, Text

CUT_DASH = (2.0, 1.5)          # mm on, mm off
CUT_WIDTH = 0.25               # mm
PRICK_RADIUS = 0.7             # mm
SCALE_BAR_LENGTH = 50.0        # mm


def cell_cuts(cells, cell_w: float, cell_h: float) -> list[tuple[float, float, float, float]]:
    """The cut lines around a set of equal cells (top-left corners), as segments (x1, y1, x2, y2).

    Every edge between or around cells, merged into the longest straight runs: on a full grid
    one line per row and column boundary, across the whole grid.
    """
    key = lambda v: round(v, 6)
    occupied = {(key(x), key(y)) for x, y in cells}
    xs = sorted({x for x, _ in occupied} | {key(x + cell_w) for x, _ in occupied})
    ys = sorted({y for _, y in occupied} | {key(y + cell_h) for _, y in occupied})
    segments = []
    for x in xs:          # vertical: rows where the cell on either side of x is occupied
        rows = [y for y in ys if (x, y) in occupied or (key(x - cell_w), y) in occupied]
        segments += [(x, y0, x, y1) for y0, y1 in _runs(rows, cell_h)]
    for y in ys:
        columns = [x for x in xs if (x, y) in occupied or (x, key(y - cell_h)) in occupied]
        segments += [(x0, y, x1, y) for x0, x1 in _runs(columns, cell_w)]
    return segments


def _runs(starts, length: float):
    """Merge cells starting at `starts` (sorted), each `length` long, into (from, to) runs."""
    runs = []
    for start in starts:
        if runs and abs(runs[-1][1] - start) < 1e-6:
            runs[-1][1] = start + length
        else:
            runs.append([start, start + length])
    return [tuple(run) for run in runs]


def dashed_cut_lines(segments, overshoot: float, colour: Colour) -> list:
    """Dashed lines on every cut, running `overshoot` mm past its ends so they survive trimming."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH, dash=CUT_DASH)
    lines = []
    for x1, y1, x2, y2 in segments:
        if x1 == x2:
            lines.append(Line(x1, y1 - overshoot, x2, y2 + overshoot, style))
        else:
            lines.append(Line(x1 - overshoot, y1, x2 + overshoot, y2, style))
    return lines


def pricking_marks(cells, cell_w: float, cell_h: float, colour: Colour) -> list:
    """Small rings on the cells' corners: prick a needle through them to find the corners on the back."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    corners = sorted({(round(x + dx, 6), round(y + dy, 6)) for x, y in cells
                      for dx in (0.0, cell_w) for dy in (0.0, cell_h)}, key=lambda c: (c[0], c[1]))
    return [Circle(x, y, PRICK_RADIUS, style) for x, y in corners]


def crop_ticks(segments, start: float, length: float, colour: Colour) -> list:
    """Solid ticks outside the printed area, `start` mm beyond each cut line's ends, in line with it."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    ticks = []
    for x1, y1, x2, y2 in segments:
        if x1 == x2:
            ticks.append(Line(x1, y1 - start - length, x1, y1 - start, style))
            ticks.append(Line(x1, y2 + start, x1, y2 + start + length, style))
        else:
            ticks.append(Line(x1 - start - length, y1, x1 - start, y1, style))
            ticks.append(Line(x2 + start, y1, x2 + start + length, y1, style))
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
