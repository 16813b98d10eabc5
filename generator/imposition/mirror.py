"""Duplex mirroring: where the back of a front cell or shape lands on the other side.

Flip on the long edge (portrait sheet turned like a book page): the back of a point at x
sits at page_width - x, same y. Flip on the short edge: the back sits at page_height - y.
In a grid of rows x cols this maps cell (r, c) to (r, cols-1-c) or (rows-1-r, c).
"""

FLIPS = ("long", "short")


def mirror_cell(row: int, column: int, rows: int, columns: int, flip: str) -> tuple[int, int]:
    if flip == "long":
        return row, columns - 1 - column
    if flip == "short":
        return rows - 1 - row, column
    raise ValueError(f"unknown flip {flip!r}")


def mirror_box(x: float, y: float, width: float, height: float,
               page_width: float, page_height: float, flip: str) -> tuple[float, float]:
    """Top-left corner of the box that lies behind (x, y, width, height) after the flip."""
    if flip == "long":
        return page_width - x - width, y
    if flip == "short":
        return x, page_height - y - height
    raise ValueError(f"unknown flip {flip!r}")
