"""A tile's outline as one geometric fact: a convex polygon with every corner rounded by one radius.

Everything that follows a tile's edge asks this module: the art's background and clip, the cut
lines of home sheets, the shop's CutContour die line, the cut files for cutting machines and
laser cutters, and the solids. Nobody draws the edge a second way.

    outline = tile_outline("domino", TileSize(22, 44, corner_radius=2), turn=0)
    outline.translated(x, y)        # placed on a page (the frame's top-left corner at x, y)
    outline.offset(1.5)             # edges 1.5 mm out, corners rounded by radius + 1.5 (bleed, kerf)
    outline.offset(-2)              # inwards: radius - 2, sharp once that reaches 0
    outline.path(style)             # a scene Path: straight lines and true arcs (SVG A, PDF curves, DXF bulges)
    outline.flattened(0.01)         # a polygon within 0.01 mm of the curve
    outline.bounds()                # (x0, y0, x1, y1)
    outline.area(), outline.distance((x, y))   # exact area; signed distance to the edge (< 0 inside)

Corners run clockwise on the page (y down), as generator/scene/shapes.py gives them. With radius 0
the outline is the polygon itself and every writer draws exactly what it drew before.
"""

from functools import cached_property
import math

from msgspec import Struct

from generator.scene.drawing import Arc, Path, Style
from generator.scene.shapes import grown, outline

Point = tuple[float, float]


class CornerArc(Struct, frozen=True):
    """Where a rounded corner's arc starts and ends (on the two edges), its centre and its turn."""
    start: Point
    end: Point
    centre: Point
    sweep: float            # radians, the corner's exterior angle


class Outline(Struct, frozen=True, dict=True):      # dict: room for the cached bounds
    corners: tuple[Point, ...]      # a convex polygon, clockwise on the page (with radius 0 any simple
                                    # polygon: a laser box's panel, generator/model/finger_joints.py)
    radius: float = 0.0             # mm, every corner

    def __post_init__(self):
        if self.radius < 0:
            raise ValueError(f"a corner radius of {self.radius:g} mm")
        if self.radius and self.radius > max_radius(self.corners) + 1e-9:
            raise ValueError(f"a corner radius of {self.radius:g} mm does not fit this outline "
                             f"(at most {max_radius(self.corners):.3f} mm)")

    def translated(self, dx: float, dy: float) -> "Outline":
        return Outline(tuple((x + dx, y + dy) for x, y in self.corners), self.radius)

    def offset(self, distance: float) -> "Outline":
        """Every edge moved `distance` mm outwards (inwards when negative). The corners stay arcs about
        the same centres, so the radius grows by the distance; inwards it ends at 0, a sharp corner."""
        if not distance:
            return self
        return Outline(grown(self.corners, distance), max(0.0, self.radius + distance))

    def arcs(self) -> tuple[CornerArc, ...]:
        """Each corner's arc, in the order of the corners (points equal to the corner when sharp)."""
        arcs = []
        count = len(self.corners)
        for index in range(count):
            before, corner, after = self.corners[index - 1], self.corners[index], self.corners[(index + 1) % count]
            u0, u1 = _unit(before, corner), _unit(corner, after)
            sweep = math.acos(max(-1.0, min(1.0, u0[0] * u1[0] + u0[1] * u1[1])))
            tangent = self.radius * math.tan(sweep / 2)
            start = (corner[0] - u0[0] * tangent, corner[1] - u0[1] * tangent)
            end = (corner[0] + u1[0] * tangent, corner[1] + u1[1] * tangent)
            # The inward normal of an edge of a clockwise (on the page) polygon is (-dy, dx).
            centre = (start[0] - u0[1] * self.radius, start[1] + u0[0] * self.radius)
            arcs.append(CornerArc(start, end, centre, sweep))
        return tuple(arcs)

    def path(self, style: Style) -> Path:
        """The outline as a closed scene Path from the first corner: lines and true arcs."""
        if not self.radius:
            return Path(self.corners[0], self.corners[1:], style)
        arcs = self.arcs()
        parts = []
        for index, arc in enumerate(arcs):
            if index:
                parts.append(arc.start)
            parts.append(Arc(arc.end[0], arc.end[1], arc.centre[0], arc.centre[1], clockwise=True))
        return Path(arcs[0].start, tuple(parts), style)       # closing adds the last edge

    def flattened(self, tolerance: float = 0.01) -> tuple[Point, ...]:
        """A polygon whose edges stay within `tolerance` mm of the curve (inside it, at the arcs' chords)."""
        if not self.radius:
            return self.corners
        points = []
        for arc in self.arcs():
            step = 2 * math.acos(max(-1.0, 1 - tolerance / self.radius))
            count = max(1, math.ceil(arc.sweep / step))
            a0 = math.atan2(arc.start[1] - arc.centre[1], arc.start[0] - arc.centre[0])
            for k in range(count + 1):
                angle = a0 + arc.sweep * k / count
                points.append((arc.centre[0] + self.radius * math.cos(angle),
                               arc.centre[1] + self.radius * math.sin(angle)))
        return tuple(points)

    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): the smallest box holding the outline."""
        return self._bounds

    @cached_property
    def _bounds(self) -> tuple[float, float, float, float]:
        inner = grown(self.corners, -self.radius) if self.radius else self.corners
        xs, ys = [x for x, _ in inner], [y for _, y in inner]
        r = self.radius
        return min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r

    def area(self) -> float:
        """The exact area in mm²: the polygon's less, at each corner, what the arc leaves out."""
        polygon = abs(_shoelace(self.corners))
        r = self.radius
        return polygon - sum(r * r * (math.tan(arc.sweep / 2) - arc.sweep / 2) for arc in self.arcs())

    def distance(self, point: Point) -> float:
        """Signed distance from the outline's edge, in mm: negative inside, positive outside."""
        inner = grown(self.corners, -self.radius) if self.radius else self.corners
        return _polygon_distance(inner, point) - self.radius


