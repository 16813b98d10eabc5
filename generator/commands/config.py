"""config: every effective setting, with its value and where it came from."""

import json

import click

from generator.commands.common import kit_options, print_options, sets_option, with_sets
from generator.commands.group import cli, echo
from generator.errors import readable_data
from generator.settings.build_options import BuildOptions
from generator.words import _


@cli.command("config", short_help=_("Show each setting's value and where it comes from."),
             help=_("Show every setting's value and its origin: default, your user config, the project's "
                    "opendomino.toml, or the command line (which takes build's options for these settings)."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the settings as a JSON list of key, value, origin, "
                                                        "file."))
@sets_option
@kit_options
@print_options
def config_command(options: BuildOptions, sets_text, as_json):
    from generator.settings.effective import effective_settings, show_origin

    options = with_sets(options, sets_text)
    rows = effective_settings(options, click.get_current_context().meta.get("setting_origins", {}))
    if as_json:
        echo(json.dumps(readable_data(rows), indent=1, ensure_ascii=False))
    else:
        echo("\n".join(show_origin(row) for row in rows))
