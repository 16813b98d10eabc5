"""`opendomino export --format 3mf,stl`: every tile of a set as a solid to 3D-print, on build plates.

    3mf/double-6-plate-1.3mf              a plate as a slicer project: one object per tile, its body and
                                          an inlay per colour as parts, each with its colour and filament
    3mf/double-6-plate-1-prusaslicer.3mf  the same for PrusaSlicer, which reads a tile's parts otherwise
    stl/double-6-plate-1-body.stl         the same plate's bodies (what a one-colour print needs)
    stl/double-6-plate-1-tile.digit.stl   ... and its inlays of one colour, placed to match

Before anything is built, each set is looked over once (generator/solids/survey.py): the room its
features leave at the edge decides the edge rounding, its colours the filaments; a bad number stops
the command there. Then each plate is a job, and plates are made two at a time.
"""

from msgspec import Struct

from generator.art.tile import face_colour
from generator.colour.effective_theme import theme_for
from generator.imposition.build_plates import build_plates
from generator.jobs.build import makes
from generator.model.set_loader import load_set
from generator.scene.shapes import frame
from generator.settings.build_options import BuildOptions, BuildReport, ExportOptions
from generator.words import _, ngettext


class SetPlan(Struct, frozen=True):
    """What every plate of a set shares: the solids' spec and the palette."""
    spec: object                # generator/solids/spec.py SolidSpec
    palette: object             # generator/solids/palette.py Palette
    plates: tuple               # generator/imposition/build_plates.py Plate


class ThinFinding(Struct, frozen=True):
    set_name: str
    tile: str
    what: str
    width: float
    side: str


def plan_set(options: BuildOptions, settings: ExportOptions, set_name: str) -> SetPlan:
    from generator.solids.palette import set_palette
    from generator.solids.spec import solid_spec
    from generator.solids.survey import survey_set

    solids = settings.solids
    tile_set, theme = load_set(set_name), theme_for(options)
    survey = survey_set(tile_set, theme, options.tile_size, solids.min_feature)
    spec = solid_spec(tile_set, survey, options.tile_size, solids.edge_radius, solids.relief_depth, solids.relief,
                      solids.min_feature)
    palette = set_palette(theme, tile_set, face_colour(tile_set, theme), survey, solids.filaments)
    return SetPlan(spec, palette, tuple(build_plates(tile_set, options.tile_size, solids.plate)))


def plate_stem(set_name: str, number: int) -> str:
    return f"{set_name}-plate-{number}"


@makes(lambda options, settings, set_name, plan, number: _("plate {number} of set {name} (3D)").format(
    number=number, name=set_name))
def print_plate(options: BuildOptions, report: BuildReport, settings: ExportOptions, set_name: str, plan: SetPlan,
                number: int) -> None:
    """One job: the solids of one plate's tiles, as a 3MF and STLs."""
    from generator.solids.meshes import IDENTITY, Material, MeshObject, MeshPart, mesh_of, placement
    from generator.solids.tile_solids import tile_solid

    tile_set, theme = load_set(set_name), theme_for(options)
    plate = plan.plates[number - 1]
    width, height = frame(tile_set.shape, plan.spec.size)
    filaments = plan.palette.filaments
    objects = []
    for placed in plate.tiles:
        solid = tile_solid(placed.tile, tile_set, theme, plan.spec, inlays=settings.solids.filaments > 1)
        report.findings += [ThinFinding(set_name, placed.tile.id, spot.what, spot.width, spot.side)
                            for spot in solid.thin]
        # The plate seen from above: y runs away from the viewer, the page's y runs down. The placement is
        # in the vertices: PrusaSlicer applies a foreign 3MF's item transform to an object's first part only.
        transform = placement(placed.x, plate.height - placed.y - height, placed.turn == 180, width, height)
        parts = []
        for part in solid.parts:
            filament = plan.palette.body if part.name == "body" else plan.palette.of(part.name)
            parts.append(MeshPart("body" if part.name == "body" else filament.name, filaments.index(filament),
                                  filament.extruder, mesh_of(part.solid).moved(transform)))
        objects.append(MeshObject(placed.tile.id, tuple(parts), IDENTITY))
    if number == 1:
        report.instructions.append(filament_line(set_name, plan.palette) if settings.solids.filaments > 1 else
                                   (_("set {name}: one filament: the bodies alone, their features recessed")
                                    if plan.spec.relief == "recessed" else
                                    _("set {name}: one filament: the bodies alone, their features raised")).format(
                                       name=set_name))
    stem = plate_stem(set_name, number)
    title = f"Open Domino Kit: set {set_name}, plate {number} of {len(plan.plates)}"
    if "3mf" in settings.formats:
        from generator.writers.threemf import write_3mf

        targets = (options.out / "3mf" / f"{stem}.3mf", options.out / "3mf" / f"{stem}-prusaslicer.3mf")
        materials = [Material(f.name, f.colour.hex) for f in filaments]
        for target, facts in zip(targets, write_3mf(objects, materials, targets, title)):
            report.add(target, facts)
    if "stl" in settings.formats:
        from generator.writers.stl import write_stl

        for name in dict.fromkeys(part.name for item in objects for part in item.parts):
            meshes = [part.mesh for item in objects for part in item.parts if part.name == name]
            target = options.out / "stl" / f"{stem}-{name}.stl"
            report.add(target, write_stl(meshes, target, f"{title}, {name}"))


