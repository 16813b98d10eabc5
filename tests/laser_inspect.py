"""Reading a laser box's panels back for tests, with nothing of the kit's own: the DXF's closed
polylines per layer (ezdxf), the panels among them (an outline and the slots inside it), what the
laser leaves of a cut path (the path moved inwards by half the kerf), and each side's fingers,
measured on the outline's own edges.

A panel's side is read as fingers: the tabs are where the outline runs along the side's outer line,
the slots where it runs one material thickness in, both measured from the side's start and kept to
the stretch between the meeting panels' inner faces (a thickness in from each end)."""

from dataclasses import dataclass
from functools import cache
import math

NEAR = 1e-3         # mm


def dxf_polygons(path, layer: str) -> list[list[tuple[float, float]]]:
    """The closed LWPOLYLINEs of a layer, as lists of points (mm, y up)."""
    return [list(points) for points in _layers(str(path)).get(layer, [])]


@cache
def _layers(path: str) -> dict[str, list[tuple]]:
    """Every closed LWPOLYLINE of a DXF by layer, the file read once."""
    import ezdxf

    found = {}
    for entity in ezdxf.readfile(path).modelspace():
        if entity.dxftype() == "LWPOLYLINE":
            assert entity.closed, "an open polyline on the laser's layer " + entity.dxf.layer
            found.setdefault(entity.dxf.layer, []).append(tuple((float(x), float(y))
                                                                for x, y in entity.get_points("xy")))
    return found


def bounds(points) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def contains(outer, inner) -> bool:
    a, b = bounds(outer), bounds(inner)
    return a[0] <= b[0] and a[1] <= b[1] and b[2] <= a[2] and b[3] <= a[3] and a != b


@dataclass
class Panel:
    outline: list
    holes: list

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = bounds(self.outline)
        return x1 - x0, y1 - y0


def panels_of(polygons) -> list[Panel]:
    """Each outline that lies in no other, with the polygons inside it."""
    outer = [p for p in polygons if not any(contains(q, p) for q in polygons)]
    return [Panel(p, [q for q in polygons if contains(p, q)]) for p in outer]


def signed_area(points) -> float:
    """The shoelace area of a closed polygon: positive when its corners run anticlockwise."""
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def is_rectilinear(points) -> bool:
    return all(abs(x0 - x1) < NEAR or abs(y0 - y1) < NEAR
               for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def moved_in(points, distance: float) -> list:
    """A polygon of right angles with every edge moved `distance` mm towards its inside: what a
    beam of twice that width leaves of a part cut along it (a negative distance: of a slot)."""
    turn = 1.0 if signed_area(points) > 0 else -1.0           # anticlockwise: the inside is on the left
    moved = []
    for before, point, after in zip(points[-1:] + points[:-1], points, points[1:] + points[:1]):
        normals = []
        for (x0, y0), (x1, y1) in ((before, point), (point, after)):
            length = math.hypot(x1 - x0, y1 - y0)
            normals.append((-(y1 - y0) / length * turn, (x1 - x0) / length * turn))
        moved.append((point[0] + distance * (normals[0][0] + normals[1][0]),
                      point[1] + distance * (normals[0][1] + normals[1][1])))
    return moved


@dataclass
class Side:
    length: float
    tabs: list          # (from, to) along the side
    slots: list

    @property
    def jointed(self) -> bool:
        return bool(self.slots)


def _runs(intervals) -> list:
    runs = []
    for a, b in sorted(intervals):
        if runs and a <= runs[-1][1] + NEAR:
            runs[-1] = (runs[-1][0], max(runs[-1][1], b))
        else:
            runs.append((a, b))
    return runs


def sides(points, thickness: float) -> list[Side]:
    """The four sides of a panel (bottom, right, top, left of its box) as fingers."""
    x0, y0, x1, y1 = bounds(points)
    edges = list(zip(points, points[1:] + points[:1]))
    found = []
    for axis, outer, inward, start, length in ((1, y0, 1, x0, x1 - x0), (0, x1, -1, y0, y1 - y0),
                                                (1, y1, -1, x0, x1 - x0), (0, x0, 1, y0, y1 - y0)):
        lines = {}
        for line in (outer, outer + inward * thickness):
            spans = []
            for a, b in edges:
                if abs(a[axis] - line) < NEAR and abs(b[axis] - line) < NEAR:
                    low, high = sorted((a[1 - axis] - start, b[1 - axis] - start))
                    low, high = max(low, thickness), min(high, length - thickness)
                    if high - low > NEAR:
                        spans.append((low, high))
            lines[line] = _runs(spans)
        found.append(Side(length, lines[outer], lines[outer + inward * thickness]))
    return found


def _equal(p: list, q: list) -> bool:
    return len(p) == len(q) and all(abs(u - v) < 0.01 for s, r in zip(p, q) for u, v in zip(s, r))


def reversed_side(stretches: list, length: float) -> list:
    """Stretches along a side read from its other end."""
    return sorted((length - high, length - low) for low, high in stretches)


def same_places(a: list, b: list, length: float) -> bool:
    """Two lists of stretches along a side of `length` mm alike, read from the same end or not."""
    return _equal(a, b) or _equal(a, reversed_side(b, length))


def mate(a: Side, b: Side) -> bool:
    """Every tab of one side fills a slot of the other and every slot a tab, the two sides laid
    against each other one way or the other."""
    if abs(a.length - b.length) > 0.01:
        return False
    return any(_equal(a.tabs, turn(b.slots)) and _equal(a.slots, turn(b.tabs))
               for turn in (lambda s: s, lambda s: reversed_side(s, b.length)))
