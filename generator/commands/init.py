"""init: a commented starter opendomino.toml."""

import click

from generator.commands import completion
from generator.commands.group import cli, echo
from generator.errors import UserError
from generator.files.atomic import write_bytes
from generator.files.paths import TEMPORARY_ROOM
from generator.settings.config import CONFIG_NAME, starter_config
from generator.settings.options import parse_path
from generator.words import _


@cli.command("init", short_help=_("Write a commented opendomino.toml."),
             help=_("Write a commented opendomino.toml with every option at its default."))
@click.argument("path_text", metavar=_("[FILE]"), required=False, default=CONFIG_NAME, shell_complete=completion.toml_files)
@click.option("--force", is_flag=True, help=_("Replace the file if it exists."))
def init_command(path_text, force):
    path = parse_path(path_text, "init", CONFIG_NAME, file_room=TEMPORARY_ROOM)
    if path.is_dir():
        raise UserError(_("{path} is a folder; give a file name, e.g. {example}").format(
            path=path, example=path / CONFIG_NAME))
    if path.exists() and not force:
        raise UserError(_("{path} already exists; edit it, or pass --force to replace it").format(path=path))
    write_bytes(path, starter_config().encode("utf-8"), hint=_("give another file name"))
    echo(_("wrote {path}").format(path=path))
