"""A small drawing description in millimetres, independent of any output format.

Art code builds these shapes; writers (PDF, SVG, PNG) turn them into files. Coordinates
run right (x) and down (y) from the top-left corner, like SVG and Pillow; the PDF writer
flips them. A Group carries an affine transform so that a tile drawn once can be placed,
turned and mirrored anywhere.
"""

import math

from msgspec import Struct, field

from generator.colour.values import Colour


class Style(Struct, frozen=True):
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = 0.0           # mm
    dash: tuple[float, ...] | None = None   # mm on, mm off


class Rect(Struct, frozen=True):
    x: float
    y: float
    width: float
    height: float
    style: Style


class Circle(Struct, frozen=True):
    cx: float
    cy: float
    r: float
    style: Style


class Line(Struct, frozen=True):
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


class Polygon(Struct, frozen=True):
    points: tuple[tuple[float, float], ...]
    style: Style


class Arc(Struct, frozen=True):
    """A piece of a Path: from the point before it along a circle about (cx, cy) to (x, y), turning
    clockwise as seen on the page when `clockwise` (the radius is the distance from the centre)."""
    x: float
    y: float
    cx: float
    cy: float
    clockwise: bool = True

    @property
    def radius(self) -> float:
        return math.hypot(self.x - self.cx, self.y - self.cy)


class Path(Struct, frozen=True):
    """Straight lines and circular arcs from `start`: each part is a point (a line to it) or an Arc.
    Writers draw true arcs where their format has them (SVG) and Bézier curves elsewhere."""
    start: tuple[float, float]
    parts: tuple
    style: Style
    closed: bool = True


def arc_sweep(x0: float, y0: float, arc: Arc) -> float:
    """The angle in radians an arc turns through from (x0, y0), 0 to 2 pi."""
    a0 = math.atan2(y0 - arc.cy, x0 - arc.cx)
    a1 = math.atan2(arc.y - arc.cy, arc.x - arc.cx)
    sweep = (a1 - a0) if arc.clockwise else (a0 - a1)      # y runs down: clockwise on the page is +angle
    return sweep % (2 * math.pi)


def arc_beziers(x0: float, y0: float, arc: Arc) -> list[tuple[float, float, float, float, float, float]]:
    """The arc from (x0, y0) as cubic Bézier curves (c1x, c1y, c2x, c2y, x, y), none over a quarter turn."""
    sweep = arc_sweep(x0, y0, arc)
    count = max(1, math.ceil(sweep / (math.pi / 2) - 1e-9))
    step = (sweep / count) * (1 if arc.clockwise else -1)
    r = arc.radius
    kappa = 4 / 3 * math.tan(step / 4)
    angle = math.atan2(y0 - arc.cy, x0 - arc.cx)
    curves = []
    for index in range(count):
        a0, a1 = angle + index * step, angle + (index + 1) * step
        p0 = (arc.cx + r * math.cos(a0), arc.cy + r * math.sin(a0))
        p1 = (arc.x, arc.y) if index == count - 1 else (arc.cx + r * math.cos(a1), arc.cy + r * math.sin(a1))
        curves.append((p0[0] - kappa * r * math.sin(a0), p0[1] + kappa * r * math.cos(a0),
                       p1[0] + kappa * r * math.sin(a1), p1[1] - kappa * r * math.cos(a1), p1[0], p1[1]))
    return curves


def path_pieces(path: Path):
    """A Path for writers without arcs: (x, y) for a line to that point, or (c1x, c1y, c2x, c2y, x, y)
    for a cubic Bézier curve, in order after the start."""
    x, y = path.start
    for part in path.parts:
        if isinstance(part, Arc):
            yield from arc_beziers(x, y, part)
            x, y = part.x, part.y
        else:
            yield part
            x, y = part


class Text(Struct, frozen=True):
    x: float
    y: float                  # baseline
    text: str
    size: float               # em size in mm
    colour: Colour
    font: str = "sans"        # a font role: "sans", "sans-bold", "serif", ...
    anchor: str = "start"     # "start", "middle" or "end"


class Transform(Struct, frozen=True):
    """x' = a*x + c*y + e ; y' = b*x + d*y + f (the SVG/PDF matrix order)."""
    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def then(self, outer: "Transform") -> "Transform":
        """This transform followed by `outer`."""
        return Transform(
            outer.a * self.a + outer.c * self.b,
            outer.b * self.a + outer.d * self.b,
            outer.a * self.c + outer.c * self.d,
            outer.b * self.c + outer.d * self.d,
            outer.a * self.e + outer.c * self.f + outer.e,
            outer.b * self.e + outer.d * self.f + outer.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    @property
    def is_identity(self) -> bool:
        return self == IDENTITY


IDENTITY = Transform()


def translate(dx: float, dy: float) -> Transform:
    return Transform(e=dx, f=dy)


def scale(factor: float) -> Transform:
    return Transform(factor, 0.0, 0.0, factor, 0.0, 0.0)


def rotate_about(degrees: float, cx: float, cy: float) -> Transform:
    angle = math.radians(degrees)
    cos, sin = round(math.cos(angle), 12), round(math.sin(angle), 12)
    turn = Transform(cos, sin, -sin, cos)
    return translate(-cx, -cy).then(turn).then(translate(cx, cy))


class Group(Struct, frozen=True):
    items: tuple
    transform: Transform = IDENTITY
    clip: Rect | Path | None = None        # in the group's own coordinates
    # Set where the same items recur (a back on every sheet, the board in every figure): a box
    # (x0, y0, x1, y1) in the group's own coordinates that holds them. A writer may then draw the
    # items once per file and place that copy (the PDF writer makes a form XObject of them).
    shared_extent: tuple[float, float, float, float] | None = None


class Drawing(Struct):
    """One page or one picture: a width and height in mm and the shapes on it."""
    width: float
    height: float
    items: list = field(default_factory=list)
    trim: tuple[float, float, float, float] | None = None   # x, y, w, h of the trimmed area
    bleed: tuple[float, float, float, float] | None = None
    pieces: int = 0            # the tiles a shop cuts out of this page (a gang sheet's); 0: not counted

    def add(self, *items) -> None:
        self.items.extend(items)


def placed(drawing: Drawing, x: float, y: float, turn_degrees: float = 0.0, shared: bool = False) -> Group:
    """The drawing's shapes as a group with its top-left corner at (x, y), turned about its centre.

    `shared`: the same drawing is placed again elsewhere in the file (see Group.shared_extent).
    Its extent is the drawing's box grown by its larger side: room for a bleed, never a clip."""
    transform = IDENTITY
    if turn_degrees:
        transform = rotate_about(turn_degrees, drawing.width / 2, drawing.height / 2)
    extent = None
    if shared:
        margin = max(drawing.width, drawing.height)
        extent = (-margin, -margin, drawing.width + margin, drawing.height + margin)
    return Group(tuple(drawing.items), transform.then(translate(x, y)), shared_extent=extent)


def text_sizes(items, transform: Transform = IDENTITY):
    """The em size in mm of each Text among the items as drawn, through the groups' transforms."""
    for item in items:
        if isinstance(item, Group):
            yield from text_sizes(item.items, item.transform.then(transform))
        elif isinstance(item, Text):
            yield item.size * abs(transform.a * transform.d - transform.b * transform.c) ** 0.5
