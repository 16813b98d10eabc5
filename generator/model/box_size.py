"""What a box holds and how large it is inside: the part every box route shares (issue 42).

Tiles lie flat in stacks standing side by side: dominoes long side to long side, triangles
pointing up and down in turn, so that each stack after the first takes half a side more. The
Mexican Train's hub lies flat in a square of its diameter, its markers beside it in the square's
corners or on it. With several sets in one box, each gets a compartment of its own, side by side
across the box's width, with a divider between two.

    contents = tile_stacks("A", 32, "domino", (22, 44), thickness=1.0)      # 2 stacks of 16
    inside = inside_size([contents], clearance=1.0, divider=0.4)           # 45 x 45 x 17 mm

Width runs across the stacks, length along a tile, height up the stacks. Every number that is not
the user's comes from templates/boxes.toml (box_numbers()); the tile's footprint is the caller's
(generator/scene/shapes.py knows a tile's frame, generator/art/box_contents.py asks it).
"""

from functools import cache
import math

import msgspec
from msgspec import Struct

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.words import _

TRAIN = "mexican-train"        # the box contents that are not a set: the hub and markers (tokens-mexican-train.pdf)


class ContentNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    tile_thickness: float
    stack_height_per_width: float
    train_layers: int


class FitNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    clearance: float
    min_inside_height: float


class CardNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    thickness: float
    lid_fit: float
    lid_depth: float
    lid_min_depth: float
    glue_tab: float
    glue_tab_taper: float
    wrap: float


class SheetNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    bleed: float
    margin: float
    gap: float
    header: float
    footer: float


class LaserNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    material: float
    finger: float
    lid_fit: float
    lid_depth: float
    lid_min_depth: float


class PrintedNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    wall: float
    divider: float
    lid_fit: float
    lid_depth: float
    lid_min_depth: float
    name_depth: float
    name_size: float
    stack_height_per_width: float


class BoxNumbers(Struct, frozen=True, forbid_unknown_fields=True):
    contents: ContentNumbers
    fit: FitNumbers
    card: CardNumbers
    sheet: SheetNumbers
    laser: LaserNumbers
    printed: PrintedNumbers


@cache
def box_numbers() -> BoxNumbers:
    """templates/boxes.toml, every value checked to be a positive number."""
    where = "templates/boxes.toml"
    data = load_toml(template_path("boxes.toml"), "data")
    try:
        numbers = msgspec.convert(data, BoxNumbers, strict=False)
    except msgspec.ValidationError as error:
        raise UserError(_("{where}: {error}; see the comments in the file").format(where=where, error=error)) from None
    for section in msgspec.structs.fields(BoxNumbers):
        table = getattr(numbers, section.name)
        for field in msgspec.structs.fields(type(table)):
            value = getattr(table, field.name)
            if not (math.isfinite(value) and value > 0):
                raise UserError(_("{where}: [{section}] {key} = {value!r} must be a positive number").format(
                    where=where, section=section.name, key=field.name, value=value))
    return numbers


class Stacking(Struct, frozen=True):
    """How the pieces lie in a box: one tile's thickness (mm), the Mexican Train pieces' (they are
    printed on card whatever the box is made of), the number of stacks (None: the fewest in which
    none stands taller than `widths` tile widths; `widths` None: templates/boxes.toml's [contents])."""
    thickness: float
    train_thickness: float
    stacks: int | None = None
    widths: float | None = None


class Contents(Struct, frozen=True):
    """What one compartment holds, and the room it takes (mm)."""
    name: str           # the set's name, or TRAIN
    pieces: int         # tiles, or the hub and its markers
    stacks: int         # stacks side by side (1 for the train's hub)
    per_stack: int      # pieces in the tallest stack
    width: float        # across the stacks
    length: float       # along a tile
    height: float       # the tallest stack


def default_stacks(count: int, short_side: float, thickness: float, widths: float | None = None) -> int:
    """The fewest stacks in which none stands taller than `widths` times the tile's width
    (templates/boxes.toml's stack_height_per_width when None): compact, and steady when the lid
    comes off."""
    tallest = (box_numbers().contents.stack_height_per_width if widths is None else widths) * short_side
    per_stack = max(1, math.floor(tallest / thickness + 1e-9))
    return math.ceil(count / per_stack)


def tile_stacks(name: str, count: int, shape: str, frame: tuple[float, float], thickness: float,
                stacks: int | None = None, widths: float | None = None) -> Contents:
    """`count` tiles of `shape` ("domino", "triangle") whose frame is `frame` (width, height in mm,
    as generator/scene/shapes.py gives it), `thickness` mm each, in `stacks` stacks (None: the
    default, no stack taller than `widths` tile widths) side by side."""
    width, length = frame
    short_side = min(width, length)
    stacks = stacks or default_stacks(count, short_side, thickness, widths)
    if stacks > count:
        raise UserError(_("--stacks: {stacks} stacks for the {count} tiles of {name} would leave some empty; "
                          "use at most {count}").format(stacks=stacks, count=count, name=name))
    per_stack = math.ceil(count / stacks)
    across = (stacks + 1) / 2 * width if shape == "triangle" else stacks * width
    return Contents(name, count, stacks, per_stack, across, length, per_stack * thickness)


def train_pieces(hub_diameter: float, markers: int, thickness: float) -> Contents:
    """The Mexican Train's hub (a disc) and its markers: a square of the hub's diameter, two
    pieces high (templates/boxes.toml, [contents] train_layers)."""
    layers = box_numbers().contents.train_layers
    return Contents(TRAIN, 1 + markers, 1, layers, hub_diameter, hub_diameter, layers * thickness)


class Compartment(Struct, frozen=True):
    contents: Contents
    x: float            # mm from the inside of the left wall
    width: float


class Inside(Struct, frozen=True):
    """A box's inside (mm) and its compartments, side by side from the left, `divider` mm apart."""
    width: float
    length: float
    height: float
    compartments: tuple[Compartment, ...]
    divider: float = 0.0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(part.contents.name for part in self.compartments)


def inside_size(contents: list[Contents], clearance: float, divider: float) -> Inside:
    """The inside of a box holding each of `contents` in a compartment of its own, `clearance` mm
    larger each way than what it holds, with a divider `divider` mm thick between two."""
    compartments, x = [], 0.0
    for part in contents:
        width = part.width + clearance
        compartments.append(Compartment(part, x, width))
        x += width + divider
    length = max(part.length for part in contents) + clearance
    height = max(max(part.height for part in contents) + clearance, box_numbers().fit.min_inside_height)
    return Inside(x - divider, length, height, tuple(compartments), divider if len(contents) > 1 else 0.0)
