"""The panels of a tray-and-lid box, as sizes in millimetres, for walls of any thickness.

A box is two open shells: the tray, whose inside is the box's inside (generator/model/box_size.py),
and the lid, which slides over the tray's outside with `fit` mm of room on every side. Each shell
gives its panels three ways, because each route builds from a different face of the material:

- `inside`: between the walls' inner faces (what it holds; a 3D-printed cavity);
- `outside`: over the walls' outer faces (a laser-cut panel, a 3D-printed body);
- `folded`: between the fold lines of one folded sheet of card. A fold bends about the middle of
  the card, so a panel between two folds is the inside plus one thickness, and a wall, from its fold
  to its rim, is the inside height plus half of one. A folded shell's glue tabs lie inside two of
  its walls (and a divider's inside the other two): that lining takes room from the inside, so the
  panels are larger by it.

Dividers stand between compartments across the tray, as long as the inside and as high.
"""

from msgspec import Struct

from generator.model.box_size import Inside


class Shell(Struct, frozen=True):
    """An open box (a tray, or a lid upside down): its inside width x length, its depth from the
    inside of its floor to its rim, and the thickness of its walls and floor."""
    width: float
    length: float
    depth: float
    wall: float
    # Card glued inside the walls, on each side: across the width (the glue tabs inside the side
    # walls) and along the length (the dividers' tabs inside the front and back walls).
    lining: tuple[float, float] = (0.0, 0.0)

    @property
    def inside(self) -> tuple[float, float, float]:
        return self.width, self.length, self.depth

    @property
    def outside(self) -> tuple[float, float, float]:
        across, along = self.lining
        return self.width + 2 * (self.wall + across), self.length + 2 * (self.wall + along), self.depth + self.wall

    @property
    def folded(self) -> tuple[float, float, float]:
        """Floor width and length between its folds, and the walls' height from fold to rim."""
        across, along = self.lining
        return self.width + self.wall + 2 * across, self.length + self.wall + 2 * along, self.depth + self.wall / 2


class TrayAndLid(Struct, frozen=True):
    inside: Inside
    tray: Shell
    lid: Shell
    dividers: tuple[tuple[float, float], ...]     # each divider's length and height (mm)


def lid_depth(tray: Shell, share: float, least: float) -> float:
    """The lid covers `share` of the tray's outside height, at least `least` mm, and never more
    than the whole tray."""
    height = tray.outside[2]
    return min(max(share * height, least), height)


def tray_and_lid(inside: Inside, wall: float, fit: float, lid_share: float, lid_least: float,
                 glued: bool = False) -> TrayAndLid:
    """The box of `inside` with walls `wall` mm thick; the lid `fit` mm larger than the tray on
    every side, covering `lid_share` of it (at least `lid_least` mm). `glued`: folded card, each
    shell's glue tabs inside its side walls and each divider's inside the front and back walls (a
    card's thickness each: without it the tabs took 0.8 mm of the 1 mm of room, and the lid's
    0.5 mm of fit came down to 0.1 mm)."""
    dividers = inside.compartments[1:]
    tray = Shell(inside.width, inside.length, inside.height, wall,
                 (wall, wall if dividers else 0.0) if glued else (0.0, 0.0))
    width, length, _ = tray.outside
    lid = Shell(width + 2 * fit, length + 2 * fit, lid_depth(tray, lid_share, lid_least), wall,
                (wall, 0.0) if glued else (0.0, 0.0))
    # A glued divider reaches between the front and back walls' linings' folds; a slotted one
    # (laser, 3D) spans the inside.
    length = inside.length + wall if glued else inside.length
    return TrayAndLid(inside, tray, lid, tuple((length, inside.height) for _ in dividers))
