"""layouts: check a set's magic layout, list the catalogue's layouts, count them, draw one's setup card."""

import functools
import json
from pathlib import Path
import sys
import time

import click

from generator.commands import completion
from generator.commands.common import kit_options, report_written, start_writing
from generator.commands.group import cli, echo, progress, say
from generator.errors import UserError
from generator.model.texts import sheet_text
from generator.settings.build_options import BuildOptions, BuildReport
from generator.words import _, grouped, ngettext


@cli.group("layouts", short_help=_("Magic starting layouts: check, find, count, card."), cls=type(cli),        # its commands take -v and -q too
           help=_("The magic starting layouts: check one, list the numbered catalogue, count it, draw a setup card."))
def layouts_group():
    pass


def _one_set(command=None, *, with_path: bool = False):
    """--set NAME or --set-file FILE, read into (tile set, whether its file gives a layout); with
    `with_path`, the command also gets the set file's path (set_path, None for --set)."""
    if command is None:
        return functools.partial(_one_set, with_path=with_path)

    @click.option("--set", "set_name", default=None, metavar="A|B|C", shell_complete=completion.sets,
                  help=_("An Open Domino set: A, B or C."))
    @click.option("--set-file", "set_path", default=None, metavar=_("FILE.toml"), shell_complete=completion.toml_files,
                  type=click.Path(dir_okay=False, path_type=Path),
                  help=_("A set of your own in Open Domino's format ([composition], [magic], and [layout] or [groups])."))
    @functools.wraps(command)
    def wrapper(*args, set_name, set_path, **values):
        from generator.jobs.layouts import NoLayout, chosen_set

        tile_set, has_layout = chosen_set(set_name, set_path)
        if with_path:
            values["set_path"] = set_path
        try:
            return command(*args, tile_set=tile_set, has_layout=has_layout, **values)
        except NoLayout as none:            # a proven absence, not bad input: status 1
            echo(f"opendomino: {none}", err=True)
            sys.exit(1)
    return wrapper


@layouts_group.command("check", short_help=_("Say whether the set's layout is magic."), help=_("Is the set's layout magic? Names every property that fails and where; "
                                        "exit 1 if one does."))
@_one_set
def check_command(tile_set, has_layout):
    from generator.jobs.layouts import failures_of

    if not has_layout:
        raise UserError(_("set {name}: its file lists [groups], not a [layout], so there is no layout to check; "
                          "`opendomino layouts find` lists its magic layouts").format(name=tile_set.name))
    failures = failures_of(tile_set)
    properties = ", ".join(_property_text(key, value) for key, value in tile_set.magic.items())
    if not failures:
        echo(_("set {name}: the layout is magic ({properties})").format(name=tile_set.name,
                                                                                properties=properties))
        return
    echo(ngettext("set {name}: the layout is not magic; {n} place breaks its [magic] table ({properties}):",
                        "set {name}: the layout is not magic; {n} places break its [magic] table ({properties}):",
                        len(failures)).format(name=tile_set.name, n=len(failures), properties=properties))
    for failure in failures:
        echo(f"  {failure.property}: {failure.place}: {failure.problem}")
    sys.exit(1)


def _property_text(key, value) -> str:
    return key if value is True else f"{key} = {value}"


@layouts_group.command("find", short_help=_("List layouts of the numbered catalogue."), help=_("List magic layouts in the catalogue's fixed order, each once up to the "
                                       "order of its columns."))
@_one_set
@click.option("--count", "count_text", metavar="N", default="10", show_default=True,
              help=_("How many layouts to list, 1-10000."))
@click.option("--start", "start_text", metavar="K", default="1", show_default=True,
              help=_("The catalogue number of the first layout to list."))
@click.option("--json", "as_json", is_flag=True,
              help=_('Print a JSON list of {"number": K, "rows": {"8": ["3/1", …], "7": …, "2": …, "1": …}}.'))
