"""The command's entry point: small and quick to import, so that Ctrl-C at any moment gives one line.

The console script and `python -m generator` start here. Everything heavy (click, reportlab,
the whole kit) is imported inside main, after its handler is in place. What Ctrl-C does:

- while the package loads (generator/__init__.py installs the early handler as its first step)
  and once main has finished: one line and exit status 130 at once; nothing is being written;
- while main runs: Interrupted is raised, so that every `finally` runs (temporary files go,
  workers are stopped), then one line and 130; a second Ctrl-C during that clean-up ends the
  process at once;
- an Interrupted raised where Python only reports it (a __del__, an atexit function) or that
  escapes main ends the process the same way, through sys.unraisablehook or sys.excepthook.

Before generator/__init__.py runs, no code of ours can: docs/explanation/files-you-can-trust.md says what
happens then.
"""

import _signal  # the interpreter's own module: `signal` would first load enum, which takes milliseconds
import os
import sys

from generator.errors import Interrupted

INTERRUPTED = "interrupted; files already written are complete, the one being written was not kept"
INTERRUPTED_STATUS = 130        # 128 + SIGINT: what a shell reports for a command that Ctrl-C ended


_said = False       # the line is said once, whichever way the process ends


def _say_interrupted() -> None:
    global _said
    if not _said:
        _said = True
        try:
            os.write(2, f"opendomino: error: {INTERRUPTED}\n".encode())    # no buffer that a signal could find busy
        except OSError:
            pass


def _exit_now(signum=None, frame=None) -> None:
    """Say the line and end the process at once, without unwinding (a temporary file that a
    second Ctrl-C leaves behind is removed by the next run)."""
    _say_interrupted()
    os._exit(INTERRUPTED_STATUS)


def _raise_interrupted(signum, frame) -> None:
    _signal.signal(_signal.SIGINT, _exit_now)       # a second Ctrl-C during the clean-up ends it at once
    raise Interrupted()


def _excepthook(kind, value, traceback) -> None:
    if issubclass(kind, (Interrupted, KeyboardInterrupt)):
        _exit_now()
    sys.__excepthook__(kind, value, traceback)


def _unraisablehook(unraisable) -> None:
    if isinstance(unraisable.exc_value, (Interrupted, KeyboardInterrupt)):
        _exit_now()
    sys.__unraisablehook__(unraisable)


def install_early_interrupt_handler() -> None:
    """Before main runs (while the package loads) and after: Ctrl-C says its one line and exits.
    A Ctrl-C that generator/__init__.py held back until now arrives here."""
    _signal.signal(_signal.SIGINT, _exit_now)
    sys.excepthook = _excepthook
    sys.unraisablehook = _unraisablehook
    if hasattr(_signal, "pthread_sigmask"):
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, {_signal.SIGINT})


def main(argv=None) -> None:
    """Run the command and end the process with its exit status."""
    install_early_interrupt_handler()       # again, for a caller that did not start with the package
    try:
        _signal.signal(_signal.SIGINT, _raise_interrupted)
        from generator.commands.main import main as run
        run(argv)
        status = 0
    except SystemExit as done:
        status = 0 if done.code is None else done.code if isinstance(done.code, int) else 1
    except (Interrupted, KeyboardInterrupt):
        _say_interrupted()
        status = INTERRUPTED_STATUS
    finally:
        _signal.signal(_signal.SIGINT, _exit_now)
    _end(status)


def _end(status: int) -> None:
    """Leave without Python's finalization, which first puts SIGINT back to the default action:
    a Ctrl-C in its last milliseconds would end the process without a word. Every file is closed
    by now and no worker runs; only what stdout and stderr hold is left to write."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):       # a closed pipe: nobody is reading any more
            pass
    os._exit(status)
