"""The opendomino command. Thin: it parses options and calls the library."""

from dataclasses import replace
import functools
import json
from pathlib import Path
import sys

import click

from generator.build import BuildOptions, BuildReport, build, build_board, build_booklet, run_jobs
from generator.errors import UserError
from generator.model.set_loader import SET_NAMES, load_all_sets
from generator.options import parse_clearance, parse_set_names, parse_tile_size
from generator.set_report import set_table


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="opendomino")
def cli():
    """Open Domino Kit: print-and-play files for Open Domino (sets A, B and C)."""


def kit_options(command):
    """Options shared by every command that draws tiles or the board."""
    @click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
                  show_default=True, help="Folder to write into.")
    @click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
                  show_default=True, help="Paper for home printing.")
    @click.option("--tile-size", "tile_size_text", default="22x44", show_default=True,
                  help="Tile size WIDTHxHEIGHT in mm (portrait).")
    @click.option("--clearance", "clearance_text", default="2", show_default=True,
                  help="Board cells are this many mm larger than a tile.")
    @click.option("--across-notation/--no-across-notation", default=True, show_default=True,
                  help="Print the small 1-16 / 1-4 notation for play across the board.")
    @click.option("--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
                  help="Language of the texts printed on sheets.")
    @functools.wraps(command)
    def wrapper(out, paper, tile_size_text, clearance_text, across_notation, lang, **rest):
        options = BuildOptions(out=out, paper=paper.lower(), tile_size=parse_tile_size(tile_size_text),
                               clearance=parse_clearance(clearance_text), across_notation=across_notation,
                               lang=lang)
        return command(options, **rest)
    return wrapper


def _report(report: BuildReport) -> None:
    for path in report.written:
        click.echo(f"wrote {path}")
    for note in report.notes:
        click.echo(f"note: {note}", err=True)


@cli.command("build")
@click.option("--sets", "sets_text", default=",".join(SET_NAMES), show_default=True,
              help="Sets to make, comma-separated.")
@kit_options
def build_command(options: BuildOptions, sets_text):
    """Write the whole kit: tile sheets, board, setup cards."""
    _report(build(replace(options, sets=parse_set_names(sets_text))))


@cli.command("board")
@kit_options
def board_command(options: BuildOptions):
    """Write the board: full size, on one A3 sheet, and tiled over home sheets."""
    report = BuildReport()
    build_board(options, report)
    _report(report)


@cli.command("booklet")
@click.option("--lang", "booklet_lang", type=click.Choice(["ru", "en", "all"]), default="all", show_default=True,
              help="Which rule booklet to write.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write into.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="A5 pages imposed on A4, or half-Letter pages on Letter.")
def booklet_command(booklet_lang, out, paper):
    """Write the rule booklets: reading order and saddle-stitch imposed."""
    langs = ("en", "ru") if booklet_lang == "all" else (booklet_lang,)
    options = BuildOptions(out=out, paper=paper.lower(), booklet_langs=langs)
    reports = run_jobs([(build_booklet, options, (lang,)) for lang in langs])
    for report in reports:
        _report(report)


@cli.command("sets")
@click.argument("name", required=False, type=click.Choice(SET_NAMES, case_sensitive=False))
@click.option("--json", "as_json", is_flag=True, help="Print every tile as a JSON object.")
def sets_command(name, as_json):
    """Show a set's magic layout with its sums, or every tile as JSON."""
    names = (name.upper(),) if name else SET_NAMES
    tile_sets = load_all_sets(names)
    if as_json:
        tiles = [{"set": t.set_name, "group": t.group, "head": t.head, "tail": t.tail,
                  "row": t.row, "column": t.column, "id": t.id}
                 for tile_set in tile_sets.values() for t in tile_set.tiles]
        click.echo(json.dumps(tiles, indent=1))
        return
    click.echo("\n\n".join(set_table(tile_set) for tile_set in tile_sets.values()))


def main(argv=None) -> None:
    """Run the CLI; every user error becomes one line on stderr and exit status 2."""
    try:
        cli.main(args=argv, prog_name="opendomino", standalone_mode=False)
    except click.ClickException as error:
        if type(error).__name__ == "NoArgsIsHelpError":     # bare `opendomino`: show the help
            click.echo(error.format_message())
            sys.exit(0)
        _fail(error.format_message())
    except click.exceptions.Abort:
        _fail("interrupted")
    except UserError as error:
        _fail(str(error))
    sys.exit(0)


def _fail(message: str) -> None:
    one_line = " ".join(message.split())
    click.echo(f"opendomino: error: {one_line}", err=True)
    sys.exit(2)
