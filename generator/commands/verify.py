"""verify: does a folder still hold what its manifest lists?"""

import sys

import click

from generator.commands import completion
from generator.commands.group import cli, echo, say
from generator.files.manifest import verify_folder
from generator.settings.config import DEFAULTS
from generator.settings.options import parse_out
from generator.words import _, ngettext


@cli.command("verify", short_help=_("Check a folder against its manifest.json."),
             help=_("Say whether a folder holds, byte for byte, what its manifest.json lists; exit 1 if not."))
@click.option("--out", default=str(DEFAULTS.out), show_default=True, metavar=_("FOLDER"), shell_complete=completion.folders,
              help=_("The folder to verify."))
def verify_command(out):
    folder = parse_out(out)
    result = verify_folder(folder)
    for name in result.missing:
        echo(_("missing  {name}").format(name=name))
    for name in result.changed:
        echo(_("changed  {name}").format(name=name))
    for name in result.foreign:
        say(_("foreign  {name} (not in the manifest)").format(name=name), level=1)
    if not result.matches:
        echo(_("{folder} does not match its manifest: {missing} missing, "
               "{changed} changed of {checked}; run the command that made it again").format(
            folder=folder, missing=len(result.missing), changed=len(result.changed), checked=result.checked))
        sys.exit(1)
    # English keeps "file(s)" for every count; a language with plural forms says each as it should.
    foreign = ngettext("; {count} other file(s) not in it", "; {count} other file(s) not in it",
                       len(result.foreign)).format(count=len(result.foreign)) if result.foreign else ""
    say(ngettext("{folder} matches its manifest: {checked} file(s){foreign}",
                 "{folder} matches its manifest: {checked} file(s){foreign}", result.checked).format(
        folder=folder, checked=result.checked, foreign=foreign))
