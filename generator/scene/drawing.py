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
    clip: Rect | None = None        # in the group's own coordinates
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
