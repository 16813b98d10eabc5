"""Duplex mirroring: where the back of a front box lands on the other side of the sheet.

A sheet turned over its LONG edge mirrors across the axis parallel to that edge: on a
portrait page x -> page_width - x, on a landscape page y -> page_height - y. Turned over
its SHORT edge it is the other way round. In a grid of rows x cols on a portrait page,
long-edge flipping maps cell (r, c) to (r, cols-1-c); short-edge to (rows-1-r, c).

Back offset: printers misregister the second side. Hold the printed calibration sheet to
the light, look at the FRONT, and read where the back's crosshair sits on the front's
rulers: DX > 0 means it appears to the right, DY > 0 further down. We then move the back
page's content so that the error cancels (back_shift).
"""

FLIPS = ("long", "short")


def mirrors_x(flip: str, page_width: float, page_height: float) -> bool:
    if flip not in FLIPS:
        raise ValueError(f"unknown flip {flip!r}")
    portrait = page_height >= page_width
    return (flip == "long") == portrait


def mirror_box(x: float, y: float, width: float, height: float,
               page_width: float, page_height: float, flip: str) -> tuple[float, float]:
    """Top-left corner of the box that lies behind (x, y, width, height) after the flip."""
    if mirrors_x(flip, page_width, page_height):
        return page_width - x - width, y
    return x, page_height - y - height


def back_shift(offset: tuple[float, float], flip: str, page_width: float,
               page_height: float) -> tuple[float, float]:
    """How far to move the back page's content (in its own coordinates) to cancel `offset`.

    `offset` is the back's error as seen from the front. Seen from the front, the back page
    is mirrored along one axis, so that axis changes sign.
    """
    dx, dy = offset
    if mirrors_x(flip, page_width, page_height):
        return dx, -dy
    return -dx, dy
