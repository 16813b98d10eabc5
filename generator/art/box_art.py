"""What a folding box's pieces look like (generator/art/box_net.py lays them out): the theme's
colour on every panel, past the cut edges by the bleed and a little onto the glue tabs (the rest of
a tab bare card, for the glue); the die
line (the cut, one closed path per piece, and the folds, each an open line); the glue tabs'
hatching; and the printed art: the lid with the set's name and some of its tiles in the kit's own
tile art, the set's name on the lid's front, what the box holds on the tray's bottom.

The printed side is the box's outside. Folded that way, a lid's text stands upright when it is
drawn upright on the flat piece: the lid's front is the wall below its top panel.
"""

import math

from msgspec import Struct

from generator.art.box_net import Net, Panel
from generator.colour.values import CREASE, CUT_CONTOUR, DIE_LINE_WIDTH, PAPER
from generator.scene.drawing import (
    IDENTITY,
    Drawing,
    Group,
    Line,
    Path,
    Polygon,
    Rect,
    Style,
    Text,
    Transform,
    rotate_about,
    scale,
    translate,
)
from generator.scene.fonts import fitting_size, text_extent

CUT_WIDTH = 0.3             # mm: a solid line to cut along
FOLD_DASH = (3.0, 2.0)      # mm on, mm off
HATCH_STEP = 1.6            # mm between the glue tabs' hatch lines
HATCH_WIDTH = 0.15
TEXT_MARGIN = 2.5           # mm between printed text and a panel's folds
LINE_GAP = 0.3              # between lines of text, as a share of their size


class DieStyle(Struct, frozen=True):
    cut: Style
    fold: Style


def home_die_style(colour) -> DieStyle:
    """Lines to cut and fold along by hand: the cut solid, the folds dashed."""
    return DieStyle(Style(stroke=colour, stroke_width=CUT_WIDTH),
                    Style(stroke=colour, stroke_width=CUT_WIDTH, dash=FOLD_DASH))


def shop_die_style() -> DieStyle:
    """The die line: the cuts in the spot colour CutContour, the folds in Crease, dashed as die makers
    draw them (the dash is for people; the cutter tells the two by their spot colours)."""
    return DieStyle(Style(stroke=CUT_CONTOUR, stroke_width=DIE_LINE_WIDTH),
                    Style(stroke=CREASE, stroke_width=DIE_LINE_WIDTH, dash=FOLD_DASH))


def die_line(net: Net, style: DieStyle) -> list:
    """The piece's outline as one closed path, then each fold as an open line."""
    return [Polygon(net.outline, style.cut),
            *(Line(x1, y1, x2, y2, style.fold) for (x1, y1), (x2, y2) in net.folds)]


def _grown(panel: Panel, bleed: float, wrap: float, style: Style) -> Rect:
    """The panel's rectangle grown by `bleed` past its cut sides and `wrap` onto its glue tabs."""
    def reach(side: str) -> float:
        return bleed if side in panel.cut else wrap if side in panel.tabbed else 0.0
    left, right, top, bottom = reach("left"), reach("right"), reach("top"), reach("bottom")
    return Rect(panel.x - left, panel.y - top, panel.width + left + right, panel.height + top + bottom, style)


def ground(net: Net, colour, bleed: float, wrap: float) -> list:
    """Every panel in `colour`, to the bleed past the cuts and `wrap` mm onto the glue tabs."""
    return [_grown(panel, bleed, wrap, Style(fill=colour)) for panel in net.panels]


def bare_tabs(net: Net, wrap: float) -> list:
    """Each glue tab left without ink past `wrap` mm from its fold. The walls' bleed runs over the
    tabs beside them; folded, a tab's printed face is glued inside a wall, and glue holds on bare
    card (a print shop keeps glue areas free of ink and varnish)."""
    return [Polygon(_beyond(tab, tab[0], tab[-1], wrap), Style(fill=PAPER)) for tab in net.tabs]


def _beyond(polygon, start, end, distance: float) -> tuple:
    """The part of `polygon` at least `distance` from the line through start and end, on the
    polygon's side of it (a tab's first and last corners are its fold's ends)."""
    (ax, ay), (bx, by) = start, end
    length = math.dist(start, end)
    nx, ny = (ay - by) / length, (bx - ax) / length
    if sum((x - ax) * nx + (y - ay) * ny for x, y in polygon) < 0:
        nx, ny = -nx, -ny

    def inside(point) -> float:
        return (point[0] - ax) * nx + (point[1] - ay) * ny - distance

    kept = []
    for here, there in zip(polygon, (*polygon[1:], polygon[0])):
        a, b = inside(here), inside(there)
        if a >= 0:
            kept.append(here)
        if (a >= 0) != (b >= 0):
            share = a / (a - b)
            kept.append((here[0] + share * (there[0] - here[0]), here[1] + share * (there[1] - here[1])))
    return tuple(kept)


def glue_marks(net: Net, colour, label: str) -> list:
    """Each glue tab hatched and labelled, the label along the tab's long side."""
    style = Style(stroke=colour, stroke_width=HATCH_WIDTH)
    items = []
    for corners in net.tabs:
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        reach = (x1 - x0) + (y1 - y0)
        hatch = tuple(Line(x0 + d, y0, x0 + d - (y1 - y0), y1, style)
                      for d in (HATCH_STEP * step for step in range(1, math.floor(reach / HATCH_STEP) + 1)))
        outline = Path(corners[0], tuple(corners[1:]), Style())
        items.append(Group(hatch, clip=outline))
        tall = y1 - y0 > x1 - x0
        length, across = (y1 - y0, x1 - x0) if tall else (x1 - x0, y1 - y0)
        size = min(2.6, across * 0.35, fitting_size("sans-bold", label, length * 0.8))
        text = Text(0.0, size * 0.35, label, size, colour, "sans-bold", "middle")
        turn = rotate_about(-90, 0.0, 0.0) if tall else IDENTITY
        items.append(Group((text,), turn.then(translate((x0 + x1) / 2, (y0 + y1) / 2))))
    return items


