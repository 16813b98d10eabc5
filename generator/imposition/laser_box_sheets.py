"""A laser-cut box on sheets of material, as the laser tiles' sheets are made (CutSheet: cut, score,
engrave; generator/imposition/laser_sheets.py).

The tray and the lid are finger-jointed open boxes (generator/model/finger_joints.py) of the sizes
generator/model/box_panels.py gives for walls as thick as the material: the lid a cap that fits
over the tray. Every panel's outline is grown by half the kerf and every slot in it shrunk by half
(so the parts come out at their size); the panels are nested on the sheets
(generator/imposition/panel_nesting.py), a quarter turn where that fits better. The lid's top
carries the home box's lid art (the set's name, some of its tiles, what the box holds: generator/art/box_art.py)
engraved, and its tiles' outlines scored.
"""

from msgspec import Struct
from msgspec.structs import replace

from generator.art.box_art import LidArt, lid_top, long_side_frame
from generator.art.box_net import Panel
from generator.colour.values import Colour
from generator.imposition.laser_sheets import LaserLayout, Piece, check_sheet
from generator.imposition.panel_nesting import Placed, lying, nest
from generator.model.box_panels import TrayAndLid
from generator.model.finger_joints import JointedPanel, jointed_box
from generator.scene.cut_sheet import CutSheet
from generator.scene.drawing import Group, Transform, translate
from generator.scene.outline import Outline
from generator.scene.shapes import grown
from generator.words import _

LID_MARGIN = 2.0            # mm between the lid's engraving and the inner faces of its walls


class LaserPiece(Struct, frozen=True):
    shell: str              # "tray" or "lid"
    panel: JointedPanel     # the lid's floor is named "top"


def laser_pieces(box: TrayAndLid, thickness: float, finger: float) -> list[LaserPiece]:
    """The tray's panels (and its dividers), then the lid's."""
    dividers = tuple(part.x + part.width for part in box.inside.compartments[:-1])
    tray = [LaserPiece("tray", panel) for panel in jointed_box(box.tray, thickness, finger, dividers)]
    lid = [LaserPiece("lid", panel if panel.name != "floor" else replace(panel, name="top"))
           for panel in jointed_box(box.lid, thickness, finger)]
    return tray + lid


def piece_name(piece: LaserPiece) -> str:
    """The piece as a message names it, e.g. "the tray's floor" (a pair of panels alike by one name)."""
    names = {("tray", "floor"): _("the tray's floor"), ("tray", "front"): _("the tray's front and back"),
             ("tray", "back"): _("the tray's front and back"), ("tray", "left"): _("the tray's sides"),
             ("tray", "right"): _("the tray's sides"), ("tray", "divider"): _("a divider"),
             ("lid", "top"): _("the lid's top"), ("lid", "front"): _("the lid's front and back"),
             ("lid", "back"): _("the lid's front and back"), ("lid", "left"): _("the lid's sides"),
             ("lid", "right"): _("the lid's sides")}
    return names[piece.shell, piece.panel.name]


def _room(layout: LaserLayout) -> tuple[float, float]:
    return layout.sheet[0] - 2 * layout.margin, layout.sheet[1] - 2 * layout.margin


def plan_laser_sheets(pieces: list[LaserPiece], layout: LaserLayout) -> list[list[Placed]]:
    """Where each piece (grown by the kerf) goes on which sheet; a piece no sheet holds is the
    laser tiles' one-line error, naming the least sheet that holds them all."""
    sizes = [(p.panel.width + layout.kerf, p.panel.height + layout.kerf) for p in pieces]
    room = _room(layout)
    named = [_("{piece} ({w:g} x {h:g} mm)").format(piece=piece_name(p), w=round(w, 1), h=round(h, 1))
             for p, (w, h) in zip(pieces, sizes)]
    check_sheet(layout, [Piece(what, *lying(size, room)) for what, size in zip(named, sizes)])
    return nest(sizes, room, layout.gap)


def _placement(panel: JointedPanel, spot: Placed, layout: LaserLayout) -> Transform:
    """From the panel's own coordinates to the sheet's: a quarter turn clockwise when turned (its
    width then runs down the sheet), then to its place, the kerf's half inside the place's edge."""
    turn = Transform(0.0, 1.0, -1.0, 0.0, panel.height, 0.0) if spot.turned else Transform()
    edge = layout.margin + layout.kerf / 2
    return turn.then(translate(edge + spot.x, edge + spot.y))


def _moved(corners, transform: Transform) -> tuple:
    return tuple(transform.apply(x, y) for x, y in corners)


def lid_engraving(panel: JointedPanel, thickness: float, art: LidArt) -> tuple[list, list[Outline]]:
    """The lid's top as engraved (in the panel's coordinates): the lid art inside its walls, turned
    to run along the panel's long side, and the pictured tiles' outlines to score."""
    inset = thickness + LID_MARGIN
    width, height, turn = long_side_frame(panel.width - 2 * inset, panel.height - 2 * inset)
    items = lid_top(Panel("top", 0.0, 0.0, width, height), art)
    transform = turn.then(translate(inset, inset))
    pictures = [item for item in items if isinstance(item, Group)]          # lid_top's row of pictures
    scores = []
    for picture, outline in zip(pictures, art.outlines):
        if outline is not None:
            placed = picture.transform.then(transform)
            scores.append(Outline(_moved(outline.corners, placed), outline.radius * picture.transform.a))
    return [Group(tuple(items), transform)], scores


def laser_box_sheets(pieces: list[LaserPiece], plan: list[list[Placed]], layout: LaserLayout, thickness: float,
                     art: LidArt, ground: Colour) -> list[CutSheet]:
    """The sheets as planned: every panel cut (its slots first), the lid's top engraved and scored."""
    width, height = layout.sheet
    half = layout.kerf / 2
    sheets = []
    for placed_pieces in plan:
        sheet = CutSheet(width, height, ground=ground)
        for spot in placed_pieces:
            panel = pieces[spot.index].panel
            transform = _placement(panel, spot, layout)
            # Mitred, not rounded as a tile's offset outline: the beam leaves the same part (sharp
            # outer corners, inner ones rounded by its radius), and the path stays straight lines.
            sheet.cuts.append(Outline(grown(_moved(panel.outline, transform), half)))
            sheet.cuts += [Outline(grown(_moved(hole, transform), -half)) for hole in panel.holes]
            if pieces[spot.index].shell == "lid" and panel.name == "top":
                engraved, scores = lid_engraving(panel, thickness, art)
                sheet.engrave += [Group(tuple(engraved), transform)]
                sheet.scores += [Outline(_moved(score.corners, transform), score.radius) for score in scores]
        sheets.append(sheet)
    return sheets
