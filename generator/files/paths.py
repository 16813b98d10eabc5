"""Paths a user types (--out, a theme file, `init FILE`): checked before anything touches the disk."""

import os
from pathlib import Path

from generator.errors import UserError
from generator.words import _

NAME_MAX = 255        # bytes in one name of a path on the usual file systems
TEMPORARY_ROOM = 32   # a file we write goes through .NAME.PID.XXXXXXXX.part first


def parse_path(text, option: str, example: str, file_room: int = 0) -> Path:
    """A path a user typed: not empty, no NUL, no name longer than the file system allows.

    `file_room`: bytes the last name must leave free, where we write that file through a
    temporary beside it whose name is longer (generator/files/atomic.py).
    """
    if not isinstance(text, (str, Path)) or not str(text).strip():
        raise UserError(_("{option}: the path is empty; give one, e.g. {example}").format(
            option=option, example=example))
    text = str(text)
    if "\0" in text:
        raise UserError(_("{option}: the path has a NUL character; give a plain path, e.g. {example}").format(
            option=option, example=example))
    parts = Path(text).parts
    for index, part in enumerate(parts):
        limit = NAME_MAX - (file_room if index == len(parts) - 1 else 0)
        if len(os.fsencode(part)) > limit:
            raise UserError(_("{option}: the name {start}… is {count} bytes long, over the "
                              "{limit} this name may have; use a shorter name").format(
                option=option, start=part[:24], count=len(os.fsencode(part)), limit=limit))
    return Path(text)


def parse_out(text, option: str = "--out") -> Path:
    return parse_path(text, option, "output")
