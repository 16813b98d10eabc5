"""A tile side's features as flat regions, one per colour, from the very drawing the print uses.

The drawing is painted in order, as a printer lays ink: each area (generator/scene/painted_areas.py)
joins the region of its colour and is taken out of every other colour's region, so a white arrow on a
red circle leaves a red ring around a white arrow. What is painted in the side's ground colour is no
feature (the body shows there). Strokes are widened to the smallest feature a nozzle prints: paper
prints a 0.35 mm divider, a 0.4 mm nozzle cannot; filled shapes keep their size and are checked
(generator/solids/printability.py).
"""

from itertools import groupby

from msgspec import Struct, field

from generator.colour.values import Colour
from generator.scene.painted_areas import painted_areas, path_rings
from generator.solids.library import manifold3d
from generator.solids.sections import TOLERANCE, section


class FeatureShape(Struct, frozen=True):
    """One painted area of a feature colour, with a name for messages ("a pip", 'the number "5"')."""
    name: str
    colour: Colour
    region: object          # CrossSection, in solid coordinates


class SideFeatures(Struct):
    regions: dict[str, object] = field(default_factory=dict)     # colour hex -> CrossSection, ground left out
    colours: dict[str, Colour] = field(default_factory=dict)     # colour hex -> the theme's Colour
    shapes: list[FeatureShape] = field(default_factory=list)

    def union(self):
        """Every feature of the side as one region."""
        m3 = manifold3d()
        return m3.CrossSection.batch_boolean(list(self.regions.values()), m3.OpType.Add) if self.regions \
            else m3.CrossSection()


def side_features(items, ground: Colour, width: float, height: float, mirrored: bool, min_stroke: float,
                  name_of, tolerance: float = TOLERANCE) -> SideFeatures:
    """The features of a side drawn by `items` (frame coordinates) on a ground of colour `ground`.
    `name_of(item, stroke)` names a painted item for messages."""
    m3 = manifold3d()
    regions, colours, shapes = {}, {}, []
    painted = [(p, _section(p.area, width, height, mirrored, tolerance)) for p in painted_areas(items, min_stroke)]
    # Consecutive areas of one colour (the pips of a number) are joined first: one boolean for each run.
    for hex_value, run in groupby(painted, key=lambda pair: pair[0].colour.hex.lower()):
        run = [(p, region) for p, region in run if not region.is_empty()]
        if not run:
            continue
        joined = m3.CrossSection.batch_boolean([region for _, region in run], m3.OpType.Add)
        for other in regions:
            if other != hex_value:
                regions[other] = regions[other] - joined
        regions[hex_value] = regions[hex_value] + joined if hex_value in regions else joined
        colours.setdefault(hex_value, run[0][0].colour)
        if hex_value != ground.hex.lower():
            shapes += [FeatureShape(name_of(p.item, p.stroke), p.colour, region) for p, region in run]
    regions.pop(ground.hex.lower(), None)
    colours.pop(ground.hex.lower(), None)
    kept = {key: region for key, region in regions.items() if region.area() > 1e-6}
    return SideFeatures(kept, {key: colours[key] for key in kept}, shapes)


_SECTIONS: dict[tuple, object] = {}
MAX_CACHED = 4096        # distinct areas: double-18 has some 500


def _section(area, width: float, height: float, mirrored: bool, tolerance: float):
    """The painted area as a CrossSection. The same pip at the same place recurs on many tiles of a set,
    so sections are kept by the area's exact bytes: flattening curves in Python is the slow part."""
    key = (bytes(area.serialize()), width, height, mirrored, tolerance)
    found = _SECTIONS.get(key)
    if found is None:
        if len(_SECTIONS) >= MAX_CACHED:
            _SECTIONS.clear()
        found = _SECTIONS[key] = section(path_rings(area, tolerance), width, height, mirrored)
    return found