def find_command(tile_set, has_layout, count_text, start_text, as_json):
    from generator.jobs.layouts import found_layouts, layout_rows, reordering_rule
    from generator.settings.options import parse_layout_number, parse_whole_number

    start = parse_layout_number(start_text, "--start")
    how_many = parse_whole_number(count_text, "--count", 1, 10_000, "10", _("list 1 to 10000 layouts at a time, the next ones with --start"))

    layouts = found_layouts(tile_set, start, how_many)
    if as_json:
        objects = [json.dumps({"number": number, "rows": layout_rows(layout)}, ensure_ascii=False)
                   for number, layout in layouts]
        echo("[\n " + ",\n ".join(objects) + "\n]")      # one layout a line
        return
    echo(reordering_rule(tile_set))
    for number, layout in layouts:
        echo("")
        echo(_("set {name}, layout {number} (top/bottom as seen from South):").format(
            name=tile_set.name, number=grouped(number)))
        for row, tiles in layout_rows(layout).items():
            echo(f"  {row}  " + "  ".join(tiles))


@layouts_group.command("count", short_help=_("Count the set's magic layouts exactly."), help=_("Count the set's magic layouts exactly: up to the order of columns, and in all."))
@_one_set
def count_command(tile_set, has_layout):
    from generator.jobs.layouts import NoLayout, counted

    with progress(100, _("counting")) as bar:
        shown = [0]

        def advance(fraction: float) -> None:
            step = int(100 * fraction) - shown[0]
            if step > 0:
                bar.update(step)
                shown[0] += step

        count = counted(tile_set, advance)
    echo(ngettext("set {name}: {n} magic layout up to the order of columns",
                  "set {name}: {n} magic layouts up to the order of columns",
                  count.up_to_columns).format(name=tile_set.name, n=grouped(count.up_to_columns)))
    echo(ngettext("{n} in all, with the columns in each order that keeps a layout magic ({orders} orders "
                  "for a layout whose columns all differ)",
                  "{n} in all, with the columns in each order that keeps a layout magic ({orders} orders "
                  "for a layout whose columns all differ)",
                  count.in_all).format(n=grouped(count.in_all), orders=grouped(count.column_orders)))
    echo(_("exact: the search went through every way to pair and stand the set's tiles (no estimate, no bound)"))
    if count.up_to_columns == 0:
        raise NoLayout(_("set {name} has no magic layout").format(name=tile_set.name))


@layouts_group.command("card", short_help=_("Write one catalogue layout's setup card."), help=_("Write the setup card of one catalogue layout: setup-card-SET-NUMBER.pdf, "
                                       "with its sums."))
@kit_options(without=("set_file_texts",))
@_one_set(with_path=True)
@click.option("--number", "number_text", metavar="K", default=None,
              help=_("The layout's number in the catalogue, as printed (1,000 or 1000)."))
@click.option("--random", "draw", is_flag=True, help=_("Draw a layout at random; its number is printed, to share."))
def card_command(options: BuildOptions, tile_set, has_layout, set_path, number_text, draw):
    from generator.colour.effective_theme import theme_for
    from generator.imposition.paper import paper_named
    from generator.imposition.setup_cards import setup_card
    from generator.jobs.layouts import counted, layout_number, random_number
    from generator.model.set_loader import known_set_names, register_set_file
    from generator.settings.options import parse_layout_number
    from generator.writers.pdf import PdfOptions, write_pdf

    if (number_text is None) == (not draw):
        raise UserError(_("give --number K or --random (one of them)"))
    number = None if draw else parse_layout_number(number_text, "--number")
    started = time.monotonic()
    if draw:
        total = counted(tile_set).up_to_columns
        if total == 0:
            from generator.jobs.layouts import NoLayout
            raise NoLayout(_("set {name} has no magic layout").format(name=tile_set.name))
        number = random_number(total)
        echo(_("drew layout {number} of {total} of set {name}").format(number=grouped(number), total=grouped(total),
                                                                                name=tile_set.name))
    layout = layout_number(tile_set, number)
    if set_path is not None and tile_set.name not in known_set_names():
        register_set_file(set_path, layout)     # the card's drawing finds the tiles by their set's name
    page = setup_card(layout, theme_for(options), paper_named(options.paper), options.lang, number=number)
    previous = start_writing(options.out)
    report = BuildReport()
    target = options.out / f"setup-card-{tile_set.name}-{number}.pdf"
    report.add(target, write_pdf([page], target, PdfOptions(
        title=sheet_text(options.lang, "doc_layout", set_name=tile_set.name, number=number), lang=options.lang)))
    say(_("layout {number} of set {name}").format(number=grouped(number), name=tile_set.name), level=1)
    report_written(report, options.out, started, previous)
