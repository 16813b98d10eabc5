"""A two-sided calibration sheet: how far does this printer shift the back side?

Front: millimetre rulers crossing at three targets, and the instructions. Back: a thin
crosshair behind each target. Held to the light and seen from the front, each crosshair
falls on the rulers at the printer's offset (DX right, DY down). Give it to
`--back-offset DX,DY`; print the sheet again with the offset to check it reads 0,0.
"""

from generator.art.sheet_marks import caption, scale_bar
from generator.colour.theme import Theme
from generator.imposition.mirror import back_shift, mirror_box
from generator.imposition.paper import Paper
from generator.model.texts import sheet_text
from generator.scene.drawing import Circle, Drawing, Group, Line, Style, Text, translate

RULER_HALF = 10          # mm each side of zero
TARGETS = ((0.5, 0.5), (0.22, 0.2), (0.78, 0.8))     # fractions of the page


def target_points(paper: Paper) -> list[tuple[float, float]]:
    return [(paper.width * fx, paper.height * fy) for fx, fy in TARGETS]


def calibration_pages(paper: Paper, theme: Theme, flip: str, back_offset=(0.0, 0.0), lang="en") -> list[Drawing]:
    ink = theme.colour("sheet.text")
    front = Drawing(paper.width, paper.height)
    for x, y in target_points(paper):
        front.add(*_rulers(x, y, ink))
    lines = sheet_text(lang, f"calibrate_{flip}").split("|")
    for number, line in enumerate(lines):
        front.add(caption(12.0, 14.0 + number * 5.2, line.strip(), ink, "start", 3.2))
    front.add(*scale_bar((paper.width - 50) / 2, paper.height - 16, ink, sheet_text(lang, "scale")))

    back = Drawing(paper.width, paper.height)
    shift = back_shift(back_offset, flip, paper.width, paper.height)
    marks = []
    for x, y in target_points(paper):
        bx, by = mirror_box(x, y, 0, 0, paper.width, paper.height, flip)
        marks += _crosshair(bx, by, ink)
    back.add(Group(tuple(marks), translate(*shift)))
    back.add(caption(paper.width / 2, paper.height - 10, sheet_text(lang, "calibrate_back"), ink, "middle", 3.0))
    return [front, back]


def _rulers(x: float, y: float, ink) -> list:
    """A horizontal and a vertical ruler with 0 at (x, y): ticks every mm, numbers every 5 mm."""
    style = Style(stroke=ink, stroke_width=0.15)
    items = [Circle(x, y, 0.6, style)]
    for mm in range(-RULER_HALF, RULER_HALF + 1):
        tick = 3.0 if mm % 5 == 0 else 1.6
        items.append(Line(x + mm, y - tick, x + mm, y, style))       # horizontal ruler: ticks above the line
        items.append(Line(x, y + mm, x + tick, y + mm, style))       # vertical ruler: ticks right of the line
        if mm % 5 == 0 and mm:
            # below the line, where no tick is: above it, +5 met the vertical ruler's -5
            items.append(Text(x + mm, y + 3.2, f"{mm:+d}", 2.2, ink, "sans", "middle"))
            items.append(Text(x + 4.2, y + mm + 0.8, f"{mm:+d}", 2.2, ink, "sans", "start"))
    items.append(Line(x - RULER_HALF, y, x + RULER_HALF, y, style))
    items.append(Line(x, y - RULER_HALF, x, y + RULER_HALF, style))
    items.append(Text(x + RULER_HALF + 1.5, y + 0.8, "DX", 2.4, ink, "sans-bold", "start"))
    items.append(Text(x, y + RULER_HALF + 3.5, "DY", 2.4, ink, "sans-bold", "middle"))
    return items


def _crosshair(x: float, y: float, ink) -> list:
    style = Style(stroke=ink, stroke_width=0.25)
    arm = 14.0
    return [Line(x - arm, y, x + arm, y, style), Line(x, y - arm, x, y + arm, style), Circle(x, y, 2.0, style)]
