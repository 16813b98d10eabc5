"""A tile as solids: its body and one part per feature colour, built from the tile's own drawings.

    solid = tile_solid(tile, tile_set, theme, spec)
    solid.parts[0]              # the body, in the face's colour: recessed where the features are
    solid.parts[1:]             # an inlay (or raised part) per colour, face and back together
    tile_solid(..., inlays=False).parts     # the body alone, for one filament
    solid.thin                  # features and walls narrower than spec.min_feature

The solid stands in the tile's frame: x from 0 to the frame's width, y from 0 to its height (the head
at y = h), z from 0 (the back, on the build plate) to the thickness (the face).
"""

from msgspec import Struct, field

from generator.art.tile import face_colour, tile_back, tile_front
from generator.colour.values import Colour
from generator.scene.outline import tile_outline
from generator.scene.shapes import frame
from generator.solids.body import rounded_body
from generator.solids.faces import side_features
from generator.solids.feature_names import back_namer, face_namer
from generator.solids.library import manifold3d
from generator.solids.printability import ThinSpot, thin_spots
from generator.solids.sections import outline_section
from generator.solids.spec import SolidSpec

BODY = "body"
LIFT = 1.0            # mm a cutting solid reaches past the surface it cuts, so no skin is left


class Part(Struct, frozen=True):
    name: str             # "body", or the colour's hex for a feature part
    colour: Colour
    solid: object         # manifold3d.Manifold


class TileSolid(Struct):
    parts: list[Part]
    thin: list[ThinSpot] = field(default_factory=list)


def tile_solid(tile, tile_set, theme, spec: SolidSpec, inlays: bool = True) -> TileSolid:
    """The tile's solid parts; without `inlays`, for one filament, the body alone: its features recessed
    into it, or raised on it and joined to it."""
    m3 = manifold3d()
    shape, size = tile_set.shape, spec.size
    width, height = frame(shape, size)
    outline = tile_outline(shape, size)
    face_ground = face_colour(tile_set, theme)
    face = side_features(tile_front(tile, tile_set, theme, size).items, face_ground, width, height, False,
                         spec.min_feature, face_namer(tile_set, size))
    back = side_features(tile_back(tile, tile_set, theme, size).items, theme.colour("back.background"), width,
                         height, True, spec.min_feature, back_namer)
    region = outline_section(outline, width, height)
    thin = thin_spots(face, region, spec.min_feature, "face") + thin_spots(back, region, spec.min_feature, "back")

    t = spec.thickness
    body = rounded_body(shape, size, t, spec.edge_radius)
    cuts = []
    if back.regions:
        cuts.append(back.union().extrude(spec.back_depth + LIFT).translate((0, 0, -LIFT)))
    if face.regions and spec.relief == "recessed":
        cuts.append(face.union().extrude(spec.depth + LIFT).translate((0, 0, t - spec.depth)))
    if cuts:
        body = body - m3.Manifold.batch_boolean(cuts, m3.OpType.Add)
    if not inlays:
        if spec.relief == "raised" and face.regions:
            body = body + face.union().extrude(spec.depth).translate((0, 0, t))
        return TileSolid([Part(BODY, face_ground, body)], thin)
    parts = {}
    for key, region_of_colour in face.regions.items():
        z = t - spec.depth if spec.relief == "recessed" else t
        parts[key] = [region_of_colour.extrude(spec.depth).translate((0, 0, z))]
    for key, region_of_colour in back.regions.items():
        parts.setdefault(key, []).append(region_of_colour.extrude(spec.back_depth))
    colours = {**back.colours, **face.colours}
    return TileSolid([Part(BODY, face_ground, body)] +
                     [Part(key, colours[key], m3.Manifold.compose(solids)) for key, solids in parts.items()],
                     thin)

