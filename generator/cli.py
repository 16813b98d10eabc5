"""The opendomino command. Thin: it parses options and calls the library."""

import json
from pathlib import Path
import sys

import click

from generator.build import BuildOptions, build
from generator.errors import UserError
from generator.model.set_loader import SET_NAMES, load_all_sets, load_set
from generator.options import parse_set_names, parse_tile_size
from generator.set_report import set_table


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="opendomino")
def cli():
    """Open Domino Kit: print-and-play files for Open Domino (sets A, B and C)."""


@cli.command("build")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write into.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper for the tile sheets.")
@click.option("--sets", "sets_text", default=",".join(SET_NAMES), show_default=True,
              help="Sets to make, comma-separated.")
@click.option("--tile-size", "tile_size_text", default="22x44", show_default=True,
              help="Tile size WIDTHxHEIGHT in mm (portrait).")
def build_command(out, paper, sets_text, tile_size_text):
    """Write the kit: duplex tile sheets for each set."""
    options = BuildOptions(out=out, paper=paper.lower(), sets=parse_set_names(sets_text),
                           tile_size=parse_tile_size(tile_size_text))
    for path in build(options):
        click.echo(f"wrote {path}")


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
