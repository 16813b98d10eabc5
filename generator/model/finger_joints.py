"""A finger-jointed box's flat panels, as polygons in millimetres: what a laser cuts (issue 42).

An open box (generator/model/box_panels.py's Shell, its walls as thick as the material) is five
panels: the floor, the front and back across the box's width, the left and right along its
length. Where two panels meet, the stretch of their common edge between the other panels' inner
faces is cut into an odd number of equal fingers; one panel keeps the even ones (a tab at each
end), the other the odd ones, so that every tab of one fills a slot of the other and both ends of
an edge belong to the same panel. Which panel keeps what:

    floor and a wall:           the wall has the even fingers (the floor shows slots at its ends);
    front or back and a side:   the front or back has the even fingers, and the cube at the floor's
                                corner too, so that every corner of the box is closed.

A divider between two compartments stands across the tray from front to back. Tabs on its ends and
its bottom (the odd fingers of each edge, so they stay clear of the corners) go through slots cut
into the front and back walls and the floor: it stands without glue and without play.

    panels = jointed_box(tray, thickness=3, finger=2, dividers=(40.0,))
    panel.outline       # the cut: one closed polygon, clockwise on the page (y down)
    panel.holes         # slots inside it, each a closed polygon, clockwise too

A panel lies as seen from outside the box, its floor edge at the bottom: x along the box's width
(front, back, floor) or length (sides), y down the page.
"""

import math

from msgspec import Struct

from generator.model.box_panels import Shell

Point = tuple[float, float]


def finger_count(span: float, thickness: float, finger: float) -> int:
    """The odd number of fingers for an edge `span` mm long: as near `finger` material thicknesses
    wide as the span allows (from two-thirds to twice that), never narrower than the material. An
    edge of three thicknesses or more always has three: one "finger" is a plain butt joint, held
    by glue on end grain alone (a lid's shallow walls in 3.2 mm plywood had them)."""
    count = 2 * math.floor(span / (2 * finger * thickness) + 1e-9) + 1
    while count > 1 and span / count < thickness - 1e-9:
        count -= 2
    return 3 if count == 1 and span >= 3 * thickness - 1e-9 else count


class Edge(Struct, frozen=True):
    """One side of a panel, walked from its start corner to its end: a corner zone at each end (the
    meeting panel's thickness; 0 where nothing meets) and `fingers` equal segments between them.
    `keeps_even`: the panel has the even segments (counted from either end: their number is odd);
    `corners`: it has the corner zones."""
    length: float
    start_zone: float = 0.0
    end_zone: float = 0.0
    fingers: int = 1
    keeps_even: bool = True
    corners: bool = True

    def profile(self, thickness: float) -> list[tuple[float, float, float]]:
        """(from, to, depth) along the side: depth 0 where the panel reaches its outer line, the
        thickness where it stops at the meeting panel's inner face."""
        def depth(kept: bool) -> float:
            return 0.0 if kept else thickness

        span = self.length - self.start_zone - self.end_zone
        step = span / self.fingers
        parts = [(0.0, self.start_zone, depth(self.corners))]
        parts += [(self.start_zone + k * step, self.start_zone + (k + 1) * step, depth((k % 2 == 0) == self.keeps_even))
                  for k in range(self.fingers)]
        parts.append((self.length - self.end_zone, self.length, depth(self.corners)))
        return [part for part in parts if part[1] - part[0] > 1e-9]


def panel_outline(width: float, height: float, edges: tuple[Edge, Edge, Edge, Edge],
                  thickness: float) -> tuple[Point, ...]:
    """The outline of a `width` x `height` panel whose sides (bottom, right, top, left, walked
    anticlockwise with y up) are `edges`, clockwise on the page (y down)."""
    corners = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
    along = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))
    inward = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))
    profiles = [edge.profile(thickness) for edge in edges]
    points = []
    for side in range(4):
        (cx, cy), (ax, ay), (nx, ny) = corners[side], along[side], inward[side]
        before = profiles[side - 1][-1][2]
        px, py = inward[side - 1]
        first = profiles[side][0][2]
        points.append((cx + before * px + first * nx, cy + before * py + first * ny))
        for (_, end, depth), (_, _, following) in zip(profiles[side], profiles[side][1:]):
            if following != depth:
                points += [(cx + end * ax + depth * nx, cy + end * ay + depth * ny),
                           (cx + end * ax + following * nx, cy + end * ay + following * ny)]
    # Upside down on the page, and walked the other way round, so that it turns clockwise there.
    return tuple((x, height - y) for x, y in reversed(_without_straight_points(points)))


