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
from generator.words import N_, _, ngettext

KB = 1000              # decimal units, as a file manager shows sizes
MB = 1000 * KB


class FileKind:
    """What a kind of file is called, its largest size in bytes, and what to do when it is wrong
    (both marked with N_, translated where a message says them). (A plain class: a dataclass
    would cost the command's start-up a few ms.)"""
    __slots__ = ("noun", "limit", "fix")

    def __init__(self, noun: str, limit: int, fix: str = N_("check that you named the right file")):
        self.noun, self.limit, self.fix = noun, limit, fix


_KIT_FILE = N_("restore the kit's own file (reinstall opendomino)")
# The largest bundled file of each kind is a few kB (a profile 122 kB); each limit leaves ten times room or more.
KINDS = {
    "config": FileKind(N_("a config file"), 64 * KB),
    "theme": FileKind(N_("a theme file"), 32 * KB),
    "set": FileKind(N_("a set file"), 64 * KB),
    "product": FileKind(N_("a product file"), 32 * KB),
    "figure": FileKind(N_("a figure file"), 64 * KB, _KIT_FILE),
    "rules": FileKind(N_("a rules file"), 256 * KB, _KIT_FILE),
    "data": FileKind(N_("a data file of the kit"), 256 * KB, _KIT_FILE),
    "font": FileKind(N_("a font file of the kit"), 4 * MB, _KIT_FILE),       # the largest bundled one: 457 kB
    "manifest": FileKind(N_("a manifest"), 16 * MB,
                         N_("move it out of the folder: the kit writes its manifest.json there")),
    # A press profile is 0.1 to 3 MB (the bundled ones 122 kB); every shop PDF embeds it.
    "icc": FileKind(N_("an ICC profile"), 10 * MB, N_("give the CMYK output profile (.icc) your print shop hands out")),
}

_NOT_REGULAR = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
                (stat.S_ISCHR, N_("a character device")), (stat.S_ISBLK, N_("a block device")),
                (stat.S_ISSOCK, N_("a socket")))


def size_text(size: int) -> str:
    """1536 -> "1.5 kB": the size a message shows."""
    for unit, factor in ((N_("{size} GB"), 1000 * MB), (N_("{size} MB"), MB), (N_("{size} kB"), KB)):
        if size >= factor:
            return _(unit).format(size=f"{size / factor:.1f}".removesuffix(".0"))
    return ngettext("{count} byte", "{count} bytes", size).format(count=size)


def not_regular(mode: int) -> str | None:
    """What a file of this mode is, if it is not a regular file ("a folder"), else None."""
    for test, what in _NOT_REGULAR:
        if test(mode):
            return _(what)
    return None if stat.S_ISREG(mode) else _("not a regular file")


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
        raise UserError(_("{path} is {what}, not {noun}; {fix}").format(
            path=path, what=what, noun=_(spec.noun), fix=_(spec.fix)))
    too_large(path, info.st_size, spec)


def read_text(path: Path, kind: str) -> str:
    """The file as UTF-8 text, read as read_bytes does; every failure is a one-line UserError."""
    try:
        data = read_bytes(path, kind)
    except FileNotFoundError:
        raise UserError(_("{path}: file not found").format(path=path)) from None
    except OSError as error:
        raise UserError(_("{path}: cannot read it ({strerror}); check the path").format(
            path=path, strerror=error.strerror)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(_("{path}: byte {position} is not UTF-8 text; save the file as UTF-8").format(
            path=path, position=error.start + 1)) from None


def too_large(path: Path, size: int, spec: FileKind) -> None:
    if size > spec.limit:
        shown = size_text(size) if size_text(size) != size_text(spec.limit) else ngettext(
            "{count} byte", "{count} bytes", size).format(count=size)
        raise UserError(_("{path} is {shown}, more than {noun} can be (at most {limit}); {fix}").format(
            path=path, shown=shown, noun=_(spec.noun), limit=size_text(spec.limit), fix=_(spec.fix)))
