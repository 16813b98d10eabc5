"""`opendomino cut`: files for cutting machines and laser cutters, per set (and the board, for a laser).

    silhouette/print-and-cut-A-a4.pdf        fronts and backs with Studio's registration marks (duplex, long edge)
    silhouette/print-and-cut-A-a4-1.dxf      the cut lines of sheet 1 in the page's coordinates (Studio Basic)
    silhouette/print-and-cut-A-a4-1.svg      the same as SVG (Studio Designer and up, other programs)
    cricut/print-then-cut-A-1_166x229.4mm.png  tiles on a transparent ground, its size in mm in the name
    cricut/print-then-cut-A-1_166x229.4mm.svg  the same tiles' outlines as filled paths: the cut
    laser/laser-A-1.svg, laser/laser-A-1.dxf   engrave, score and cut on a --sheet, one colour / layer each
    laser/laser-board-1.svg …                  the board, whole or in pieces

Every outline comes from generator/scene/outline.py, so --corner-radius and --kerf reach every file.
Besides the files, each step says what the user must type into the machine's program
(BuildReport.instructions): the command prints those lines after its summary.
"""

from pathlib import Path
from typing import Callable

from generator.colour.effective_theme import theme_for
from generator.errors import UserError
from generator.files.atomic import check_not_symlinked
from generator.imposition.machines import load_machine, machine_title, marks_of
from generator.imposition.paper import paper_named
from generator.jobs.build import makes, run_in_folders
from generator.model.set_loader import load_set
from generator.model.texts import sheet_text
from generator.settings.build_options import BuildOptions, BuildReport, CutOptions
from generator.words import _, language, ngettext

PRINT_AND_CUT, PRINT_THEN_CUT, LASER = "print-and-cut", "print-then-cut", "laser"


