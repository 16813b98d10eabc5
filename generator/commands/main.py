"""main(): the command line run as a whole. Every command module registers itself on the group when
imported here; every user error becomes one line on stderr and a status (2, or 1 for a lost worker)."""

import sys

import click

from generator.commands import (  # noqa: F401
    booklet,
    box,
    build,
    check,
    config,
    cut,
    export,
    init,
    products,
    sets,
    studio,
    themes,
    verify,
)
from generator.commands.group import cli
from generator.errors import Interrupted, UserError, WorkerLost
from generator.files.atomic import os_problem
from generator.settings.environment import check_environment


def main(argv=None) -> None:
    """Run the CLI; every user error becomes one line on stderr and exit status 2."""
    try:
        check_environment()
        cli.main(args=argv, prog_name="opendomino", standalone_mode=False)
    except click.ClickException as error:
        if type(error).__name__ == "NoArgsIsHelpError":     # bare `opendomino`: show the help
            click.echo(error.format_message())
            sys.exit(0)
        _fail(error.format_message())
    except (click.exceptions.Abort, KeyboardInterrupt):
        raise Interrupted() from None       # generator.entry says the one line and exits with 130
    except UserError as error:
        _fail(str(error))
    except WorkerLost as error:         # not the user's input: status 1, as for a run cut short
        _fail(str(error), status=1)
    except OSError as error:          # the environment's, not the user's input: still one line
        _fail(str(os_problem(error, error.filename or "a file")))
    except RecursionError:
        _fail("an input nests too deeply to read; flatten the file you gave")
    sys.exit(0)


def _fail(message: str, status: int = 2) -> None:
    one_line = " ".join(message.split())
    click.echo(f"opendomino: error: {one_line}", err=True)
    sys.exit(status)
