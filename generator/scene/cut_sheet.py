"""What a cutting machine or laser does on one sheet, in millimetres (x right, y down from the
sheet's top-left corner): outlines to cut, lines to score, art to engrave.

Writers turn it into files: generator/writers/dxf.py (one layer per operation) and
generator/writers/cut_svg.py (one colour per operation, or plain filled paths for Cricut).
"""

from msgspec import Struct, field

from generator.scene.outline import Outline

Point = tuple[float, float]


class CutSheet(Struct):
    width: float
    height: float
    cuts: list = field(default_factory=list)      # Outline (closed), or (Point, Point) where a cut is shared
    scores: list = field(default_factory=list)    # (Point, Point) lines, or Outline
    engrave: list = field(default_factory=list)   # scene items in sheet coordinates, engraved as filled areas
    ground: object = None                         # the Colour that stays bare material (the tile face)

    def ordered_cuts(self) -> list:
        """The cuts in the order a laser should make them: open lines first, then closed outlines
        from the innermost out, so that no part falls out before the cuts inside it are made."""
        lines = [cut for cut in self.cuts if not isinstance(cut, Outline)]
        outlines = [cut for cut in self.cuts if isinstance(cut, Outline)]
        depth = {id(o): sum(_inside(o, other) for other in outlines if other is not o) for o in outlines}
        return lines + sorted(outlines, key=lambda o: -depth[id(o)])


def _inside(inner: Outline, outer: Outline) -> bool:
    x0, y0, x1, y1 = inner.bounds()
    ox0, oy0, ox1, oy1 = outer.bounds()
    if x0 < ox0 or y0 < oy0 or x1 > ox1 or y1 > oy1:       # cheap first: most outlines lie side by side
        return False
    return all(outer.distance(corner) < 0 for corner in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))) \
        or all(outer.distance(point) < 0 for point in inner.corners)
