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
