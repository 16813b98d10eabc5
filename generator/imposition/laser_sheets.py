"""Sheets for laser cutters and die makers: tiles laid out on a sheet of the size the user gives.

Each tile's outline is cut (grown by half the kerf, so the part comes out at its size) and its face
is engraved: pips, dividers, digits, arrows and marks (generator/writers/ink_outlines.py turns them
into filled outlines). Tiles stand a gap apart; with shared edges they touch instead and every edge
between two neighbours is cut once, as one straight line (sharp corners and no kerf only: a rounded
corner leaves no common edge, and one cut down a shared line cannot be compensated on both sides).

The board of Open Domino, for laser: its outline cut, the cell lines, half lines and side places
scored, the notation engraved. It is cut whole when the sheet holds it, else in pieces split on the
board's lines (every second column line, so no number of the small notation is cut through).
"""

import math

from msgspec import Struct

from generator.art.board import BoardGeometry, board_lines, board_notation, notation_anchor, place_outlines
from generator.art.sheet_marks import merged_runs
from generator.art.tile import face_colour, tile_front
from generator.colour.theme import Theme
from generator.errors import UserError
from generator.imposition.cut_sheets import gang_pages, ordered_tiles
from generator.imposition.tile_grid import gang_extent
from generator.model.tiles import TileSet
from generator.scene.cut_sheet import CutSheet
from generator.scene.drawing import Group, placed, translate
from generator.scene.outline import Outline
from generator.scene.shapes import frame
from generator.scene.sizes import TileSize
from generator.words import _


class LaserLayout(Struct, frozen=True):
    sheet: tuple[float, float]      # mm
    margin: float
    gap: float
    kerf: float                     # the beam's width: outlines move out by half of it
    shared_edges: bool


def check_layout(layout: LaserLayout, size: TileSize) -> None:
    if layout.shared_edges and size.corner_radius:
        raise UserError(_("--shared-edges: rounded corners leave no common edge to cut once; "
                          "leave out --shared-edges or use --corner-radius 0"))
    if layout.shared_edges and layout.kerf:
        raise UserError(_("--shared-edges: a line cut once between two tiles cannot be kerf-compensated for both; "
                          "leave out --kerf or --shared-edges"))
    check_kerf(layout)


def check_kerf(layout: LaserLayout) -> None:
    """Each outline moves out by half the kerf: at the gap's width two neighbours' cuts meet, and
    every edge between them would be cut twice."""
    if not layout.shared_edges and layout.kerf >= layout.gap:
        raise UserError(_("--kerf {kerf:g} mm: the pieces stand {gap:g} mm apart on the sheet, and outlines grown "
                          "by half the kerf would meet; give a kerf under {gap:g} mm (a laser's is 0.05-0.5 mm)").format(
            kerf=layout.kerf, gap=layout.gap))


class Piece(Struct, frozen=True):
    """Something a sheet must hold: what it is, for the error, and the room it takes inside the margins."""
    what: str
    width: float
    height: float


def _tile_gap(layout: LaserLayout) -> float:
    return 0.0 if layout.shared_edges else layout.gap


def tile_piece(shape: str, size: TileSize, layout: LaserLayout) -> Piece:
    """One tile, as gang_pages lays it out (its cell less the gap that only stands between tiles)."""
    gap = _tile_gap(layout)
    width, height = gang_extent(shape, size, gap / 2, 1, 1)
    w, h = frame(shape, size)
    return Piece(_("one {width:g} x {height:g} mm tile").format(width=round(w, 1), height=round(h, 1)),
                 width - gap, height - gap)


def _column_lines(g: BoardGeometry) -> list[float]:
    """Where the board may be split across: every second column line (no notation number is cut)."""
    return [g.left + 2 * i * g.cell_width for i in range(5)]


def _row_lines(g: BoardGeometry) -> list[float]:
    return [g.top + j * g.cell_height for j in range(9)]


def _longest_piece(lines: list[float], length: float) -> float:
    """The longest stretch between two neighbouring places to split [0, length]: no piece can be shorter."""
    cuts = sorted({0.0, length, *(line for line in lines if 0 < line < length)})
    return max(b - a for a, b in zip(cuts, cuts[1:]))


def board_piece(geometry: BoardGeometry, layout: LaserLayout) -> Piece:
    """The room the board needs each way: the longest stretch between two places it may be split, kerf
    included (in less room one piece would not fit, however the splits fall)."""
    width = _longest_piece(_column_lines(geometry), geometry.width) + layout.kerf
    height = _longest_piece(_row_lines(geometry), geometry.height) + layout.kerf
    return Piece(_("a piece of the board ({width:g} x {height:g} mm)").format(width=round(width, 1),
                                                                              height=round(height, 1)), width, height)


