"""A tile's plain body: its outline extruded to the thickness, the top and bottom edges rounded.

A tile's outline is convex (a rounded rectangle or triangle), so the rounded body is exactly the convex
hull of the outline drawn at a few heights, each inset along a quarter circle of the edge radius: no
boolean operation, and a solid that is manifold and of genus 0 by construction.
"""

from functools import cache
import math

import numpy as np

from generator.scene.outline import tile_outline
from generator.scene.shapes import frame
from generator.solids.library import manifold3d
from generator.solids.sections import TOLERANCE, outline_section


@cache
def rounded_body(shape: str, size, thickness: float, edge_radius: float, tolerance: float = TOLERANCE):
    """The body in its frame (x from 0 to w, y from 0 to h, z from 0 to the thickness); cached, as every
    tile of a set has the same one."""
    m3 = manifold3d()
    outline = tile_outline(shape, size)
    width, height = frame(shape, size)
    if edge_radius <= 0:
        return outline_section(outline, width, height, tolerance).extrude(thickness)
    # Angle steps along the quarter circle that keep its chords within the tolerance.
    step = 2 * math.acos(max(0.0, 1 - tolerance / edge_radius))
    count = max(2, math.ceil((math.pi / 2) / step))
    points = []
    for k in range(count + 1):
        angle = (math.pi / 2) * k / count             # 0 at the rim's lowest point, pi/2 where the side begins
        inset = edge_radius * (1 - math.sin(angle))
        rise = edge_radius * (1 - math.cos(angle))
        ring = np.asarray(outline.offset(-inset).flattened(tolerance), dtype=np.float64)
        ring[:, 1] = height - ring[:, 1]
        for z in (rise, thickness - rise):
            points.append(np.column_stack([ring, np.full(len(ring), z)]))
    return m3.Manifold.hull_points(np.concatenate(points))
