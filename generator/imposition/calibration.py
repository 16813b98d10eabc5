"""A two-sided calibration sheet: how far does this printer shift the back side?

Front: millimetre rulers crossing at three targets, and the instructions. Back: a thin
crosshair behind each target. Held to the light and seen from the front, each crosshair
falls on the rulers at the printer's offset (DX right, DY down). Give it to
`--back-offset DX,DY`; print the sheet again with the offset to check it reads 0,0.

The instructions are broken to the paper's width. The targets stand in the room left between
them and the scale bar: one in its middle, two towards its top-left and bottom-right corners, so
that a back printed turned or scaled shows too. Each keeps room round it for its rulers, their
numbers and the back's crosshair.
"""

import re

from msgspec import Struct

from generator.art.sheet_marks import caption, scale_bar
from generator.colour.theme import Theme
from generator.errors import UserError
from generator.imposition.mirror import back_shift, mirror_box
from generator.imposition.paper import Paper
from generator.model.texts import sheet_text
from generator.scene.drawing import Circle, Drawing, Group, Line, Style, Text, translate
from generator.scene.fonts import text_extent, text_width
from generator.scene.line_breaks import filled_lines
from generator.words import _

MARGIN = 12.0            # mm from the paper's edges to the words, the rulers and the crosshairs
RULER_HALF = 10          # mm each side of zero
ARM = 14.0               # mm, each arm of the back's crosshair: past the ruler's end, so it crosses it at any reading
TEXT_SIZE, LINE_PITCH, STEP_GAP = 3.2, 4.4, 1.0      # the instructions: em size, line to line, and more between steps
NUMBER_SIZE, AXIS_SIZE = 2.2, 2.4                   # the rulers' numbers, and their DX and DY
DOWN_NUMBERS_GAP = 0.8   # mm from the ruler down to the end of its numbers, on its left
BAR_Y = 16.0             # mm above the paper's foot: the scale bar
ROOM_GAP = 5.0           # mm between the words above, the scale bar below and the rulers
APART = 4.0              # mm at least between two targets' rulers
SMALLEST_PAPER = "148x210"   # A5, the smallest paper on which the sheet is checked to fit (both languages)


class CalibrationLayout(Struct, frozen=True):
    lines: tuple[tuple[float, float, str], ...]      # the instructions: (x, baseline y, words) in mm
    targets: tuple[tuple[float, float], ...]         # where the rulers cross, mm from the top-left


def calibration_layout(paper: Paper, flip: str, lang: str = "en") -> CalibrationLayout:
    """Where the instructions and the three targets stand, or a one-line error if the paper is too small."""
    lines = _instruction_lines(sheet_text(lang, f"calibrate_{flip}"), paper.width - 2 * MARGIN)
    left, right, up, down = ruler_reach()
    top = lines[-1][1] - text_extent("sans", TEXT_SIZE)[1] + ROOM_GAP
    bottom = paper.height - BAR_Y - 2.5 - ROOM_GAP            # the bar's end ticks stand 2.5 mm above it
    first = (MARGIN + left, top + up)
    last = (paper.width - MARGIN - right, bottom - down)
    middle = ((first[0] + last[0]) / 2, (first[1] + last[1]) / 2)
    boxes = [(x - left, y - up, x + right, y + down) for x, y in (first, middle, last)]
    if last[0] < first[0] or last[1] < first[1] or not all(_apart(a, b) for a, b in zip(boxes, boxes[1:])):
        raise UserError(_("--paper: {paper} is too small for the calibration sheet's instructions and three "
                          "rulers; use a paper of at least {smallest} mm, or a4 or letter").format(
            paper=paper.name, smallest=SMALLEST_PAPER))
    return CalibrationLayout(tuple(lines), (first, middle, last))


def ruler_reach() -> tuple[float, float, float, float]:
    """How far a target's rulers, their numbers and the back's crosshair reach from it: left, right, up, down (mm)."""
    ascent, descent = text_extent("sans", NUMBER_SIZE)
    left = max(RULER_HALF + text_width("sans", f"{-RULER_HALF:+d}", NUMBER_SIZE) / 2,
               DOWN_NUMBERS_GAP + text_width("sans", f"{RULER_HALF:+d}", NUMBER_SIZE))
    right = RULER_HALF + 1.5 + text_width("sans-bold", "DX", AXIS_SIZE)
    up = RULER_HALF - 0.8 + ascent
    down = RULER_HALF + 3.5 - text_extent("sans-bold", AXIS_SIZE)[1]
    return max(left, ARM), max(right, ARM), max(up, ARM), max(down, ARM)


