"""Figures of triangular tiles lying edge to edge: a position of triominoes, stated as data.

A figure file (templates/figures/*.toml, kind = "triangles") names its set and lists tiles by
their cell on a triangular lattice: row r, column c; the cell points up where r + c is even,
down elsewhere. `corners` are the numbers as they lie, clockwise from the cell's apex (an up cell)
or from its bottom corner (a down cell).

The loader checks what a player would: every tile is one of the set's tiles turned (its numbers
in the same clockwise order), each is used once, and wherever two tiles touch along an edge the
numbers at both ends of that edge match. A mistake is one line naming the tiles and the edge.
"""

from msgspec import Struct

from generator.errors import UserError
from generator.model.tiles import Tile
from generator.words import _

SQRT3_HALF = 3 ** 0.5 / 2


class PlacedTriangle(Struct, frozen=True):
    row: int
    column: int
    corners: tuple[int, int, int]    # as they lie, clockwise from the apex (up) or the bottom corner (down)
    tile: Tile
    turns: int                       # how many thirds of a turn clockwise the tile lies from upright

    @property
    def up(self) -> bool:
        return (self.row + self.column) % 2 == 0

    def vertices(self) -> tuple[tuple[float, float], ...]:
        """The cell's corners in units of the side, clockwise from the apex or the bottom corner."""
        x, y = self.column / 2, self.row * SQRT3_HALF
        if self.up:
            return (x + 0.5, y), (x + 1, y + SQRT3_HALF), (x, y + SQRT3_HALF)
        return (x + 0.5, y + SQRT3_HALF), (x, y), (x + 1, y)


def _key(point) -> tuple[float, float]:
    return round(point[0], 6), round(point[1], 6)


def place_triangles(entries: list, tiles: tuple[Tile, ...], where: str) -> tuple[PlacedTriangle, ...]:
    """Resolve each entry to a tile of the set and check the figure as a position of play."""
    unused = list(tiles)
    placed, cells = [], set()
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or set(entry) != {"at", "corners"}:
            raise UserError(_("{where}: tile {number} must give at = [row, column] and corners = [a, b, c]").format(
                where=where, number=number))
        at, corners = entry["at"], entry["corners"]
        if (not isinstance(at, list) or len(at) != 2 or not all(isinstance(v, int) and v >= 0 for v in at)
                or not isinstance(corners, list) or len(corners) != 3
                or not all(isinstance(v, int) for v in corners)):
            raise UserError(_("{where}: tile {number}: at = [row, column] (whole numbers from 0) and "
                              "corners = [a, b, c] (its three numbers)").format(where=where, number=number))
        if tuple(at) in cells:
            raise UserError(_("{where}: tile {number}: cell {cell} holds another tile already").format(
                where=where, number=number, cell=tuple(at)))
        cells.add(tuple(at))
        turned = [(k, tuple(corners[(i + k) % 3] for i in range(3))) for k in range(3)]
        match = next(((k, tile) for tile in unused for k, order in turned if order == tile.corners), None)
        if match is None:
            raise UserError(_("{where}: tile {number} at {cell} reads {corners} clockwise, "
                              "which no unused tile of the set does (each tile once, numbers increasing "
                              "clockwise)").format(
                where=where, number=number, cell=tuple(at), corners="-".join(map(str, corners))))
        k, tile = match
        unused.remove(tile)
        placed.append(PlacedTriangle(at[0], at[1], tuple(corners), tile, k))
    _check_edges(placed, where)
    return tuple(placed)


def _check_edges(placed: list[PlacedTriangle], where: str) -> None:
    numbers = [{_key(v): n for v, n in zip(p.vertices(), p.corners)} for p in placed]
    for i, first in enumerate(placed):
        for j in range(i + 1, len(placed)):
            shared = sorted(set(numbers[i]) & set(numbers[j]))
            if len(shared) == 2 and any(numbers[i][v] != numbers[j][v] for v in shared):
                a = "-".join(str(numbers[i][v]) for v in shared)
                b = "-".join(str(numbers[j][v]) for v in shared)
                raise UserError(_("{where}: tiles at {first} and "
                                  "{second} touch along an edge that reads {a} on one "
                                  "and {b} on the other; the numbers at both ends of a touching edge must "
                                  "match").format(
                    where=where, first=(first.row, first.column), second=(placed[j].row, placed[j].column), a=a, b=b))


def touching_edges(placed) -> int:
    """How many edges two tiles of the figure share."""
    vertex_sets = [{_key(v) for v in p.vertices()} for p in placed]
    return sum(len(a & b) == 2 for i, a in enumerate(vertex_sets) for b in vertex_sets[i + 1:])
