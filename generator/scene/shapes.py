"""The shapes a tile can have, as geometry: its frame and its outline, in millimetres.

- "domino": a rectangle of two halves, `size.width` x `size.height`;
- "triangle": an equilateral triangle of side `size.height` (the tile height of --tile-size, so
  the default 22 x 44 gives 44 mm sides), standing on its base with its apex up.

Art draws a tile in its frame; imposition places frames on pages, turned by 0 or 180 degrees,
and asks for the outline to know where the cut lines and backgrounds go. Nothing else in the
kit needs to know a tile's shape. (Which shapes a set file may name is the set file's rule:
generator/model/classic_sets.py.)
"""

import math

SQRT3 = math.sqrt(3)


def frame(shape: str, size) -> tuple[float, float]:
    """Width and height of a tile's frame, in mm."""
    if shape == "triangle":
        return size.height, size.height * SQRT3 / 2
    return size.width, size.height


def outline(shape: str, size, turn: float = 0.0) -> tuple[tuple[float, float], ...]:
    """The tile's corners in its frame, turned about the frame's centre by 0 or 180 degrees.
    A triangle's corners run clockwise from the apex, as its numbers do."""
    w, h = frame(shape, size)
    if shape == "triangle":
        points = ((w / 2, 0.0), (w, h), (0.0, h))
    else:
        points = ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))
    if turn % 360 == 180:
        return tuple((w - x, h - y) for x, y in points)
    return points


def grown(points, distance: float) -> tuple[tuple[float, float], ...]:
    """A convex polygon (clockwise on screen, y down) with every edge moved `distance` outwards. The
    corners are mitred, so a polygon with right angles only (a laser box's panel) is grown exactly
    too, while `distance` is less than half its narrowest part."""
    lines = []
    count = len(points)
    for i in range(count):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % count]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = (y2 - y1) / length, -(x2 - x1) / length        # the outward normal of a clockwise polygon
        lines.append(((x1 + nx * distance, y1 + ny * distance), (x2 - x1, y2 - y1)))
    corners = []
    for i in range(count):
        (p, d), (q, e) = lines[i - 1], lines[i]
        cross = d[0] * e[1] - d[1] * e[0]
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / cross
        corners.append((p[0] + t * d[0], p[1] + t * d[1]))
    return tuple(corners)


def convex_hull(points) -> tuple[tuple[float, float], ...]:
    """The convex hull, clockwise on screen (y down), of a set of points (Andrew's monotone chain)."""
    unique = sorted({(round(x, 6), round(y, 6)) for x, y in points})
    if len(unique) < 3:
        return tuple(unique)

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for point in unique:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    for point in reversed(unique):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    hull = lower[:-1] + upper[:-1]          # counter-clockwise in y-up terms: clockwise on screen
    return tuple(hull)
