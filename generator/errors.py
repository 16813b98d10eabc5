"""The errors users see: a message that names the problem and the fix.

Imported as the command starts (generator/entry.py): nothing here may import a module."""


class UserError(Exception):
    """Bad input from the user or from a data file; the CLI prints it and exits with status 2."""


class WorkerLost(Exception):
    """A worker process ended before it finished its step (killed, out of memory); the CLI prints
    the message and exits with status 1, as for a run that was cut short."""


class Interrupted(BaseException):
    """Ctrl-C, or SIGTERM. Not KeyboardInterrupt, which click would catch to print an empty line
    first. (generator/entry.py turns it into one line and exit status 130, or 143 for SIGTERM.)"""


_stop_came = False      # a stopping signal reached the command's handler
_stop_raises = True     # the handler raises Interrupted at once; else it only notes the stop


def note_stop() -> None:
    """Called by the command's handler (generator/entry.py) as a stopping signal comes."""
    global _stop_came
    _stop_came = True


def stop_noted() -> bool:
    return _stop_came


def stops_raise(at_once: bool) -> None:
    """Whether the handler raises Interrupted wherever the command is (the default), or only
    notes the signal for the command's own loop to find with raise_if_stopped (the studio, which
    asks twice a second: raised wherever its main thread happened to be, the Interrupted could
    land in an object's finaliser, where Python only reports it)."""
    global _stop_raises
    _stop_raises = at_once


def stop_raises() -> bool:
    return _stop_raises


def stop_taken() -> None:
    """A command whose normal end is Ctrl-C (the studio) has caught the Interrupted itself: the
    signal has done its work, and the command reports success."""
    global _stop_came
    _stop_came = False


def raise_if_stopped() -> None:
    """Raise Interrupted again if a stopping signal came and its Interrupted was lost: raised where
    a library runs a bare `except:` (reportlab tries an optional import so, and a signal that lands
    during that import was swallowed whole; the build then ran to its end with status 0), or in a
    finaliser, where Python only reports it. A build asks here between its steps, the studio's loop
    twice a second; generator/entry.py turns a success after a noted signal into its line and status."""
    if _stop_came:
        raise Interrupted()


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


def _escaped(character: str) -> str:
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:        # the byte a name held that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if 0xD800 <= code <= 0xDFFF else character


def readable(text) -> str:
    """`text` (a message, a path) as any terminal can show it: a byte of a file name that is not
    UTF-8 (Linux allows any bytes in a name; Python carries each as a lone surrogate, which a
    strict UTF-8 stream refuses) is written as \\xff. Every line a person reads goes through here."""
    text = str(text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join(_escaped(character) for character in text)
    return text


def readable_data(value):
    """JSON-like data (strings, lists, dicts) with every string made readable, before JSON is made
    of it: JSON cannot hold a lone byte, and has no \\xff escape of its own."""
    if isinstance(value, str):
        return readable(value)
    if isinstance(value, (list, tuple)):
        return [readable_data(item) for item in value]
    if isinstance(value, dict):
        return {readable_data(key): readable_data(item) for key, item in value.items()}
    return value


def printable(text) -> str:
    """`text` safe for a one-line message or a log line: anything unprintable (a newline, a carriage
    return, a terminal escape) written as its Python escape."""
    text = readable(text)
    return text if text.isprintable() else "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
