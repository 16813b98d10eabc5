"""The crop marks of a shop PDF's page, measured by pdfium against the trim lines they must extend."""

from pdf_inspect import MM, read_pdf
from pdfium_paths import page_paths
import pytest

HAIRLINE = 0.1 * MM        # points: the crop marks' width the guide states (0.1 mm, 0.28 pt)


def check_crop_marks(pdf, index: int, xs: list[float], ys: list[float]) -> None:
    """Every stroke wholly outside the BleedBox is a crop mark: a straight hairline in line with a
    trim line (xs, ys in points, to 0.05 mm), 2 mm clear of the bleed and 8 mm long (the guide's
    measures), on the page; and every trim line has its two marks, one at each end."""
    page = read_pdf(pdf).pages[index]
    bleed = [float(v) for v in page.bleedbox]
    media = [float(v) for v in page.mediabox]

    def outside_bleed(x, y):
        return x < bleed[0] or x > bleed[2] or y < bleed[1] or y > bleed[3]

    marks = [stroke for stroke in page_paths(pdf, index)
             if stroke.stroked and all(outside_bleed(x, y) for x, y in stroke.points)]
    found = set()
    for mark in marks:
        assert 0 < mark.stroke_width <= HAIRLINE + 1e-3, mark
        assert len(mark.points) == 2, mark
        (ax, ay), (bx, by) = mark.points
        assert all(media[0] <= x <= media[2] and media[1] <= y <= media[3] for x, y in mark.points), mark
        vertical = abs(ax - bx) < 0.01
        assert vertical or abs(ay - by) < 0.01, mark
        along, across = ((ay, by), ax) if vertical else ((ax, bx), ay)
        low, high = (bleed[1], bleed[3]) if vertical else (bleed[0], bleed[2])
        lines = xs if vertical else ys
        matches = [v for v in lines if abs(v - across) <= 0.05 * MM]
        assert len(matches) == 1, f"a mark {across / MM:.2f} mm from the page's edge extends no trim line"
        line = matches[0]
        side = "low" if max(along) < low else "high"
        gap = low - max(along) if side == "low" else min(along) - high
        assert gap > mark.stroke_width, f"the mark reaches into the bleed ({gap / MM:.2f} mm off it)"
        # the guide's measures: 2 mm clear of the bleed, 8 mm long
        assert gap == pytest.approx(2 * MM, abs=0.01), mark
        assert abs(along[0] - along[1]) == pytest.approx(8 * MM, abs=0.01), mark
        found.add(("x" if vertical else "y", round(line, 2), side))
    expected = {(axis, round(v, 2), side) for axis, lines in (("x", xs), ("y", ys)) for v in lines
                for side in ("low", "high")}
    assert found == expected and len(marks) == len(expected)