def centred_lines(x: float, y: float, width: float, lines: list[tuple[str, str, float]], colour) -> tuple[list, float]:
    """Lines of (text, font, largest size) centred on x from the top y, each shrunk to `width`;
    returns the texts and the y below them."""
    texts = []
    for text, font, largest in lines:
        size = min(largest, fitting_size(font, text, width))
        ascent, descent = text_extent(font, size)
        y += ascent
        texts.append(Text(x, y, text, size, colour, font, "middle"))
        y += -descent + size * LINE_GAP
    return texts, y


def picture_row(pictures: list[Drawing], x: float, y: float, width: float, height: float, gap: float) -> list:
    """The pictures side by side, scaled alike to fit the box (x, y, width, height), centred in it."""
    if not pictures or width <= 0 or height <= 0:
        return []
    widest = sum(p.width for p in pictures) + gap * (len(pictures) - 1)
    tallest = max(p.height for p in pictures)
    factor = min(width / widest, height / tallest)
    left = x + (width - widest * factor) / 2
    items = []
    for picture in pictures:
        top = y + (height - picture.height * factor) / 2
        items.append(Group(tuple(picture.items), scale(factor).then(translate(left, top))))
        left += (picture.width + gap) * factor
    return items


class LidArt(Struct, frozen=True):
    title: str                  # the set's name as printed
    subtitle: str               # what the box holds
    pictures: tuple             # Drawings: tiles in the kit's art (or the Mexican Train's hub)
    colour: object              # ink
    outlines: tuple = ()        # each picture's outline in its frame (an Outline; None for the hub): a laser scores them


def lid_top(panel: Panel, art: LidArt) -> list:
    """The lid's top: the title above, the pictures in a row, the subtitle below."""
    inner = panel.width - 2 * TEXT_MARGIN
    largest = max(2.5, min(7.0, panel.height * 0.11))
    texts, below = centred_lines(panel.x + panel.width / 2, panel.y + TEXT_MARGIN, inner,
                                 [(art.title, "sans-bold", largest)], art.colour)
    foot = min(3.2, texts[0].size * 0.75)          # never larger than the title, however it shrank
    bottom = panel.y + panel.height - TEXT_MARGIN
    subtitle = Text(panel.x + panel.width / 2, bottom - foot * 0.25,
                    art.subtitle, min(foot, fitting_size("sans", art.subtitle, inner)), art.colour, "sans", "middle")
    room = bottom - foot * 1.6 - below
    row = picture_row(list(art.pictures), panel.x + TEXT_MARGIN, below + room * 0.05, inner, room * 0.9,
                      gap=2.0)
    return [*texts, *row, subtitle]


def wall_label(panel: Panel, text: str, colour, largest: float = 6.0) -> list:
    """`text` centred on a wall, as large as the wall allows up to `largest` mm (upright on the
    flat piece)."""
    size = min(panel.height * 0.45, largest, fitting_size("sans-bold", text, panel.width - 2 * TEXT_MARGIN))
    ascent, descent = text_extent("sans-bold", size)
    baseline = panel.y + panel.height / 2 + (ascent + descent) / 2
    return [Text(panel.x + panel.width / 2, baseline, text, size, colour, "sans-bold", "middle")]


def long_side_frame(width: float, height: float) -> tuple[float, float, Transform]:
    """A frame to draw on a `width` x `height` panel so that the drawing runs along the panel's
    long side: the frame's width and height, and the transform from it onto the panel (a quarter
    turn, reading upwards, when the panel is taller than wide)."""
    if height <= width:
        return width, height, IDENTITY
    return height, width, Transform(0.0, -1.0, 1.0, 0.0, 0.0, height)


RIM_TICK = 4.0             # mm: a divider's mark down from the tray's rim


def rim_ticks(panel: Panel, places: tuple[float, ...], colour) -> list:
    """Short lines down from a wall's rim (its cut side), where a divider is glued behind it."""
    style = Style(stroke=colour, stroke_width=CUT_WIDTH)
    top = panel.y if "top" in panel.cut else panel.y + panel.height - RIM_TICK
    return [Line(panel.x + x, top, panel.x + x, top + RIM_TICK, style) for x in places]


def panel_lines(panel: Panel, lines: list[str], colour) -> list:
    """Small lines of text centred on a panel (the tray's bottom: what the box holds)."""
    width = panel.width - 2 * TEXT_MARGIN
    size = min(3.0, panel.height / (2 * len(lines) + 2), *(fitting_size("sans", line, width) for line in lines))
    specs = [(line, "sans", size) for line in lines]            # one size for all: the longest line's
    texts, below = centred_lines(0.0, 0.0, width, specs, colour)
    block = below - size * LINE_GAP            # not the gap centred_lines leaves below the last line
    top = panel.y + (panel.height - block) / 2
    return [Group(tuple(texts), translate(panel.x + panel.width / 2, top))]


def piece_drawing(net: Net, body, bleed: float, wrap: float, printed: list, marks: list, die: list) -> Drawing:
    """One flat piece on a drawing of its size plus `bleed` each side: the ground in `body` colour,
    the glue tabs bare past the wrap, the `printed` art, then `marks` (glue hatching) and the `die`
    line, all in the net's coordinates."""
    drawing = Drawing(net.width + 2 * bleed, net.height + 2 * bleed)
    items = (*ground(net, body, bleed, wrap), *bare_tabs(net, wrap), *printed, *marks, *die)
    drawing.add(Group(items, translate(bleed, bleed)))
    return drawing
