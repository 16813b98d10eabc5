"""A tile's size in millimetres: the one number of the kit a user sets with --tile-size, the radius
of its corners (--corner-radius), which travels with it to everything that draws a tile, and its
thickness, which only the 3D-printed tiles use (0: not given, generator/solids/spec.py chooses)."""

from collections.abc import Iterator
import math

from msgspec import Struct


class TileSize(Struct, frozen=True):
    width: float = 22.0
    height: float = 44.0
    corner_radius: float = 0.0      # mm; 0 = sharp corners (generator/scene/outline.py rounds them)
    thickness: float = 0.0          # mm; 0 = not given

    @property
    def half_side(self) -> float:
        """The short side of one half: pips and marks scale with it."""
        return min(self.width, self.height / 2)

    def __str__(self) -> str:
        size = f"{self.width:g}x{self.height:g}"
        return f"{size}x{self.thickness:g}" if self.thickness else size


def smaller_sizes(size: TileSize, smallest_width: float = 1.0) -> Iterator[TileSize]:
    """Sizes of the same shape below `size`, largest first, on the half-millimetre grid a user
    types (22x44 below 22.2x44.4, then 21.5x43, …): what an error suggests when a tile is too large."""
    ratio = size.height / size.width
    width = math.ceil(size.width * 2) / 2 - 0.5
    while width >= smallest_width:
        yield TileSize(width, round(width * ratio, 1))
        width -= 0.5
