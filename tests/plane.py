"""Plane geometry the tests measure with, apart from the kit's own."""

import math


def polygon_gap(a, b) -> float:
    """The least distance between two convex polygons that do not overlap (corner to edge, both ways)."""
    def to_segment(p, q, r):
        dx, dy = r[0] - q[0], r[1] - q[1]
        t = max(0.0, min(1.0, ((p[0] - q[0]) * dx + (p[1] - q[1]) * dy) / (dx * dx + dy * dy)))
        return math.dist(p, (q[0] + t * dx, q[1] + t * dy))
    return min(to_segment(p, q, r) for one, other in ((a, b), (b, a)) for p in one
               for q, r in zip(other, other[1:] + other[:1]))


def turned(point, centre, degrees: float):
    """`point` turned about `centre` by `degrees` (clockwise on a page whose y runs down)."""
    angle = math.radians(degrees)
    x, y = point[0] - centre[0], point[1] - centre[1]
    return (centre[0] + x * math.cos(angle) - y * math.sin(angle), centre[1] + x * math.sin(angle) + y * math.cos(angle))


def inside_by(point, corners) -> float:
    """How far `point` lies inside the convex polygon `corners`: its distance to the nearest side,
    negative outside."""
    corners = list(corners)
    centre = mean_point(corners)
    distances = []
    for a, b in zip(corners, corners[1:] + corners[:1]):
        normal = (b[1] - a[1], a[0] - b[0])
        length = math.hypot(*normal)
        side = ((point[0] - a[0]) * normal[0] + (point[1] - a[1]) * normal[1]) / length
        inward = ((centre[0] - a[0]) * normal[0] + (centre[1] - a[1]) * normal[1]) > 0
        distances.append(side if inward else -side)
    return min(distances)


def mean_point(points) -> tuple[float, float]:
    """The mean of the points: a regular shape's centre, a triangle's centroid."""
    points = list(points)
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def box_corners(box) -> tuple[tuple[float, float], ...]:
    """The four corners of a box (left, top, right, bottom)."""
    left, top, right, bottom = box
    return (left, top), (right, top), (left, bottom), (right, bottom)


def in_box(point, box) -> bool:
    """Whether the point lies inside the box (left, top, right, bottom)."""
    return box[0] < point[0] < box[2] and box[1] < point[1] < box[3]


def box_holds(outer, inner) -> bool:
    """Whether the box `inner` lies wholly within the box `outer`."""
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]