def tile_outline(shape: str, size, turn: float = 0.0) -> Outline:
    """A tile's outline in its frame (generator/scene/shapes.py), turned by 0 or 180 degrees, its
    corners rounded by the size's corner radius."""
    return Outline(outline(shape, size, turn), getattr(size, "corner_radius", 0.0))


def max_corner_radius(size) -> float:
    """The largest corner radius the kit allows: a third of the tile's width (its short side). A
    triangle's side is the tile height, at least 1.5 widths, so its rounded corners always fit."""
    return size.width / 3


def max_radius(corners) -> float:
    """The largest radius with which every edge keeps a straight part of length >= 0."""
    count = len(corners)
    tans = []
    for index in range(count):
        u0 = _unit(corners[index - 1], corners[index])
        u1 = _unit(corners[index], corners[(index + 1) % count])
        sweep = math.acos(max(-1.0, min(1.0, u0[0] * u1[0] + u0[1] * u1[1])))
        tans.append(math.tan(sweep / 2))
    limits = []
    for index in range(count):
        length = math.dist(corners[index], corners[(index + 1) % count])
        limits.append(length / (tans[index] + tans[(index + 1) % count]))
    return min(limits)


def _unit(a: Point, b: Point) -> Point:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    return (b[0] - a[0]) / length, (b[1] - a[1]) / length


def _shoelace(points) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def _polygon_distance(polygon, point: Point) -> float:
    """Signed distance from a simple polygon's edge: negative inside (by the crossing number, so
    a laser box's finger-jointed panel, which is not convex, is measured too)."""
    px, py = point
    inside = False
    nearest = math.inf
    count = len(polygon)
    for index in range(count):
        (x1, y1), (x2, y2) = polygon[index], polygon[(index + 1) % count]
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        dx, dy = x2 - x1, y2 - y1
        along = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
        nearest = min(nearest, math.hypot(px - x1 - along * dx, py - y1 - along * dy))
    return -nearest if inside else nearest
