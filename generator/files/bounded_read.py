"""Every file the kit reads, read through one gate: a regular file, no larger than its kind allows.

A FIFO would block the read for ever and a multi-gigabyte file would be read whole before any
check could refuse it, so the file's type and size are checked with stat before it is opened,
again with fstat on what was opened (the path may have been replaced in between), and then at
most limit + 1 bytes are read: a file that grows after the check is refused all the same.
"""

import os
from pathlib import Path
import stat

from generator.errors import UserError

KB = 1000              # decimal units, as a file manager shows sizes
MB = 1000 * KB


class FileKind:
    """What a kind of file is called, its largest size in bytes, and what to do when it is wrong.
    (A plain class: a dataclass would cost the command's start-up a few ms.)"""
    __slots__ = ("noun", "limit", "fix")

    def __init__(self, noun: str, limit: int, fix: str = "check that you named the right file"):
        self.noun, self.limit, self.fix = noun, limit, fix


_KIT_FILE = "restore the kit's own file (reinstall opendomino)"
# The largest bundled file of each kind is a few kB (a profile 122 kB); each limit leaves ten times room or more.
KINDS = {
    "config": FileKind("a config file", 64 * KB),
    "theme": FileKind("a theme file", 32 * KB),
    "set": FileKind("a set file", 64 * KB),
    "product": FileKind("a product file", 32 * KB),
    "figure": FileKind("a figure file", 64 * KB, _KIT_FILE),
    "rules": FileKind("a rules file", 256 * KB, _KIT_FILE),
    "data": FileKind("a data file of the kit", 256 * KB, _KIT_FILE),
    "font": FileKind("a font file of the kit", 4 * MB, _KIT_FILE),       # the largest bundled one: 457 kB
    "manifest": FileKind("a manifest", 16 * MB, "move it out of the folder: the kit writes its manifest.json there"),
    # A press profile is 0.1 to 3 MB (the bundled ones 122 kB); every shop PDF embeds it.
    "icc": FileKind("an ICC profile", 10 * MB, "give the CMYK output profile (.icc) your print shop hands out"),
}

_NOT_REGULAR = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                (stat.S_ISSOCK, "a socket"))


def size_text(size: int) -> str:
    """1536 -> "1.5 kB": the size a message shows."""
    for unit, factor in (("GB", 1000 * MB), ("MB", MB), ("kB", KB)):
        if size >= factor:
            return f"{size / factor:.1f} {unit}".replace(".0 ", " ")
    return f"{size} bytes"


def not_regular(mode: int) -> str | None:
    """What a file of this mode is, if it is not a regular file ("a folder"), else None."""
    for test, what in _NOT_REGULAR:
        if test(mode):
            return what
    return None if stat.S_ISREG(mode) else "not a regular file"


def read_bytes(path: Path, kind: str) -> bytes:
    """The whole file, if it is a regular file within its kind's limit; else one-line UserError.

    A missing file raises FileNotFoundError (callers word that themselves, each with its own
    fix); other OS errors propagate as OSError.
    """
    spec = KINDS[kind]
    _check(path, os.stat(path), spec)          # before opening: a device or a socket is never opened
    # O_NONBLOCK: opening a FIFO must not wait for a writer; it changes nothing for a regular file.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        _check(path, os.fstat(fd), spec)       # again on what was opened: the path may have been replaced
        chunks, room = [], spec.limit + 1
        while room > 0:
            chunk = os.read(fd, min(room, MB))
            if not chunk:
                break
            chunks.append(chunk)
            room -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    too_large(path, len(data), spec)          # it grew after the check
    return data


def _check(path: Path, info: os.stat_result, spec: FileKind) -> None:
    what = not_regular(info.st_mode)
    if what:
        raise UserError(f"{path} is {what}, not {spec.noun}; {spec.fix}")
    too_large(path, info.st_size, spec)


def read_text(path: Path, kind: str) -> str:
    """The file as UTF-8 text, read as read_bytes does; every failure is a one-line UserError."""
    try:
        data = read_bytes(path, kind)
    except FileNotFoundError:
        raise UserError(f"{path}: file not found") from None
    except OSError as error:
        raise UserError(f"{path}: cannot read it ({error.strerror}); check the path") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(f"{path}: byte {error.start + 1} is not UTF-8 text; save the file as UTF-8") from None


def too_large(path: Path, size: int, spec: FileKind) -> None:
    if size > spec.limit:
        shown = size_text(size) if size_text(size) != size_text(spec.limit) else f"{size} bytes"
        raise UserError(f"{path} is {shown}, more than {spec.noun} can be "
                        f"(at most {size_text(spec.limit)}); {spec.fix}")
