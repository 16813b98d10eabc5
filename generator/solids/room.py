"""How close a set's features come to the tile's edge: the room there is for rounding the edges.

The top and bottom edges are rounded into the tile's flat faces, so every feature must stay at least
the edge radius inside the outline. Every tile of a set gets the same edges (a tile that differed
would be known by its edge), so the room is the set's: the least over all its tiles and both sides.
Measured on the painted areas' points, curve control points included, which lie outside the curve:
the room found is never more than the real one.
"""

import numpy as np

from generator.art.tile import face_colour, tile_back, tile_front
from generator.scene.outline import tile_outline
from generator.scene.painted_areas import painted_areas
from generator.scene.shapes import grown


def features_room(tile_set, theme, size, min_stroke: float) -> tuple[float, str]:
    """(mm, tile id): the least distance from the tile's edge to a feature, and the tile where it is."""
    outline = tile_outline(tile_set.shape, size)
    least, where = float("inf"), ""
    for tile in tile_set.tiles:
        for draw, ground in ((tile_front, face_colour(tile_set, theme)), (tile_back, theme.colour("back.background"))):
            points = [(point.x(), point.y())
                      for painted in painted_areas(draw(tile, tile_set, theme, size).items, min_stroke)
                      if painted.colour.hex.lower() != ground.hex.lower()
                      for point in painted.area.getPoints(painted.area.countPoints())]
            if points:
                room = float(-edge_distances(outline, np.asarray(points)).max())
                if room < least:
                    least, where = room, tile.id
    return least, where


def edge_distances(outline, points: np.ndarray) -> np.ndarray:
    """Signed distances of points (n x 2, drawing coordinates) from a convex outline's edge: < 0 inside."""
    inner = np.asarray(grown(outline.corners, -outline.radius) if outline.radius else outline.corners)
    starts, ends = inner, np.roll(inner, -1, axis=0)
    edges = ends - starts
    lengths = np.linalg.norm(edges, axis=1)
    normals = np.column_stack([edges[:, 1], -edges[:, 0]]) / lengths[:, None]   # outward: clockwise on the page
    offsets = points[:, None, :] - starts[None]                   # point p from the start of edge e
    inside = np.einsum("pej,ej->pe", offsets, normals).max(axis=1)     # < 0 inside: to the nearest edge line
    along = np.clip(np.einsum("pej,ej->pe", offsets, edges) / (lengths ** 2), 0, 1)
    nearest = starts[None] + along[..., None] * edges[None]
    outside = np.linalg.norm(points[:, None, :] - nearest, axis=2).min(axis=1)
    return np.where(inside <= 0, inside, outside) - outline.radius
