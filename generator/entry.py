"""The command's entry point: small and quick to import, so that Ctrl-C at any moment gives one line.

The console script and `python -m generator` start here. Everything heavy (click, reportlab,
the whole kit) is imported inside main, after its handler is in place. What Ctrl-C does (and
SIGTERM, what `kill`, systemd, a CI runner and a container stop send, with its own line and 143):

- while the package loads (generator/__init__.py installs the early handler as its first step)
  and once main has finished: one line and exit status 130 at once; nothing is being written;
- while main runs: Interrupted is raised, so that every `finally` runs (temporary files go,
  workers are stopped), then one line and 130; a second signal during that clean-up ends the
  process at once;
- an Interrupted raised where Python only reports it (a __del__, a weakref callback such as
  importlib's module locks use) or swallowed by a library's bare `except:` is remembered
  (generator.errors.note_stop): the command stops at its next step, cleaning up as above, and
  never reports success (raise_if_stopped). One wrapped by Python in another exception (a
  RuntimeError from a class's __set_name__ while a module loads) is found inside it; one that
  escapes main ends the process at once, through sys.excepthook.

Before generator/__init__.py runs, no code of ours can: docs/explanation/files-you-can-trust.md says what
happens then.
"""

import _signal  # the interpreter's own module: `signal` would first load enum, which takes milliseconds
import os
import sys

from generator.errors import Interrupted, interrupt_within, note_stop, stop_noted, stop_raises


def N_(message: str) -> str:
    """Marks a message for the catalogue (generator/words.py's N_, which is not imported this early)."""
    return message


# Said in English until the language is chosen (choose_language translates them).
INTERRUPTED = N_("interrupted; files already written are complete, the one being written was not kept")
TERMINATED = N_("stopped by SIGTERM; files already written are complete, the one being written was not kept")
INTERRUPTED_STATUS = 130        # 128 + SIGINT: what a shell reports for a command that Ctrl-C ended
TERMINATED_STATUS = 143         # 128 + SIGTERM
STOPPING_SIGNALS = (_signal.SIGINT, _signal.SIGTERM)
_LINES = {_signal.SIGINT: INTERRUPTED, _signal.SIGTERM: TERMINATED}


_ended_by = None    # the first signal that came: its line and status, whatever comes after
_said = False       # the line is said once, whichever way the process ends
_saying = False     # the line is being written: a signal now must neither cut it short nor repeat it


def _ending(signum=_signal.SIGINT) -> int:
    """The signal that ends the command: the first one that came (Ctrl-C if none did: an
    interrupt that click or Python reported)."""
    global _ended_by
    if _ended_by is None:
        _ended_by = signum
    return _ended_by


def _say_stopped() -> None:
    """Write the one line, once. Marked as said only once written: a second signal that came
    between the mark and the write used to end the process without a word."""
    global _said, _saying
    if _said:
        return
    _saying = True
    try:       # no buffer that a signal could find busy
        os.write(2, f"opendomino: error: {_LINES[_ending()]}\n".encode())
    except OSError:
        pass
    finally:
        _said = True
        _saying = False


def _status() -> int:
    return INTERRUPTED_STATUS if _ending() == _signal.SIGINT else TERMINATED_STATUS


def _exit_now(signum=_signal.SIGINT, frame=None) -> None:
    """Say the line and end the process at once, without unwinding (a temporary file that a
    second signal leaves behind is removed by the next run)."""
    _ending(signum)
    if _saying:     # came while the line is written: let it finish; the process ends right after it
        return
    _say_stopped()
    os._exit(_status())


def _raise_interrupted(signum, frame) -> None:
    _ending(signum)
    note_stop()
    if stop_raises():
        for each in STOPPING_SIGNALS:   # a second signal during the clean-up ends it at once
            _signal.signal(each, _exit_now)
        raise Interrupted()
    # Else the command stops itself (the studio) and its clean-up is bounded: a second signal is
    # noted too, so that the builds it removes are removed.


def _excepthook(kind, value, traceback) -> None:
    if interrupt_within(value):
        _exit_now()
    sys.__excepthook__(kind, value, traceback)


def _unraisablehook(unraisable) -> None:
    if unraisable.exc_value is not None and interrupt_within(unraisable.exc_value):
        if stop_noted():    # our handler's: the command stops at its next step, cleaning up (no report)
            return
        _exit_now()         # Python's own KeyboardInterrupt, before our handler was in place
    sys.__unraisablehook__(unraisable)


def install_early_interrupt_handler() -> None:
    """Before main runs (while the package loads) and after: Ctrl-C or SIGTERM says its one line
    and exits. A signal that generator/__init__.py held back until now arrives here."""
    for each in STOPPING_SIGNALS:
        _signal.signal(each, _exit_now)
    sys.excepthook = _excepthook
    sys.unraisablehook = _unraisablehook
    if hasattr(_signal, "pthread_sigmask"):
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, set(STOPPING_SIGNALS))


def main(argv=None) -> None:
    """Run the command and end the process with its exit status."""
    install_early_interrupt_handler()       # again, for a caller that did not start with the package
    try:
        for each in STOPPING_SIGNALS:
            _signal.signal(each, _raise_interrupted)
        choose_language(sys.argv[1:] if argv is None else list(argv))
        from generator.commands.main import main as run  # after the language: help is translated as declared
        run(argv)
        status = 0
    except SystemExit as done:
        status = 0 if done.code is None else done.code if isinstance(done.code, int) else 1
    except BaseException as error:
        if not interrupt_within(error):       # a defect: Python's report, through _excepthook
            raise
        _say_stopped()
        status = _status()
    finally:
        for each in STOPPING_SIGNALS:
            _signal.signal(each, _exit_now)
    if status == 0 and stop_noted():    # a signal whose Interrupted a library swallowed, or Python only reported
        _say_stopped()
        status = _status()
    _end(status)


def choose_language(argv: list[str]) -> None:
    """The language of every message: ui_lang of the config files, else the environment's; done
    before the command modules are imported, whose help texts are translated as they are declared."""
    from generator.settings.ui_language import interface_language
    from generator.words import _, use_language

    use_language(interface_language(argv, os.environ))
    _LINES.update({signal: _(line) for signal, line in _LINES.items()})


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
