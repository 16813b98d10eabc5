"""The errors users see: a message that names the problem and the fix."""


class UserError(Exception):
    """Bad input from the user or from a data file; the CLI prints it and exits with status 2."""


class WorkerLost(Exception):
    """A worker process ended before it finished its step (killed, out of memory); the CLI prints
    the message and exits with status 1, as for a run that was cut short."""


class Interrupted(BaseException):
    """Ctrl-C, or SIGTERM. Not KeyboardInterrupt, which click would catch to print an empty line
    first. (generator/entry.py turns it into one line and exit status 130, or 143 for SIGTERM.)"""


def interrupt_within(error: BaseException) -> bool:
    """Whether `error` is an interrupt or came from one. Python wraps an exception raised where a
    class is made (a descriptor's __set_name__, while a module loads) in a RuntimeError, and an
    error met while cleaning up after an interrupt keeps it as its context."""
    waiting, seen = [error], set()
    while waiting:
        error = waiting.pop()
        if error is None or id(error) in seen:
            continue
        if isinstance(error, (Interrupted, KeyboardInterrupt)):
            return True
        seen.add(id(error))
        waiting += [error.__cause__, error.__context__]
    return False


def printable(text) -> str:
    """`text` safe for a one-line message or a log line: anything unprintable (a newline, a carriage
    return, a terminal escape) written as its Python escape."""
    text = str(text)
    return text if text.isprintable() else "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
