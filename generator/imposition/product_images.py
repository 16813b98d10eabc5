"""A tile face as the picture a print-on-demand service takes: one image of exactly the product's size.

The image is the product's trim plus its bleed, the trim in its middle (a triangle apex up, its box
centred, as the services' die lines place it). The tile's frame is scaled uniformly about its
centre (a triangle's centroid) to fill the trim and centred on it, so a 22 x 44 mm domino fills a
1.75 x 3.5 in card exactly (both 1 : 2) and a tile of another shape sits in the middle with its
background around it. The art's own background is drawn out past the image's edges: art to the
bleed. Only where a set's numbers, pips or marks would then cross the product's safe area is the
art scaled further down, and then the whole set alike, so that every face of it stays one size.

Nothing here knows a service or a file: generator/jobs/products.py reads the product and writes the
images; this module only says where the art goes, in millimetres.
"""

import math

from msgspec import Struct

from generator.art.tile import tile_back, tile_front
from generator.colour.theme import Theme
from generator.model.tiles import TileSet
from generator.scene.drawing import (
    IDENTITY,
    Circle,
    Drawing,
    Group,
    Line,
    Polygon,
    Rect,
    Text,
    Transform,
    scale,
    translate,
)
from generator.scene.fonts import text_extent, text_width
from generator.scene.shapes import frame, grown, outline
from generator.scene.sizes import TileSize
from generator.words import _

MM_PER_INCH = 25.4
MITER_LIMIT = 10.0              # as the writers draw strokes (PDF's default)
SIDES = {"front": tile_front, "back": tile_back}


class ImageFrame(Struct, frozen=True):
    """A product's image in millimetres: its size, and the trim and safe outlines on it."""
    width: float
    height: float
    dpi: float
    trim: tuple[tuple[float, float], ...]          # corners clockwise on screen, as generator.scene.shapes
    safe: tuple[tuple[float, float], ...]

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        xs, ys = [x for x, _ in self.trim], [y for _, y in self.trim]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    @property
    def pixel(self) -> float:
        return MM_PER_INCH / self.dpi


def image_frame(pixels: tuple[int, int], dpi: float, shape: str, trim: tuple[float, float],
                safe_inset: float) -> ImageFrame:
    """The image of `pixels` at `dpi`, a rectangle or an equilateral triangle (trim = side, height) in its middle."""
    width, height = (count / dpi * MM_PER_INCH for count in pixels)
    trim_width, trim_height = trim
    left, top = (width - trim_width) / 2, (height - trim_height) / 2
    if shape == "triangle":
        corners = ((left + trim_width / 2, top), (left + trim_width, top + trim_height), (left, top + trim_height))
    else:
        corners = ((left, top), (left + trim_width, top), (left + trim_width, top + trim_height),
                   (left, top + trim_height))
    return ImageFrame(width, height, dpi, corners, grown(corners, -safe_inset))


def centroid(points) -> tuple[float, float]:
    """The mean of the corners: a rectangle's centre, a triangle's centroid."""
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _edges(polygon):
    """(outward normal, a point on the edge) of each edge of a convex polygon, clockwise on screen."""
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        length = math.hypot(x2 - x1, y2 - y1)
        yield ((y2 - y1) / length, -(x2 - x1) / length), (x1, y1)


def largest_scale(offsets, polygon) -> float:
    """The largest k for which every point centre + k * offset lies in the convex polygon, where
    `centre` is the polygon's centroid and `offsets` are measured from it."""
    centre = centroid(polygon)
    best = math.inf
    for (nx, ny), (px, py) in _edges(tuple(polygon)):
        room = nx * (px - centre[0]) + ny * (py - centre[1])          # centre to this edge
        for dx, dy in offsets:
            reach = nx * dx + ny * dy
            if reach > 1e-12:
                best = min(best, room / reach)
    return best


# --- what the art draws, as points -----------------------------------------------------------------

def _item_corners(item) -> list[tuple[float, float]]:
    """The corners of the box an item covers, in its own coordinates (strokes included)."""
    half = item.style.stroke_width / 2 if getattr(item, "style", None) and item.style.stroke else 0.0
    if isinstance(item, Circle):
        r = item.r + half
        return _box(item.cx - r, item.cy - r, item.cx + r, item.cy + r)
    if isinstance(item, Rect):
        return _box(item.x - half, item.y - half, item.x + item.width + half, item.y + item.height + half)
    if isinstance(item, Polygon):      # each corner, and as far as a mitred stroke reaches past it
        return [corner for (x, y), reach in zip(item.points, mitre_reach(item.points, half))
                for corner in _box(x - reach, y - reach, x + reach, y + reach)]
    if isinstance(item, Line):
        return _box(min(item.x1, item.x2) - half, min(item.y1, item.y2) - half,
                    max(item.x1, item.x2) + half, max(item.y1, item.y2) + half)
    if isinstance(item, Text):
        width = text_width(item.font, item.text, item.size)
        ascent, descent = text_extent(item.font, item.size)
        left = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
        return _box(left, item.y - ascent, left + width, item.y - descent)
    return []


