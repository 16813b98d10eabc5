"""`opendomino box --format 3mf,stl`: a box to 3D-print for every set of 3D-printed tiles.

    3mf/box-A-plate-1.3mf               the tray and the lid on the printer's plate, each an object
    3mf/box-A-plate-1-prusaslicer.3mf   of one closed mesh; the same for PrusaSlicer
    stl/box-A-tray.stl, stl/box-A-lid.stl   each part alone, where its plate puts it

The tiles are those `opendomino export --format 3mf,stl` prints: their thickness is the 3D tile
size's (--tile-size's third number, or the kit's default for its width). The solids come from
generator/solids/box_solids.py, every number not the user's from templates/boxes.toml [printed].
When the two parts do not fit one plate, each gets a plate of its own.
"""

from msgspec import Struct
from msgspec.structs import replace

from generator.art.box_art import TEXT_MARGIN, long_side_frame, wall_label
from generator.art.box_lid import box_title
from generator.art.box_net import Panel
from generator.colour.effective_theme import theme_for
from generator.errors import UserError
from generator.imposition.build_plates import GAP, MARGIN
from generator.imposition.panel_nesting import Placed, fits, lying, nest
from generator.jobs.box_plan import BoxPlan, box_inside_for
from generator.jobs.build import makes
from generator.model.box_panels import TrayAndLid, tray_and_lid
from generator.model.box_size import TRAIN, box_numbers
from generator.scene.drawing import Group, translate
from generator.settings.build_options import BoxOptions, BuildOptions, BuildReport
from generator.words import _, ngettext

PARTS = ("tray", "lid")


class PrintedPlan(Struct, frozen=True):
    plates: list            # per plate, the Placed parts (indexes into PARTS)


def printed_tile_thickness(options: BuildOptions, settings: BoxOptions) -> float:
    """The 3D tile's thickness, as opendomino export makes it: raised features stand on its face."""
    from generator.solids.spec import default_thickness

    size = options.tile_size
    body = size.thickness or default_thickness(size.width)
    return body + (settings.relief_depth if settings.relief == "raised" else 0.0)


def printed_box(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...]) -> TrayAndLid:
    printed = box_numbers().printed
    inside = box_inside_for(options, settings, names, printed_tile_thickness(options, settings), printed.divider,
                            printed.stack_height_per_width)
    return tray_and_lid(inside, printed.wall, printed.lid_fit, printed.lid_depth, printed.lid_min_depth)


def footprints(box: TrayAndLid) -> list[tuple[float, float]]:
    """Each part's width and length on the plate, in the order of PARTS."""
    return [box.tray.outside[:2], box.lid.outside[:2]]


def _room(settings: BoxOptions) -> tuple[float, float]:
    return settings.plate[0] - 2 * MARGIN, settings.plate[1] - 2 * MARGIN


def _fitting_stacks(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...], box: TrayAndLid) -> int | None:
    """The most stacks (fewer than now) with which both parts fit the plate, if any."""
    now = max((part.contents.stacks for part in box.inside.compartments if part.contents.name != TRAIN), default=1)
    for stacks in range(now - 1, 0, -1):
        smaller = printed_box(options, replace(settings, stacks=stacks), names)
        if all(fits(size, _room(settings)) for size in footprints(smaller)):
            return stacks
    return None


def printed_plan(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...]) -> BoxPlan:
    """The box for `names` and its parts' plates; a part larger than the plate is the one-line error."""
    box = printed_box(options, settings, names)
    room = _room(settings)
    misfits = [(part, size) for part, size in zip(PARTS, footprints(box)) if not fits(size, room)]
    if misfits:
        part, (w, l) = misfits[0]
        said = _("--plate: a {pw:g}x{ph:g} mm plate less {margin:g} mm margins does not hold the {part} of the box for "
                 "{names} ({w:.0f} x {l:.0f} mm)").format(pw=settings.plate[0], ph=settings.plate[1], margin=MARGIN,
                                                          part=_("tray") if part == "tray" else _("lid"),
                                                          names=", ".join(names), w=w, l=l)
        stacks = _fitting_stacks(options, settings, names, box)
        hint = (_("use --stacks {stacks} (taller stacks, a narrower box) or a larger --plate").format(stacks=stacks)
                if stacks else _("use a larger --plate or a smaller --tile-size"))
        raise UserError(f"{said}; {hint}")
    stem = f"box-{'-'.join(names)}"
    first = f"3mf/{stem}-plate-1.3mf" if "3mf" in settings.formats else f"stl/{stem}-tray.stl"
    return BoxPlan(first, box, PrintedPlan(nest(footprints(box), room, GAP)))


