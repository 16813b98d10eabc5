"""Paths a user types (--out, a theme file, `init FILE`): checked before anything touches the disk."""

import os
from pathlib import Path

from generator.errors import UserError

NAME_MAX = 255        # bytes in one name of a path on the usual file systems


def parse_path(text, option: str, example: str) -> Path:
    """A path a user typed: not empty, no NUL, no name longer than the file system allows."""
    if not isinstance(text, (str, Path)) or not str(text).strip():
        raise UserError(f"{option}: the path is empty; give one, e.g. {example}")
    text = str(text)
    if "\0" in text:
        raise UserError(f"{option}: the path has a NUL character; give a plain path, e.g. {example}")
    for part in Path(text).parts:
        if len(os.fsencode(part)) > NAME_MAX:
            raise UserError(f"{option}: the name {part[:24]}… is {len(os.fsencode(part))} bytes long, over the "
                            f"{NAME_MAX} a file system allows; use a shorter name")
    return Path(text)


def parse_out(text, option: str = "--out") -> Path:
    return parse_path(text, option, "output")
