"""A PDF content stream read as its operators, for preflight's checks: no drawing, no layout."""

import re

_STRINGS = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>(?!>)")


def operators(data: bytes):
    """(operator, operands) pairs, with strings blanked out so their bytes are not read as operators."""
    tokens = _STRINGS.sub(b" ", data).split()
    operands = []
    for token in tokens:
        if token[:1].isalpha() or token in (b"'", b'"'):
            yield token.decode("latin-1"), operands
            operands = []
        else:
            operands.append(token)
