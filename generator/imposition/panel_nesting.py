"""Rectangles of different sizes on as few sheets as hold them: a laser box's panels on the
material (--sheet), a 3D-printed box's parts on the printer's plate (--plate).

Shelves, tallest pieces first: each piece lies with its long side along the sheet's long side
(the way every piece that fits at all fits), in the first shelf of the first sheet with room for
it, else on a new shelf, else on a new sheet. Not the tightest packing there is, but a box has a
handful of pieces, and the same pieces always land in the same places.

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
    order = sorted(range(len(sizes)), key=lambda i: (-lying(sizes[i], room)[1], -lying(sizes[i], room)[0], i))
    sheets: list[list[Placed]] = []
    shelves: list[list[list[float]]] = []           # per sheet: [top, height, used width] of each shelf
    for index in order:
        if not fits(sizes[index], room):
            raise ValueError(f"a piece of {sizes[index]} mm does not fit {room}")
        w, h = lying(sizes[index], room)
        turned = (w, h) != tuple(sizes[index])
        spot = _shelf_spot(shelves, w, h, room, gap)
        if spot is None:
            sheets.append([])
            shelves.append([[0.0, h, 0.0]])
            spot = len(sheets) - 1, shelves[-1][0]
        number, shelf = spot
        sheets[number].append(Placed(index, shelf[2], shelf[0], turned))
        shelf[2] += w + gap
    return sheets


def _shelf_spot(shelves, w: float, h: float, room, gap: float):
    """(sheet number, shelf) with room for a w x h piece: an open shelf, or a new one below the last."""
    for number, sheet in enumerate(shelves):
        for shelf in sheet:
            if h <= shelf[1] + 1e-9 and shelf[2] + w <= room[0] + 1e-9:
                return number, shelf
        top = sheet[-1][0] + sheet[-1][1] + gap
        if top + h <= room[1] + 1e-9:
            sheet.append([top, h, 0.0])
            return number, sheet[-1]
    return None
