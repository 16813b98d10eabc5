"""Rectangles of different sizes on as few sheets as hold them: a laser box's panels on the
material (--sheet), a 3D-printed box's parts on the printer's plate (--plate).

Largest pieces first, each into the first free rectangle (top to bottom, left to right, on the
first sheet that has one) that holds it: lying with its long side along the sheet's long side (the
way every piece that fits at all fits; across a square sheet), else turned. The rest of that free
rectangle is cut in two, beside the piece and below it, the cut made so that the larger of the two
is as large as can be (guillotine packing; on a tie, the cut runs beside the piece). Not the
tightest packing there is, but a box has a handful of pieces, and the same pieces always land in
the same places.

    sheets = nest([(117, 51), (117, 25), ...], room=(290, 190), gap=2)
    sheets[0][0]        # Placed(index=0, x=0, y=0, turned=False): x, y from the room's top-left
"""

from msgspec import Struct


class Placed(Struct, frozen=True):
    index: int              # the piece's place in the list given
    x: float                # mm from the room's left and top edges to the piece's (as laid)
    y: float
    turned: bool            # a quarter turn: its width runs down the sheet


def lying(size: tuple[float, float], room: tuple[float, float]) -> tuple[float, float]:
    """The piece's width and height as it lies: its long side along the room's long side."""
    w, h = size
    return (max(w, h), min(w, h)) if room[0] >= room[1] else (min(w, h), max(w, h))


def fits(size: tuple[float, float], room: tuple[float, float]) -> bool:
    w, h = lying(size, room)
    return w <= room[0] + 1e-9 and h <= room[1] + 1e-9


def nest(sizes: list[tuple[float, float]], room: tuple[float, float], gap: float) -> list[list[Placed]]:
    """The pieces of `sizes` (width, height in mm) on sheets whose free area is `room`, `gap` mm
    apart; each sheet's pieces in the order placed. Every piece must fit the room (fits())."""
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i][0] * sizes[i][1], i))
    sheets: list[list[Placed]] = []
    free: list[list[tuple[float, float, float, float]]] = []         # per sheet: x, y, w, h (gap included)
    whole = (0.0, 0.0, room[0] + gap, room[1] + gap)                  # a gap after every piece, the last too
    for index in order:
        if not fits(sizes[index], room):
            raise ValueError(f"a piece of {sizes[index]} mm does not fit {room}")
        w, h = lying(sizes[index], room)
        spot = _free_spot(free, [(w, h), (h, w)], gap)
        if spot is None:
            sheets.append([])
            free.append([whole])
            spot = _free_spot(free[-1:], [(w, h)], gap)
            spot = (len(free) - 1, *spot[1:])
        number, rect, (pw, ph) = spot
        sheets[number].append(Placed(index, rect[0], rect[1], (pw, ph) != tuple(sizes[index])))
        free[number].remove(rect)
        free[number] += _split(rect, pw + gap, ph + gap)
        free[number].sort(key=lambda r: (r[1], r[0]))
    return sheets


def _free_spot(free, shapes, gap: float):
    """(sheet number, free rectangle, the piece's width and height as laid) of the first free
    rectangle that holds one of `shapes` (tried in order), or None."""
    for shape in shapes:
        for number, rects in enumerate(free):
            for rect in rects:
                if shape[0] + gap <= rect[2] + 1e-9 and shape[1] + gap <= rect[3] + 1e-9:
                    return number, rect, shape
    return None


def _split(rect, w: float, h: float) -> list:
    """What is left of a free rectangle once a w x h piece sits in its top-left corner: the part
    beside it and the part below it, cut so that the larger of the two is as large as can be."""
    x, y, rw, rh = rect
    if (rw - w) * rh >= rw * (rh - h):          # beside it, full height; below it, its width
        parts = [(x + w, y, rw - w, rh), (x, y + h, w, rh - h)]
    else:                                       # below it, full width; beside it, its height
        parts = [(x, y + h, rw, rh - h), (x + w, y, rw - w, h)]
    return [part for part in parts if part[2] > 1e-9 and part[3] > 1e-9]
