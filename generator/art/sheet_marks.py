"""Marks on printed sheets: cut lines, pricking holes, crop ticks, the scale bar, captions."""

import math

from generator.colour.values import Colour
from generator.scene.drawing import Arc, Circle, Line, Path, Rect, Style, Text

CUT_DASH = (2.0, 1.5)          # mm on, mm off
CUT_WIDTH = 0.25               # mm
PRICK_RADIUS = 0.7             # mm
SCALE_BAR_LENGTH = 50.0        # mm


def edge_cuts(outlines) -> list[tuple[float, float, float, float]]:
    """The cut lines around tiles (each an outline, a tuple of corners), as segments (x1, y1, x2, y2).

    Every tile edge, merged with the edges in line with it into the longest straight runs: on a
    grid of rectangles one line per row and column boundary across the grid; on tessellated
    triangles straight lines in three directions. Vertical lines come first (left to right), then
    horizontal ones (top to bottom), then slanting ones.
    """
    return merged_runs(edge for points in outlines for edge in zip(points, points[1:] + points[:1]))


def merged_runs(edges) -> list[tuple[float, float, float, float]]:
    """Straight edges ((x1, y1), (x2, y2)) merged with those in line with them that they touch or
    overlap, in the order edge_cuts gives."""
    lines: dict[tuple, list[list[float]]] = {}
    for (x1, y1), (x2, y2) in edges:
        length = math.hypot(x2 - x1, y2 - y1)
        dx, dy = (x2 - x1) / length, (y2 - y1) / length
        if dx < -1e-9 or (abs(dx) <= 1e-9 and dy < 0):       # one direction per line
            dx, dy = -dx, -dy
        offset = dx * y1 - dy * x1                            # distance of the line from the origin
        key = (round(dx, 6) + 0.0, round(dy, 6) + 0.0, round(offset, 4) + 0.0)
        start, stop = sorted((x1 * dx + y1 * dy, x2 * dx + y2 * dy))
        lines.setdefault(key, []).append([start, stop])
    segments = []
    for (dx, dy, offset), spans in lines.items():
        spans.sort()
        merged = [spans[0][:]]
        for start, stop in spans[1:]:
            if start <= merged[-1][1] + 1e-6:
                merged[-1][1] = max(merged[-1][1], stop)
            else:
                merged.append([start, stop])
        kind = 0 if abs(dx) < 1e-9 else 1 if abs(dy) < 1e-9 else 2
        for start, stop in merged:
            # The point at parameter t on this line is t * (dx, dy) + offset * (-dy, dx).
            x1, y1 = start * dx - offset * dy, start * dy + offset * dx
            x2, y2 = stop * dx - offset * dy, stop * dy + offset * dx
            segments.append((kind, round(x1 if kind == 0 else y1, 4), dx, start,
                             (round(x1, 6), round(y1, 6), round(x2, 6), round(y2, 6))))
    return [segment for *_, segment in sorted(segments)]


def _direction(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float]:
    length = math.hypot(x2 - x1, y2 - y1)
    return (x2 - x1) / length, (y2 - y1) / length


def rounded_cut_lines(outlines, colour: Colour) -> list:
    """Dashed cut lines along rounded outlines (generator/scene/outline.py): the straight parts merged
    as edge_cuts merges them, each corner's arc a dashed curve of its own."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH, dash=CUT_DASH)
    edges, curves = [], []
    for outline in outlines:
        arcs = outline.arcs()
        for arc, following in zip(arcs, arcs[1:] + arcs[:1]):
            curves.append(Path(arc.start, (Arc(arc.end[0], arc.end[1], arc.centre[0], arc.centre[1]),), style,
                               closed=False))
            if math.dist(arc.end, following.start) > 1e-6:
                edges.append((arc.end, following.start))
    return [Line(*segment, style) for segment in merged_runs(edges)] + curves


def dashed_cut_lines(segments, overshoot: float, colour: Colour) -> list:
    """Dashed lines on every cut, running `overshoot` mm past its ends so they survive trimming."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH, dash=CUT_DASH)
    lines = []
    for x1, y1, x2, y2 in segments:
        dx, dy = _direction(x1, y1, x2, y2)
        lines.append(Line(x1 - dx * overshoot, y1 - dy * overshoot, x2 + dx * overshoot, y2 + dy * overshoot, style))
    return lines


def pricking_marks(outlines, colour: Colour) -> list:
    """Small rings on the tiles' corners: prick a needle through them to find the corners on the back."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    corners = sorted({(round(x, 6), round(y, 6)) for points in outlines for x, y in points})
    return [Circle(x, y, PRICK_RADIUS, style) for x, y in corners]


def crop_ticks(segments, start: float, length: float, colour: Colour) -> list:
    """Solid ticks outside the printed area, `start` mm beyond each cut line's ends, in line with it."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    ticks = []
    for x1, y1, x2, y2 in segments:
        dx, dy = _direction(x1, y1, x2, y2)
        ticks.append(Line(x1 - dx * (start + length), y1 - dy * (start + length), x1 - dx * start, y1 - dy * start,
                          style))
        ticks.append(Line(x2 + dx * start, y2 + dy * start, x2 + dx * (start + length), y2 + dy * (start + length),
                          style))
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
