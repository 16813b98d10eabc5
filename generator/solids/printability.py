"""Will it print? The features of a side, and the walls of face between them, measured against the
smallest feature a nozzle prints (--min-feature, one nozzle width by default).

A feature's region is opened by the minimum: shrunk by half of it and grown back (mitred, so convex
corners come back as they were). What that takes away is narrower than the nozzle; it counts when it
is at least half a square of the minimum in area (no speck of rounding). A part of a region smaller
than that is too narrow as a whole: a disc of the minimum's diameter is larger. Walls, the other way
round: the features (and the world beyond the tile's edge) are closed by the minimum, grown and shrunk
back (mitred too: three times faster than round joins, and as exact at convex corners), and what that
fills between them is a gap narrower than the nozzle; it counts from a whole square of the minimum,
as the closing also fills the tip of every acute corner of the face (the counter of a "4"). A piece's width is that of
the widest disc it holds.
"""

import math

from msgspec import Struct

from generator.solids.library import manifold3d
from generator.words import _

EPSILON = 1e-3         # mm
DUST = 1e-4            # mm²: what boolean operations leave of a shared edge, not a feature
MITER_LIMIT = 10.0     # a 12-degree tip comes back whole after the opening
SLACK = 0.01          # mm: a stroke widened to the minimum is not narrower than it
CLOSING_MITER = 2.0    # the walls' closing: a sharp tip reaches out no more than the minimum


class ThinSpot(Struct, frozen=True):
    what: str              # "a pip", "the gap between a pip and the divider"
    width: float           # mm, about
    side: str              # "face" or "back"


def thin_spots(features, outline_region, min_feature: float, side: str) -> list[ThinSpot]:
    """Features and walls of one side narrower than `min_feature` mm, each kind named once."""
    spots = {}
    for region in features.regions.values():
        for piece in _thin_parts(region, min_feature):
            spots.setdefault(_names_within(piece, features.shapes, one=True), _width(piece, min_feature))
    for piece, at_edge in _thin_gaps(features.union(), outline_region, min_feature):
        around = piece.offset(min_feature / 2 + EPSILON, _join().Round)
        names = _names_within(around, features.shapes)
        what = _("the gap between {names} and the tile's edge").format(names=names) if at_edge else _gap_name(names)
        spots.setdefault(what, _width(piece, min_feature))
    return [ThinSpot(what, width, side) for what, width in spots.items()]


def _join():
    return manifold3d().JoinType


def _thin_parts(region, min_feature: float) -> list:
    """The parts of a feature's region narrower than `min_feature`."""
    half, counts = (min_feature - SLACK) / 2, min_feature * min_feature / 2
    small = [part for part in region.decompose() if DUST < part.area() < counts]
    opened = region.offset(-half, _join().Miter, MITER_LIMIT).offset(half, _join().Miter, MITER_LIMIT)
    # The difference of two nearly equal regions is slow (a sliver at every vertex): taken only when
    # the areas say that something which counts was lost.
    if region.area() - opened.area() < counts:
        return small
    return small + [piece for piece in (region - opened).decompose() if piece.area() >= counts]


def _thin_gaps(features, outline_region, min_feature: float):
    """(piece, at the edge) for the gaps between features, or a feature and the edge, narrower than the minimum."""
    half, counts = (min_feature - SLACK) / 2, min_feature * min_feature
    beyond = outline_region.offset(min_feature, _join().Miter, MITER_LIMIT) - outline_region
    solid = features + beyond
    closed = solid.offset(half, _join().Miter, CLOSING_MITER).offset(-half, _join().Miter, CLOSING_MITER)
    if closed.area() - solid.area() < counts:
        return
    for piece in (closed - solid).decompose():
        if piece.area() >= counts:
            touches_edge = not (piece.offset(EPSILON, _join().Round) ^ beyond).is_empty()
            yield piece, touches_edge


def _width(piece, limit: float) -> float:
    """The diameter of the widest disc inside the piece, to a hundredth of a mm below (at most
    `limit`): rounded down, so that a piece found narrower than the minimum never reads as wide as
    it ("1.50 mm wide, under the 1.5 mm minimum")."""
    low, high = 0.0, limit
    while high - low > 0.005:
        middle = (low + high) / 2
        if piece.offset(-middle / 2, _join().Round).is_empty():
            high = middle
        else:
            low = middle
    return math.floor(low * 100) / 100


def _names_within(region, shapes, one: bool = False) -> str:
    """The names of the shapes that overlap `region`: "a pip", "two pips", or "a pip and the divider"
    (a FeatureName of generator/solids/feature_names.py where one feature is named)."""
    names = [shape.name for shape in shapes if (shape.region ^ region).area() > EPSILON * EPSILON]
    if not names:
        return _("a feature")
    if one:
        return names[0]
    distinct = list(dict.fromkeys(names))
    if len(distinct) == 1:
        return distinct[0] if names.count(distinct[0]) == 1 else _two(distinct[0])
    return _("{first} and {second}").format(first=distinct[0], second=distinct[1])


def _gap_name(names: str) -> str:
    """"the gap in the arrow" where one whole feature is named, else "the gap between ..."."""
    if getattr(names, "whole", False):
        return _("the gap in {names}").format(names=names)
    return _("the gap between {names}").format(names=names)


def _two(name: str) -> str:
    """ "a pip" -> "two pips": the gap between two features of one kind."""
    two = getattr(name, "two", None)
    return two if two else _("{name} and another").format(name=name)
