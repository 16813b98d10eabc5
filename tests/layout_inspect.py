"""How far apart the pieces laid on a sheet or a plate stand, from their bounding boxes."""

from itertools import combinations


def least_gap(boxes) -> float:
    """The least room between any two boxes (x0, y0, x1, y1), side by side or one above the other;
    below 0 when two overlap, infinite for fewer than two."""
    return min((max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3]) for a, b in combinations(boxes, 2)),
               default=float("inf"))
