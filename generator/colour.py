"""Colours as themes state them: an sRGB hex value and, for print shops, a CMYK value."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Colour:
    hex: str                                            # "#rrggbb"
    cmyk: tuple[float, float, float, float] | None = None   # 0-100 each

    @property
    def rgb(self) -> tuple[int, int, int]:
        value = self.hex.lstrip("#")
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)

    @property
    def rgb_unit(self) -> tuple[float, float, float]:
        return tuple(channel / 255 for channel in self.rgb)


BLACK = Colour("#000000", (0, 0, 0, 100))
WHITE = Colour("#ffffff", (0, 0, 0, 0))
