"""One look over a set's drawings before any solid is built: how close its features come to the tile's
edge (the room there is for rounding the edges), and which colours its features have.

The top and bottom edges are rounded into the tile's flat faces, so every feature must stay at least
the edge radius inside the outline. Every tile of a set gets the same edges (a tile that differed
would be known by its edge), so the room is the set's: the least over all its tiles and both sides.
Measured on the painted areas' points, curve control points included, which lie outside the curve:
the room found is never more than the real one.
"""

from msgspec import Struct
import numpy as np

from generator.art.tile import face_colour, tile_back, tile_front
from generator.scene.outline import tile_outline
from generator.scene.painted_areas import painted_areas
from generator.scene.shapes import grown


class SetSurvey(Struct, frozen=True):
    room: float                 # mm from the edge to the nearest feature, over the whole set
    nearest: str                # the id of a tile where it is
    colours: tuple              # every feature colour, as first painted (faces, then backs, tile by tile)
    coverage: dict              # colour hex -> mm² its areas' boxes cover on the faces: how much of it shows


def survey_set(tile_set, theme, size, min_stroke: float) -> SetSurvey:
    outline = tile_outline(tile_set.shape, size)
    least, where = float("inf"), ""
    colours, coverage = {}, {}
    sides = ((tile_front, face_colour(tile_set, theme)), (tile_back, theme.colour("back.background")))
    seen = {}           # backs recur (one per group, or one per set): each is looked at once
    for tile in tile_set.tiles:
        for draw, ground in sides:
            items = tuple(draw(tile, tile_set, theme, size).items)
            if draw is tile_back and items in seen:
                continue
            room, painted = _look(items, ground, outline, min_stroke)
            seen[items] = room
            for colour, box_area in painted:
                colours.setdefault(colour.hex.lower(), colour)
                if draw is tile_front:          # a back's marks count for less than any face's feature
                    coverage[colour.hex.lower()] = coverage.get(colour.hex.lower(), 0.0) + box_area
            if room < least:
                least, where = room, tile.id
    return SetSurvey(least, where, tuple(colours.values()), coverage)


def _look(items, ground, outline, min_stroke: float) -> tuple[float, list]:
    """(room at the edge, [(colour, its box's area)]) of one side's features."""
    points, painted = [], []
    for area in painted_areas(items, min_stroke):
        if area.colour.hex.lower() != ground.hex.lower():
            box = area.area.computeTightBounds()
            painted.append((area.colour, box.width() * box.height()))
            points += [(p.x(), p.y()) for p in area.area.getPoints(area.area.countPoints())]
    room = float(-edge_distances(outline, np.asarray(points)).max()) if points else float("inf")
    return room, painted


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
