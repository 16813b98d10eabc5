"""A PDF content stream as (operands, operator) pairs, as pypdf's ContentStream.operations gives
them, read by one regular expression instead of pypdf's byte-by-byte parser.

The tests read thousands of pages' drawing back (tests/pdf_inspect.py), and pypdf's parser took
about a tenth of the suite's CPU doing it. This reader follows ISO 32000-1, 7.2 (lexical
conventions) and 7.8.2 (content streams): numbers, names (with #xx escapes), literal strings
(nested parentheses, backslash escapes), hex strings, arrays, dictionaries, comments, and inline
images (BI … ID data EI). tests/test_content_stream.py checks that it gives pypdf's answer on
every kind of page the kit writes.

Operands come as Python values: int or float, a name as its str ("/F1"), a string as bytes, an
array as a list, a dictionary as a dict; the operator as bytes (b"re"), as pypdf gives it.
"""

import re

_TOKEN = re.compile(rb"""
    (?P<space>(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)+)
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (?P<string>\()
  | (?P<dict><<)
  | (?P<hex><[0-9A-Fa-f\x00\t\n\x0c\r ]*>)
  | (?P<open>\[)
  | (?P<close>\]|>>)
  | (?P<operator>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
""", re.VERBOSE)
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
            ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_INLINE_END = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")


def operations(data: bytes) -> list[tuple[list, bytes]]:
    """Every operator of a content stream with its operands, in order."""
    found, operands, nested = [], [], []
    position, end = 0, len(data)
    while position < end:
        token = _TOKEN.match(data, position)
        if token is None:
            raise ValueError(f"content stream: unreadable byte {data[position:position + 1]!r} at {position}")
        kind, position = token.lastgroup, token.end()
        if kind == "space":
            continue
        if kind == "string":
            value, position = _literal_string(data, position)
        elif kind == "hex":
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", token.group()[1:-1])
            value = bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode())
        elif kind == "number":
            text = token.group()
            value = float(text) if b"." in text else int(text)
        elif kind == "name":
            value = _NAME_ESCAPE.sub(lambda hit: bytes.fromhex(hit.group(1).decode()), token.group()).decode("utf-8",
                                                                                                           "replace")
        elif kind in ("open", "dict"):
            nested.append((kind, operands))
            operands = []
            continue
        elif kind == "close":
            opened, outer = nested.pop()
            value = operands if opened == "open" else dict(zip(operands[::2], operands[1::2]))
            operands = outer
        else:
            operator = token.group()
            if operator in (b"true", b"false", b"null") and nested:
                operands.append({b"true": True, b"false": False, b"null": None}[operator])
                continue
            if operator == b"ID":
                position, image = _inline_image(data, position)
                found.append(({"settings": dict(zip(operands[::2], operands[1::2])), "data": image}, b"INLINE IMAGE"))
                operands = []
                continue
            if operator == b"BI":
                continue
            found.append((operands, operator))
            operands = []
            continue
        operands.append(value)
    return found


def _literal_string(data: bytes, position: int) -> tuple[bytes, int]:
    """A literal string's bytes from just after its "(", and the position after its ")"."""
    out, depth = bytearray(), 1
    while True:
        byte = data[position]
        position += 1
        if byte == 0x5C:                        # backslash
            following = data[position]
            if following in _ESCAPES:
                out += _ESCAPES[following]
                position += 1
            elif 0x30 <= following <= 0x37:      # up to three octal digits
                digits = re.match(rb"[0-7]{1,3}", data[position:position + 3]).group()
                out.append(int(digits, 8) & 0xFF)
                position += len(digits)
            elif following in (0x0D, 0x0A):     # a line continued: neither byte kept
                position += 2 if data[position:position + 2] == b"\r\n" else 1
            else:
                position += 1                    # an unknown escape: the backslash is dropped
                out.append(following)
        elif byte == 0x28:
            depth += 1
            out.append(byte)
        elif byte == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), position
            out.append(byte)
        else:
            out.append(byte)


def _inline_image(data: bytes, position: int) -> tuple[int, bytes]:
    """After ID: one white-space byte, then the image's bytes up to the white space before EI."""
    start = position + 1
    end = _INLINE_END.search(data, start)
    if end is None:
        raise ValueError("content stream: an inline image without EI")
    return end.end(), data[start:end.start()]
