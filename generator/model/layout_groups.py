"""A set's printed tiles as the layout search sees them: per group, 16 tiles in a fixed order.

A tile keeps its group (its back says which) and its arrow (printed on its face), so a layout may
only choose where each tile stands. Tiles with the same head, tail and group are interchangeable:
they share a *type*, and a layout that only swaps two of them is the same layout.
"""

from msgspec import Struct
import numpy as np

from generator.model.layout_pairings import GROUP_SIZE
from generator.model.tiles import TileSet


class GroupTiles(Struct, frozen=True):
    group: int
    tiles: tuple            # Tile, sorted by (head, tail): the order every index below refers to
    types: tuple[int, ...]  # each tile's type number, 0.. in the same order

    @property
    def heads(self) -> np.ndarray:
        return np.array([t.head for t in self.tiles], dtype=np.int32)

    @property
    def tails(self) -> np.ndarray:
        return np.array([t.tail for t in self.tiles], dtype=np.int32)

    @property
    def has_twins(self) -> bool:
        """Some two tiles of the group are interchangeable."""
        return len(set(self.types)) < len(self.types)

    def type_signature(self) -> tuple[tuple[int, int], ...]:
        """(head, tail) of each tile in order: two groups with equal signatures hold the same tiles."""
        return tuple((t.head, t.tail) for t in self.tiles)


def printed_groups(tile_set: TileSet) -> tuple[GroupTiles, GroupTiles]:
    """Groups 1 and 2 of an Open Domino set, each of exactly 16 tiles."""
    return tuple(_group_tiles(tile_set, group) for group in (1, 2))


def _group_tiles(tile_set: TileSet, group: int) -> GroupTiles:
    tiles = tuple(sorted(tile_set.group(group), key=lambda t: (t.head, t.tail, t.id)))
    if len(tiles) != GROUP_SIZE:
        raise ValueError(f"group {group} of set {tile_set.name} has {len(tiles)} tiles, not {GROUP_SIZE}")
    kinds: dict[tuple[int, int], int] = {}
    types = tuple(kinds.setdefault((t.head, t.tail), len(kinds)) for t in tiles)
    return GroupTiles(group, tiles, types)
