"""A line of play, stated as data: tiles joined end to end, doubles crosswise, spinners, trains.

A figure file (templates/figures/line-*.toml, kind = "line") names its set, the tile play started
with, and arms leaving it:

    set = "double-6"
    joint = "match"          # touching halves carry the same number; "sum-7": they add up to 7 (Matador)
    start = "6-6"            # a double lies crosswise and may be a spinner (arms on all four sides)
    hub = false              # true: the start lies in the Mexican Train's hub, arms leave it at any angle
    count = false            # true: the figure shows the count of the open ends (scoring games)
    [[arm]]
    direction = "right"      # right, left, up, down, or degrees clockwise from right (hub only)
    tiles = ["6-4", "4-4", "4-1"]     # in order from the start; each written near number first

The loader checks what a player would: every tile is in the set, and used once; every joint obeys
the rule; arms leave a double start on its four sides only if it is a spinner, and a non-double
start only to the left and right. A mistake is one line naming the figure, the arm and the tile.
"""

import re

from msgspec import Struct

from generator.errors import UserError
from generator.model.tiles import Tile, TileSet
from generator.words import _

DIRECTIONS = {"right": 0.0, "down": 90.0, "left": 180.0, "up": 270.0}
JOINTS = ("match", "sum-7")
_PAIR = re.compile(r"\s*([0-9]{1,2})\s*-\s*([0-9]{1,2})\s*")


class LinkedTile(Struct, frozen=True):
    tile: Tile
    near: int            # the number touching the previous tile (or the start)
    far: int             # the number left open

    @property
    def is_double(self) -> bool:
        return self.near == self.far


class Arm(Struct, frozen=True):
    angle: float                         # degrees clockwise from right
    tiles: tuple[LinkedTile, ...]
    attach: int                          # the start's number this arm leaves from


class LineOfPlay(Struct, frozen=True):
    start: LinkedTile                    # near = the number on its left (or top, for a double)
    arms: tuple[Arm, ...]
    joint: str
    hub: bool = False
    count: bool = False

    def open_ends(self) -> list[tuple[int, int]]:
        """(number, points) of every open end: an arm's last tile's far number (a double counts
        both halves); where the start is a non-double with an empty side, that side's number."""
        ends = []
        for arm in self.arms:
            if arm.tiles:
                last = arm.tiles[-1]
                ends.append((last.far, 2 * last.far if last.is_double else last.far))
        if not self.hub and not self.start.is_double:
            used = {arm.angle for arm in self.arms if arm.tiles}
            for angle, number in ((180.0, self.start.near), (0.0, self.start.far)):
                if angle not in used:
                    ends.append((number, number))
        return ends


def _pair(text, where: str) -> tuple[int, int]:
    # Two ASCII digits at most per number: str.isdigit() passes "²", which int() refuses.
    match = _PAIR.fullmatch(text) if isinstance(text, str) else None
    if not match:
        raise UserError(_("{where}: {text!r} is not a tile; write it \"near-far\", e.g. \"6-4\"").format(
            where=where, text=text))
    return int(match[1]), int(match[2])


def _take(pair: tuple[int, int], unused: list[Tile], where: str) -> LinkedTile:
    wanted = tuple(sorted(pair))
    for tile in unused:
        if tile.digits == wanted:
            unused.remove(tile)
            return LinkedTile(tile, pair[0], pair[1])
    raise UserError(_("{where}: tile {a}-{b} is not in the set, or is used twice").format(
        where=where, a=pair[0], b=pair[1]))


def joins(joint: str, open_number: int, near: int) -> bool:
    return open_number == near if joint == "match" else open_number + near == 7


def load_line(data: dict, tile_set: TileSet, where: str) -> LineOfPlay:
    joint = data.get("joint", "match")
    if joint not in JOINTS:
        raise UserError(_("{where}: joint = {joint!r}; use {joints}").format(
            where=where, joint=joint, joints=" or ".join(JOINTS)))
    hub, count = bool(data.get("hub", False)), bool(data.get("count", False))
    unused = list(tile_set.tiles)
    start = _take(_pair(data.get("start"), f"{where}: start"), unused, f"{where}: start")
    arms, angles = [], set()
    raw_arms = data.get("arm", [])
    if not isinstance(raw_arms, list) or not raw_arms:
        raise UserError(_("{where}: give at least one [[arm]] with direction and tiles").format(where=where))
    for number, raw in enumerate(raw_arms, start=1):
        here = _("{where}: arm {number}").format(where=where, number=number)
        direction = raw.get("direction") if isinstance(raw, dict) else None
        if isinstance(direction, str) and direction in DIRECTIONS:
            angle = DIRECTIONS[direction]
        elif hub and isinstance(direction, (int, float)) and not isinstance(direction, bool):
            angle = float(direction) % 360
        else:
            raise UserError((_("{here}: direction = {direction!r}; use right, left, up or down or degrees") if hub
                             else _("{here}: direction = {direction!r}; use right, left, up or down")).format(
                here=here, direction=direction))
        if angle in angles:
            raise UserError(_("{here}: two arms leave in the same direction").format(here=here))
        angles.add(angle)
        if not hub:
            if not start.is_double and angle in (90.0, 270.0):
                raise UserError(_("{here}: a line leaves a non-double start only to the left and right").format(
                    here=here))
        attach = start.near if (angle == 180.0 and not start.is_double) else start.far
        tiles, open_number = [], attach
        for text in raw.get("tiles", []):
            linked = _take(_pair(text, here), unused, here)
            if not joins(joint, open_number, linked.near):
                rule = _("the same number") if joint == "match" else _("numbers adding up to 7")
                raise UserError(_("{here}: tile {near}-{far} does not join {open_number}: "
                                  "touching halves must carry {rule}").format(
                    here=here, near=linked.near, far=linked.far, open_number=open_number, rule=rule))
            tiles.append(linked)
            open_number = linked.far
        arms.append(Arm(angle, tuple(tiles), attach))
    if not hub and start.is_double and not data.get("spinner", False) and angles - {0.0, 180.0}:
        raise UserError(_("{where}: arms above or below the start need spinner = true (a double played on all "
                          "sides)").format(
            where=where))
    return LineOfPlay(start, tuple(arms), joint, hub, count)