def calibration_pages(paper: Paper, theme: Theme, flip: str, back_offset=(0.0, 0.0), lang="en") -> list[Drawing]:
    layout = calibration_layout(paper, flip, lang)
    ink = theme.colour("sheet.text")
    front = Drawing(paper.width, paper.height)
    for x, y in layout.targets:
        front.add(*_rulers(x, y, ink))
    for x, y, words in layout.lines:
        front.add(caption(x, y, words, ink, "start", TEXT_SIZE))
    front.add(*scale_bar((paper.width - 50) / 2, paper.height - BAR_Y, ink, sheet_text(lang, "scale")))

    back = Drawing(paper.width, paper.height)
    shift = back_shift(back_offset, flip, paper.width, paper.height)
    marks = []
    for x, y in layout.targets:
        bx, by = mirror_box(x, y, 0, 0, paper.width, paper.height, flip)
        marks += _crosshair(bx, by, ink)
    back.add(Group(tuple(marks), translate(*shift)))
    words = filled_lines(sheet_text(lang, "calibrate_back"), "sans", 3.0, paper.width - 2 * MARGIN)
    for row, line in enumerate(words, start=1 - len(words)):        # in reading order, the last line 10 mm up
        back.add(caption(paper.width / 2, paper.height - 10 + row * 4.2, line, ink, "middle", 3.0))
    return [front, back]


def _instruction_lines(text: str, width: float) -> list[tuple[float, float, str]]:
    """The title and the numbered steps, broken to `width`; a step's later lines hang under its words."""
    placed, y = [], MARGIN + 2.0
    for step in (part.strip() for part in text.split("|")):
        number = re.match(r"\d+\.\s+", step)
        hang = text_width("sans", number.group(), TEXT_SIZE) if number else 0.0
        for row, line in enumerate(filled_lines(step, "sans", TEXT_SIZE, width - hang) or [""]):
            placed.append((MARGIN + (hang if row else 0.0), y, line))
            y += LINE_PITCH
        y += STEP_GAP
    return placed


def _apart(a, b) -> bool:
    """Two boxes (left, top, right, bottom) at least APART mm from each other, across or down."""
    return a[2] + APART <= b[0] or b[2] + APART <= a[0] or a[3] + APART <= b[1] or b[3] + APART <= a[1]


def _rulers(x: float, y: float, ink) -> list:
    """A horizontal and a vertical ruler with 0 at (x, y): ticks every mm, numbers every 5 mm."""
    style = Style(stroke=ink, stroke_width=0.15)
    items = [Circle(x, y, 0.6, style)]
    for mm in range(-RULER_HALF, RULER_HALF + 1):
        tick = 3.0 if mm % 5 == 0 else 1.6
        items.append(Line(x + mm, y - tick, x + mm, y, style))       # horizontal ruler: ticks above the line
        items.append(Line(x, y + mm, x + tick, y + mm, style))       # vertical ruler: ticks right of the line
        if mm % 5 == 0 and mm:
            # Each ruler's numbers on its side without ticks: below the ruler across, left of the ruler
            # down. Right of it, the +5 down stood 1 mm under the +5 across, and read as one column.
            items.append(Text(x + mm, y + 2.8, f"{mm:+d}", NUMBER_SIZE, ink, "sans", "middle"))
            items.append(Text(x - DOWN_NUMBERS_GAP, y + mm + 0.8, f"{mm:+d}", NUMBER_SIZE, ink, "sans", "end"))
    items.append(Line(x - RULER_HALF, y, x + RULER_HALF, y, style))
    items.append(Line(x, y - RULER_HALF, x, y + RULER_HALF, style))
    items.append(Text(x + RULER_HALF + 1.5, y + 0.8, "DX", AXIS_SIZE, ink, "sans-bold", "start"))
    items.append(Text(x, y + RULER_HALF + 3.5, "DY", AXIS_SIZE, ink, "sans-bold", "middle"))
    return items


def _crosshair(x: float, y: float, ink) -> list:
    style = Style(stroke=ink, stroke_width=0.25)
    return [Line(x - ARM, y, x + ARM, y, style), Line(x, y - ARM, x, y + ARM, style), Circle(x, y, 2.0, style)]