def name_items(box: TrayAndLid, title: str, colour) -> list:
    """The box's name on the lid's top (x right, y down over its outside), along its long side,
    as large as the top allows up to templates/boxes.toml's name_size."""
    width, length = box.lid.outside[:2]
    inset = box.lid.wall + TEXT_MARGIN
    frame_w, frame_h, turn = long_side_frame(width - 2 * inset, length - 2 * inset)
    items = wall_label(Panel("top", 0.0, 0.0, frame_w, frame_h), title, colour, box_numbers().printed.name_size)
    return [Group(tuple(items), turn.then(translate(inset, inset)))]


def _placements(plate: list[Placed], sizes, settings: BoxOptions) -> dict[int, tuple[float, ...]]:
    """Each part's 3MF transform on its plate: the plate's parts centred on it, a part turned a
    quarter where the nesting turned it. The plate's y runs away from the viewer, the nesting's
    down the page (as generator/jobs/prints3d.py turns tiles)."""
    room = _room(settings)
    laid = {spot.index: lying(sizes[spot.index], room) for spot in plate}
    used_w = max(spot.x + laid[spot.index][0] for spot in plate)
    used_h = max(spot.y + laid[spot.index][1] for spot in plate)
    left, top = MARGIN + (room[0] - used_w) / 2, MARGIN + (room[1] - used_h) / 2
    placements = {}
    for spot in plate:
        w, h = laid[spot.index]
        x, y = left + spot.x, settings.plate[1] - (top + spot.y + h)
        if spot.turned:         # a quarter turn about z: (x, y) -> (-y, x), then back onto the plate
            placements[spot.index] = (0.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0, x + w, y, 0.0)
        else:
            placements[spot.index] = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, x, y, 0.0)
    return placements


@makes(lambda options, settings, plan: plan.file_name)
def make_printed_box(options: BuildOptions, report: BuildReport, settings: BoxOptions, plan: BoxPlan) -> None:
    from generator.solids.box_solids import box_solids
    from generator.solids.meshes import IDENTITY, Material, MeshObject, MeshPart, mesh_of

    theme, box, printed = theme_for(options), plan.box, box_numbers().printed
    names = box.inside.names
    tray, lid = box_solids(box, name_items(box, box_title(names, options.lang), theme.colour("back.mark")),
                           printed.name_depth)
    meshes = dict(zip(PARTS, (mesh_of(tray), mesh_of(lid))))
    colour = theme.colour("back.background")
    stem, title = f"box-{'-'.join(names)}", f"{box_title(names, 'en')}: a box"
    placed_meshes = {}
    for number, plate in enumerate(plan.sheets.plates, start=1):
        placements = _placements(plate, footprints(box), settings)
        objects = []
        for index, transform in placements.items():
            part = PARTS[index]
            placed_meshes[part] = meshes[part].moved(transform)
            objects.append(MeshObject(part, (MeshPart(part, 0, 1, placed_meshes[part]),), IDENTITY))
        if "3mf" in settings.formats:
            from generator.writers.threemf import write_3mf

            targets = (options.out / "3mf" / f"{stem}-plate-{number}.3mf",
                       options.out / "3mf" / f"{stem}-plate-{number}-prusaslicer.3mf")
            for target, facts in zip(targets, write_3mf(objects, [Material("box", colour.hex)], targets, title)):
                report.add(target, facts)
    if "stl" in settings.formats:
        from generator.writers.stl import write_stl

        for part in PARTS:
            target = options.out / "stl" / f"{stem}-{part}.stl"
            report.add(target, write_stl([placed_meshes[part]], target, f"{title}, {part}"))
    plates = ngettext("{count} plate", "{count} plates", len(plan.sheets.plates)).format(count=len(plan.sheets.plates))
    report.instructions.append(_(
        "{stem}: {plates}; print the tray open side up and the lid on its top, no supports; walls {wall:g} mm "
        "({lines:g} lines of a 0.4 mm nozzle), the lid {fit:g} mm larger than the tray on every side; the box "
        "closed {w:.0f} x {l:.0f} x {h:.0f} mm").format(
            stem=stem, plates=plates, wall=box.tray.wall, lines=box.tray.wall / 0.4, fit=printed.lid_fit,
            w=box.lid.outside[0], l=box.lid.outside[1], h=box.tray.outside[2] + box.lid.wall))