def _without_straight_points(points: list[Point]) -> list[Point]:
    """The polygon without repeated points and points in the middle of a straight run."""
    kept = []
    for point in points:
        if not kept or math.dist(point, kept[-1]) > 1e-9:
            kept.append(point)
    if len(kept) > 1 and math.dist(kept[0], kept[-1]) <= 1e-9:
        kept.pop()
    changed = True
    while changed:
        changed = False
        for index in range(len(kept)):
            (x0, y0), (x1, y1), (x2, y2) = kept[index - 1], kept[index], kept[(index + 1) % len(kept)]
            if abs((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)) < 1e-9:
                del kept[index]
                changed = True
                break
    return kept


def _rectangle(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    """Clockwise on the page (y down)."""
    return (x0, y0), (x1, y0), (x1, y1), (x0, y1)


class JointedPanel(Struct, frozen=True):
    name: str                               # floor, front, back, left, right, divider
    width: float                            # mm, over its tabs
    height: float
    outline: tuple[Point, ...]
    holes: tuple[tuple[Point, ...], ...] = ()


def _odd_segments(start: float, length: float, count: int) -> list[tuple[float, float]]:
    step = length / count
    return [(start + k * step, start + (k + 1) * step) for k in range(1, count, 2)]


def jointed_box(shell: Shell, thickness: float, finger: float, dividers: tuple[float, ...] = ()) -> list[JointedPanel]:
    """The panels of `shell` (walls `thickness` mm, as shell.wall) with fingers about `finger`
    thicknesses wide, and a divider at each of `dividers` (mm from the inside of the left wall to
    the divider's left face)."""
    t = thickness
    inside_w, inside_l, depth = shell.inside
    width, length, height = inside_w + 2 * t, inside_l + 2 * t, depth + t
    across, along, up = (finger_count(span, t, finger) for span in shell.inside)

    def joint(size: float, count: int, keeps_even: bool, corners: bool) -> Edge:
        return Edge(size, t, t, count, keeps_even, corners)

    def upright(keeps_even: bool, rising: bool) -> Edge:
        """A wall's side where it meets the next wall, from the floor to the rim (or back down)."""
        zones = (t, 0.0) if rising else (0.0, t)
        return Edge(height, *zones, up, keeps_even, keeps_even)

    rim = Edge
    floor = panel_outline(width, length, (joint(width, across, False, False), joint(length, along, False, False),
                                          joint(width, across, False, False), joint(length, along, False, False)), t)
    front = panel_outline(width, height, (joint(width, across, True, True), upright(True, True), rim(width),
                                          upright(True, False)), t)
    side = panel_outline(length, height, (joint(length, along, True, False), upright(False, True), rim(length),
                                          upright(False, False)), t)
    # The dividers' tabs: the odd fingers of their ends and bottom, at least one on each.
    ends, bottom = max(up, 3), max(along, 3)
    front_holes = tuple(_rectangle(t + x, height - v1, t + x + t, height - v0)
                        for x in dividers for v0, v1 in _odd_segments(t, depth, ends))
    # The back seen from outside, as the front is: its slots mirrored, so that every wall has the
    # face the laser cut from on the outside.
    back_holes = tuple(tuple((width - x, y) for x, y in reversed(hole)) for hole in front_holes)
    floor_holes = tuple(_rectangle(t + x, length - v1, t + x + t, length - v0)
                        for x in dividers for v0, v1 in _odd_segments(t, inside_l, bottom))
    panels = [JointedPanel("floor", width, length, floor, floor_holes),
              JointedPanel("front", width, height, front, front_holes),
              JointedPanel("back", width, height, front, back_holes),
              JointedPanel("left", length, height, side),
              JointedPanel("right", length, height, side)]
    if dividers:
        divider = panel_outline(length, height, (joint(length, bottom, False, False),
                                                 Edge(height, t, 0.0, ends, False, False), rim(length),
                                                 Edge(height, 0.0, t, ends, False, False)), t)
        panels += [JointedPanel("divider", length, height, divider) for _ in dividers]
    return panels
