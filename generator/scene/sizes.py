"""A tile's size in millimetres: the one number of the kit a user sets with --tile-size."""

from msgspec import Struct


class TileSize(Struct, frozen=True):
    width: float = 22.0
    height: float = 44.0

    @property
    def half_side(self) -> float:
        """The short side of one half: pips and marks scale with it."""
        return min(self.width, self.height / 2)

    def __str__(self) -> str:
        return f"{self.width:g}x{self.height:g}"
