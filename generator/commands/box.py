"""box: a box for every set (or one with a compartment per set), to fold from card at home, to order
from a print shop, to cut by laser or to 3D-print."""

import time

import click
from msgspec.structs import replace

from generator.commands import completion
from generator.commands.common import kit_options, print_options, report_written, start_writing, was_given
from generator.commands.group import cli, progress, say
from generator.errors import UserError
from generator.model.box_size import TRAIN, box_numbers
from generator.settings.build_options import SOLID_FORMATS, BoxOptions, BuildOptions
from generator.settings.options import (
    parse_box_clearance,
    parse_box_contents,
    parse_formats,
    parse_number,
    parse_stacks,
    parse_tile_thickness,
)
from generator.words import _


def _contents(options: BuildOptions, sets_text: str) -> tuple[BuildOptions, tuple[str, ...]]:
    """The options with the sets to load (those of --sets or the config file, and --set-file's), and
    what the boxes hold: those sets, and the Mexican Train's pieces when named."""
    from generator.jobs.build import with_set_files

    contents = parse_box_contents(sets_text) if was_given("sets_text") else options.sets
    options = with_set_files(replace(options, sets=tuple(name for name in contents if name != TRAIN)))
    return options, tuple(dict.fromkeys((*contents, *options.sets)))      # a --set-file's set gets a box too


_NUMBERS = box_numbers()


@cli.command("box", short_help=_("A box for each set: card, shop, laser or 3D."), help=_("A box for each set: a tray and a lid to fold from card, PDF/X-1a files for a print "
                           "shop, a finger-jointed box to cut by laser, or a box to 3D-print (see "
                           "docs/how-to/box.md)."))
@click.option("--sets", "sets_text", default="A,B,C", show_default=True, metavar=_("SETS"), shell_complete=completion.box_contents,
              help=_("What to box, comma-separated: any sets (A, double-12, triominoes …) and mexican-train "
                     "(the hub and markers)."))
@click.option("--together/--apart", default=False, show_default=True,
              help=_("One box with a compartment per set, or a box each."))
@click.option("--tile-thickness", "thickness_text", default=None, metavar=_("MM"),
              help=_("One finished tile's thickness.  [default: {mm:g}, two layers of 300 g/m² card with "
                     "prints; the --material with --machine laser; the 3D tile's with --format]").format(
                  mm=_NUMBERS.contents.tile_thickness))
@click.option("--box-clearance", "box_clearance_text", default=None, metavar=_("MM"),
              help=_("How much larger than its contents the inside is, in width, length and height.  "
                     "[default: {mm:g}]").format(mm=_NUMBERS.fit.clearance))
@click.option("--stacks", "stacks_text", default=None, metavar="N",
              help=_("Stacks the tiles lie in, side by side.  [default: the fewest in which no stack is taller "
                     "than a tile is wide, or {widths:g} widths for 3D-printed tiles]").format(
                  widths=_NUMBERS.printed.stack_height_per_width))
@click.option("--machine", "machine_text", default=None, metavar=_("NAME"), shell_complete=completion.machines,
              help=_("laser: a finger-jointed box with a cap lid, its panels to cut from sheet material (SVG and "
                     "DXF, as `opendomino cut --machine laser`)."))
@click.option("--material", "material_text", default=None, metavar=_("MM"),
              help=_("Laser: the material's thickness; the tiles are taken to be cut from it too, unless "
                     "--tile-thickness says otherwise.  [default: {mm:g}]").format(mm=_NUMBERS.laser.material))
@click.option("--kerf", "kerf_text", default=None, metavar=_("MM"),
              help=_("Laser: the beam's width; every cut edge moves out by half of it.  [default: 0]"))
@click.option("--sheet", "sheet_text", default=None, metavar=_("WxH"),
              help=_("Laser: the material's size in mm; the panels take as many sheets as they need.  "
                     "[default: 300x200]"))
@click.option("--format", "format_text", default=None, metavar=_("FORMATS"),
              shell_complete=completion.comma_list(lambda ctx: SOLID_FORMATS),
              help=_("3mf, stl or all: a tray and a lid to 3D-print for the 3D-printed tiles (their thickness is "
                     "the 3D tile size's), with opendomino[3d]."))
@click.option("--plate", "plate_text", default=None, metavar=_("WxH"),
              help=_("3D: the printer's build plate in mm.  [default: 220x220]"))
@click.option("--relief", type=click.Choice(["recessed", "raised"]), default=None,
              help=_("3D: the tiles' features as `export --relief` made them; raised ones make each tile "
                     "--relief-depth thicker.  [default: recessed]"))
