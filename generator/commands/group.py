"""The `opendomino` command group, and how every command speaks: -v and -q before or after the
command name, one place that decides what is said, a progress bar only on a terminal."""

from contextlib import contextmanager
import sys

import click

from generator.errors import readable


def _set_verbosity(ctx, param, value):
    """-v and -q work before the command name and after it; the last one given wins."""
    if value:
        root = ctx.find_root()
        root.obj = root.obj or {}
        root.obj["verbosity"] = -1 if param.name == "quiet" else root.obj.get("verbosity", 0) + value
    return value


def verbosity_options(command):
    command = click.option("-q", "--quiet", is_flag=True, expose_value=False, callback=_set_verbosity,
                           help="Say nothing but errors.")(command)
    return click.option("-v", "--verbose", count=True, expose_value=False, callback=_set_verbosity,
                        help="Say more: every file written and the settings used.")(command)


class _Commands(click.Group):
    """Every command takes -v/-q too, so `opendomino build -q` works like `opendomino -q build`."""

    def add_command(self, command, name=None):
        verbosity_options(command)
        super().add_command(command, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="opendomino")
@verbosity_options
def cli():
    """Open Domino Kit: print-and-play files for Open Domino (sets A, B and C) and classic dominoes."""


def verbosity() -> int:
    """-1 quiet, 0 normal, 1+ verbose."""
    context = click.get_current_context(silent=True)
    return (context.find_root().obj or {}).get("verbosity", 0) if context else 0


def echo(message: str = "", err: bool = False) -> None:
    """Print text a person reads; a path in it may hold bytes that are not UTF-8 (see readable)."""
    click.echo(readable(message), err=err)


def say(message: str, level: int = 0, err: bool = False) -> None:
    if verbosity() >= level:
        echo(message, err=err)


@contextmanager
def progress(length: int, label: str):
    """A progress bar on stderr for long steps; hidden when quiet or not on a terminal."""
    hidden = verbosity() < 0 or not sys.stderr.isatty()
    with click.progressbar(length=length, label=label, file=sys.stderr, hidden=hidden) as bar:
        yield bar
