"""sets: a set's layout and sums, its suits, or every tile as JSON."""

import json

import click

from generator.commands import completion
from generator.commands.common import parse_set_file
from generator.commands.group import cli, echo
from generator.model.set_loader import OPEN_SET_NAMES, known_set_names, load_all_sets
from generator.settings.options import parse_set_names
from generator.words import _


@cli.command("sets", short_help=_("Show a set, its layout and sums, or its tiles."),
             help=_("Show a set: a magic layout with its sums, a classic set by suit; or every tile as JSON."))
@click.argument("name", required=False, metavar=_("[SET]"), shell_complete=completion.sets)
@click.option("--json", "as_json", is_flag=True, help=_("Print every tile as a JSON object (every set without SET)."))
@click.option("--list", "as_list", is_flag=True, help=_("One line per set: its name, tile count and digit style."))
@click.option("--unicode", "as_unicode", is_flag=True,
              help=_("Draw the set with Unicode's domino tiles (sets whose numbers stay within 0-6)."))
@click.option("--set-file", "set_file_texts", multiple=True, metavar=_("FILE.toml"), shell_complete=completion.toml_files,
              help=_("A set of your own to load and show (see the guide, Set files). Repeatable."))
def sets_command(name, as_json, as_list, as_unicode, set_file_texts):
    from generator.jobs.set_report import classic_table, set_summary, set_table, unicode_layout

    for text in set_file_texts:
        parse_set_file(text)
    if name is not None:
        names = parse_set_names(name, "sets")
    else:
        names = known_set_names() if (as_json or as_list) else OPEN_SET_NAMES
    tile_sets = load_all_sets(names)
    if as_list:
        echo("\n".join(set_summary(tile_set) for tile_set in tile_sets.values()))
    elif as_json:
        echo(json.dumps([tile_json(t) for tile_set in tile_sets.values() for t in tile_set.tiles], indent=1))
    elif as_unicode:
        echo("\n\n".join(unicode_layout(tile_set) for tile_set in tile_sets.values()))
    else:
        echo("\n\n".join(set_table(s) if s.has_layout else classic_table(s) for s in tile_sets.values()))


def tile_json(tile) -> dict:
    """A tile for `sets --json`: row and column only where the set has a starting layout."""
    if tile.corners:        # a triangle: its three numbers clockwise from the apex
        return {"set": tile.set_name, "group": tile.group, "corners": list(tile.corners), "id": tile.id}
    data = {"set": tile.set_name, "group": tile.group, "head": tile.head, "tail": tile.tail}
    if tile.row is not None:
        data.update(row=tile.row, column=tile.column)
    data["id"] = tile.id
    return data
