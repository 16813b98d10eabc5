"""What a 3D-printed tile is made of: its size and thickness, the rounding of its edges, how deep its
features go and which way, and the smallest feature a nozzle prints. Checked once, before any solid
is built, so that bad numbers are a one-line error.

    relief = "recessed": the features are cut `depth` mm into the top, and an inlay of each colour fills
             them flush (print the body alone in one colour, or body and inlays in several);
    relief = "raised":   the features stand `depth` mm above the top (the back's stay recessed, so the
             tile lies flat).
The back's marks are recessed half as deep as the face's features.
"""

import math

from msgspec import Struct

from generator.errors import UserError
from generator.scene.outline import tile_outline
from generator.scene.shapes import frame
from generator.scene.sizes import TileSize
from generator.words import _

RELIEFS = ("recessed", "raised")
BACK_DEPTH_SHARE = 0.5        # the back's marks, of the face's depth: shallower, as a back needs less
MIN_FLOOR = 1.0               # mm of solid tile left between the face's and the back's recesses
THICKNESS_OF_WIDTH = 6 / 22   # a thickness not given: the Open Domino tile's proportion (22 x 44 x 6)


def default_thickness(width: float) -> float:
    """Of a tile whose --tile-size gave no thickness: 6 mm for 22 mm, to the half millimetre."""
    return max(2.0, round(width * THICKNESS_OF_WIDTH * 2) / 2)


def default_edge_radius(thickness: float) -> float:
    """The rounding of the top and bottom edges that domino models use: 0.4 mm up to 5 mm thick, 1 mm up
    to 9 mm, 2 mm above (templates/tile_sizes.toml names the source)."""
    return 0.4 if thickness <= 5 else 1.0 if thickness <= 9 else 2.0


class SolidSpec(Struct, frozen=True):
    size: TileSize                  # width, height, corner radius (the thickness is below)
    thickness: float
    edge_radius: float
    depth: float                    # mm, the face's features
    relief: str                     # one of RELIEFS
    min_feature: float              # mm, one nozzle width (the defaults are solid_spec's, the one way in)

    @property
    def back_depth(self) -> float:
        return self.depth * BACK_DEPTH_SHARE


def solid_spec(tile_set, survey, size: TileSize, edge_radius: float | None = None, depth: float = 1.0,
               relief: str = "recessed", min_feature: float = 0.4) -> SolidSpec:
    """The spec for a set's tiles of this size, its numbers checked against each other and against the
    room the set's features leave at the edge (`survey`: generator/solids/survey.py, made with the same
    minimum feature). Without an edge radius, the usual one for the thickness,
    less if the features come closer to the edge (to the tenth of a mm below their distance)."""
    thickness = size.thickness or default_thickness(size.width)
    room, where = survey.room, survey.nearest
    if room < 0:
        raise UserError(_("--tile-size: at {width:g} x {height:g} mm the features of tile {where} of set "
                          "{name} reach past the tile's edge (strokes are at least --min-feature "
                          "{min_feature:g} mm wide); use a larger --tile-size or a smaller --min-feature").format(
            width=size.width, height=size.height, where=where, name=tile_set.name, min_feature=min_feature))
    if edge_radius is None:
        edge_radius = min(default_edge_radius(thickness), max(0.0, math.floor(room * 10) / 10))
    elif edge_radius > room + 1e-9:
        raise UserError(_("--edge-radius: {edge_radius:g} mm would round into the features of tile {where} of set "
                          "{name}, which come within {room:.2f} mm of the edge; use --edge-radius "
                          "{largest:g} or less, or a larger --tile-size").format(
            edge_radius=edge_radius, where=where, name=tile_set.name, room=max(0.0, room),
            largest=max(0.0, math.floor(room * 10) / 10)))
    spec = SolidSpec(size, thickness, edge_radius, depth, relief, min_feature)
    _check(spec, tile_set.shape)
    return spec


def _check(spec: SolidSpec, shape: str) -> None:
    if spec.relief not in RELIEFS:
        raise UserError(_("--relief: {relief!r} is not one of {reliefs}").format(
            relief=spec.relief, reliefs=", ".join(RELIEFS)))
    t = spec.thickness
    cut = (spec.depth if spec.relief == "recessed" else 0.0) + spec.back_depth
    if t - cut < MIN_FLOOR - 1e-9:
        most = (t - MIN_FLOOR) / ((1 if spec.relief == "recessed" else 0) + BACK_DEPTH_SHARE)
        raise UserError(_("--relief-depth: {depth:g} mm is too deep for a {t:g} mm tile (the face's and the "
                          "back's recesses would leave less than {floor:g} mm between them); use at most "
                          "{largest:g} mm, or a thicker --tile-size").format(
            depth=spec.depth, t=t, floor=MIN_FLOOR, largest=math.floor(most * 10) / 10))
    if 2 * spec.edge_radius > t + 1e-9:        # exactly half: the two roundings meet, a full round edge
        raise UserError(_("--edge-radius: {edge_radius:g} mm rounds more than half the {t:g} mm thickness "
                          "(top and bottom edges are both rounded); use at most {largest:g} mm").format(
            edge_radius=spec.edge_radius, t=t, largest=t / 2))
    inradius = -tile_outline(shape, spec.size).distance(_centre(shape, spec.size))
    if spec.edge_radius >= inradius - spec.min_feature:
        raise UserError(_("--edge-radius: {edge_radius:g} mm leaves no flat top on a {width:g} mm "
                          "wide tile; use a smaller --edge-radius").format(
            edge_radius=spec.edge_radius, width=frame(shape, spec.size)[0]))     # a triangle's side


def _centre(shape: str, size: TileSize) -> tuple[float, float]:
    """The point deepest inside the outline: a rectangle's centre, a triangle's incentre."""
    w, h = frame(shape, size)
    return (w / 2, h * 2 / 3) if shape == "triangle" else (w / 2, h / 2)
