"""init: a commented starter opendomino.toml."""

import click

from generator.commands import completion
from generator.commands.group import cli, echo
from generator.errors import UserError
from generator.files.atomic import write_bytes
from generator.files.paths import TEMPORARY_ROOM
from generator.settings.config import CONFIG_NAME, starter_config
from generator.settings.options import parse_path


@cli.command("init")
@click.argument("path_text", metavar="[FILE]", required=False, default=CONFIG_NAME, shell_complete=completion.toml_files)
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
def init_command(path_text, force):
    """Write a commented opendomino.toml with every option at its default."""
    path = parse_path(path_text, "init", CONFIG_NAME, file_room=TEMPORARY_ROOM)
    if path.is_dir():
        raise UserError(f"{path} is a folder; give a file name, e.g. {path / CONFIG_NAME}")
    if path.exists() and not force:
        raise UserError(f"{path} already exists; edit it, or pass --force to replace it")
    write_bytes(path, starter_config().encode("utf-8"), hint="give another file name")
    echo(f"wrote {path}")
