"""A drawing's ink as closed outlines, for engraving: what a laser fills, as polygons in mm.

Skia turns every shape into the area it paints (strokes and dashes included, text as the bundled
fonts' glyph outlines) and paints the areas in order, as a printer would, with two inks only: a
colour darker than half the ground's lightness (black pips, a red circle, dark digits) is engraved,
a lighter one (the tile face, a white arrow, a yellow circle) is bare material and covers what lies
under it. So a white arrow on a red circle is cut out of the engraved disc, and a black arrow on a
yellow one is engraved on its own: either way the arrow shows. The result is flattened to polygons
(curves within a tolerance) to be written as SVG paths or DXF polylines, filled even-odd.
"""

import skia

from generator.scene.painted_areas import Ring, painted_areas, path_rings

TOLERANCE = 0.05        # mm between a curve and its polygon: a laser's spot is 0.1-0.2 mm wide


def ink_rings(items, ground, tolerance: float = TOLERANCE) -> list[Ring]:
    """The ink of `items` (scene items in one coordinate system) as closed polygons."""
    region = skia.Path()
    for painted in painted_areas(items):
        region = skia.Op(region, painted.area, _operation(painted.colour, ground)) or region
    return path_rings(region, tolerance)


def lightness(colour) -> float:
    """Relative luminance, 0 (black) to 1 (white), of a colour's sRGB value."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = colour.rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def is_ink(colour, ground) -> bool:
    return lightness(colour) < (lightness(ground) if ground is not None else 1.0) / 2


def _operation(colour, ground):
    return skia.PathOp.kUnion_PathOp if is_ink(colour, ground) else skia.PathOp.kDifference_PathOp
