"""The `opendomino` command group, and how every command speaks: -v and -q before or after the
command name, one place that decides what is said, a progress bar only on a terminal, and for a
program that runs a command (the studio) each finished step as a line on stdout."""

from contextlib import contextmanager
import os
import re
import sys

import click

from generator.commands.click_words import speak_through_words
from generator.errors import readable
from generator.words import _

# Before the first decorator: click's own help texts (--version's, --help's) are made as commands are declared.
speak_through_words()

# Set to "lines" by a program that runs a command and shows its progress: each finished step is
# then a line "progress DONE/TOTAL" on stdout, whatever -q or the terminal say.
PROGRESS_ENV = "OPENDOMINO_PROGRESS"
PROGRESS_LINE = re.compile(r"progress (\d+)/(\d+)")


def _set_verbosity(ctx, param, value):
    """-v and -q work before the command name and after it; the last one given wins."""
    if value:
        root = ctx.find_root()
        root.obj = root.obj or {}
        root.obj["verbosity"] = -1 if param.name == "quiet" else root.obj.get("verbosity", 0) + value
    return value


def verbosity_options(command):
    command = click.option("-q", "--quiet", is_flag=True, expose_value=False, callback=_set_verbosity,
                           help=_("Say nothing but errors."))(command)
    return click.option("-v", "--verbose", count=True, expose_value=False, callback=_set_verbosity,
                        help=_("Say more: every file written and the settings used."))(command)


_UNBROKEN_HYPHEN = "\u2011"       # wraps as a letter does; put back as "-" once the lines are made


class _HelpFormatter(click.HelpFormatter):
    """Help wrapped at spaces only: a value such as across-notation or duplex-long is never split at
    its hyphen across two lines (the standard wrapper does), so it reads and copies whole."""

    def _unbroken(self, write, *args) -> None:
        start = len(self.buffer)
        write(*args)
        self.buffer[start:] = [text.replace(_UNBROKEN_HYPHEN, "-") for text in self.buffer[start:]]

    def write_text(self, text: str) -> None:
        self._unbroken(super().write_text, text.replace("-", _UNBROKEN_HYPHEN))

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(term, definition.replace("-", _UNBROKEN_HYPHEN)) for term, definition in rows]
        self._unbroken(super().write_dl, rows, col_max, col_spacing)


class _HelpContext(click.Context):
    formatter_class = _HelpFormatter


class _Command(click.Command):
    """A command whose help is wrapped as _HelpFormatter wraps it and whose usage line is in the
    messages' language ([OPTIONS] is click's own word)."""

    context_class = _HelpContext

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("options_metavar", _("[OPTIONS]"))
        super().__init__(*args, **kwargs)


class _Commands(_Command, click.Group):
    """Every command takes -v/-q too, so `opendomino build -q` works like `opendomino -q build`."""

    command_class = _Command

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("subcommand_metavar", _("COMMAND [ARGS]..."))
        super().__init__(*args, **kwargs)

    def add_command(self, command, name=None):
        verbosity_options(command)
        super().add_command(command, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]},
             help=_("Open Domino Kit: print-and-play files for Open Domino (sets A, B and C) and classic "
                    "dominoes."))
@click.version_option(package_name="opendomino")
@verbosity_options
def cli():
    """The command group; each command module adds itself to it."""


def verbosity() -> int:
    """-1 quiet, 0 normal, 1+ verbose."""
    context = click.get_current_context(silent=True)
    return (context.find_root().obj or {}).get("verbosity", 0) if context else 0


def echo(message: str = "", err: bool = False) -> None:
    """Print text a person reads; a path in it may hold bytes that are not UTF-8 (see readable), and a
    character the terminal's encoding lacks (a domino of `sets --unicode` where PYTHONIOENCODING or
    the locale says Latin-1) is written as its escape, \U0001f063, rather than ending the command."""
    text = readable(message)
    encoding = getattr(sys.stderr if err else sys.stdout, "encoding", None)
    try:
        text.encode(encoding or "utf-8")
    except UnicodeEncodeError:
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:         # a stream that names no codec Python knows: click writes as it can
        pass
    click.echo(text, err=err)


def say(message: str, level: int = 0, err: bool = False) -> None:
    if verbosity() >= level:
        echo(message, err=err)


class _BarSayingSteps:
    """A progress bar that also says each step it counts on stdout (PROGRESS_ENV)."""

    def __init__(self, bar, length: int):
        self.bar, self.length, self.done = bar, length, 0

    def update(self, steps: int) -> None:
        self.bar.update(steps)
        self.done += steps
        # For a program, never translated; echo flushes: the reader sees it now.
        click.echo(f"progress {self.done}/{self.length}")


@contextmanager
def progress(length: int, label: str):
    """A progress bar on stderr for long steps; hidden when quiet or not on a terminal."""
    hidden = verbosity() < 0 or not sys.stderr.isatty()
    with click.progressbar(length=length, label=label, file=sys.stderr, hidden=hidden) as bar:
        yield _BarSayingSteps(bar, length) if os.environ.get(PROGRESS_ENV) == "lines" else bar


def progress_of(line: str) -> float | None:
    """The share of the steps done that a PROGRESS_ENV line says, or None for any other line."""
    match = PROGRESS_LINE.fullmatch(line.strip())
    if not match or not int(match[2]):
        return None
    return min(1.0, int(match[1]) / int(match[2]))
