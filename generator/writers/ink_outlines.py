"""A drawing's ink as closed outlines, for engraving: what a laser fills, as polygons in mm.

Skia turns every shape into the area it paints (strokes and dashes included, text as the bundled
fonts' glyph outlines) and paints the areas in order, as a printer would, with two inks only: a
colour that stands out from the ground (the tile face) by a contrast of 2:1 or more is engraved
(black pips on a light face, light and red pips on the dark Chinese face, a red circle); one
closer to the ground (a white arrow, a yellow circle on a cream face) is bare material and covers
what lies under it. So a white arrow on a red circle is cut out of the engraved disc, and a black
arrow on a yellow one is engraved on its own: either way the arrow shows. The result is flattened to polygons
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


INK_CONTRAST = 2.0       # WCAG contrast ratio against the ground from which a colour is engraved


def lightness(colour) -> float:
    """Relative luminance, 0 (black) to 1 (white), of a colour's sRGB value (the WCAG formula, here
    rather than generator/colour/checks.py's, whose colour library costs a laser run 70 ms to load)."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = colour.rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def is_ink(colour, ground) -> bool:
    a, b = lightness(colour), lightness(ground) if ground is not None else 1.0
    return (max(a, b) + 0.05) / (min(a, b) + 0.05) >= INK_CONTRAST


def engraved_look(look, ground) -> tuple:
    """What of a group's look an engraving keeps: whether its circle and its arrow are ink, the
    arrow's style, and whether the circle is a ring. Two groups with the same cannot be told apart."""
    return is_ink(look.circle, ground), is_ink(look.arrow, ground), look.arrow_style, look.ring


def _operation(colour, ground):
    return skia.PathOp.kUnion_PathOp if is_ink(colour, ground) else skia.PathOp.kDifference_PathOp
