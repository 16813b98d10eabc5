"""What goes into a box, measured from the pieces the kit draws: a set's tiles at the build's
--tile-size (a domino's frame, or a triangle's: generator/scene/shapes.py), or the Mexican Train's
hub at the build's --clearance and its markers (generator/art/mexican_train.py)."""

from generator.art.mexican_train import SLOTS, hub_radius
from generator.model.box_size import TRAIN, Contents, Inside, Stacking, inside_size, tile_stacks, train_pieces
from generator.model.set_loader import load_set
from generator.scene.shapes import frame


def contents_of(name: str, size, hub_clearance: float, stacking: Stacking) -> Contents:
    """The room `name` (a set, or "mexican-train") takes, its pieces lying as `stacking` says."""
    if name == TRAIN:
        return train_pieces(2 * hub_radius(size, hub_clearance), SLOTS, stacking.train_thickness)
    tile_set = load_set(name)
    return tile_stacks(name, len(tile_set.tiles), tile_set.shape, frame(tile_set.shape, size), stacking.thickness,
                       stacking.stacks, stacking.widths)


def box_inside(names, size, hub_clearance: float, stacking: Stacking, clearance: float, divider: float) -> Inside:
    """The inside of one box holding each of `names` in a compartment of its own, `divider` mm
    apart."""
    return inside_size([contents_of(name, size, hub_clearance, stacking) for name in names], clearance, divider)
