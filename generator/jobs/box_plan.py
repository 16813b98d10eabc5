"""What every route of `opendomino box` plans before anything is drawn: which route, the box's
inside (from what it holds, generator/art/box_contents.py) and the plan of one box."""

from msgspec import Struct

from generator.art.box_contents import box_inside
from generator.model.box_panels import TrayAndLid
from generator.model.box_size import Inside, Stacking, box_numbers
from generator.settings.build_options import BoxOptions, BuildOptions

LASER, PRINTED = "laser", "3d"           # the routes besides home and shop (BuildOptions.target)


def box_route(options: BuildOptions, settings: BoxOptions) -> str:
    """How the boxes are made: 3D-printed (--format), cut by laser (--machine), or printed."""
    return PRINTED if settings.formats else LASER if settings.machine else options.target


class BoxPlan(Struct, frozen=True):
    file_name: str              # the box's (first) file below --out, as the summary names it
    box: TrayAndLid
    sheets: object              # home: plan_sheets' sheets; laser: its LaserPlan; 3D: its PrintedPlan; shop: None


def box_inside_for(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...], thickness: float,
                   divider: float, widths: float | None = None) -> Inside:
    """The inside of the box for `names`, its tiles `thickness` mm thick unless --tile-thickness
    says otherwise (the Mexican Train's card pieces the home tiles' thickness), `divider` mm between
    two compartments, no stack taller than `widths` tile widths."""
    numbers = box_numbers()
    card = numbers.contents.tile_thickness
    given = settings.tile_thickness
    stacking = Stacking(thickness if given is None else given, card if given is None else given, settings.stacks,
                        widths)
    clearance = numbers.fit.clearance if settings.clearance is None else settings.clearance
    return box_inside(names, options.tile_size, options.clearance, stacking, clearance, divider)
