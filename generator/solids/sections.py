"""From the kit's flat geometry to manifold3d's cross-sections, and back.

The drawings run x right and y down from a tile frame's top-left corner; a solid stands on the build
plate with z up, seen from above: x right, y away from the viewer. So a face's point (x, y) is (x, h - y)
on the top, and a back's point, seen from below once the tile is turned over about its long axis,
is (w - x, h - y) on the bottom. Contours are filled by the non-zero winding rule: glyphs from
TrueType fonts wind their outer contours the other way round from Skia's circles, and the default
rule of manifold3d (positive winding only) would drop them.
"""

import numpy as np

from generator.solids.library import manifold3d

TOLERANCE = 0.02        # mm between a curve and its polygon: a tenth of a nozzle's line, invisible in print


def section(rings, width: float, height: float, mirrored: bool = False):
    """A CrossSection of closed polygons in a frame's drawing coordinates (see above)."""
    m3 = manifold3d()
    contours = []
    for ring in rings:
        points = np.asarray(ring, dtype=np.float64)
        points[:, 1] = height - points[:, 1]
        if mirrored:
            points[:, 0] = width - points[:, 0]
        contours.append(points)
    if not contours:
        return m3.CrossSection()
    return m3.CrossSection(contours, m3.FillRule.NonZero)


def outline_section(outline, width: float, height: float, tolerance: float = TOLERANCE):
    """A tile's outline (generator/scene/outline.py) as a CrossSection."""
    return section([outline.flattened(tolerance)], width, height)

