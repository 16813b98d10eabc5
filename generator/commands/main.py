"""main(): the command line run as a whole. Every command module registers itself on the group when
imported here; every user error becomes one line on stderr and a status (2, or 1 for a lost worker).
Asked by the shell for completions, it answers them, or nothing: never a traceback in a prompt."""

import os
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
    layouts,
    products,
    sets,
    studio,
    themes,
    verify,
)
from generator.commands.group import cli, echo
from generator.errors import Interrupted, UserError, WorkerLost, interrupt_within
from generator.files.atomic import os_problem
from generator.settings.environment import check_environment
from generator.settings.ui_language import check_ui_lang
from generator.words import _

COMPLETE_VARIABLE = "_OPENDOMINO_COMPLETE"         # click's name for it, set by the completion scripts


def main(argv=None) -> None:
    """Run the CLI; every user error becomes one line on stderr and exit status 2."""
    if os.environ.get(COMPLETE_VARIABLE):
        _complete(argv)
    try:
        try:
            check_environment()
            check_ui_lang(sys.argv[1:] if argv is None else list(argv))
            cli.main(args=argv, prog_name="opendomino", standalone_mode=False)
        except Exception as error:
            if interrupt_within(error):      # e.g. an error met while cleaning up after Ctrl-C
                raise Interrupted() from None
            raise
    except click.ClickException as error:
        if type(error).__name__ == "NoArgsIsHelpError":     # bare `opendomino`: show the help
            echo(error.format_message())
            sys.exit(0)
        _fail(error.format_message())
    except (click.exceptions.Abort, KeyboardInterrupt):
        raise Interrupted() from None       # generator.entry says the one line and exits with 130
    except UserError as error:
        _fail(str(error))
    except WorkerLost as error:         # not the user's input: status 1, as for a run cut short
        _fail(str(error), status=1)
    except OSError as error:          # the environment's, not the user's input: still one line
        _fail(str(os_problem(error, error.filename or _("a file"))))
    except RecursionError:
        _fail(_("an input nests too deeply to read; flatten the file you gave"))
    except MemoryError:
        _fail(_("not enough memory to finish; raise the limit on memory (ulimit -v), close other programs, "
                "or make less at once (for example --sets A)"))
    except RuntimeError as error:
        if not _no_thread_could_start(error):
            raise
        _fail(_("the system allowed no new thread; raise the limit on memory (ulimit -v) or on processes "
                "(ulimit -u), or close other programs"))
    sys.exit(0)


def _no_thread_could_start(error: RuntimeError) -> bool:
    """Python's words when the system refuses a thread: a limit on memory leaves no room for its
    stack, or a limit on processes counts it. The system's limit, not the user's input."""
    return str(error) == "can't start new thread"


def _complete(argv) -> None:
    """Answer the shell's request for completions (click reads what the shell typed from COMP_WORDS
    and COMP_CWORD). Whatever those hold, or whatever a completer meets, the shell gets the
    completions or nothing: a message would land in the middle of the user's command line."""
    try:
        cli.main(args=argv, prog_name="opendomino", complete_var=COMPLETE_VARIABLE, standalone_mode=False)
    except SystemExit:
        raise
    except Exception:           # noqa: BLE001 - nothing to offer, and nothing to say
        sys.exit(1)


def _fail(message: str, status: int = 2) -> None:
    one_line = " ".join(message.split())
    echo(f"opendomino: error: {one_line}", err=True)
    sys.exit(status)
