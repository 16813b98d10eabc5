"""The command's entry point: small and quick to import, so that Ctrl-C at any moment gives one line.

The console script and `python -m generator` start here. Everything heavy (click, reportlab,
the whole kit) is imported inside the try below, so a Ctrl-C while it loads is caught like one
during the work itself.
"""

import os
import signal
import sys

INTERRUPTED = "interrupted; files already written are complete, the one being written was not kept"


class Interrupted(BaseException):
    """Ctrl-C. Not KeyboardInterrupt, which click would catch to print an empty line first."""


def _on_sigint(signum, frame):
    raise Interrupted()


def _interrupted() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # a second Ctrl-C must not cut this line short
    sys.stderr.write(f"opendomino: error: {INTERRUPTED}\n")
    sys.stderr.flush()
    sys.exit(2)


def check_environment() -> None:
    """Settings from the environment that would otherwise fail deep inside a library."""
    from generator.errors import UserError
    from generator.writers.pdf_date import epoch_problem

    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch_problem(epoch):
        shown = repr(epoch) if len(epoch) <= 24 else f"{epoch[:12]!r}… ({len(epoch)} characters)"
        raise UserError(f"SOURCE_DATE_EPOCH={shown} is not a whole number of seconds since 1970 "
                        "(before the year 10000); set it to e.g. 1700000000, or unset it")


def install_interrupt_handler() -> None:
    """Inside main: Ctrl-C raises Interrupted, so that every `finally` (temporary files) runs."""
    signal.signal(signal.SIGINT, _on_sigint)


def install_early_interrupt_handler() -> None:
    """Before main runs (while the package loads): Ctrl-C says its one line and exits at once;
    nothing has been written yet, and SystemExit leaves an import without a traceback."""
    signal.signal(signal.SIGINT, lambda signum, frame: _interrupted())


def main(argv=None) -> None:
    try:
        install_interrupt_handler()
        from generator.cli import main as run
        run(argv)
    except (Interrupted, KeyboardInterrupt):
        _interrupted()