@click.option("--relief-depth", "depth_text", default=None, metavar=_("MM"),
              help=_("3D: as `export --relief-depth`.  [default: 1]"))
@kit_options(without=("across_notation",))
@print_options(without=("layout", "back_offset_text", "shop_layout"))
def box_command(options: BuildOptions, sets_text, together, thickness_text, box_clearance_text, stacks_text,
                machine_text, material_text, kerf_text, sheet_text, format_text, plate_text, relief, depth_text):
    from generator.jobs.box import box_folders, box_jobs, run_box, summary_lines

    started = time.monotonic()
    options, contents = _contents(options, sets_text)
    settings = BoxOptions(
        contents=contents, together=together,
        tile_thickness=None if thickness_text is None else parse_tile_thickness(thickness_text),
        clearance=None if box_clearance_text is None else parse_box_clearance(box_clearance_text),
        stacks=None if stacks_text is None else parse_stacks(stacks_text))
    settings = _route(options, settings, machine_text, material_text, kerf_text, sheet_text, format_text,
                      (plate_text, relief, depth_text))
    jobs, plans = box_jobs(options, settings)
    previous = start_writing(options.out)
    with progress(len(jobs), _("boxes")) as bar:
        report = run_box(options, jobs, bar.update, box_folders(options, settings))
    if options.target == "shop":
        from generator.jobs.shop_order import write_shop_order

        write_shop_order(options.out, report, previous, options.lang)
    report_written(report, options.out, started, previous)
    for line in summary_lines(plans):
        say(line)
    if settings.machine:
        from generator.jobs.laser_box import laser_instructions

        say(laser_instructions(settings))
    for line in report.instructions:
        say(f"  {line}")


def _route(options: BuildOptions, settings: BoxOptions, machine_text, material_text, kerf_text, sheet_text,
           format_text, printed_texts) -> BoxOptions:
    """The laser's or the 3D printer's options (printed_texts: --plate, --relief, --relief-depth),
    each refused where its route is not taken."""
    from generator.commands.cut import parse_kerf, parse_machine, parse_sheet
    from generator.commands.export import parse_plate, parse_relief_depth

    plate_text, relief, depth_text = printed_texts

    if machine_text is not None and format_text is not None:
        raise UserError(_("--machine and --format: a box is cut by laser or 3D-printed; give one of them"))
    if options.target == "shop" and (machine_text is not None or format_text is not None):
        raise UserError(_("--target shop: a print shop prints the folding box; leave out --machine and --format"))
    laser_only = [name for name, text in (("--material", material_text), ("--kerf", kerf_text), ("--sheet", sheet_text))
                  if text is not None]
    if laser_only and machine_text is None:
        raise UserError(_("{option}: only for a laser-cut box; add --machine laser").format(option=laser_only[0]))
    printed_only = [name for name, text in (("--plate", plate_text), ("--relief", relief),
                                            ("--relief-depth", depth_text)) if text is not None]
    if printed_only and format_text is None:
        raise UserError(_("{option}: only for a 3D-printed box; add --format 3mf,stl").format(option=printed_only[0]))
    if machine_text is not None:
        try:
            machine = parse_machine(machine_text)
        except UserError:                   # its list names the tile cutters, which cut no box
            raise UserError(_("--machine: unknown machine {name!r}; a box is cut by laser only: "
                              "use --machine laser").format(name=machine_text)) from None
        if machine != "laser":
            raise UserError(_("--machine: a box is cut by laser only (--machine laser); for {machine}, make the "
                              "home box without --machine and cut it by hand").format(machine=machine))
        return replace(settings, machine=machine,
                       material=None if material_text is None else parse_number(
                           material_text, "--material", 1, 12, _("mm"), "3", _("plywood, MDF and acrylic sheets for "
                                                                                "lasers are 1.5-6 mm thick")),
                       kerf=0.0 if kerf_text is None else parse_kerf(kerf_text),
                       sheet=settings.sheet if sheet_text is None else parse_sheet(sheet_text))
    if format_text is not None:
        from generator.solids.library import manifold3d

        formats = parse_formats(format_text, SOLID_FORMATS)
        manifold3d()                # missing: the one line that says how to install it
        plate = settings.plate if plate_text is None else parse_plate(plate_text)
        return replace(settings, formats=formats, plate=plate, relief=relief or settings.relief,
                       relief_depth=settings.relief_depth if depth_text is None else parse_relief_depth(depth_text))
    return settings
