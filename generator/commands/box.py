"""box: a box for every set (or one with a compartment per set), to fold from card at home or to
order from a print shop."""

import time

import click
from msgspec.structs import replace

from generator.commands import completion
from generator.commands.common import kit_options, print_options, report_written, start_writing, was_given
from generator.commands.group import cli, progress, say
from generator.model.box_size import TRAIN, box_numbers
from generator.settings.build_options import BoxOptions, BuildOptions
from generator.settings.options import parse_box_clearance, parse_box_contents, parse_stacks, parse_tile_thickness
from generator.words import _


def _contents(options: BuildOptions, sets_text: str) -> tuple[BuildOptions, tuple[str, ...]]:
    """The options with the sets to load (those of --sets or the config file, and --set-file's), and
    what the boxes hold: those sets, and the Mexican Train's pieces when named."""
    from generator.jobs.build import with_set_files

    contents = parse_box_contents(sets_text) if was_given("sets_text") else options.sets
    options = with_set_files(replace(options, sets=tuple(name for name in contents if name != TRAIN)))
    return options, tuple(dict.fromkeys((*contents, *options.sets)))      # a --set-file's set gets a box too


_NUMBERS = box_numbers()


@cli.command("box", help=_("A box for each set: a tray and a lid to fold from card, or PDF/X-1a files for a print "
                           "shop (see docs/how-to/box.md)."))
@click.option("--sets", "sets_text", default="A,B,C", show_default=True, shell_complete=completion.box_contents,
              help=_("What to box, comma-separated: any sets (A, double-12, triominoes …) and mexican-train "
                     "(the hub and markers)."))
@click.option("--together/--apart", default=False, show_default=True,
              help=_("One box with a compartment per set, or a box each."))
@click.option("--tile-thickness", "thickness_text", default=None, metavar="MM",
              help=_("One finished tile's thickness.  [default: {mm:g}, two layers of 300 g/m² card with "
                     "prints]").format(mm=_NUMBERS.contents.tile_thickness))
@click.option("--box-clearance", "box_clearance_text", default=None, metavar="MM",
              help=_("How much larger than its contents the inside is, in width, length and height.  "
                     "[default: {mm:g}]").format(mm=_NUMBERS.fit.clearance))
@click.option("--stacks", "stacks_text", default=None, metavar="N",
              help=_("Stacks the tiles lie in, side by side.  [default: the fewest in which no stack is taller "
                     "than a tile is wide]"))
@kit_options(without=("across_notation",))
@print_options(without=("layout", "back_offset_text", "shop_layout"))
def box_command(options: BuildOptions, sets_text, together, thickness_text, box_clearance_text, stacks_text):
    from generator.jobs.box import box_jobs, run_box, summary_lines

    started = time.monotonic()
    options, contents = _contents(options, sets_text)
    settings = BoxOptions(
        contents=contents, together=together,
        tile_thickness=None if thickness_text is None else parse_tile_thickness(thickness_text),
        clearance=None if box_clearance_text is None else parse_box_clearance(box_clearance_text),
        stacks=None if stacks_text is None else parse_stacks(stacks_text))
    jobs, plans = box_jobs(options, settings)
    previous = start_writing(options.out)
    with progress(len(jobs), _("boxes")) as bar:
        report = run_box(options, jobs, bar.update)
    report_written(report, options.out, started, previous)
    for line in summary_lines(plans):
        say(line)
