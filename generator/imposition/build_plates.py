"""Tiles on a 3D printer's build plate: in rows a gap apart, centred on a plate of the size the user
gives, as many plates as the set needs (the laser's placement, generator/imposition/cut_sheets.py).
Dominoes stand upright, all the same way (every tile printed alike, so no back is known by its
surface); triangles point up and down in turn, which packs them closer and prints them alike too.

Plate coordinates are those of the page: x right, y down from the plate's far-left corner as seen from
above; the solids' plate has y running away from the viewer (generator/jobs/prints3d.py turns them).
"""

from msgspec import Struct

from generator.errors import UserError
from generator.imposition.cut_sheets import PlacedTile, extent, gang_pages
from generator.scene.shapes import frame
from generator.words import _

GAP = 5.0               # mm between tiles: room for a slicer's brim and for the nozzle to travel
MARGIN = 5.0            # mm kept clear along the plate's edges


class Plate(Struct, frozen=True):
    width: float
    height: float
    tiles: tuple[PlacedTile, ...]


def build_plates(tile_set, size, plate: tuple[float, float], option: str = "--plate") -> list[Plate]:
    width, height = plate
    tiles = [(tile, 0.0) for tile in tile_set.tiles]
    pages = gang_pages(tiles, tile_set.shape, size, width, height, MARGIN, GAP)
    if not pages:
        w, h = frame(tile_set.shape, size)
        raise UserError(_("{option}: a {width:g}x{height:g} mm plate less {margin:g} mm margins does not hold one "
                          "{w:g} x {h:g} mm tile; give your printer's bed size, e.g. {option} 220x220").format(
            option=option, width=width, height=height, margin=MARGIN, w=w, h=h))
    plates = []
    for placed_tiles in pages:
        x0, y0, x1, y1 = extent(placed_tiles)
        dx, dy = (width - (x1 - x0)) / 2 - x0, (height - (y1 - y0)) / 2 - y0      # centred on the plate
        plates.append(Plate(width, height, tuple(
            PlacedTile(t.tile, t.x + dx, t.y + dy, t.turn, t.outline.translated(dx, dy)) for t in placed_tiles)))
    return plates