def mitre_reach(points, half_width: float) -> list[float]:
    """How far a stroke of half width `half_width` reaches past each corner of a closed polygon: a mitre
    reaches half_width / sin(angle / 2), unless that is more than MITER_LIMIT times the half width
    (the writers' limit, PDF's default), where the corner is bevelled."""
    reaches = []
    for index, (x, y) in enumerate(points):
        (px, py), (nx, ny) = points[index - 1], points[(index + 1) % len(points)]
        angle = abs(math.atan2((px - x) * (ny - y) - (py - y) * (nx - x), (px - x) * (nx - x) + (py - y) * (ny - y)))
        sine = math.sin(angle / 2)
        reaches.append(half_width * (MITER_LIMIT if sine < 1 / MITER_LIMIT else 1 / sine))
    return reaches


def _box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def drawn_points(items, transform: Transform = IDENTITY) -> list[tuple[float, float]]:
    """The corners of every item's box, through the groups' transforms, in the drawing's coordinates."""
    points = []
    for item in items:
        if isinstance(item, Group):
            points += drawn_points(item.items, item.transform.then(transform))
        else:
            points += [transform.apply(x, y) for x, y in _item_corners(item)]
    return points


def content_points(art: Drawing) -> list[tuple[float, float]]:
    """What matters on a face or back: everything but its background, which the art draws first."""
    return drawn_points(art.items[1:])


# --- the fit -----------------------------------------------------------------------------------------

class Fit(Struct, frozen=True):
    """How one set's tiles go onto one product's images: tile millimetres times `scale`."""
    scale: float
    trim_scale: float          # the scale at which the tile's frame fills the trim

    @property
    def shrunk_for_safety(self) -> bool:
        return self.scale < self.trim_scale * (1 - 1e-9)


def set_fit(image: ImageFrame, tile_set: TileSet, theme: Theme, size: TileSize) -> Fit:
    """The frame scaled to fill the trim, unless some face's content would leave the safe area:
    then as large as keeps every face's and back's content inside it."""
    corners = outline(tile_set.shape, size)
    centre = centroid(corners)
    trim_scale = largest_scale([(x - centre[0], y - centre[1]) for x, y in corners], image.trim)
    offsets = set()
    for tile in tile_set.tiles:
        for draw in SIDES.values():
            points = content_points(draw(tile, tile_set, theme, size))
            offsets.update((x - centre[0], y - centre[1]) for x, y in points)
    return Fit(min(trim_scale, largest_scale(sorted(offsets), image.safe)), trim_scale)


def face_picture(image: ImageFrame, fit: Fit, tile, tile_set: TileSet, theme: Theme, size: TileSize,
                 side: str) -> Drawing:
    """One face ("front" or "back") of a tile on the product's image, its background to the image's edges."""
    corners = outline(tile_set.shape, size)
    centre, target = centroid(corners), centroid(image.trim)
    placing = translate(-centre[0], -centre[1]).then(scale(fit.scale)).then(translate(*target))
    art = SIDES[side](tile, tile_set, theme, size, _bleed_to_edges(image, corners, placing, fit.scale))
    picture = Drawing(image.width, image.height, trim=image.trim_box, bleed=(0.0, 0.0, image.width, image.height))
    picture.add(Group(tuple(art.items), placing))
    return picture


def _bleed_to_edges(image: ImageFrame, corners, placing: Transform, factor: float) -> float:
    """The bleed, in tile millimetres, that carries the tile's background past every image corner
    (a pixel more, so that no edge pixel is half blended with white)."""
    reach = 0.0
    for normal, point in _edges(tuple(placing.apply(x, y) for x, y in corners)):
        for x, y in _box(0.0, 0.0, image.width, image.height):
            reach = max(reach, normal[0] * (x - point[0]) + normal[1] * (y - point[1]))
    return (reach + image.pixel) / factor


def fit_note(product_name: str, trim: tuple[float, float], shape: str, size: TileSize, fits: dict[str, Fit]) -> str:
    """One line on how the tiles were placed on the product: scaled, centred, shrunk where they had to be."""
    tile_width, tile_height = frame("triangle" if shape == "triangle" else "domino", size)
    same_shape = shape == "triangle" or math.isclose(trim[0] / trim[1], tile_width / tile_height, rel_tol=1e-3)
    trim_scale = next(iter(fits.values())).trim_scale
    if shape == "triangle":
        line = _("{product}: the triangles of side {side:g} mm are scaled x{scale:.3g} to the trim, a triangle of "
                 "side {trim:.4g} mm").format(product=product_name, side=size.height, scale=trim_scale, trim=trim[0])
    else:
        line = _("{product}: the {width:g} x {height:g} mm tiles are scaled x{scale:.3g} to the {trim_width:.4g} x "
                 "{trim_height:.4g} mm trim").format(product=product_name, width=size.width, height=size.height,
                                                    scale=trim_scale, trim_width=trim[0], trim_height=trim[1])
    line += _(" (the same shape)") if same_shape else _(" and centred, their background filling the rest")
    shrunk = [f"{name} x{fit.scale:.3g}" for name, fit in fits.items() if fit.shrunk_for_safety]
    if shrunk:
        line += _("; {sets}, to keep every number inside the safe area").format(sets=", ".join(shrunk))
    return line
