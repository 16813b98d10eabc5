"""Reading a tile from its pixels (pdfium's rendering of a page): which group a front's circle
belongs to, and what marks a back shows. Measured in the tile's own millimetres, so that a
picture drawn smaller (the theme swatch sheet's) is read alike once rendered at a scale that
makes it tile-sized. The answers come from the colour and set files, not from the kit's code."""

import math

import numpy

DPI = 150
PX = DPI / 25.4                     # pixels per mm


def rgb(hex_colour: str) -> numpy.ndarray:
    return numpy.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def near(pixels: numpy.ndarray, colour: numpy.ndarray, tolerance: float) -> numpy.ndarray:
    return numpy.linalg.norm(pixels - colour, axis=-1) < tolerance


def crop(image: numpy.ndarray, box: tuple[float, float, float, float], px: float = PX) -> numpy.ndarray:
    """The pixels of a box (x, y, w, h) in mm from the page's top-left corner, on a page rendered at
    `px` pixels a millimetre."""
    x, y, w, h = box
    return image[round(y * px):round((y + h) * px), round(x * px):round((x + w) * px)]


def front_group(cell: numpy.ndarray, set_name: str, theme: dict) -> int:
    """The group whose circle colour fills the middle of the tile (the digits stay near its ends),
    `theme` a theme file's tables; the tile rendered at PX. The other group's colour may be there
    too, as this one's arrow (a theme may draw a black arrow on a light circle and make the
    partner's circle black), but over much less of it."""
    h, w = cell.shape[:2]
    middle = cell[h // 2 - round(5 * PX):h // 2 + round(5 * PX), w // 2 - round(5 * PX):w // 2 + round(5 * PX)]
    counts = [near(middle, rgb(theme[set_name][f"group{g}"]["circle"]["hex"]), 25).sum() for g in (1, 2)]
    assert max(counts) > 100 and min(counts) < max(counts) / 3, counts
    return 1 + counts.index(max(counts))


def back_marks(cell: numpy.ndarray, theme: dict) -> tuple[bool, str]:
    """(crosses?, "circles" | "diamonds" | "none") as both halves of a back show them, in the
    theme's back colours; the back rendered at PX.

    The marks are measured around the centre of each half, where DESIGN.md puts one mark per half:
    a cross inks the centre itself; a circle inks a ring at one distance from it in every direction;
    a diamond's distance from the centre changes with the direction (its tips are farther)."""
    ink = near(cell, rgb(theme["back"]["mark"]["hex"]), 60)
    ground = near(cell, rgb(theme["back"]["background"]["hex"]), 30)
    assert ground.mean() > 0.6, "no back here: the back's colour does not fill the cell"
    h, w = ink.shape
    found = []
    for cy in (h / 4, 3 * h / 4):               # the centre of each half
        cx = w / 2
        r = round(0.5 * PX)
        centre = ink[round(cy) - r:round(cy) + r + 1, round(cx) - r:round(cx) + r + 1].mean()
        assert centre > 0.7 or centre < 0.1, f"a half's centre neither inked nor bare ({centre:.2f})"
        # Along 24 rays from the centre, between 4.6 and 9 mm (past a cross's arms, inside the half):
        # how far out the ink lies in each direction.
        distances = []
        for k in range(24):
            angle = 2 * math.pi * k / 24
            radii = numpy.arange(4.6, 9.0, 0.05)
            xs = numpy.round(cx + radii * PX * math.cos(angle)).astype(int)
            ys = numpy.round(cy + radii * PX * math.sin(angle)).astype(int)
            hits = radii[ink[ys, xs]]
            distances.append(hits.mean() if hits.size else None)
        if all(d is None for d in distances):
            mark = "none"
        else:
            assert all(d is not None for d in distances), "a mark that does not go round the centre"
            mark = "circles" if max(distances) - min(distances) < 0.8 else "diamonds"
        found.append((bool(centre > 0.7), mark))
    assert found[0] == found[1], f"the two halves differ: {found}"
    return found[0]


def expected_back(set_file: dict, group: int) -> tuple[bool, str]:
    """What a back of this group must show, from its set file's [back] table."""
    data = set_file["back"]
    return (group == data["crosses_on_group"],
            "circles" if data.get("circles") else "diamonds" if data.get("diamonds") else "none")
