"""A ZIP archive that is the same bytes every time: members in the order given, every date
1980-01-01 00:00 (the format's first day), no extra fields, no per-machine attributes.

EPUB needs a member it can find at a fixed offset (its `mimetype`, first and stored) and readers
accept plain DEFLATE for the rest. Compressing a large member (a font) is most of an archive's
cost, and the same fonts go into every e-book of a build, so a member's compressed bytes are kept
and reused when the same bytes come again.
"""

from functools import lru_cache
from pathlib import Path
import struct
import zlib

from msgspec import Struct

from generator.files.atomic import atomic_path

_DOS_DATE = (0 << 9) | (1 << 5) | 1     # 1980-01-01
_DOS_TIME = 0
_VERSION = 20                           # 2.0: DEFLATE
_STORED, _DEFLATED = 0, 8


class Member(Struct, frozen=True):
    name: str
    data: bytes
    compress: bool = True


@lru_cache(maxsize=256)          # a build's e-books hold some two hundred members
def compressed(data: bytes) -> bytes:
    """`data` as raw DEFLATE; the same bytes again cost nothing."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def zip_bytes(members: list[Member]) -> bytes:
    local, central = [], []
    offset = 0
    for member in members:
        name = member.name.encode("utf-8")
        body = compressed(member.data) if member.compress else member.data
        method = _DEFLATED if member.compress else _STORED
        crc = zlib.crc32(member.data)
        fields = (_VERSION, 0, method, _DOS_TIME, _DOS_DATE, crc, len(body), len(member.data), len(name))
        local.append(struct.pack("<IHHHHHIIIHH", 0x04034B50, *fields, 0) + name + body)
        central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, _VERSION, *fields, 0, 0, 0, 0, 0, offset)
                       + name)
        offset += len(local[-1])
    directory = b"".join(central)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(directory), offset, 0)
    return b"".join(local) + directory + end


def write_zip(target: Path, members: list[Member]) -> None:
    with atomic_path(target) as temp:
        temp.write_bytes(zip_bytes(members))
