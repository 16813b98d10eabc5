"""A box to 3D-print for the 3D-printed tiles: a tray with a compartment per set and a cap lid that
fits over it (generator/model/box_panels.py's TrayAndLid, walls and fit from templates/boxes.toml
[printed]), each one closed solid, standing as it prints.

The tray stands open side up; compartments are cavities side by side, the walls between them left
standing. The lid lies on its top, open side up, so neither part needs support; the box's name is
cut into the lid's top, where it lies on the plate, mirrored so that it reads once the lid is
turned over onto the tray (as a tile's back is: generator/solids/sections.py).

    tray, lid = box_solids(box, name_items, name_depth)     # manifold3d solids, mm, z up
"""

from generator.model.box_panels import TrayAndLid
from generator.scene.painted_areas import painted_areas, path_rings
from generator.solids.library import manifold3d
from generator.solids.sections import TOLERANCE, section

LIFT = 1.0            # mm a cutting solid reaches past the surface it cuts, so no skin is left


def _shell(shell, cavities):
    """An open box `shell.outside` large, its cavities (x, width across it) cut from its floor up."""
    m3 = manifold3d()
    wall = shell.wall
    body = m3.Manifold.cube(shell.outside)
    cuts = [m3.Manifold.cube((width, shell.length, shell.depth + LIFT)).translate((wall + x, wall, wall))
            for x, width in cavities]
    return body - m3.Manifold.batch_boolean(cuts, m3.OpType.Add)


def box_solids(box: TrayAndLid, name_items, name_depth: float):
    """The tray and the lid as they print; `name_items` (scene items in the lid top's coordinates,
    x right and y down over its outside) are cut `name_depth` mm into the lid's top."""
    tray = _shell(box.tray, [(part.x, part.width) for part in box.inside.compartments])
    lid = _shell(box.lid, [(0.0, box.lid.width)])
    width, length, _ = box.lid.outside
    rings = [ring for painted in painted_areas(name_items) for ring in path_rings(painted.area, TOLERANCE)]
    if rings:
        name = section(rings, width, length, mirrored=True)
        lid = lid - name.extrude(name_depth + LIFT).translate((0.0, 0.0, -LIFT))
    return tray, lid
