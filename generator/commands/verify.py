"""verify: does a folder still hold what its manifest lists?"""

import sys

import click

from generator.commands import completion
from generator.commands.group import cli, echo, say
from generator.files.manifest import verify_folder
from generator.settings.config import DEFAULTS
from generator.settings.options import parse_out


@cli.command("verify")
@click.option("--out", default=str(DEFAULTS.out), show_default=True, shell_complete=completion.folders,
              help="The folder to verify.")
def verify_command(out):
    """Say whether a folder holds, byte for byte, what its manifest.json lists; exit 1 if not."""
    folder = parse_out(out)
    result = verify_folder(folder)
    for name in result.missing:
        echo(f"missing  {name}")
    for name in result.changed:
        echo(f"changed  {name}")
    for name in result.foreign:
        say(f"foreign  {name} (not in the manifest)", level=1)
    if not result.matches:
        echo(f"{folder} does not match its manifest: {len(result.missing)} missing, "
             f"{len(result.changed)} changed of {result.checked}; run the command that made it again")
        sys.exit(1)
    foreign = f"; {len(result.foreign)} other file(s) not in it" if result.foreign else ""
    say(f"{folder} matches its manifest: {result.checked} file(s){foreign}")