def _mm(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def folder(options: BuildOptions, settings: CutOptions) -> Path:
    return options.out / settings.machine


def silhouette_paper(options: BuildOptions, machine: dict):
    if options.paper not in machine["papers"]:
        raise UserError(_("--paper: {paper} has no Print & Cut sheet; Silhouette sheets are "
                          "{papers}").format(paper=options.paper, papers=_(" or ").join(machine["papers"])))
    return paper_named(options.paper)


@makes(lambda options, settings, set_name: _("the {machine} files of set {name}").format(
    machine=settings.machine, name=set_name))
def cut_set(options: BuildOptions, report: BuildReport, settings: CutOptions, set_name: str) -> None:
    machine = load_machine(settings.machine)
    {PRINT_AND_CUT: _print_and_cut, PRINT_THEN_CUT: _print_then_cut, LASER: _laser_set}[machine["kind"]](
        options, report, settings, machine, set_name)


def _print_and_cut(options, report, settings, machine, set_name) -> None:
    from generator.imposition.cut_sheets import cut_box, print_and_cut_sheets
    from generator.writers.cut_svg import write_cut_svg
    from generator.writers.dxf import write_dxf
    from generator.writers.pdf import PdfOptions, write_pdf

    marks = marks_of(machine)
    stem = f"print-and-cut-{set_name}-{options.paper}"
    sheets = print_and_cut_sheets(load_set(set_name), theme_for(options), silhouette_paper(options, machine),
                                  options.tile_size, marks, float(machine["bleed"]), options.lang,
                                  f"{stem}-{{number}}.dxf", options.back_offset)
    out = folder(options, settings)
    target = out / f"{stem}.pdf"
    pages = [page for sheet in sheets for page in (sheet.front, sheet.back)]
    report.add(target, write_pdf(pages, target, PdfOptions(
        title=sheet_text(options.lang, "doc_print_and_cut", set_name=set_name), duplex="long", lang=options.lang)))
    places = []
    for number, sheet in enumerate(sheets, start=1):
        for suffix, write in ((".dxf", lambda t: write_dxf(sheet.cut, t, _layers(machine))),
                              (".svg", lambda t: write_cut_svg(sheet.cut, t, "cut", machine))):
            target = out / f"{stem}-{number}{suffix}"
            report.add(target, write(target))
        x, y = cut_box(sheet.cut)[:2]
        places.append(f"{number}: X {_mm(x)}, Y {_mm(y)}")
    report.instructions.append(_("set {set_name}: {stem}.pdf; the cut lines of {stem}-N.dxf at (mm) "
                                 "{places}").format(set_name=set_name, stem=stem, places="; ".join(places)))


def _print_then_cut(options, report, settings, machine, set_name) -> None:
    from generator.imposition.cut_sheets import print_then_cut_images
    from generator.writers.cut_svg import write_cut_svg
    from generator.writers.png import write_png

    images = print_then_cut_images(load_set(set_name), theme_for(options), options.tile_size,
                                   _print_area(machine), float(machine["gap"]))
    out = folder(options, settings)
    sizes = []
    for number, image in enumerate(images, start=1):
        size = f"{_mm(image.picture.width)}x{_mm(image.picture.height)}mm"
        stem = f"print-then-cut-{set_name}-{number}_{size}"
        target = out / f"{stem}.png"
        report.add(target, write_png(image.picture, target, float(machine["dpi"]), transparent=True))
        target = out / f"{stem}.svg"
        report.add(target, write_cut_svg(image.cut, target, "filled"))
        sizes.append(_("image {number}: {width} x {height} mm").format(
            number=number, width=_mm(image.picture.width), height=_mm(image.picture.height)))
    # English keeps "mat(s)" for every count; a language with plural forms says each as it should.
    report.instructions.append(ngettext("set {set_name}: {count} mat(s); in Design Space give each image its size, "
                                        "width x height: {sizes}",
                                        "set {set_name}: {count} mat(s); in Design Space give each image its size, "
                                        "width x height: {sizes}", len(images)).format(
        set_name=set_name, count=len(images), sizes="; ".join(sizes)))


def _print_area(machine: dict) -> tuple[float, float]:
    return float(machine["print_area"]["width"]), float(machine["print_area"]["height"])


def _layers(machine: dict) -> dict[str, str]:
    return {key: value["layer"] for key, value in machine["operations"].items()}


def write_laser(sheets, stem: str, out: Path, report: BuildReport, machine: dict) -> None:
    from generator.writers.cut_svg import write_cut_svg
    from generator.writers.dxf import write_dxf
    from generator.writers.ink_outlines import ink_rings

    for number, sheet in enumerate(sheets, start=1):
        rings = [ink_rings([item], sheet.ground) for item in sheet.engrave]
        target = out / f"{stem}-{number}.svg"
        report.add(target, write_cut_svg(sheet, target, "laser", machine, rings))
        target = out / f"{stem}-{number}.dxf"
        report.add(target, write_dxf(sheet, target, _layers(machine), rings))


def laser_layout(settings: CutOptions, machine: dict):
    from generator.imposition.laser_sheets import LaserLayout

    return LaserLayout(settings.sheet, float(machine["margin"]), float(machine["gap"]), settings.kerf,
                       settings.shared_edges)


def _laser_set(options, report, settings, machine, set_name) -> None:
    from generator.imposition.laser_sheets import tile_sheets

    tile_set, theme = load_set(set_name), theme_for(options)
    sheets = tile_sheets(tile_set, theme, options.tile_size, laser_layout(settings, machine))
    write_laser(sheets, f"laser-{set_name}", folder(options, settings), report, machine)
    report.instructions.append(ngettext("set {set_name}: {count} sheet(s) of {width}x{height} mm",
                                        "set {set_name}: {count} sheet(s) of {width}x{height} mm", len(sheets)).format(
        set_name=set_name, count=len(sheets), width=_mm(settings.sheet[0]), height=_mm(settings.sheet[1])))
    if groups_engrave_alike(tile_set, theme):
        report.instructions.append(_("set {set_name}: its two groups engrave alike in the {theme} theme, and the "
                                     "backs are not engraved; --theme grayscale marks them apart").format(
            set_name=set_name, theme=theme.name))


def groups_engrave_alike(tile_set, theme) -> bool:
    """Whether a set's two groups (players' halves) come out of the laser the same: both circles
    engraved as discs with bare arrows, say (the classic theme's blue and green of set B)."""
    from generator.art.tile import face_colour
    from generator.writers.ink_outlines import engraved_look

    if len(tile_set.groups) < 2:
        return False
    ground = face_colour(tile_set, theme)
    return len({engraved_look(theme.group_of(tile_set, group), ground) for group in tile_set.groups}) == 1


@makes(lambda options, settings: _("the laser files of the board"))
def cut_board(options: BuildOptions, report: BuildReport, settings: CutOptions) -> None:
    from generator.art.board import board_geometry
    from generator.imposition.laser_sheets import board_sheets

    machine = load_machine(settings.machine)
    sheets = board_sheets(board_geometry(options), theme_for(options), laser_layout(settings, machine))
    write_laser(sheets, "laser-board", folder(options, settings), report, machine)
    report.instructions.append(ngettext("board: {count} piece(s), one a sheet", "board: {count} piece(s), one a sheet",
                                        len(sheets)).format(count=len(sheets)))


def cut_jobs(options: BuildOptions, settings: CutOptions) -> list:
    """One job per set, and the board for a laser when an Open Domino set is among them; checked to
    fit before any of them starts."""
    jobs = [(cut_set, options, (settings, name)) for name in options.sets]
    machine = load_machine(settings.machine)
    board = machine["kind"] == LASER and settings.board and any(load_set(name).has_layout for name in options.sets)
    if board:
        jobs.append((cut_board, options, (settings,)))
    check_fits(options, settings, board)
    return jobs


def check_fits(options: BuildOptions, settings: CutOptions, board: bool) -> None:
    """Every piece the jobs will place (each set's tiles, the board) against the sheet or page it goes
    on, here before the jobs run at once: else whichever job failed first would say its own error."""
    from generator.imposition.cut_sheets import print_and_cut_grid, print_then_cut_grid
    from generator.imposition.laser_sheets import board_piece, check_layout, check_sheet, tile_piece

    machine = load_machine(settings.machine)
    shapes = sorted({load_set(name).shape for name in options.sets})
    size = options.tile_size
    if machine["kind"] == PRINT_AND_CUT:
        paper = silhouette_paper(options, machine)
        for shape in shapes:
            print_and_cut_grid(shape, size, paper, marks_of(machine), float(machine["bleed"]))
    elif machine["kind"] == PRINT_THEN_CUT:
        for shape in shapes:
            print_then_cut_grid(shape, size, _print_area(machine), float(machine["gap"]))
    else:
        from generator.art.board import board_geometry

        layout = laser_layout(settings, machine)
        check_layout(layout, size)
        check_sheet(layout, [tile_piece(shape, size, layout) for shape in shapes] +
                    ([board_piece(board_geometry(options), layout)] if board else []))


def machine_instructions(machine_name: str, settings: CutOptions) -> str:
    """The line that says, for every set, what the files are and what to set."""
    machine = load_machine(machine_name)
    if machine["kind"] == LASER:
        ops = machine["operations"]
        kerf = (_("kerf {kerf:g} mm applied (outlines {half:g} mm out)").format(
            kerf=settings.kerf, half=settings.kerf / 2) if settings.kerf else _("no kerf compensation"))
        return _("{machine}: engrave {engrave} fill, score {score}, cut {cut} hairline; DXF layers {engrave_layer}, "
                 "{score_layer}, {cut_layer} in mm; {kerf}").format(
            machine=machine_title(machine), engrave=ops["engrave"]["colour"], score=ops["score"]["colour"],
            cut=ops["cut"]["colour"], engrave_layer=ops["engrave"]["layer"], score_layer=ops["score"]["layer"],
            cut_layer=ops["cut"]["layer"], kerf=kerf)
    if machine["kind"] == PRINT_THEN_CUT:
        return _("{machine}: upload each PNG as a Print Then Cut image (or the SVG of the same name as "
                 "a cut), type its size in mm, print at 100 %").format(machine=machine_title(machine))
    from generator.imposition.cut_sheets import studio_settings
    from generator.model.texts import LANGUAGES

    # Silhouette Studio's settings as the sheets print them, in the messages' language where they have it
    settings_line = studio_settings(marks_of(machine), language() if language() in LANGUAGES else "en")
    return _("{machine}: {settings}; print each PDF double-sided (long edge) at 100 %; open each sheet's .dxf "
             "as-is, put its cut lines at the X, Y below, cut the front").format(
        machine=machine_title(machine), settings=settings_line)


def run_cut(options: BuildOptions, settings: CutOptions, jobs: list,
            job_done: Callable[[int], None] = lambda n: None) -> BuildReport:
    out = folder(options, settings)
    check_not_symlinked(options.out, out)             # never write through a link out of --out
    out.mkdir(parents=True, exist_ok=True)
    return run_in_folders(options.out, [out], jobs, job_done)


def cut(options: BuildOptions, settings: CutOptions = CutOptions()) -> BuildReport:
    return run_cut(options, settings, cut_jobs(options, settings))
