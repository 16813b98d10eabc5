"""Saddle-stitch imposition: booklet pages 2-up on sheets that are folded and stapled.

With n pages (a multiple of 4) and sheets s = 0, 1, …, sheet s carries
front = [n - 2s | 2s + 1] and back = [2s + 2 | n - 2s - 1] (1-based, left | right).
Print double-sided flipping on the short edge, stack, fold.
Blank pages that pad the count go just before the last page, which stays the back cover.

The order only: generator/writers/pdf_booklet.py places the pages of a written PDF in it.
"""



def padded_order(page_count: int) -> list[int | None]:
    """Reading order with blanks (None) before the last page, up to a multiple of 4."""
    pages: list[int | None] = list(range(1, page_count + 1))
    blanks = -page_count % 4
    return pages[:-1] + [None] * blanks + pages[-1:]


def sheet_sides(page_count: int) -> list[tuple[int, int]]:
    """(left, right) positions (1-based, in the padded order) of every printed side, sheet by sheet."""
    n = page_count + (-page_count % 4)
    sides = []
    for s in range(n // 4):
        sides.append((n - 2 * s, 2 * s + 1))          # front
        sides.append((2 * s + 2, n - 2 * s - 1))      # back
    return sides
