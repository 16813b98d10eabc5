"""`opendomino box --machine laser`: a finger-jointed box for every set, cut from sheet material.

    laser/box-A-1.svg     the panels of the first sheet: engrave (the lid's art), score (the outlines of
    laser/box-A-1.dxf     the tiles on it), cut (every panel, its slots first), as the laser tiles' sheets
    laser/box-A-2.svg …   as many sheets of --sheet as the panels need

The tray and its cap lid are open boxes with walls as thick as --material (generator/model/box_panels.py),
their panels finger-jointed (generator/model/finger_joints.py), nested and drawn by
generator/imposition/laser_box_sheets.py; every number not the user's is in templates/boxes.toml [laser].
"""

from msgspec import Struct

from generator.art.box_lid import lid_art
from generator.art.tile import face_colour
from generator.colour.effective_theme import theme_for
from generator.colour.values import Colour
from generator.errors import UserError
from generator.imposition.laser_box_sheets import laser_box_sheets, laser_pieces, plan_laser_sheets
from generator.imposition.laser_sheets import LaserLayout, check_kerf
from generator.imposition.machines import load_machine
from generator.jobs.box_plan import BoxPlan, box_inside_for
from generator.jobs.build import makes
from generator.model.box_panels import tray_and_lid
from generator.model.box_size import TRAIN, box_numbers
from generator.model.set_loader import load_set
from generator.settings.build_options import BoxOptions, BuildOptions, BuildReport, CutOptions
from generator.words import _, ngettext


class LaserPlan(Struct, frozen=True):
    thickness: float        # mm, the material
    pieces: list            # LaserPiece
    sheets: list            # per sheet, the Placed pieces


def laser_layout(settings: BoxOptions) -> LaserLayout:
    machine = load_machine("laser")
    layout = LaserLayout(settings.sheet, float(machine["margin"]), float(machine["gap"]), settings.kerf,
                         shared_edges=False)     # finger-jointed panels have no straight edge to share
    check_kerf(layout)
    return layout


def material_of(settings: BoxOptions) -> float:
    """--material, or templates/boxes.toml's; a kerf as wide as the material would cut its fingers away."""
    thickness = box_numbers().laser.material if settings.material is None else settings.material
    if settings.kerf >= thickness:
        raise UserError(_("--kerf: {kerf:g} mm is not less than the {material:g} mm --material; a laser's kerf is "
                          "0.05-0.5 mm").format(kerf=settings.kerf, material=thickness))
    return thickness


def laser_instructions(settings: BoxOptions) -> str:
    """What the laser's program must be told: the laser tiles' line (colours, layers, kerf)."""
    from generator.jobs.cut import machine_instructions

    return machine_instructions("laser", CutOptions(kerf=settings.kerf))


def laser_plan(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...]) -> BoxPlan:
    """The box for `names`: its panels placed on sheets, checked to fit (else the one-line error)."""
    laser = box_numbers().laser
    thickness = material_of(settings)
    # The tiles are taken to be cut from the same material, unless --tile-thickness says otherwise.
    inside = box_inside_for(options, settings, names, thickness, thickness)
    box = tray_and_lid(inside, thickness, laser.lid_fit, laser.lid_depth, laser.lid_min_depth)
    pieces = laser_pieces(box, thickness, laser.finger)
    sheets = plan_laser_sheets(pieces, laser_layout(settings))
    return BoxPlan(f"laser/box-{'-'.join(names)}-1.svg", box, LaserPlan(thickness, pieces, sheets))


def _ground_and_ink(options: BuildOptions, names: tuple[str, ...]) -> tuple[Colour, Colour]:
    """The bare material stands for the face of the first set's tiles (their pips engraved, as on
    the laser tiles); the lid's words are black, or white on a dark face."""
    from generator.writers.ink_outlines import lightness

    theme = theme_for(options)
    sets = [name for name in names if name != TRAIN]
    ground = face_colour(load_set(sets[0]), theme) if sets else theme.colour("tile.face")
    return ground, Colour("#000000") if lightness(ground) > 0.18 else Colour("#ffffff")


@makes(lambda options, settings, plan: plan.file_name.replace("-1.svg", "-*"))
def make_laser_box(options: BuildOptions, report: BuildReport, settings: BoxOptions, plan: BoxPlan) -> None:
    from msgspec.structs import replace

    from generator.jobs.cut import write_laser

    names, laser = plan.box.inside.names, plan.sheets
    ground, ink = _ground_and_ink(options, names)
    art = replace(lid_art(plan.box.inside, theme_for(options), options.tile_size, options.lang, options.clearance),
                  colour=ink)
    sheets = laser_box_sheets(laser.pieces, laser.sheets, laser_layout(settings), laser.thickness, art, ground)
    stem = f"box-{'-'.join(names)}"
    write_laser(sheets, stem, options.out / "laser", report, load_machine("laser"))
    width, length = plan.box.lid.outside[:2]
    sheet_w, sheet_h = settings.sheet
    report.instructions.append(ngettext(
        "{stem}: {count} sheet of {w:g} x {h:g} mm, {t:g} mm thick; the box closed {bw:.0f} x {bl:.0f} x {bh:.0f} mm",
        "{stem}: {count} sheets of {w:g} x {h:g} mm, {t:g} mm thick; the box closed {bw:.0f} x {bl:.0f} x {bh:.0f} mm",
        len(sheets)).format(stem=stem, count=len(sheets), w=sheet_w, h=sheet_h, t=laser.thickness, bw=width,
                            bl=length, bh=plan.box.tray.outside[2] + plan.box.lid.wall))
