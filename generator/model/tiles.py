"""Tiles and sets as the rest of the program sees them."""

from msgspec import Struct

ROWS_OF_GROUP = {1: (8, 7), 2: (2, 1)}
ARROW_OF_GROUP = {1: "down", 2: "up"}


class Tile(Struct, frozen=True):
    """One tile. Open Domino tiles have a group, an arrow and a starting cell; classic tiles
    have none of these (group, row and column are None) and `head` is simply the number drawn
    at the top of the tile's own frame, `tail` the one at the bottom."""
    set_name: str
    group: int | None   # 1 = North (rows 8-7, arrow down), 2 = South (rows 2-1, arrow up)
    head: int           # the digit the arrow points to
    tail: int
    row: int | None     # starting cell, 1-8 from South
    column: int | None  # 1-8 from South's left
    id: str
    corners: tuple[int, ...] = ()   # a triangular tile's numbers, clockwise from its apex

    @property
    def is_double(self) -> bool:
        return self.head == self.tail

    @property
    def arrow(self) -> str:
        """"down" or "up"; a classic tile, which has none, counts as "up" (head at the top)."""
        return ARROW_OF_GROUP.get(self.group, "up")

    @property
    def top(self) -> int:
        """The digit on the upper half as seen from South in the starting position."""
        return self.tail if self.arrow == "down" else self.head

    @property
    def bottom(self) -> int:
        return self.head if self.arrow == "down" else self.tail

    @property
    def fraction(self) -> str:
        """The tile written top/bottom as the seed's figures print it."""
        return f"{self.top}/{self.bottom}"

    @property
    def digits(self) -> tuple[int, ...]:
        """The tile's numbers, smallest first: a pair, or a triangle's three."""
        if self.corners:
            return tuple(sorted(self.corners))
        return (min(self.head, self.tail), max(self.head, self.tail))


DIGIT_STYLES = ("pips", "dashes", "numerals", "chinese", "symbols")


class TileSet(Struct, frozen=True):
    name: str
    figure: str                         # the figure id of its magic layout; "" for classic sets
    digit_style: str                    # one of DIGIT_STYLES
    max_digit: int
    composition: dict
    magic: dict
    back: dict
    tiles: tuple[Tile, ...]
    min_digit: int = 0
    has_layout: bool = True             # Open Domino sets start in a magic layout; classic ones do not
    coloured_pips: bool = False         # each number's pips in its own colour (theme keys pips.N)
    symbols: tuple[str, ...] = ()       # "symbols" style: the picture for each number, from min_digit up
    divider: bool = True                # a bar between the two halves
    description: str = ""
    titles: dict = {}                   # a classic set's name on sheets and boxes, by language of the sheets
    shape: str = "domino"               # generator/scene/shapes.py: "domino" or "triangle"
    looks: str = ""                     # a set of one's own: the kit set whose group colours it wears

    @property
    def groups(self) -> tuple[int, ...]:
        return tuple(sorted({t.group for t in self.tiles if t.group is not None}))

    def group(self, number: int) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.group == number)

    def row(self, number: int) -> tuple[Tile, ...]:
        return tuple(sorted((t for t in self.tiles if t.row == number), key=lambda t: t.column))

    def at(self, row: int, column: int) -> Tile:
        return next(t for t in self.tiles if t.row == row and t.column == column)

    @property
    def layout_rows(self) -> tuple[int, ...]:
        return ROWS_OF_GROUP[1] + ROWS_OF_GROUP[2]

    def back_has_crosses(self, group: int) -> bool:
        return self.back.get("crosses_on_group") == group