def check_sheet(layout: LaserLayout, pieces: list[Piece]) -> None:
    """Every piece fits the sheet inside its margins; else one error that names those that do not and
    the least sheet (whole mm) that holds them all, so the user need not try twice."""
    width, height = layout.sheet
    room_w, room_h = width - 2 * layout.margin, height - 2 * layout.margin
    misfits = dict.fromkeys(p.what for p in pieces if p.width > room_w + 1e-9 or p.height > room_h + 1e-9)
    if misfits:
        least = [math.ceil(max(getattr(p, side) for p in pieces) + 2 * layout.margin - 1e-9)
                 for side in ("width", "height")]
        raise UserError(_("--sheet: {width:g}x{height:g} mm less {margin:g} mm margins does not hold "
                          "{misfits}; give at least --sheet {least_width}x{least_height}").format(
            width=width, height=height, margin=layout.margin, misfits=_(" nor ").join(misfits), least_width=least[0],
            least_height=least[1]))


def tile_sheets(tile_set: TileSet, theme: Theme, size: TileSize, layout: LaserLayout) -> list[CutSheet]:
    """Every tile of the set on as many sheets as it takes."""
    check_layout(layout, size)
    check_sheet(layout, [tile_piece(tile_set.shape, size, layout)])
    width, height = layout.sheet
    pages = gang_pages(ordered_tiles(tile_set), tile_set.shape, size, width, height, layout.margin,
                       _tile_gap(layout))
    ground = face_colour(tile_set, theme)
    sheets = []
    for placed_tiles in pages:
        sheet = CutSheet(width, height, ground=ground)
        if layout.shared_edges:
            sheet.cuts = [((x1, y1), (x2, y2)) for x1, y1, x2, y2 in merged_runs(
                edge for t in placed_tiles for edge in zip(t.outline.corners, t.outline.corners[1:] +
                                                           t.outline.corners[:1]))]
        else:
            sheet.cuts = [t.outline.offset(layout.kerf / 2) for t in placed_tiles]
        sheet.engrave = [placed(tile_front(t.tile, tile_set, theme, size), t.x, t.y, t.turn) for t in placed_tiles]
        sheets.append(sheet)
    return sheets


def board_sheets(geometry: BoardGeometry, theme: Theme, layout: LaserLayout) -> list[CutSheet]:
    """The board in as few pieces as the sheet allows, each on a sheet of its own."""
    check_sheet(layout, [board_piece(geometry, layout)])
    width, height = layout.sheet
    free_w, free_h = width - 2 * layout.margin - layout.kerf, height - 2 * layout.margin - layout.kerf
    g = geometry
    xs = _splits(_column_lines(g), g.width, free_w)
    ys = _splits(_row_lines(g), g.height, free_h)
    notation = board_notation(g, theme)
    full, half = board_lines(g)
    lines = full + half + [edge for place in place_outlines(g) for edge in _edges(place)]
    sheets = []
    for top, bottom in zip(ys, ys[1:]):
        for left, right in zip(xs, xs[1:]):
            dx, dy = layout.margin + layout.kerf / 2 - left, layout.margin + layout.kerf / 2 - top
            piece = Outline(((left, top), (right, top), (right, bottom), (left, bottom)))
            sheet = CutSheet(width, height, cuts=[piece.translated(dx, dy).offset(layout.kerf / 2)])
            for start, end in lines:
                clipped = _clip(start, end, (left, top, right, bottom))
                if clipped and not _on_edge(clipped, (left, top, right, bottom)):
                    sheet.scores.append(tuple((x + dx, y + dy) for x, y in clipped))
            inside = [item for item in notation
                      if left <= notation_anchor(item)[0] < right and top <= notation_anchor(item)[1] < bottom]
            sheet.engrave = [Group(tuple(inside), translate(dx, dy))]
            sheets.append(sheet)
    return sheets


def _splits(lines: list[float], length: float, free: float) -> list[float]:
    """Cut [0, length] at some of `lines` into pieces no longer than `free`, as few as possible
    (`free` is at least _longest_piece: check_sheet said so)."""
    cuts, start = [0.0], 0.0
    candidates = sorted(lines) + [length]
    while length - start > free + 1e-9:
        start = max(c for c in candidates if start < c <= start + free + 1e-9 and c < length)
        cuts.append(start)
    return cuts + [length]


def _edges(outline: Outline):
    corners = outline.corners
    return list(zip(corners, corners[1:] + corners[:1]))


def _on_edge(segment, box) -> bool:
    """A line along the piece's own edge: the cut makes it."""
    (x1, y1), (x2, y2) = segment
    return any(abs(a - edge) < 1e-6 and abs(b - edge) < 1e-6 for a, b, edge in
               ((x1, x2, box[0]), (x1, x2, box[2]), (y1, y2, box[1]), (y1, y2, box[3])))


def _clip(start, end, box):
    """The part of a segment inside a box (Liang-Barsky), or None."""
    (x1, y1), (x2, y2) = start, end
    x0, y0, xm, ym = box
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - x0), (dx, xm - x1), (-dy, y1 - y0), (dy, ym - y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    if high - low < 1e-9:
        return None
    return (x1 + low * dx, y1 + low * dy), (x1 + high * dx, y1 + high * dy)