def filament_line(set_name: str, palette) -> str:
    """What each extruder prints, e.g. "set A: extruder 1 tile.face #fbf5e6 (body), A.group1.arrow #ffffff;
    2 tile.digit #000000; ..." """
    by_extruder = {}
    for filament in palette.filaments:
        by_extruder.setdefault(filament.extruder, []).append(
            f"{filament.name} {filament.colour.hex}" + (_(" (body)") if filament is palette.body else ""))
    return _("set {name}: {extruders}").format(name=set_name, extruders="; ".join(
        _("extruder {number} {filaments}").format(number=number, filaments=", ".join(names))
        for number, names in sorted(by_extruder.items())))


def prints3d_jobs(options: BuildOptions, settings: ExportOptions) -> list:
    """A job per plate of every set; the sets are planned (and their numbers checked) here, at once."""
    jobs = []
    for name in options.sets:
        plan = plan_set(options, settings, name)
        jobs += [(print_plate, options, (settings, name, plan, number)) for number in range(1, len(plan.plates) + 1)]
    return jobs


def thin_warnings(findings, min_feature: float) -> list[str]:
    """One line per set and kind of thin feature, naming the tiles (the first few) and the narrowest width."""
    grouped = {}
    for finding in findings:
        key = (finding.set_name, finding.side, finding.what)
        grouped.setdefault(key, []).append(finding)
    lines = []
    for (set_name, side, what), found in grouped.items():
        tiles = list(dict.fromkeys(f.tile for f in found))
        shown = ", ".join(tiles[:3]) + (_(" and {count} more").format(count=len(tiles) - 3) if len(tiles) > 3 else "")
        narrowest = min(f.width for f in found)
        # English keeps "tile(s)" for every count; a language with plural forms says each as it should.
        message = (ngettext("set {name}: {what} is {width:.2f} mm wide, under the {least:g} mm minimum "
                            "(--min-feature), on {count} tile(s): {tiles}; it may not print cleanly: use a larger "
                            "--tile-size or a finer nozzle",
                            "set {name}: {what} is {width:.2f} mm wide, under the {least:g} mm minimum "
                            "(--min-feature), on {count} tile(s): {tiles}; it may not print cleanly: use a larger "
                            "--tile-size or a finer nozzle", len(tiles)) if side == "face" else
                   ngettext("set {name}: {what} on the back is {width:.2f} mm wide, under the {least:g} mm minimum "
                            "(--min-feature), on {count} tile(s): {tiles}; it may not print cleanly: use a larger "
                            "--tile-size or a finer nozzle",
                            "set {name}: {what} on the back is {width:.2f} mm wide, under the {least:g} mm minimum "
                            "(--min-feature), on {count} tile(s): {tiles}; it may not print cleanly: use a larger "
                            "--tile-size or a finer nozzle", len(tiles)))
        lines.append(message.format(name=set_name, what=what, width=narrowest, least=min_feature, count=len(tiles),
                                    tiles=shown))
    return lines

