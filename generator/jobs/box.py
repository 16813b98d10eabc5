"""`opendomino box`: a box for every set, to fold from card at home, to order from a print shop, to
cut by laser or to 3D-print.

    box-A.pdf             home (the default): the tray, the lid (and dividers) on the user's paper,
                          on one sheet, or the tray on one and the lid on the next
    shop-box-A.pdf        --target shop: PDF/X-1a, a page per piece, its art to the bleed, its die line
                          in the spot colour CutContour
    laser/box-A-1.svg     --machine laser: finger-jointed panels on sheets of --sheet, cut, score and
    laser/box-A-1.dxf     engrave as the laser tiles' sheets (generator/jobs/laser_box.py)
    3mf/box-A-plate-1.3mf --format 3mf,stl: the tray and the lid on the printer's plate, and each
    stl/box-A-tray.stl    part as an STL (generator/jobs/printed_box.py)
    box-A-B-C.pdf         --together: one box with a compartment per set

The box's inside comes from what it holds (generator/art/box_contents.py, generator/model/box_size.py),
its panels from the inside (generator/model/box_panels.py); every number that is not the user's is
in templates/boxes.toml. Each box is planned, and checked to fit the paper, before any is drawn.
"""

from pathlib import Path
from typing import Callable

from msgspec.structs import replace

from generator.art.box_lid import bottom_lines, box_title, inside_text, lid_art, mm
from generator.colour.effective_theme import theme_for
from generator.errors import UserError
from generator.imposition.paper import paper_named
from generator.jobs.box_plan import LASER, PRINTED, BoxPlan, box_inside_for, box_route
from generator.jobs.build import makes, run_in_folders
from generator.model.box_panels import TrayAndLid, tray_and_lid
from generator.model.box_size import TRAIN, Contents, Inside, box_numbers
from generator.model.texts import sheet_text
from generator.settings.build_options import BoxOptions, BuildOptions, BuildReport
from generator.words import _, ngettext


def _inside(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...]) -> Inside:
    numbers = box_numbers()
    return box_inside_for(options, settings, names, numbers.contents.tile_thickness, numbers.card.thickness)


def folding_box(inside: Inside) -> TrayAndLid:
    card = box_numbers().card
    return tray_and_lid(inside, card.thickness, card.lid_fit, card.lid_depth, card.lid_min_depth, glued=True)


def _bleed(options: BuildOptions) -> float:
    from generator.jobs.shop import shop_bleed

    return shop_bleed(options) if options.target == "shop" else box_numbers().sheet.bleed


def box_plans(options: BuildOptions, settings: BoxOptions) -> list[BoxPlan]:
    """One plan per box, every box checked to fit its paper, sheet or plate (a UserError names what
    does not)."""
    from generator.imposition.box_sheets import piece_sizes, plan_sheets

    groups = [settings.contents] if settings.together else [(name,) for name in settings.contents]
    route = box_route(options, settings)
    if route == LASER:
        from generator.jobs.laser_box import laser_plan

        return [laser_plan(options, settings, names) for names in groups]
    if route == PRINTED:
        from generator.jobs.printed_box import printed_plan

        return [printed_plan(options, settings, names) for names in groups]
    plans = []
    for names in groups:
        box = folding_box(_inside(options, settings, names))
        stem = "box-" + "-".join(names)
        if options.target == "shop":
            plans.append(BoxPlan(f"shop-{stem}.pdf", box, None))
            continue
        sizes = piece_sizes(box, box_numbers(), _bleed(options))
        what = _("the box for {names}").format(names=", ".join(names))
        plans.append(BoxPlan(f"{stem}.pdf", box, plan_sheets(
            sizes, paper_named(options.paper), box_numbers(), what,
            other_stacks=lambda names=names, box=box: _stacks_advice(options, settings, names, box))))
    return plans


def _stacks_advice(options: BuildOptions, settings: BoxOptions, names: tuple[str, ...], box: TrayAndLid) -> str | None:
    """"--stacks N" (with "--paper KEY" when the user's paper holds no such box) for the number of
    stacks nearest the box's own with which every piece fits a paper the kit knows, or None."""
    from generator.imposition.box_sheets import fits_paper, piece_sizes
    from generator.imposition.paper import papers_smallest_first

    now = max((part.contents.stacks for part in box.inside.compartments if part.contents.name != TRAIN), default=1)
    tiles = max((part.contents.pieces for part in box.inside.compartments), default=1)
    papers = [(None, paper_named(options.paper))] + [(key, paper) for key, paper in papers_smallest_first()]
    for key, paper in papers:
        for stacks in sorted(range(1, tiles + 1), key=lambda n: (abs(n - now), n)):
            try:
                other = folding_box(_inside(options, replace(settings, stacks=stacks), names))
            except UserError:           # stacks that would leave one empty
                continue
            if fits_paper(piece_sizes(other, box_numbers(), _bleed(options)), paper, box_numbers()):
                return (_("--stacks {stacks}").format(stacks=stacks) if key is None else
                        _("--stacks {stacks} --paper {key}").format(stacks=stacks, key=key))
    return None


