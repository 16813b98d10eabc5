"""XML text for the 3D writers: lines whose numbers numpy formats, a whole array at a time (a Python
format per number would take seconds for a set's million triangles), and attribute values escaped.

    text = xml_rows([b'<vertex x="', xs, b'" y="', ys, b'"/>\\n'], places=4)
    for chunk in chunks(text, [3, 5]):      # the first 3 lines, then the next 5
        ...

A number is written with at most `places` decimals, no trailing zeros after the point and no point
before none ("12.5", "-0.25", "7"), always the same text for the same value.
"""

import numpy as np

_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def attribute(value) -> str:
    """A value as the text between an attribute's quotes."""
    return str(value).translate(_ATTRIBUTE_ESCAPES)


def xml_rows(pieces, places: int) -> tuple[bytes, np.ndarray]:
    """One line per row of the number columns among `pieces`, with the constant bytes between them.
    Returns the text and the offset in it where each line ends."""
    count = next(len(piece) for piece in pieces if not isinstance(piece, bytes))
    columns, keeps = [], []
    for piece in pieces:
        if isinstance(piece, bytes):
            text = np.frombuffer(piece, dtype=np.uint8)
            columns.append(np.broadcast_to(text, (count, len(text))))
            keeps.append(np.ones((count, len(text)), dtype=bool))
        else:
            chars, keep = _decimal_columns(np.asarray(piece), places)
            columns.append(chars)
            keeps.append(keep)
    kept = np.hstack(keeps)
    return np.hstack(columns)[kept].tobytes(), np.cumsum(kept.sum(axis=1))


def chunks(text: tuple[bytes, np.ndarray], rows):
    """The text in consecutive pieces of `rows` lines each, in order."""
    data, ends = text
    start = 0
    for count in np.cumsum(rows):
        end = int(ends[count - 1]) if count else 0
        yield data[start:end]
        start = end


def _decimal_columns(values: np.ndarray, places: int) -> tuple[np.ndarray, np.ndarray]:
    """Numbers as fixed-width character columns (sign, integer digits, point, decimals) and the mask of
    the characters to keep: no leading zeros, no trailing zeros after the point, no point before none."""
    scaled = np.rint(values.astype(np.float64) * 10 ** places).astype(np.int64)
    magnitude = np.abs(scaled)
    digits = max(places + 1, len(str(int(magnitude.max()))) if len(magnitude) else 1)
    powers = 10 ** np.arange(digits - 1, -1, -1, dtype=np.int64)
    figures = (magnitude[:, None] // powers[None, :]) % 10
    whole, decimals = figures[:, :digits - places], figures[:, digits - places:]
    sign = np.full((len(values), 1), ord("-"), dtype=np.uint8)
    point = np.full((len(values), 1 if places else 0), ord("."), dtype=np.uint8)
    chars = np.hstack([sign, (whole + 48).astype(np.uint8), point, (decimals + 48).astype(np.uint8)])
    started = np.logical_or.accumulate(whole != 0, axis=1)
    started[:, -1] = True                                   # "0.5", not ".5"
    kept_decimals = np.logical_or.accumulate((decimals != 0)[:, ::-1], axis=1)[:, ::-1]
    keep = np.hstack([(scaled < 0)[:, None], started, kept_decimals.any(axis=1, keepdims=True)[:, :point.shape[1]],
                      kept_decimals])
    return chars, keep
