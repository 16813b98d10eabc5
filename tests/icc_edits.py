"""Real ICC profiles broken on purpose, by editing their tag tables (ICC.1, "Tag table": a
count at byte 128, then 12 bytes per tag: signature, offset, size), for the tests of bad
profiles. Written apart from generator/, so that the tests do not read profiles with the code
they test."""

TABLE = 128


def entries(data: bytes) -> list[tuple[bytes, int, int]]:
    """(signature, offset, size) of every tag, in the table's order."""
    count = int.from_bytes(data[TABLE:TABLE + 4], "big")         # as the file holds them, whatever it says
    return [(data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "big"), int.from_bytes(data[at + 8:at + 12], "big"))
            for at in range(TABLE + 4, min(TABLE + 4 + 12 * count, len(data) - 11), 12)]


def entry(data: bytes, signature: bytes) -> tuple[int, int]:
    """(offset, size) of the tag `signature`."""
    return next((offset, size) for name, offset, size in entries(data) if name == signature)


def with_field(data: bytes, index: int, field: int, value: bytes) -> bytes:
    """`data` with field 0 (signature), 1 (offset) or 2 (size) of the index-th entry set to `value`
    (four bytes)."""
    at = TABLE + 4 + 12 * index + 4 * field
    return data[:at] + value + data[at + 4:]


def _field(data: bytes, signature: bytes, field: int, value: bytes) -> bytes:
    index = next(i for i, (name, _, _) in enumerate(entries(data)) if name == signature)
    return with_field(data, index, field, value)


def renamed(data: bytes, signature: bytes, new: bytes) -> bytes:
    """The tag listed under another signature: the profile no longer has `signature`."""
    return _field(data, signature, 0, new)


def pointed_past_the_end(data: bytes, signature: bytes) -> bytes:
    """The tag's entry points beyond the last byte of the file."""
    return _field(data, signature, 1, (len(data) + 16).to_bytes(4, "big"))


def resized(data: bytes, signature: bytes, size: int) -> bytes:
    """The tag's entry declares `size` bytes; its data stay as they are."""
    return _field(data, signature, 2, size.to_bytes(4, "big"))


def smashed(data: bytes, signature: bytes, start: int = 20, length: int = 40) -> bytes:
    """`length` bytes of the tag's data, from `start`, set to 0xff (its type signature kept)."""
    offset, _ = entry(data, signature)
    return data[:offset + start] + b"\xff" * length + data[offset + start + length:]


def cut_inside(data: bytes, signature: bytes) -> bytes:
    """The file cut in the middle of the tag's data."""
    offset, size = entry(data, signature)
    return cut_to(data, offset + size // 2)


def cut_to(data: bytes, length: int) -> bytes:
    """The first `length` bytes, the header's size saying so (a file cut short, then 'repaired' by
    a tool that fixed the header only)."""
    return length.to_bytes(4, "big") + data[4:length]