@makes(lambda options, plan: plan.file_name)
def make_box(options: BuildOptions, report: BuildReport, plan: BoxPlan) -> None:
    from generator.imposition.box_sheets import box_pieces, home_sheets, piece_sizes, shop_pages, split_note
    from generator.writers.pdf import PdfOptions, write_pdf

    theme, inside, numbers = theme_for(options), plan.box.inside, box_numbers()
    names, lang, shop = inside.names, options.lang, options.target == "shop"
    lid = lid_art(inside, theme, options.tile_size, lang, options.clearance)
    pieces = box_pieces(plan.box, numbers, theme, lid, bottom_lines(inside, lang), _bleed(options), lang, shop)
    title = sheet_text(lang, "doc_box", title=box_title(names, lang))
    target = options.out / plan.file_name
    if shop:
        from generator.jobs.shop import write_shop_pdf

        write_shop_pdf(shop_pages(pieces, options.marks), target, title, options, report)
        return
    pages = home_sheets(pieces, plan.sheets, numbers, theme, lang, box_title(names, lang), inside_text(inside, lang))
    report.add(target, write_pdf(pages, target, PdfOptions(title=title, lang=lang)))
    note = split_note(piece_sizes(plan.box, numbers, _bleed(options)), plan.sheets, options.paper, numbers,
                      plan.file_name)
    if note:
        report.notes.append(note)


def box_jobs(options: BuildOptions, settings: BoxOptions) -> tuple[list, list[BoxPlan]]:
    """A job per box, every box planned (and checked to fit its paper, sheet or plate) first."""
    plans = box_plans(options, settings)
    route = box_route(options, settings)
    if route == LASER:
        from generator.jobs.laser_box import make_laser_box as step
    elif route == PRINTED:
        from generator.jobs.printed_box import make_printed_box as step
    else:
        step = make_box
    return [(step, options, (settings, plan) if route in (LASER, PRINTED) else (plan,)) for plan in plans], plans


def box_folders(options: BuildOptions, settings: BoxOptions) -> list[Path]:
    """The folders below --out the route writes into."""
    route = box_route(options, settings)
    if route == LASER:
        return [options.out / "laser"]
    return [options.out / folder for folder in settings.formats] if route == PRINTED else []


def run_box(options: BuildOptions, jobs: list, job_done: Callable[[int], None] = lambda n: None,
            folders: list[Path] = ()) -> BuildReport:
    return run_in_folders(options.out, list(folders), jobs, job_done)


def box(options: BuildOptions, settings: BoxOptions = BoxOptions()) -> BuildReport:
    """Every box `settings` asks for, written into options.out (a folder that exists)."""
    return run_box(options, box_jobs(options, settings)[0], folders=box_folders(options, settings))


def _holds(contents: Contents) -> str:
    """What a compartment holds, as the command line says it."""
    if contents.name == TRAIN:
        markers = contents.pieces - 1
        return ngettext("the Mexican Train's hub and {count} marker", "the Mexican Train's hub and {count} markers",
                        markers).format(count=markers)
    tiles = ngettext("{count} tile", "{count} tiles", contents.pieces).format(count=contents.pieces)
    if contents.stacks == 1:
        return _("set {name}: {tiles} in one stack").format(name=contents.name, tiles=tiles)
    # Two singulars: gettext finds a plural message by its singular alone.
    if contents.pieces % contents.stacks:
        stacks = ngettext("{count} stack of up to {most}", "{count} stacks of up to {most}", contents.stacks)
    else:
        stacks = ngettext("{count} stack of {most}", "{count} stacks of {most}", contents.stacks)
    stacks = stacks.format(count=contents.stacks, most=contents.per_stack)
    return _("set {name}: {tiles} in {stacks}").format(name=contents.name, tiles=tiles, stacks=stacks)


def summary_lines(plans: list[BoxPlan]) -> list[str]:
    """A line per box: its file, what it holds and its inside, e.g. "box-A.pdf: set A: 32 tiles in
    2 stacks of 16; inside 45 × 45 × 17 mm"."""
    lines = []
    for plan in plans:
        inside = plan.box.inside
        holds = "; ".join(_holds(part.contents) for part in inside.compartments)
        lines.append(_("{file}: {holds}; inside {w} × {l} × {h} mm").format(
            file=plan.file_name, holds=holds, w=mm(inside.width), l=mm(inside.length), h=mm(inside.height)))
    return lines
