"""Which tile stands where, read from a rendered page: the pips counted in each half of each tile box."""

from pathlib import Path
import tomllib

import numpy
import pypdfium2


def dark_blobs(mask: numpy.ndarray) -> list[tuple[float, float]]:
    """The centres (row, column) of the 8-connected groups of True pixels."""
    seen = numpy.zeros_like(mask)
    centres = []
    for start in zip(*numpy.nonzero(mask)):
        if seen[start]:
            continue
        seen[start] = True
        stack, pixels = [start], []
        while stack:
            r, c = stack.pop()
            pixels.append((r, c))
            for nr in (r - 1, r, r + 1):
                for nc in (c - 1, c, c + 1):
                    if 0 <= nr < mask.shape[0] and 0 <= nc < mask.shape[1] and mask[nr, nc] and not seen[nr, nc]:
                        seen[nr, nc] = True
                        stack.append((nr, nc))
        centres.append(tuple(numpy.mean(pixels, axis=0)))
    return centres


def set_a_layout() -> list[list[tuple[int, int]]]:
    """templates/sets/A.toml's board rows 8, 7, 2, 1, each tile as (top, bottom) digits."""
    layout = tomllib.loads((Path(__file__).parent.parent / "templates/sets/A.toml").read_text())["layout"]
    return [[tuple(int(d) for d in tile.split("/")) for tile in layout[row]] for row in ("8", "7", "2", "1")]


def pips_in_cells(pdf: Path, boxes) -> list[list[tuple[int, int]]]:
    """The pips counted in each tile box (PDF points) of the rendered first page, top half and bottom
    half, as rows from the top of the sheet and columns from the left."""
    scale = 150 / 72
    page = pypdfium2.PdfDocument(pdf)[0]
    image = numpy.asarray(page.render(scale=scale).to_pil().convert("L"), dtype=float)
    height = page.get_height()
    found = {}
    for x0, y0, x1, y1 in boxes:
        cell = image[round((height - y1) * scale):round((height - y0) * scale), round(x0 * scale):round(x1 * scale)]
        middle = cell.shape[0] / 2
        # Not the arrow's circle on the middle line: 3 mm each side of it on a 44 mm tile, and as much
        # of a smaller one (a setup card draws the tiles at about 0.6; fixed at 3 mm, the pips nearest
        # the middle fell inside it once the card's figure grew by its larger sums).
        pips = [r for r, _ in dark_blobs(cell < 80) if abs(r - middle) > 3 / 44 * cell.shape[0]]
        found[(round(y1, 1), round(x0, 1))] = (sum(r < middle for r in pips), sum(r > middle for r in pips))
    rows = sorted({y for y, _ in found}, reverse=True)
    columns = sorted({x for _, x in found})
    return [[found[(y, x)] for x in columns if (y, x) in found] for y in rows]
