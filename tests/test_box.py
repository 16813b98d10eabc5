"""A box for every set (issue 42): the folded box holds the set's stacks, measured on the die line
read back from the written PDF; every piece's cut is one closed path with its folds apart; the shop
file passes preflight with its CutContour separation; a box too large for the paper goes onto two
sheets and says which paper holds it; bad input is one line and status 2.

The expected sizes are worked out here from the set's facts (DESIGN.md: set A is 32 tiles of
22 x 44 mm; triominoes are 56 triangles of side 44 mm) and the numbers the command is given, not
taken from the code that drew the box.
"""

import json
import math
from pathlib import Path
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
import zipfile

from conftest import run_cli
from laser_inspect import signed_area
from layout_inspect import least_gap
import numpy as np
from pdf_inspect import MM, character_boxes, circles, form_strokes, page_shapes, read_pdf, stroked_paths
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, BooleanObject, DictionaryObject, NameObject, TextStringObject
import pytest

from generator.jobs.box import box as boxes
from generator.jobs.build import BuildReport, build_tokens
from generator.jobs.preflight import preflight
from generator.settings.build_options import BoxOptions, BuildOptions

ROOT = Path(__file__).resolve().parent.parent
CARD = tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["card"]
NEAR = 0.02                 # mm: points of one drawing that coincide


def _mm(point, page_height: float) -> tuple[float, float]:
    return point[0] / MM, (page_height - point[1]) / MM


def die_lines(page) -> list[tuple[list, list]]:
    """(outline, folds) of every piece on a page, in mm from the top-left: each outline a closed,
    solid stroke; each fold a dashed, open, straight stroke whose two ends are corners of it."""
    height = float(page.mediabox.height)
    paths = stroked_paths(page)
    outlines = [[_mm(p, height) for p in path.points] for path in paths
                if path.closed and not path.dashed and len(path.points) >= 8]
    pieces = []
    for outline in outlines:
        def corner(point):
            return any(math.dist(point, vertex) < NEAR for vertex in outline)
        folds = [[_mm(p, height) for p in path.points] for path in paths if path.dashed and not path.closed]
        pieces.append((outline, [fold for fold in folds if len(fold) == 2 and all(corner(p) for p in fold)]))
    return pieces


def shell_panels(outline, folds) -> dict[str, float]:
    """A tray's or lid's floor (between its four folds) and its walls (from a floor fold to the rim)."""
    ends = [tuple(round(v, 2) for v in point) for fold in folds for point in fold]
    corners = [point for point in set(ends) if ends.count(point) >= 3]      # two floor folds and a tab's
    assert len(corners) == 4, corners
    x0, x1 = min(x for x, _ in corners), max(x for x, _ in corners)
    y0, y1 = min(y for _, y in corners), max(y for _, y in corners)
    beside = [x for x, y in outline if y0 - NEAR <= y <= y1 + NEAR]
    over = [y for x, y in outline if x0 - NEAR <= x <= x1 + NEAR]
    # The cut beyond a floor corner is a glue tab at the end of the wall above or below the floor. Folded,
    # it lies along the side wall, glued inside it: a card's thickness off the inside's width, each side.
    tabbed = any(not (x0 - NEAR <= x <= x1 + NEAR) and not (y0 - NEAR <= y <= y1 + NEAR) for x, y in outline)
    return {"width": x1 - x0, "length": y1 - y0, "lined": (CARD["thickness"] if tabbed else 0.0, 0.0),
            "walls": (y0 - min(over), max(over) - y1, x0 - min(beside), max(beside) - x1),
            "floor": (x0, y0, x1, y1), "piece": (min(x for x, _ in outline), min(y for _, y in outline),
                                                 max(x for x, _ in outline), max(y for _, y in outline))}


def assert_holds(panels: dict, width: float, length: float, height: float | None, room: float = 0.0,
                 divided: bool = False) -> None:
    """Folded, the shell's inside is width x length x height (a lid: width x length) and at most
    `room` mm more: a floor between folds is its inside plus a card's thickness and the glue tabs
    lining its walls, a wall from its fold to the rim the inside height plus half of one. Every wall
    reaches that height. `divided`: dividers' tabs line the front and back walls too."""
    card = CARD["thickness"]
    across, along = panels["lined"][0], card if divided else 0.0
    inside = (panels["width"] - card - 2 * across, panels["length"] - card - 2 * along,
              min(panels["walls"]) - card / 2, max(panels["walls"]) - card / 2)
    for got, need in zip(inside, (width, length) if height is None else (width, length, height, height)):
        assert need - NEAR <= got <= need + room + NEAR, (inside, (width, length, height))


def _crossing(p, q, r, s) -> bool:
    """Whether segments pq and rs share a point (collinear overlaps included)."""
    def side(a, b, c):
        value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return 0 if abs(value) < 1e-6 else 1 if value > 0 else -1

    def within(a, b, c):
        return min(a[0], b[0]) - 1e-6 <= c[0] <= max(a[0], b[0]) + 1e-6 and \
            min(a[1], b[1]) - 1e-6 <= c[1] <= max(a[1], b[1]) + 1e-6

    d1, d2, d3, d4 = side(r, s, p), side(r, s, q), side(p, q, r), side(p, q, s)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return any(d == 0 and within(a, b, c) for d, (a, b, c) in
               ((d1, (r, s, p)), (d2, (r, s, q)), (d3, (p, q, r)), (d4, (p, q, s))))


def assert_simple(outline) -> None:
    """The closed outline never crosses or touches itself: each edge meets only its two neighbours,
    at their shared corners, so a knife can follow it once round."""
    edges = list(zip(outline, outline[1:] + outline[:1]))
    for i, (p, q) in enumerate(edges):
        for j in range(i + 2, len(edges)):
            if i == 0 and j == len(edges) - 1:
                continue
            assert not _crossing(p, q, *edges[j]), (edges[i], edges[j])


def piece_panels(outline, folds) -> list[tuple[float, float, float, float]]:
    """The rectangles (x0, y0, x1, y1) of a piece's panels, read from its die line: a tray's or a
    lid's floor and four walls, or a divider's one panel between its two folds."""
    if len(folds) == 2:
        xs = sorted(point[0] for fold in folds for point in fold)
        ys = sorted(point[1] for fold in folds for point in fold)
        return [(xs[0], ys[0], xs[-1], ys[-1])]
    shell = shell_panels(outline, folds)
    x0, y0, x1, y1 = shell["floor"]
    top, bottom, left, right = shell["walls"]
    return [(x0, y0, x1, y1), (x0, y0 - top, x1, y0), (x0, y1, x1, y1 + bottom), (x0 - left, y0, x0, y1),
            (x1, y0, x1 + right, y1)]


def glue_tabs(outline, panels) -> list[tuple]:
    """(hinge start, free edge start, free edge end, hinge end) of each glue tab: each run of the
    outline's corners outside every panel, with the corners before and after it."""
    def outside(point):
        return not any(x0 - NEAR <= point[0] <= x1 + NEAR and y0 - NEAR <= point[1] <= y1 + NEAR
                       for x0, y0, x1, y1 in panels)

    count = len(outline)
    start = next(i for i in range(count) if not outside(outline[i]))
    ring = outline[start:] + outline[:start]
    tabs, run = [], []
    for index, point in enumerate(ring + ring[:1]):
        if outside(point):
            run.append(point)
        elif run:
            tabs.append((ring[index - len(run) - 1], *run, point))
            run = []
    return tabs


def assert_die_line_shape(outline, folds, along: float | None) -> None:
    """A piece's cut as a die maker would draw it: a simple outline whose corners are its panels'
    outer corners and its glue tabs' and nothing else, its area theirs together. Each tab hinges
    on a fold and is a trapezoid standing out from it, its free edge parallel to the hinge, centred
    on it, and cut back at each end by templates/boxes.toml's glue_tab_taper (never to less than
    half the hinge, so that there is something to glue). A tab is glue_tab wide, but two tabs are
    glued to each side wall of a tray or a lid (`along` mm between its folds), one from each end,
    and they must stay a millimetre apart there: on a short wall each is as wide as that allows.
    A divider (`along` None) has one tab at each end, each glued to a long wall of the tray."""
    assert_simple(outline)
    panels = piece_panels(outline, folds)
    tabs = glue_tabs(outline, panels)
    assert len(tabs) == (4 if len(panels) == 5 else 2), tabs

    def same(p, q):
        return math.dist(p, q) < NEAR

    expected = [(x, y) for x0, y0, x1, y1 in panels for x in (x0, x1) for y in (y0, y1)]
    expected += [point for tab in tabs for point in tab[1:-1]]
    expected = [point for index, point in enumerate(expected) if not any(same(point, q) for q in expected[:index])]
    assert len(outline) == len(expected), (outline, expected)
    assert all(any(same(point, q) for q in outline) for point in expected), (outline, expected)
    areas = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in panels)
    for tab in tabs:
        assert len(tab) == 4, tab
        hinge_a, free_a, free_b, hinge_b = tab
        assert any(same(hinge_a, a) and same(hinge_b, b) or same(hinge_a, b) and same(hinge_b, a)
                   for a, b in folds), tab
        hinge = math.dist(hinge_a, hinge_b)
        ux, uy = (hinge_b[0] - hinge_a[0]) / hinge, (hinge_b[1] - hinge_a[1]) / hinge

        def across(point):
            return abs((point[0] - hinge_a[0]) * uy - (point[1] - hinge_a[1]) * ux)

        def down(point):
            return (point[0] - hinge_a[0]) * ux + (point[1] - hinge_a[1]) * uy

        width = across(free_a)
        assert across(free_b) == pytest.approx(width, abs=NEAR)            # the free edge parallel to the hinge
        cut_back = (down(free_a), hinge - down(free_b))
        assert cut_back[0] == pytest.approx(cut_back[1], abs=NEAR)          # centred on it
        taper = CARD["glue_tab_taper"]
        assert cut_back[0] == pytest.approx(taper if hinge >= 4 * taper else hinge / 4, abs=NEAR), tab
        assert hinge - 2 * cut_back[0] >= hinge / 2 - NEAR
        full = CARD["glue_tab"]
        if along is None:
            assert width == pytest.approx(full, abs=NEAR), tab
        else:
            assert width == pytest.approx(min(full, (along - 1) / 2), abs=NEAR), (tab, along)
        areas += width * (hinge + hinge - 2 * cut_back[0]) / 2
    assert abs(signed_area(outline)) == pytest.approx(areas, rel=1e-4, abs=0.05)      # the PDF's coordinates are rounded


SHEET = tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["sheet"]
LEGEND = ("cut", "fold, printed side out", "glue inside")        # templates/sheet_texts.toml, in English


def _char_boxes(text_page, start: int, count: int, height: float) -> list[tuple]:
    """pdfium's boxes (mm from the top-left) of the characters start .. start + count - 1 of a page."""
    boxes = [text_page.get_charbox(i) for i in range(start, start + count)]
    return [(a / MM, height - d / MM, c / MM, height - b / MM) for a, b, c, d in boxes if c > a]


def _word_boxes(text_page, height: float) -> dict[str, tuple]:
    """pdfium's box (mm from the top-left) of the first run of each legend word on a page."""
    full = text_page.get_text_range()
    found = {}
    for word in LEGEND:
        start = full.find(word)
        assert start >= 0, word
        boxes = _char_boxes(text_page, start, len(word), height)
        found[word] = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                       max(b[3] for b in boxes))
    return found


def assert_home_sheets_laid_out(path: Path, labels: list[str]) -> None:
    """Each home sheet as templates/boxes.toml's [sheet] asks: every piece (its cut line and the
    colour's bleed around it) inside the paper's margins, below the band of the title and the
    instructions and above the band of the legend and the scale bar; any two pieces at least the
    gap apart; the pieces together centred across the sheet and between the bands. In the lower
    band, the legend left to right: a solid line, "cut", a dashed line, its words, the hatched
    tab, its words, none on another, and the 50 mm scale bar; at its right end, against the margin,
    the line `labels` gives for the sheet (the inside's size; with several sheets, also the pieces it holds and
    which sheet of how many it is)."""
    import pypdfium2

    margin, bleed, gap = SHEET["margin"], SHEET["bleed"], SHEET["gap"]
    reader = read_pdf(path)
    document = pypdfium2.PdfDocument(str(path))
    assert len(reader.pages) == len(labels)
    for number, (page, label) in enumerate(zip(reader.pages, labels), start=1):
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        area = (margin, margin + SHEET["header"], width - margin, height - margin - SHEET["footer"])
        boxes = []
        for outline, _ in die_lines(page):
            xs, ys = [x for x, _ in outline], [y for _, y in outline]
            boxes.append((min(xs) - bleed, min(ys) - bleed, max(xs) + bleed, max(ys) + bleed))
        assert boxes
        for x0, y0, x1, y1 in boxes:
            assert area[0] - NEAR <= x0 and x1 <= area[2] + NEAR and area[1] - NEAR <= y0 and y1 <= area[3] + NEAR
        assert least_gap(boxes) >= gap - NEAR, boxes
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert left - area[0] == pytest.approx(area[2] - right, abs=NEAR)
        assert top - area[1] == pytest.approx(area[3] - bottom, abs=NEAR)

        text_page = document[number - 1].get_textpage()
        words = _word_boxes(text_page, height)
        # The two-point strokes in the lower band, in mm: the samples, the hatch, the scale bar.
        strokes = [(path.dashed, [_mm(point, float(page.mediabox.height)) for point in path.points])
                   for path in stroked_paths(page) if len(path.points) == 2]
        strokes = [(dashed, points) for dashed, points in strokes if points[0][1] > area[3]]
        level = [(dashed, sorted(x for x, _ in points)) for dashed, points in strokes
                 if abs(points[0][1] - points[1][1]) < NEAR]
        solid = [xs for dashed, xs in level if not dashed]
        dashed = [xs for is_dashed, xs in level if is_dashed]
        cut, fold, glue = (words[word] for word in LEGEND)
        assert all(area[3] < box[1] and box[3] < height - margin for box in (cut, fold, glue))
        assert margin - NEAR <= cut[0] and cut[2] < fold[0] and fold[2] < glue[0]
        assert any(margin - NEAR <= a < b < cut[0] for a, b in solid)             # the cut line's sample
        assert any(cut[2] < a < b < fold[0] for a, b in dashed)                    # the fold's
        hatch = [x for _, points in strokes if abs(points[0][0] - points[1][0]) > NEAR
                 and abs(points[0][1] - points[1][1]) > NEAR for x, _ in points]
        assert hatch and fold[2] < min(hatch) and max(hatch) < glue[0]
        # Nothing in the margins a home printer may not reach (pdfium's characters inside them, its
        # picture white there); the title and the instructions in the band above the pieces.
        chars = _char_boxes(text_page, 0, text_page.count_chars(), height)
        assert all(margin - NEAR <= a and c <= width - margin + NEAR and margin - NEAR <= b and d <= height - margin
                   for a, b, c, d in chars)
        pixels = np.asarray(document[number - 1].render(scale=50 / 72).to_pil().convert("L"), dtype=int)
        edge = round(margin / 25.4 * 50) - 1                # the margin at 50 dpi, less a pixel
        for strip in (pixels[:edge], pixels[-edge:], pixels[:, :edge], pixels[:, -edge:]):
            assert (strip > 250).all(), f"sheet {number}: something is printed in the margin"
        full = text_page.get_text_range()
        for heading in [line for line in full.split("\r\n") if line.endswith(" · a box to fold")
                        or line.startswith("Print at 100 %")]:
            boxes = _char_boxes(text_page, full.rfind(heading), len(heading), height)
            assert all(margin - NEAR <= b and d <= margin + SHEET["header"] + NEAR for a, b, c, d in boxes), heading
        start = full.rfind(label)              # the last: the tray's bottom says the inside too
        assert start >= 0, (label, full)
        end = start + len(label) - 1
        assert text_page.get_charbox(end)[2] / MM == pytest.approx(width - margin, abs=0.3)
        assert all(area[3] < b for a, b, c, d in _char_boxes(text_page, start, len(label), height))
        assert any(b - a == pytest.approx(50, abs=0.01) for a, b in solid)         # the 50 mm scale bar, below
    document.close()


@pytest.fixture(scope="module")
def home_box(tmp_path_factory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("box")
    result = run_cli("box", "--sets", "A", "--tile-thickness", "1", "--box-clearance", "1", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out, result


def test_the_summary_says_the_inside_and_what_it_holds(home_box):
    out, result = home_box
    # 32 tiles of 22 x 44 x 1 mm, in the default 2 stacks of 16, and 1 mm more each way.
    assert "box-A.pdf: set A: 32 tiles in 2 stacks of 16; inside 45 × 45 × 17 mm" in result.stdout
    assert (out / "box-A.pdf").is_file() and result.stderr == ""


def test_the_folded_home_box_holds_the_set(home_box):
    out, _ = home_box
    reader = read_pdf(out / "box-A.pdf")
    assert len(reader.pages) == 1
    assert_home_sheets_laid_out(out / "box-A.pdf", ["inside 45 × 45 × 17 mm"])
    pieces = die_lines(reader.pages[0])
    assert len(pieces) == 2                                     # the tray and the lid
    tray, lid = sorted((shell_panels(*piece) for piece in pieces), key=lambda p: p["width"])
    assert_holds(tray, 2 * 22 + 1, 44 + 1, 16 + 1)
    # The lid slides over the tray's outside (a card's thickness on each side), with the fit of
    # templates/boxes.toml on every side, and covers most of it.
    card = CARD["thickness"]
    assert_holds(lid, tray["width"] + card, tray["length"] + card, None, room=2 * CARD["lid_fit"])
    assert CARD["lid_min_depth"] <= min(lid["walls"]) <= max(lid["walls"]) <= min(tray["walls"]) + card


def test_every_piece_is_one_closed_cut_with_its_folds_apart(home_box):
    out, _ = home_box
    page = read_pdf(out / "box-A.pdf").pages[0]
    paths = stroked_paths(page)
    cuts = [path for path in paths if path.closed and not path.dashed and len(path.points) >= 8]
    assert len(cuts) == 2
    for outline, folds in die_lines(page):
        # A cross with four glue tabs: 4 corners a wall, 3 a tab, the floor's 4 where they meet.
        assert len(outline) == 20
        assert len(folds) == 8                  # the floor's four edges and the four tabs' hinges
        assert all(len(fold) == 2 for fold in folds)
        assert_die_line_shape(outline, folds, shell_panels(outline, folds)["length"])


def _distance_to_outline(outline, px, py):
    """Each point's distance (mm) to the nearest edge of the closed outline (numpy)."""
    nearest = np.full(px.shape, np.inf)
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        dx, dy = x2 - x1, y2 - y1
        t = np.clip(((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy), 0, 1)
        nearest = np.minimum(nearest, np.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return nearest


def assert_grounds_and_glue_marks(path: Path) -> int:
    """Rendered, every piece on the sheet is printed as a die-cut piece should be:
    - its colour runs the bleed of templates/boxes.toml past every cut of its panels, corners
      included, so that a cut a little outside the line shows no white, and onto each glue tab by
      `wrap` mm past the fold, so that a fold a little off shows none either;
    - outside its cut there is that colour fading to the white sheet and nothing else (no hatching,
      no text), and a little beyond the bleed the sheet is white;
    - every panel the box prints nothing on (all but a shell's floor and the lid's front; the
      tray's rims carry the dividers' ticks) is that colour all over, so no glue hatching or
      label strays onto the box's outside or a divider;
    - each glue tab is hatched all over past the colour's wrap.
    Returns how many blank panels it checked."""
    import pypdfium2

    dpi = 150
    document = pypdfium2.PdfDocument(str(path))
    pages = read_pdf(path).pages
    lid_width = max(shell_panels(*piece)["width"] for page in pages for piece in die_lines(page)
                    if len(piece[1]) == 8)                          # the lid slides over the tray
    blank = 0
    for number, page in enumerate(pages):
        pixels = np.asarray(document[number].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=float)
        blank += _check_pieces(path.name, page, pixels, dpi, lid_width)
    document.close()
    return blank


def _check_pieces(name: str, page, pixels, dpi: int, lid_width: float) -> int:
    """assert_grounds_and_glue_marks for one page: `pixels` its rendering at `dpi`; the lid is the
    shell whose floor is `lid_width` mm wide."""
    edge = 0.45                            # mm kept clear of a cut or fold line, its width and smoothing
    bleed, wrap = SHEET["bleed"], CARD["wrap"]
    page_height = float(page.mediabox.height)
    # Marks on a panel: short level or upright lines (a divider's ticks). The hatching's slanting
    # lines run past their tabs, clipped to them, and do not count.
    marks = [[_mm(point, page_height) for point in stroke.points] for stroke in stroked_paths(page)
             if not stroke.dashed and not stroke.closed and len(stroke.points) == 2
             and (abs(stroke.points[0][0] - stroke.points[1][0]) < NEAR or abs(stroke.points[0][1] - stroke.points[1][1]) < NEAR)]

    def colour(x, y):
        """The median colour of the 0.8 mm square about (x, y) mm: a hatch line through it is not its colour."""
        row, column, half = round(y / 25.4 * dpi), round(x / 25.4 * dpi), round(0.4 / 25.4 * dpi)
        return np.median(pixels[row - half:row + half + 1, column - half:column + half + 1].reshape(-1, 3), axis=0)

    blank = 0
    for outline, folds in die_lines(page):
        panels, shell = piece_panels(outline, folds), len(folds) == 8
        x0, y0, x1, y1 = panels[0]
        body = colour(*((x1 + panels[4][2]) / 2, (y0 + y1) / 2) if shell else ((x0 + x1) / 2, (y0 + y1) / 2))
        assert (255 - body).max() > 60, body                    # a colour these checks tell from white
        white = np.array([255.0, 255.0, 255.0])
        channel = int(np.argmax(white - body))

        def faded(values):
            """How far each colour is from the line between the colour and white."""
            share = np.clip((values[..., channel] - body[channel]) / (255 - body[channel]), 0, 1)[..., None]
            return np.abs(values - (body + share * (white - body))).max(axis=-1)

        # Samples: past the cuts and corners, and onto the tabs.
        near = bleed * 0.75                # past a cut, the sample square (0.8 mm) wholly inside the bleed
        gap = bleed / 2                    # nearer where a tab's cut-back runs close
        if shell:
            top, bottom, left, right = (y0 - panels[1][1], panels[2][3] - y1, x0 - panels[3][0], panels[4][2] - x1)
            middle_x, middle_y = (x0 + x1) / 2, (y0 + y1) / 2
            coloured = [(middle_x, y0 - top - near), (middle_x, y1 + bottom + near),
                        (x0 - left - near, middle_y), (x1 + right + near, middle_y),
                        (x1 + right / 2, y0 - gap), (x1 + right / 2, y1 + gap),      # between a side wall
                        (x0 - left / 2, y0 - gap), (x0 - left / 2, y1 + gap),        # and a tab's cut-back
                        (x1 + right + near, y0 - near), (x1 + right + near, y1 + near),
                        (x0 - left - near, y0 - near), (x0 - left - near, y1 + near),
                        (x0 + near, y0 - top - near), (x1 - near, y0 - top - near),
                        (x0 + near, y1 + bottom + near), (x1 - near, y1 + bottom + near)]
            beyond = [(middle_x, y0 - top - bleed - 1.5), (middle_x, y1 + bottom + bleed + 1.5),
                      (x0 - left - bleed - 1.5, middle_y), (x1 + right + bleed + 1.5, middle_y)]
        else:
            coloured = [(x, y) for x in (x0 + near, (x0 + x1) / 2, x1 - near) for y in (y0 - near, y1 + near)]
            beyond = [((x0 + x1) / 2, y0 - bleed - 1.5), ((x0 + x1) / 2, y1 + bleed + 1.5)]
        tabs = glue_tabs(outline, panels)
        for hinge_a, _, _, hinge_b in tabs:
            mx, my = (hinge_a[0] + hinge_b[0]) / 2, (hinge_a[1] + hinge_b[1]) / 2
            outward = 1 if not any(r[0] - NEAR <= mx + 0.5 <= r[2] + NEAR and r[1] - NEAR <= my <= r[3] + NEAR
                                   for r in panels) else -1
            if abs(hinge_a[0] - hinge_b[0]) < NEAR:                  # an upright hinge: the tab beside it
                coloured.append((mx + outward * wrap / 2, my))
            else:
                outward = 1 if not any(r[0] - NEAR <= mx <= r[2] + NEAR and r[1] - NEAR <= my + 0.5 <= r[3] + NEAR
                                       for r in panels) else -1
                coloured.append((mx, my + outward * wrap / 2))
        for x, y in coloured:
            assert abs(colour(x, y) - body).max() <= 30, (name, (x, y), colour(x, y), body)
        for x, y in beyond:
            assert (colour(x, y) >= 245).all(), (name, (x, y), colour(x, y))

        # Outside the cut: the colour fading to white, nothing else. (The piece's part of the page.)
        first = [math.floor((min(v for v in values) - bleed - 2) / 25.4 * dpi) for values in
                 ([y for _, y in outline], [x for x, _ in outline])]
        last = [math.ceil((max(v for v in values) + bleed + 2) / 25.4 * dpi) for values in
                ([y for _, y in outline], [x for x, _ in outline])]
        part = pixels[first[0]:last[0], first[1]:last[1]]
        rows, columns = np.indices(part.shape[:2])
        py, px = (rows + first[0] + 0.5) * 25.4 / dpi, (columns + first[1] + 0.5) * 25.4 / dpi
        outside = ~_inside_polygon(list(outline), px, py) & (_distance_to_outline(outline, px, py) >= edge)
        assert outside.sum() > 1000
        assert faded(part[outside]).max() <= 25, (name, "something printed outside the cut")

        # The blank panels: the colour all over, the divider's ticks on the tray's rims aside. What
        # is printed: a shell's floor (the lid's top, the tray's underside) and the lid's front.
        lid = shell and abs((x1 - x0) - lid_width) < NEAR
        for rx0, ry0, rx1, ry1 in ([panels[1], panels[3], panels[4]] if lid else panels[1:]) if shell else panels:
            area = (px > rx0 + edge) & (px < rx1 - edge) & (py > ry0 + edge) & (py < ry1 - edge)
            for mark in marks:
                if all(rx0 - NEAR <= x <= rx1 + NEAR and ry0 - NEAR <= y <= ry1 + NEAR for x, y in mark):
                    (mx0, mx1), (my0, my1) = (sorted(values) for values in zip(*mark))
                    area &= ~((px > mx0 - edge) & (px < mx1 + edge) & (py > my0 - edge) & (py < my1 + edge))
            assert area.sum() > 100
            blank += 1
            assert np.abs(part[area] - body).max() <= 25, (name, (rx0, ry0, rx1, ry1), "a blank panel is marked")

        # The tabs: hatched all over past the wrap (a 1.2 mm square always meets a line 1.6 mm apart
        # slanting at 45 degrees), the colour's wrap and the label aside.
        hatched = (255 - part).max(axis=-1) > 40                      # not the white card
        side = round(1.2 / 25.4 * dpi)
        for tab in tabs:
            inner = _inside_polygon(list(tab), px, py) & (_distance_to_outline(tab, px, py) >= wrap + edge)
            assert inner.sum() > 200, tab
            whole = _window_sums(inner, side) == side * side           # squares wholly on the tab
            assert whole.any(), tab
            assert (_window_sums(hatched, side)[whole] > 0).all(), (name, tab, "a glue tab not hatched all over")
            # ... on bare card: no colour past the wrap from its hinge, where the glue goes (the walls'
            # bleed ran over the tabs beside them)
            bare = (_inside_polygon(list(tab), px, py) & (_distance_to_outline(tab, px, py) >= edge)
                    & (_distance_to_outline([tab[0], tab[-1]], px, py) >= wrap + edge))
            assert (np.abs(part[bare] - body).max(axis=-1) <= 12).sum() == 0, (name, tab, "colour on a glue tab")
    return blank


def _window_sums(mask, side: int):
    """The count of true pixels in every side x side square of the mask (by its running sums)."""
    sums = np.pad(mask.astype(int).cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    return sums[side:, side:] - sums[:-side, side:] - sums[side:, :-side] + sums[:-side, :-side]


def test_the_colour_runs_past_every_cut_and_the_glue_tabs_are_hatched(home_box):
    out, _ = home_box
    # Blank: the tray's four walls (its floor says what it holds), the lid's back and sides (its
    # top and front carry the set's name).
    assert assert_grounds_and_glue_marks(out / "box-A.pdf") == 7


class BoxSheet:
    """The first sheet of a home box as the tests read it: the page, its height in mm, the tray's
    and the lid's panels (the lid is the wider), and pdfium's text page and its text."""

    def __init__(self, path: Path):
        import pypdfium2

        self.page = read_pdf(path).pages[0]
        self.height = float(self.page.mediabox.height) / MM
        self.tray, self.lid = sorted((shell_panels(*piece) for piece in die_lines(self.page) if len(piece[1]) == 8),
                                     key=lambda p: p["width"])
        self.document = pypdfium2.PdfDocument(str(path))
        self.text_page = self.document[0].get_textpage()
        self.text = self.text_page.get_text_range()

    def runs(self, text: str) -> list[list[tuple]]:
        """The character boxes (mm) of every run of `text` on the sheet."""
        found, start = [], self.text.find(text)
        while start >= 0:
            found.append(_char_boxes(self.text_page, start, len(text), self.height))
            start = self.text.find(text, start + 1)
        return found

    def close(self) -> None:
        self.document.close()


def front_wall(shell: dict) -> tuple:
    """A shell's wall below its floor on the flat piece: the lid's front once folded."""
    x0, _, x1, y1 = shell["floor"]
    return x0, y1, x1, y1 + shell["walls"][1]


def _box(chars) -> tuple:
    return min(c[0] for c in chars), min(c[1] for c in chars), max(c[2] for c in chars), max(c[3] for c in chars)


def test_the_lid_names_the_set_on_its_top_and_front_and_the_tray_what_it_holds_underneath(home_box):
    """Folded printed side out, the lid's top is its floor on the flat piece and its front the wall
    below it: the set's title stands on both, reading left to right, and the top says what the
    box holds. The tray's floor is the box's underside: the title, what it holds and the inside."""
    out, _ = home_box
    sheet = BoxSheet(out / "box-A.pdf")

    def places(text):
        """The box of each run of `text`, checking that it reads left to right."""
        runs = sheet.runs(text)
        assert all(a[0] < b[0] for chars in runs for a, b in zip(chars, chars[1:])), text
        return [_box(chars) for chars in runs]

    def within(box, panel):
        return panel[0] <= box[0] and box[2] <= panel[2] and panel[1] <= box[1] and box[3] <= panel[3]

    tray, lid = sheet.tray, sheet.lid
    title, holds, inside = "Open Domino · set A", "32 tiles · stacks: 2 × 16", "inside 45 × 45 × 17 mm"
    titles = places(title)
    assert len(titles) == 4                                     # and the sheet's heading
    assert sum(within(box, lid["floor"]) for box in titles) == 1
    assert sum(within(box, front_wall(lid)) for box in titles) == 1
    assert sum(within(box, tray["floor"]) for box in titles) == 1
    assert [within(box, lid["floor"]) for box in places(holds)].count(True) == 1
    assert [within(box, tray["floor"]) for box in places(holds)].count(True) == 1
    assert any(within(box, tray["floor"]) for box in places(inside))
    sheet.close()


def test_each_glue_tab_is_labelled_along_its_long_side_inside_it(home_box):
    """One "glue" (templates/sheet_texts.toml) on each tab, wholly on it, in the middle of its box,
    reading along its long side (upwards on a tab taller than wide, as a spine does)."""
    out, _ = home_box
    sheet = BoxSheet(out / "box-A.pdf")
    # Not the instructions' "glue" above the pieces, nor the legend's below.
    labels = [chars for chars in sheet.runs("glue")
              if SHEET["margin"] + SHEET["header"] < _box(chars)[1] < sheet.height - SHEET["margin"] - SHEET["footer"]]
    sheet.close()
    tabs = [tab for outline, folds in die_lines(sheet.page) for tab in glue_tabs(outline, piece_panels(outline, folds))]
    assert len(tabs) == 8 and len(labels) == 8, (len(tabs), len(labels))
    for tab in tabs:
        xs, ys = [x for x, _ in tab], [y for _, y in tab]
        on_it = [chars for chars in labels
                 if all(_inside_polygon(list(tab), np.array([x]), np.array([y]))[0]
                        for a, b, c, d in chars for x, y in ((a, b), (c, b), (a, d), (c, d)))]
        assert len(on_it) == 1, tab
        box = _box(on_it[0])
        assert (box[0] + box[2]) / 2 == pytest.approx((min(xs) + max(xs)) / 2, abs=0.3)
        assert (box[1] + box[3]) / 2 == pytest.approx((min(ys) + max(ys)) / 2, abs=0.3)
        tall = max(ys) - min(ys) > max(xs) - min(xs)
        middles = [((a + c) / 2, (b + d) / 2) for a, b, c, d in on_it[0]]
        steps = [(q[0] - p[0], q[1] - p[1]) for p, q in zip(middles, middles[1:])]
        if tall:
            assert all(dy < 0 and abs(dx) < abs(dy) for dx, dy in steps), steps    # upwards (a g hangs lower)
        else:
            assert all(dx > 0 and abs(dy) < abs(dx) for dx, dy in steps), steps


def assert_lines_on(sheet: BoxSheet, panel: tuple, texts: list[str], count: int) -> list[tuple]:
    """`count` of the `texts` stand on the panel, each centred across it and at least TEXT_MARGIN
    (2.5 mm, the room the box keeps between its words and a fold) inside its sides, one under
    another without touching; returns their boxes, top to bottom."""
    from generator.art.box_art import TEXT_MARGIN

    found = [_box(chars) for text in texts for chars in sheet.runs(text)]
    boxes = sorted((box for box in found if panel[0] - 5 <= box[0] and box[2] <= panel[2] + 5
                    and panel[1] <= box[1] and box[3] <= panel[3]), key=lambda box: box[1])
    assert len(boxes) == count, boxes
    for box in boxes:
        assert (box[0] + box[2]) / 2 == pytest.approx((panel[0] + panel[2]) / 2, abs=0.3), (box, panel)
        assert panel[0] + TEXT_MARGIN - NEAR <= box[0] and box[2] <= panel[2] - TEXT_MARGIN + NEAR, (box, panel)
        assert panel[1] + TEXT_MARGIN - 0.6 <= box[1] and box[3] <= panel[3] - TEXT_MARGIN + 0.6, (box, panel)
    assert all(a[3] < b[1] for a, b in zip(boxes, boxes[1:])), boxes
    return boxes


def test_the_printed_words_stand_centred_and_clear_of_the_folds(home_box):
    """The lines on the lid's top, its front and the tray's underside stand as assert_lines_on
    says; the front label is centred up and down on its wall, and the underside's lines are a
    block centred on the floor (by the type's height, within half a millimetre). On the lid's top
    the tiles stand between the title and what it holds, centred across it and up and down."""
    from generator.art.box_art import TEXT_MARGIN

    out, _ = home_box
    sheet = BoxSheet(out / "box-A.pdf")
    title, holds, inside = "Open Domino · set A", "32 tiles · stacks: 2 × 16", "inside 45 × 45 × 17 mm"
    top, floor, front = sheet.lid["floor"], sheet.tray["floor"], front_wall(sheet.lid)
    title_box, holds_box = assert_lines_on(sheet, top, [title, holds], 2)
    (label,) = assert_lines_on(sheet, front, [title], 1)
    block = assert_lines_on(sheet, floor, [title, holds, inside], 3)
    pixels = np.asarray(sheet.document[0].render(scale=150 / 72).to_pil().convert("L"), dtype=int)
    sheet.close()
    assert (label[1] + label[3]) / 2 == pytest.approx((front[1] + front[3]) / 2, abs=0.3)
    assert block[0][1] - floor[1] == pytest.approx(floor[3] - block[-1][3], abs=0.6)
    # The lid's tiles: dark ink (their pips) between the title and the line below, centred across.
    dots = 150 / 25.4
    first, last = round(title_box[3] * dots) + 1, round(holds_box[1] * dots) - 1
    band = pixels[first:last, round((top[0] + TEXT_MARGIN) * dots):round((top[2] - TEXT_MARGIN) * dots)]
    inked = np.nonzero((band < 100).any(axis=0))[0]
    assert inked.size
    left, right = top[0] + TEXT_MARGIN + inked[0] / dots, top[0] + TEXT_MARGIN + (inked[-1] + 1) / dots
    assert (left + right) / 2 == pytest.approx((top[0] + top[2]) / 2, abs=1.5)
    # Up and down, the tiles' faces (paler than the box) stand in the middle of that room.
    ground = np.median(pixels[round((top[1] + 1) * dots), round(top[0] * dots):round(top[2] * dots)])
    faces = np.nonzero((band > ground + 20).sum(axis=1) > 5)[0]
    assert faces.size
    above, below = (first + faces[0]) / dots - title_box[3], holds_box[1] - (first + faces[-1] + 1) / dots
    assert above > 0.5 and below > 0.5
    assert above == pytest.approx(below, abs=1.0)


def test_on_a_narrow_box_the_words_shrink_to_stay_clear_of_the_folds(tmp_path):
    """double-3's ten tiles lie in one stack: a floor 23.4 mm across between its folds, too narrow
    for the lines at their usual size. They still stand as assert_lines_on says."""
    result = run_cli("box", "--sets", "double-3", "--tile-thickness", "1", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "inside 23 × 45 × 12 mm" in result.stdout
    sheet = BoxSheet(tmp_path / "box-double-3.pdf")
    texts = ["Dominoes · double-3", "10 tiles", "inside 23 × 45 × 12 mm"]
    assert_lines_on(sheet, sheet.tray["floor"], texts, 3)
    assert_lines_on(sheet, sheet.lid["floor"], texts, 2)
    sheet.close()


def test_a_box_with_short_walls_narrows_its_glue_tabs_to_stay_apart(tmp_path):
    """Tiles 12 x 18 mm, 4 stacks of thin ones: the tray's side walls are 19 mm inside, too short
    for two 10 mm glue tabs and a millimetre between; the box still holds the set, as high as the
    least height of boxes.toml (12 mm: a lower wall is too short for its tabs)."""
    result = run_cli("box", "--sets", "A", "--tile-size", "12x18", "--tile-thickness", "0.5", "--stacks", "4",
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    height = max(8 * 0.5 + 1, tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["fit"]["min_inside_height"])
    assert f"inside 49 × 19 × {height:g} mm" in result.stdout
    pieces = die_lines(read_pdf(tmp_path / "box-A.pdf").pages[0])
    assert len(pieces) == 2
    tray, lid = sorted(pieces, key=lambda piece: shell_panels(*piece)["width"])
    assert_holds(shell_panels(*tray), 4 * 12 + 1, 18 + 1, height)
    assert shell_panels(*tray)["length"] < 2 * CARD["glue_tab"] + 1
    for outline, folds in pieces:
        assert_die_line_shape(outline, folds, shell_panels(outline, folds)["length"])


@pytest.fixture(scope="module")
def shop_boxes(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shop-box")
    result = run_cli("box", "--sets", "triominoes", "--target", "shop", "--tile-thickness", "1",
                     "--box-clearance", "1", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "shop-box-triominoes.pdf"


def test_the_shop_box_passes_preflight_with_its_die_line(shop_boxes):
    result = run_cli("preflight", str(shop_boxes))
    assert result.returncode == 0, result.stdout
    assert "FAIL" not in result.stdout
    assert re.search(r"PASS  spot colours: only the die line, CutContour, Crease: .* stroked 18 times, always "
                     r"with overprint on \(OP, OPM 1\)", result.stdout), result.stdout


def test_each_shop_piece_has_its_page_centred_round_its_trim_with_crop_marks(shop_boxes):
    """One page a piece, the TrimBox in its middle (as much room on every side), and a crop mark
    at each end of each trim line, outside the bleed (the shop tests' crop-mark check)."""
    from crop_marks import check_crop_marks

    for index, page in enumerate(read_pdf(shop_boxes).pages):
        media, trim = [float(v) for v in page.mediabox], [float(v) for v in page.trimbox]
        room = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        assert max(room) - min(room) < 0.01, room
        check_crop_marks(shop_boxes, index, [trim[0], trim[2]], [trim[1], trim[3]])


def _tint_transform(function, tint: float) -> list[float]:
    """A Separation's tint transform evaluated at `tint`: a PostScript calculator function (type 4)
    of the few operators such a function uses, or an exponential one (type 2)."""
    if function["/FunctionType"] == 2:
        c0, c1, n = function.get("/C0", [0.0]), function.get("/C1", [1.0]), float(function["/N"])
        return [float(a) + tint ** n * (float(b) - float(a)) for a, b in zip(c0, c1)]
    assert function["/FunctionType"] == 4, function
    stack = [tint]
    for token in function.get_data().decode().strip("{} \n").split():
        if token == "exch":
            stack[-2:] = stack[-1:-3:-1]
        elif token == "dup":
            stack.append(stack[-1])
        elif token == "pop":
            stack.pop()
        elif token == "mul":
            stack[-2:] = [stack[-2] * stack[-1]]
        elif token == "add":
            stack[-2:] = [stack[-2] + stack[-1]]
        else:
            stack.append(float(token))
    return stack


def test_the_shop_die_line_is_a_separate_overprinting_cutcontour_and_crease(shop_boxes):
    """The cuts in the spot colour CutContour, the folds in Crease: a cutting table gives each its
    tool by the spot colour, and reads no dash (folds on CutContour would be cut through)."""
    reader = read_pdf(shop_boxes)
    assert len(reader.pages) == 2
    for page in reader.pages:
        forms = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
        die_forms = [form for form in forms if "/ColorSpace" in form["/Resources"]]
        assert len(die_forms) == 1
        spaces = {str(s[1]): s for s in (space.get_object() for space in
                                         die_forms[0]["/Resources"]["/ColorSpace"].values())}
        assert {name: (str(s[0]), str(s[2])) for name, s in spaces.items()} == {
            "/CutContour": ("/Separation", "/DeviceCMYK"), "/Crease": ("/Separation", "/DeviceCMYK")}
        # Where the plates are not separated (a proof, a viewer), the die line shows in its alternates:
        # the cuts 100 % magenta at full tint, as cutting software and shops expect, the folds cyan.
        assert _tint_transform(spaces["/CutContour"][3].get_object(), 1.0) == [0.0, 1.0, 0.0, 0.0]
        assert _tint_transform(spaces["/CutContour"][3].get_object(), 0.5) == [0.0, 0.5, 0.0, 0.0]
        assert _tint_transform(spaces["/Crease"][3].get_object(), 1.0) == [1.0, 0.0, 0.0, 0.0]
        states = [state.get_object() for state in die_forms[0]["/Resources"]["/ExtGState"].values()]
        assert {"/OP": True} in [dict(s) for s in states] and {"/OPM": 1} in [dict(s) for s in states]
        strokes = stroked_paths(page)
        die = [path for path in strokes if path.colour and path.colour[0] == "spot"]
        assert die and all(path.overprint for path in die)
        cuts = [path for path in die if path.closed and not path.dashed]
        folds = [path for path in die if path.dashed and not path.closed]
        assert len(cuts) + len(folds) == len(die) and cuts and folds
        assert {path.colour[1] for path in cuts} == {"CutContour"} and {path.colour[1] for path in folds} == {"Crease"}
        assert {round(path.width / MM, 3) for path in die} == {0.25}       # print conventions: 0.25 mm
        assert not [path for path in strokes if path.colour and path.colour[0] == "spot" and not path.overprint]
        # A form shows nothing outside its /BBox: the die line, half its width included, lies inside it.
        x0, y0, x1, y1 = (float(v) for v in die_forms[0]["/BBox"])
        in_form = form_strokes(die_forms[0], reader)
        assert in_form
        for path in in_form:
            half = path.width / 2
            assert all(x0 <= x - half and x + half <= x1 and y0 <= y - half and y + half <= y1 for x, y in path.points)


def test_the_shop_box_holds_the_triominoes_and_its_art_reaches_the_bleed(shop_boxes):
    reader = read_pdf(shop_boxes)
    tray_page, lid_page = reader.pages
    (outline, folds), = die_lines(tray_page)
    # 56 triangles of side 44 in 2 stacks of 28, pointing up and down in turn: 1.5 sides across,
    # a triangle's height along, 28 mm high; 1 mm more each way.
    assert_holds(shell_panels(outline, folds), 1.5 * 44 + 1, 44 * math.sqrt(3) / 2 + 1, 28 + 1)
    for page in (tray_page, lid_page):
        (outline, folds), = die_lines(page)
        assert_die_line_shape(outline, folds, shell_panels(outline, folds)["length"])
        height = float(page.mediabox.height) / MM
        trim = [float(v) / MM for v in page["/TrimBox"]]
        bleed = [float(v) / MM for v in page["/BleedBox"]]
        xs, ys = [x for x, _ in outline], [height - y for _, y in outline]
        assert trim == pytest.approx([min(xs), min(ys), max(xs), max(ys)], abs=0.01)   # the die line's box
        assert bleed == pytest.approx([trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3], abs=0.01)
        fills = [rect for rect in page_shapes(page).rects if rect[4] is None]      # CMYK fills: the art's ground
        reach = [min(r[0] for r in fills), min(r[1] for r in fills), max(r[2] for r in fills), max(r[3] for r in fills)]
        assert [v / MM for v in reach] == pytest.approx(bleed, abs=0.01)          # the art runs to the bleed


def test_the_shop_boxs_glue_tabs_carry_no_ink_past_the_wrap(shop_boxes):
    """Folded, a tab's printed face is glued inside a wall, and glue holds on bare card: a shop keeps
    glue areas free of ink. The walls' bleed ran over the tabs beside them (3 mm of colour on each
    tab at its hinge, with the 1.5 mm wrap). Rendered: every tab is white past the wrap."""
    import pypdfium2

    dpi = 150
    document = pypdfium2.PdfDocument(str(shop_boxes))
    checked = 0
    for number, page in enumerate(read_pdf(shop_boxes).pages):
        pixels = np.asarray(document[number].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=float)
        rows, columns = np.indices(pixels.shape[:2])
        py, px = (rows + 0.5) * 25.4 / dpi, (columns + 0.5) * 25.4 / dpi
        (outline, folds), = die_lines(page)
        for tab in glue_tabs(outline, piece_panels(outline, folds)):
            bare = (_inside_polygon(list(tab), px, py) & (_distance_to_outline(tab, px, py) >= 0.45)
                    & (_distance_to_outline([tab[0], tab[-1]], px, py) >= CARD["wrap"] + 0.45))    # past the hinge's wrap
            assert bare.sum() > 200 and (pixels[bare] >= 250).all(), (number, tab, "ink on a glue tab")
            checked += 1
    document.close()
    assert checked == 8                 # four on the tray, four on the lid


@pytest.fixture(scope="module")
def printed_hub(tmp_path_factory) -> float:
    """The Mexican Train hub's diameter, measured on its cut line in tokens-mexican-train.pdf."""
    out = tmp_path_factory.mktemp("tokens")
    build_tokens(BuildOptions(out=out), BuildReport())
    page = read_pdf(out / "tokens-mexican-train.pdf").pages[0]
    return max(2 * r for *_, r in circles([path for path in stroked_paths(page) if path.dashed],
                                          float(page.mediabox.height)))


def test_the_mexican_train_box_holds_the_printed_hub(tmp_path, printed_hub):
    hub = printed_hub
    boxes(BuildOptions(out=tmp_path, paper="a3"), BoxOptions(("mexican-train",), tile_thickness=1, clearance=1))
    pieces = die_lines(read_pdf(tmp_path / "box-mexican-train.pdf").pages[0])
    tray = min((shell_panels(*piece) for piece in pieces), key=lambda p: p["width"])
    # The hub lies flat with its 8 markers in its square's corners or on it: two pieces high, in a
    # box no lower than the 12 mm its glue tabs need.
    assert_holds(tray, hub + 1, hub + 1, max(2 + 1, 12))


def test_a_box_too_large_for_a4_takes_two_sheets_and_names_the_paper_that_holds_it(tmp_path):
    # double-18: 190 tiles in 9 stacks, a tray about 250 mm across: the tray on one A4, the lid on another.
    result = run_cli("box", "--sets", "double-18", "--out", str(tmp_path / "a4"))
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ("note: box-double-18.pdf: the box's pieces take 2 sheets of A4; A3 holds them "
                                     "on one sheet (--paper a3)")
    pages = read_pdf(tmp_path / "a4" / "box-double-18.pdf").pages
    assert [len(die_lines(page)) for page in pages] == [1, 1]
    inside = re.search(r"inside [0-9.]+ × [0-9.]+ × [0-9.]+ mm", result.stdout).group()
    assert_home_sheets_laid_out(tmp_path / "a4" / "box-double-18.pdf",
                                [f"{inside} · tray · sheet 1 of 2", f"{inside} · lid · sheet 2 of 2"])
    # And A3 does.
    (tmp_path / "a3").mkdir()
    assert not boxes(BuildOptions(out=tmp_path / "a3", paper="a3"), BoxOptions(("double-18",))).notes
    pages = read_pdf(tmp_path / "a3" / "box-double-18.pdf").pages
    assert [len(die_lines(page)) for page in pages] == [2]
    assert_home_sheets_laid_out(tmp_path / "a3" / "box-double-18.pdf", [inside])


def test_a_box_on_a_small_paper_names_the_smallest_paper_that_holds_it(tmp_path):
    """Set A's tray and lid on 120 x 170 mm paper take two sheets; the note names US Letter,
    the smallest of the kit's papers (215.9 x 279.4 mm against A4's 210 x 297)."""
    result = run_cli("box", "--sets", "A", "--paper", "120x170", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ("note: box-A.pdf: the box's pieces take 2 sheets of 120x170 mm; US Letter holds them "
                             "on one sheet (--paper letter)\n")
    inside = re.search(r"inside [0-9.]+ × [0-9.]+ × [0-9.]+ mm", result.stdout).group()
    assert_home_sheets_laid_out(tmp_path / "box-A.pdf", [f"{inside} · tray · sheet 1 of 2",
                                                         f"{inside} · lid · sheet 2 of 2"])


def test_a_box_no_paper_holds_on_one_sheet_says_so(tmp_path):
    """double-18 in 2 stacks: tray and lid each fit A3 alone, and no paper of the kit's holds both."""
    result = run_cli("box", "--sets", "double-18", "--stacks", "2", "--paper", "a3", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ("note: box-double-18.pdf: the box's pieces take 2 sheets of A3; no paper up to A3 holds "
                             "them on one sheet\n")


def test_the_pieces_go_on_each_sheet_in_order_as_many_as_fit(tmp_path):
    """A box of A and double-3 together on 160 x 220 mm paper: the tray and the lid fit the first
    sheet, the divider does not fit beside them and takes the second."""
    boxes(BuildOptions(out=tmp_path, paper="160x220"), BoxOptions(("A", "double-3"), together=True, tile_thickness=1,
                                                                 clearance=1))
    inside = "inside 68.4 × 45 × 17 mm"
    assert_home_sheets_laid_out(tmp_path / "box-A-double-3.pdf", [f"{inside} · tray, lid · sheet 1 of 2",
                                                                  f"{inside} · divider · sheet 2 of 2"])


@pytest.mark.parametrize("stacks, advice", [
    ("2", "use --paper a3 or a larger paper"),
    ("1", "it is larger than every paper the kit knows (A3 at most): use --stacks 4")])
def test_a_piece_no_a4_holds_names_the_paper_that_does_or_says_none_does(tmp_path, stacks, advice):
    """double-18's tray flat, in 2 stacks, is larger than A4's room each way however it is turned
    (210 x 297 mm less the margins, the bands above and below) and fits A3's; in 1 stack it fits
    none of them."""
    result = run_cli("box", "--sets", "double-18", "--stacks", stacks, "--out", str(tmp_path))
    assert result.returncode == 2 and result.stdout == ""
    said = re.fullmatch(r"opendomino: error: the tray of the box for double-18 \(([0-9]+) × ([0-9]+) mm flat\) does "
                        r"not fit A4, even turned; (.*)\n", result.stderr)
    assert said and said.group(3) == advice
    flat = sorted(float(v) + 2 * SHEET["bleed"] for v in said.groups()[:2])

    def room(width, height):
        return sorted((width - 2 * SHEET["margin"], height - 2 * SHEET["margin"] - SHEET["header"] - SHEET["footer"]))

    def holds(paper):
        return all(need <= have + 0.5 for need, have in zip(flat, room(*paper)))

    assert not holds((210, 297)) and holds((297, 420)) == (stacks == "2")


def test_on_small_paper_no_words_of_the_sheet_run_into_each_other(tmp_path):
    """On 100 x 150 mm paper the line that says the box's inside and the sheet ("inside 45 × 45 ×
    17 mm · tray · sheet 1 of 2") was printed over the legend's words. No two printed characters
    on any sheet overlap (a quarter of the smaller glyph's box at most)."""
    result = run_cli("box", "--sets", "A", "--paper", "100x150", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "box-A.pdf"
    pages = read_pdf(pdf).pages
    assert len(pages) == 2
    for index, page in enumerate(pages):
        characters = character_boxes(pdf, index, float(page.mediabox.height) / MM)
        assert any(char == "×" for char, _ in characters)               # the inside is said on it
        for at, (one, a) in enumerate(characters):
            for other, b in characters[at + 1:]:
                across, down = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
                assert across <= 0 or down <= 0 or across * down <= smaller / 4, (index + 1, one, other, a, b)


@pytest.mark.parametrize("sets, stacks", [("double-18", "1"), ("double-12", "18")])
def test_a_box_no_paper_holds_is_told_the_stacks_that_fit_and_they_do(tmp_path, sets, stacks):
    """In one stack double-18's tray is too tall for any paper; in 18 stacks double-12's is too wide
    (it said "more --stacks", which made it wider still). The advice is a number of stacks, and a
    box made with it fits A4."""
    result = run_cli("box", "--sets", sets, "--stacks", stacks, "--out", str(tmp_path / "refused"))
    assert result.returncode == 2
    advice = re.search(r"larger than every paper the kit knows \(A3 at most\): use --stacks (\d+)\n$", result.stderr)
    assert advice, result.stderr
    made = run_cli("box", "--sets", sets, "--stacks", advice[1], "--out", str(tmp_path / "made"))
    assert made.returncode == 0 and f"in {advice[1]} stacks" in made.stdout, made.stderr
    assert (int(advice[1]) > int(stacks)) == (stacks == "1")


def test_together_gives_one_box_with_a_compartment_per_set(tmp_path):
    boxes(BuildOptions(out=tmp_path), BoxOptions(("A", "double-3"), together=True, tile_thickness=1, clearance=1))
    assert_home_sheets_laid_out(tmp_path / "box-A-double-3.pdf", ["inside 68.4 × 45 × 17 mm"])
    pieces = die_lines(read_pdf(tmp_path / "box-A-double-3.pdf").pages[0])
    shells = [shell_panels(*piece) for piece in pieces if len(piece[1]) == 8]
    dividers = [piece for piece in pieces if len(piece[1]) == 2]
    assert len(shells) == 2 and len(dividers) == 1
    tray = min(shells, key=lambda p: p["width"])
    # A's 2 stacks of 22 mm and double-3's one (10 tiles), 1 mm each, and a card between them.
    assert_holds(tray, (44 + 1) + CARD["thickness"] + (22 + 1), 44 + 1, 16 + 1, divided=True)
    for outline, folds in pieces:
        assert_die_line_shape(outline, folds, shell_panels(outline, folds)["length"] if len(folds) == 8 else None)
    (outline, folds), = dividers
    (a, b), (c, d) = folds
    card = CARD["thickness"]
    # Between its folds as long as the inside and a card more: its tabs, glued flat inside the front
    # and back walls, fold about their middles, half a card from each wall.
    assert abs(a[0] - c[0]) == pytest.approx(45 + card, abs=0.05)
    assert abs(a[1] - b[1]) == pytest.approx(17, abs=0.05)        # and as high as the inside
    # Where to glue the divider: a short solid line down from each long wall's rim, at the divider's
    # middle. Folded, A's compartment (45 mm) starts at the tray's glue tab lining the left wall (the
    # wall's inner face is half a card in from the floor's fold, the tab a card more), and the
    # divider's middle is half a card past it.
    ticks = rim_ticks(read_pdf(tmp_path / "box-A-double-3.pdf").pages[0], tray)
    assert len(ticks) == 2, ticks                                   # one on each long wall
    assert ticks == pytest.approx([card / 2 + card + 45 + card / 2] * 2, abs=0.02)


def rim_ticks(page, tray: dict) -> list[float]:
    """Where the short upright lines stand on the tray's piece (its rims' divider marks), as
    distances from the left fold of its floor, in order; each runs from a long wall's rim (its cut
    edge, where the divider's top will be) down that wall, and no further than its middle."""
    height = float(page.mediabox.height)
    ticks = [[_mm(p, height) for p in path.points] for path in stroked_paths(page)
             if not path.closed and not path.dashed and len(path.points) == 2]
    ticks = [(p, q) for p, q in ticks if abs(p[0] - q[0]) < NEAR and 1 < abs(p[1] - q[1]) < 10
             and tray["piece"][0] < p[0] < tray["piece"][2] and tray["piece"][1] - NEAR <= p[1] <= tray["piece"][3] + NEAR]
    x0, y0, x1, y1 = tray["floor"]
    top_rim, bottom_rim = y0 - tray["walls"][0], y1 + tray["walls"][1]
    for p, q in ticks:
        (a, b) = sorted((p[1], q[1]))
        on_top = a == pytest.approx(top_rim, abs=NEAR) and b <= (top_rim + y0) / 2
        on_bottom = b == pytest.approx(bottom_rim, abs=NEAR) and a >= (bottom_rim + y1) / 2
        assert on_top or on_bottom, (p, q, top_rim, bottom_rim)
    return sorted(p[0] - x0 for p, _ in ticks)


def test_three_sets_together_have_two_dividers_each_marked_where_it_stands(tmp_path):
    """A (2 stacks, 45 mm), double-3 (1 stack, 23 mm) and double-6 (28 tiles: 2 stacks, 45 mm):
    two dividers, each glued at its middle, a card past the compartments before it; every piece
    printed and hatched as a die-cut piece should be."""
    boxes(BuildOptions(out=tmp_path), BoxOptions(("A", "double-3", "double-6"), together=True, tile_thickness=1,
                                                  clearance=1))
    path = tmp_path / "box-A-double-3-double-6.pdf"
    card = CARD["thickness"]
    pieces = [piece for page in read_pdf(path).pages for piece in die_lines(page)]
    shells = [shell_panels(*piece) for piece in pieces if len(piece[1]) == 8]
    assert len(shells) == 2 and len([piece for piece in pieces if len(piece[1]) == 2]) == 2
    tray = min(shells, key=lambda p: p["width"])
    assert_holds(tray, 45 + card + 23 + card + 45, 44 + 1, 16 + 1, divided=True)
    for outline, folds in pieces:
        assert_die_line_shape(outline, folds, shell_panels(outline, folds)["length"] if len(folds) == 8 else None)
    tray_page = next(page for page in read_pdf(path).pages
                     if any(len(folds) == 8 and shell_panels(outline, folds) == tray for outline, folds in die_lines(page)))
    first, second = (card / 2 + card + 45 + card / 2, card / 2 + card + 45 + card + 23 + card / 2)   # past the tab lining
    assert rim_ticks(tray_page, tray) == pytest.approx([first, first, second, second], abs=0.02)
    assert assert_grounds_and_glue_marks(path) == 4 + 3 + 2          # the tray's walls, the lid's, the dividers
    # The lid shows one tile of each set, side by side between its title and the inside's size:
    # three pale faces on the box's colour.
    sheet = BoxSheet(path)
    top = sheet.lid["floor"]
    title_box, inside_box = assert_lines_on(sheet, top, ["Sets A, double-3, double-6", "inside 113.8 × 45 × 17 mm"], 2)
    pixels = np.asarray(sheet.document[0].render(scale=150 / 72).to_pil().convert("L"), dtype=int)
    sheet.close()
    dots = 150 / 25.4
    band = pixels[round(title_box[3] * dots) + 1:round(inside_box[1] * dots) - 1,
                  round(top[0] * dots) + 2:round(top[2] * dots) - 2]
    ground = np.median(band[:3])
    pale = (band > ground + 20).sum(axis=0) > 5                     # columns crossing a tile's face
    starts = np.count_nonzero(pale[1:] & ~pale[:-1]) + int(pale[0])
    assert starts == 3, starts


def test_a_box_for_sets_and_the_mexican_train_names_each_on_its_lid_and_underside(tmp_path):
    """A, double-3 and the Mexican Train's pieces in one box (on A3: the hub's compartment makes it
    large). The lid's top and front name all three (templates/sheet_texts.toml's "Sets …", the
    train by its short name); the underside gives each compartment's contents after its name:
    A's 32 tiles in 2 stacks of 16, double-3's 10 in one, the hub and its 8 markers (the hub has
    a slot for each of 8 trains), then the inside."""
    import pypdfium2

    result = run_cli("box", "--sets", "A,double-3,mexican-train", "--together", "--paper", "a3", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    document = pypdfium2.PdfDocument(str(tmp_path / "box-A-double-3-mexican-train.pdf"))
    pages = [[line.strip() for line in document[index].get_textpage().get_text_range().splitlines()]
             for index in range(len(document))]
    document.close()
    title = "Sets A, double-3, Mexican Train"
    inside = re.search(r"inside (\S+) × (\S+) × 17 mm$", result.stdout.strip()).group(0)
    assert result.stdout.strip().splitlines()[-1] == (
        "box-A-double-3-mexican-train.pdf: set A: 32 tiles in 2 stacks of 16; set double-3: 10 tiles in one stack; "
        f"the Mexican Train's hub and 8 markers; {inside}")
    underside = [title, "Open Domino · set A: 32 tiles · stacks: 2 × 16", "Dominoes · double-3: 10 tiles",
                 "Mexican Train · hub and markers: the hub and 8 markers", inside]
    # Each sheet's footer says which pieces it holds ("… · tray · sheet 1 of 2").
    tray_page, lid_page = (next(lines for lines in pages if any(marker in line for line in lines))
                           for marker in (" · tray · sheet", " · lid"))
    start = tray_page.index(title)
    assert tray_page[start:start + len(underside)] == underside, tray_page
    assert lid_page.count(title) == 2, lid_page                     # its top and its front
    assert f"{title} · a box to fold" in lid_page                   # the sheet's heading


def test_on_a4_the_same_box_names_its_sets_and_the_paper_that_holds_it(tmp_path):
    result = run_cli("box", "--sets", "A,double-3,mexican-train", "--together", "--out", str(tmp_path))
    assert result.returncode == 2
    line = result.stderr.strip()
    assert line.startswith("opendomino: error: the tray of the box for A, double-3, mexican-train (") and \
        line.endswith(" mm flat) does not fit A4, even turned; use --paper a3 or a larger paper"), line


def test_the_shop_makes_a_file_for_each_set(tmp_path):
    result = run_cli("box", "--sets", "A,B", "--target", "shop", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in tmp_path.glob("*.pdf")) == ["shop-box-A.pdf", "shop-box-B.pdf"]
    assert [line.split(":")[0] for line in result.stdout.splitlines() if ": set " in line] == \
        ["shop-box-A.pdf", "shop-box-B.pdf"]


@pytest.mark.parametrize("args, folder", [(("--machine", "laser"), "laser"), (("--format", "stl"), "stl"),
                                          (("--format", "3mf"), "3mf")])
def test_the_box_refuses_a_symlinked_folder_inside_the_output(tmp_path, args, folder):
    """As every command that writes below --out: the folder a laser or 3D box goes into may not be a
    link out of it (nothing is written through it)."""
    pytest.importorskip("manifold3d")
    out, elsewhere = tmp_path / "kit", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / folder).symlink_to(elsewhere, target_is_directory=True)
    result = run_cli("box", "--sets", "A", *args, "--out", str(out))
    assert result.returncode == 2 and "symbolic link" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert list(elsewhere.iterdir()) == []


def test_the_same_box_twice_is_the_same_file(home_box, tmp_path):
    """Made again, through the library this time, the box is the same to the byte."""
    out, _ = home_box
    boxes(BuildOptions(out=tmp_path, sets=("A",)), BoxOptions(("A",), tile_thickness=1, clearance=1))
    assert (tmp_path / "box-A.pdf").read_bytes() == (out / "box-A.pdf").read_bytes()


def test_a_kerf_as_wide_as_the_material_is_refused_in_one_line(tmp_path):
    """A kerf as wide as the material would cut its fingers away: 1 mm of it on 1 mm stock is refused
    as surely as more."""
    result = run_cli("box", "--sets", "A", "--machine", "laser", "--material", "1", "--kerf", "1", "--out", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == ("opendomino: error: --kerf: 1 mm is not less than the 1 mm --material; a laser's "
                                     "kerf is 0.05-0.5 mm"), result.stderr


@pytest.mark.parametrize("args, said", [
    (("--sets", "A", "--tile-thickness", "0"), "--tile-thickness: 0 mm is outside 0.1-30 mm"),
    (("--sets", "A,Z"), "--sets: unknown set 'Z'; choose from A,B,C,"),
    (("--sets", "Z"), "double-18,chinese,picture,triominoes,mexican-train"),      # the list names all a box takes
    (("--sets", "double-18", "--stacks", "1"), "larger than every paper the kit knows"),
    (("--sets", "A", "--stacks", "40"), "--stacks: 40 stacks for the 32 tiles of A"),
    (("--sets", "A", "--machine", "laser", "--material", "0"), "--material: 0 mm is outside 1-12 mm"),
    (("--sets", "A", "--machine", "laser", "--material", "1", "--kerf", "1.5"),
     "--kerf: 1.5 mm is not less than the 1 mm --material"),
    (("--sets", "A", "--machine", "laser", "--material", "6", "--kerf", "2"),    # the panels stand 2 mm apart
     "--kerf 2 mm: the pieces stand 2 mm apart on the sheet, and outlines grown by half the kerf would meet"),
    (("--sets", "A", "--machine", "laser", "--sheet", "100x100"),
     "--sheet: 100x100 mm less 5 mm margins does not hold the tray's floor (117 x 51 mm)"),
    (("--sets", "double-12", "--format", "3mf"), "--plate: a 220x220 mm plate less 5 mm margins does not hold the "
                                                 "tray of the box for double-12 (291 x 49 mm); use --stacks 9"),
    (("--sets", "A", "--machine", "silhouette"), "--machine: a box is cut by laser only"),
    (("--sets", "A", "--machine", "plotter"), "--machine: unknown machine 'plotter'; a box is cut by laser only: "
                                              "use --machine laser"),      # no list of the tile cutters
    (("--sets", "A", "--kerf", "0.1"), "--kerf: only for a laser-cut box; add --machine laser"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path, args, said):
    result = run_cli("box", *args, "--out", str(tmp_path))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: ") and said in lines[0], result.stderr
    assert not [path for path in tmp_path.rglob("*") if path.is_file()]


GHOSTSCRIPT = shutil.which("gs")


def plates(path: Path, folder: Path) -> dict:
    """Ghostscript as a print shop's RIP: page 1 split into its plates (tiffsep), by colorant name."""
    if GHOSTSCRIPT is None:
        pytest.skip("Ghostscript is not installed (.ci/run installs it)")
    from PIL import Image

    folder.mkdir()
    subprocess.run([GHOSTSCRIPT, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", "-r50",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={folder / 'p.tif'}", str(path)], check=True)
    return {plate.name[2:-5]: Image.open(plate).convert("L") for plate in folder.glob("p(*).tif")}


def test_a_rip_puts_the_die_line_on_its_own_plate_over_the_art(shop_boxes, tmp_path):
    """The die line is on the CutContour and Crease plates alone, and overprints: the process plates
    are the same as those of the file without its die line, none of the art knocked out under it."""
    from PIL import ImageChops

    def without_die_line(form):
        form.set_data(b"q Q")

    split = plates(shop_boxes, tmp_path / "file")
    bare = plates(_edited(shop_boxes, tmp_path / "bare.pdf", without_die_line), tmp_path / "bare")
    knocked = plates(_edited(shop_boxes, tmp_path / "knocked.pdf", _no_overprint), tmp_path / "knocked")
    process = ("Cyan", "Magenta", "Yellow", "Black")
    assert set(split) == {*process, "CutContour", "Crease"} and set(bare) == set(process)
    assert split["CutContour"].getextrema()[0] < 128 and split["Crease"].getextrema()[0] < 128   # the die line
    assert all(ImageChops.difference(split[p], bare[p]).getbbox() is None for p in process)
    # The check can fail: without overprint the die line knocks the art out of the process plates.
    assert any(ImageChops.difference(knocked[p], bare[p]).getbbox() for p in process)


# --- preflight: only the CutContour die line, only stroked, overprinting ----------------------

def _edited(source: Path, target: Path, edit) -> Path:
    writer = PdfWriter(clone_from=str(source))
    for page in writer.pages:
        for form in page["/Resources"]["/XObject"].values():
            form = form.get_object()
            if "/ColorSpace" in form["/Resources"]:
                edit(form)
    with open(target, "wb") as handle:
        writer.write(handle)
    return target


def _renamed(form) -> None:
    for space in form["/Resources"]["/ColorSpace"].values():
        space.get_object()[1] = NameObject("/Gold")


def _no_overprint(form) -> None:
    for state in form["/Resources"]["/ExtGState"].values():
        if "/OP" in state.get_object():
            state.get_object()[NameObject("/OP")] = BooleanObject(False)


def _filled_too(form) -> None:
    form.set_data(form.get_data().replace(b"\nS\n", b"\nB\n"))


def _as_fill(form) -> None:
    form.set_data(form.get_data().replace(b"/CutContour CS 1 SCN", b"/CutContour cs 1 scn").replace(b"\nS\n", b"\nf\n"))


@pytest.mark.parametrize("edit, said", [
    (_renamed, "spot colour Gold: the kit's print-shop files carry no spot colour but the die line's CutContour, "
               "Crease"),
    (_no_overprint, "the CutContour die line is stroked without overprint"),
    (_filled_too, "the CutContour die line's path is filled too"),
    (_as_fill, "the CutContour die line is used to fill"),
])
def test_preflight_fails_any_other_spot_colour_or_use(shop_boxes, tmp_path, edit, said):
    spot = next(c for c in preflight(_edited(shop_boxes, tmp_path / "edited.pdf", edit)) if c.name == "spot colours")
    assert not spot.passed and said in spot.detail, spot.detail


def test_preflight_fails_layers_which_pdfx_1a_does_not_allow(shop_boxes, tmp_path):
    """The die line is a form of its own, not a layer: optional content came with PDF 1.5 and
    PDF/X-4, and a PDF/X-1a file with it fails."""
    assert "/OCProperties" not in read_pdf(shop_boxes).trailer["/Root"]
    writer = PdfWriter(clone_from=str(shop_boxes))
    layer = writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/OCG"),
                                                 NameObject("/Name"): TextStringObject("die line")}))
    writer._root_object[NameObject("/OCProperties")] = DictionaryObject({
        NameObject("/OCGs"): ArrayObject([layer]),
        NameObject("/D"): DictionaryObject({NameObject("/ON"): ArrayObject([layer])})})
    path = tmp_path / "layered.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    pdfx = next(c for c in preflight(path) if c.name == "PDF/X identification")
    assert not pdfx.passed and "optional content (layers), which PDF/X-1a does not allow" in pdfx.detail


def test_a_whole_number_in_the_box_numbers_is_a_number(tmp_path, monkeypatch):
    """templates/boxes.toml is edited by hand: "gap = 8" is as good as "gap = 8.0"."""
    from generator.model import box_size

    text = (ROOT / "templates" / "boxes.toml").read_text()
    assert "gap = 8.0" in text
    (tmp_path / "boxes.toml").write_text(text.replace("gap = 8.0", "gap = 8", 1))
    monkeypatch.setattr(box_size, "template_path", lambda name: tmp_path / name)
    box_size.box_numbers.cache_clear()
    try:
        assert box_size.box_numbers().sheet.gap == 8.0
    finally:
        box_size.box_numbers.cache_clear()


@pytest.mark.parametrize("change, said", [
    (("thickness = 0.4", "thickness = -0.4"), "templates/boxes.toml: [card] thickness = -0.4 must be a positive number"),
    (("lid_fit = 0.5", "lid_fit = 0"), "templates/boxes.toml: [card] lid_fit = 0.0 must be a positive number"),
    (("glue_tab = 10.0", "glue_tab = \"wide\""),
     "templates/boxes.toml: Expected `float`, got `str` - at `$.card.glue_tab`; see the comments in the file"),
])
def test_the_box_numbers_are_checked_when_read(tmp_path, monkeypatch, change, said):
    from generator.errors import UserError
    from generator.model import box_size

    text = (ROOT / "templates" / "boxes.toml").read_text()
    assert change[0] in text
    (tmp_path / "boxes.toml").write_text(text.replace(change[0], change[1], 1))
    monkeypatch.setattr(box_size, "template_path", lambda name: tmp_path / name)
    box_size.box_numbers.cache_clear()
    try:
        with pytest.raises(UserError) as caught:
            box_size.box_numbers()
        assert str(caught.value) == said            # the whole line
    finally:
        box_size.box_numbers.cache_clear()


# --- the laser's box: finger-jointed panels, kerf-compensated, nested, the lid engraved -------

LASER = tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["laser"]
CONTENTS = tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["contents"]
KERF = 0.2


def laser_box_sizes(t: float) -> dict:
    """Set A's laser box worked out from the set's facts (32 tiles of 22 x 44 mm, cut from the box's
    material, so `t` mm thick) and templates/boxes.toml's numbers: the panels' sizes over their tabs."""
    per_stack = math.floor(CONTENTS["stack_height_per_width"] * 22 / t)
    stacks = math.ceil(32 / per_stack)
    inside = (stacks * 22 + 1, 44 + 1, max(per_stack * t + 1, 12))
    x, y, z = inside[0] + 2 * t, inside[1] + 2 * t, inside[2] + t
    fit = LASER["lid_fit"]
    lx, ly = x + 2 * fit + 2 * t, y + 2 * fit + 2 * t
    lz = min(max(LASER["lid_depth"] * z, LASER["lid_min_depth"]), z) + t
    return {"inside": inside, "tray": (x, y, z), "lid": (lx, ly, lz),
            "panels": sorted([(x, y), (x, z), (x, z), (y, z), (y, z),
                              (lx, ly), (lx, lz), (lx, lz), (ly, lz), (ly, lz)])}


def _key(size) -> tuple:
    return tuple(round(v, 2) for v in sorted(size, reverse=True))


@pytest.fixture(scope="module")
def laser_box(tmp_path_factory):
    from laser_inspect import dxf_polygons, panels_of

    out = tmp_path_factory.mktemp("laser-box")
    result = run_cli("box", "--sets", "A", "--machine", "laser", "--material", "3", "--kerf", str(KERF),
                     "--sheet", "300x200", "--out", str(out))
    assert result.returncode == 0, result.stderr
    dxfs = sorted((out / "laser").glob("box-A-*.dxf"))
    return out, result, dxfs, [panel for path in dxfs for panel in panels_of(dxf_polygons(path, "CUT"))]


def test_the_laser_box_says_its_inside_and_its_sheets(laser_box):
    out, result, dxfs, _ = laser_box
    inside = laser_box_sizes(3.0)["inside"]
    assert (f"box-A-1.svg: set A: 32 tiles in 5 stacks of up to 7; inside {inside[0]:g} × {inside[1]:g} × "
            f"{inside[2]:g} mm") in result.stdout
    assert "kerf 0.2 mm applied" in result.stdout
    # Closed, the box is the lid's outside across and the tray's outside height and the lid's top high.
    sizes = laser_box_sizes(3.0)
    (lx, ly, _), (_, _, z) = sizes["lid"], sizes["tray"]
    assert (f"\n  box-A: 1 sheet of 300 x 200 mm, 3 mm thick; the box closed {lx:.0f} x {ly:.0f} x {z + 3:.0f} mm\n"
            in result.stdout), result.stdout
    assert [path.name for path in dxfs] == ["box-A-1.dxf"]
    assert (out / "laser" / "box-A-1.svg").is_file()
    purposes = {entry["file"]: entry["purpose"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    assert sorted(purposes) == ["laser/box-A-1.dxf", "laser/box-A-1.svg"]
    assert all(purpose.startswith("laser box: ") for purpose in purposes.values())


def test_every_laser_panel_is_one_closed_outline_grown_by_half_the_kerf(laser_box):
    """Ten panels (the tray's floor and four walls, the lid's top and four walls), each one closed
    outline of right angles; over their tabs each is the size the test works out from the set, plus
    the kerf: every edge moved out by half of it."""
    from laser_inspect import bounds, is_rectilinear, moved_in

    *_, panels = laser_box
    expected = laser_box_sizes(3.0)["panels"]
    assert sorted(_key(panel.size) for panel in panels) == sorted(_key((w + KERF, h + KERF)) for w, h in expected)
    for panel in panels:
        assert is_rectilinear(panel.outline) and not panel.holes
        x0, y0, x1, y1 = bounds(moved_in(panel.outline, KERF / 2))           # what the laser leaves
        assert _key((x1 - x0, y1 - y0)) in {_key(size) for size in expected}


def _by_size(panels, t: float) -> dict:
    """The panels as the laser leaves them, by their size (the test's own sizes)."""
    from laser_inspect import moved_in, sides

    found = {}
    for panel in panels:
        outline = moved_in(panel.outline, KERF / 2)
        found.setdefault(_key(panel.size), []).append(sides(outline, t))
    return found


def test_the_laser_panels_fingers_mate(laser_box):
    """For every pair of joined edges, each tab of one fills a slot of the other (their number,
    lengths and places, read from the outlines); an odd number of fingers on every edge, so both
    ends belong to one panel and the corners close; fingers about two material thicknesses wide."""
    from laser_inspect import mate

    *_, panels = laser_box
    t, sizes = 3.0, laser_box_sizes(3.0)
    found = _by_size(panels, t)

    def jointed(size, length):
        return [side for panel in found[_key((size[0] + KERF, size[1] + KERF))] for side in panel
                if side.jointed and abs(side.length - length) < 0.01]

    checked = 0
    for x, y, z in (sizes["tray"], sizes["lid"]):
        floor, front, side = (x, y), (x, z), (y, z)
        joints = [(floor, front, x), (floor, side, y), (front, side, z)]
        for a, b, length in joints:
            # Floor sides against the wall's (the floor has two of each); the walls' uprights one to one.
            left, right = jointed(a, length), jointed(b, length)
            assert left and right
            for one in left:
                assert all(mate(one, other) for other in right), (a, b, one, right)
                assert not mate(one, one)                   # the check tells: a side never fills itself
                checked += 1
        for one in jointed(floor, x) + jointed(floor, y):
            fingers = len(one.tabs) + len(one.slots)
            assert fingers % 2 == 1 and len(one.slots) == len(one.tabs) + 1       # the walls keep the ends
            widths = [b - a for a, b in one.tabs + one.slots]
            # "about two material thicknesses wide" (the guide): an odd count keeps a finger between
            # two-thirds and twice that, and never narrower than the material
            near = LASER["finger"] * t
            assert max(widths) - min(widths) < 0.01 and max(t, 2 / 3 * near) - 0.01 <= widths[0] <= 2 * near
    assert checked == 2 * (2 + 2 + 4)          # per shell: the floor's four sides, the uprights of two walls


@pytest.mark.parametrize("sets, material", [("A", "3.2"), ("triominoes", "4")])
def test_every_corner_of_a_thick_laser_box_is_finger_jointed(tmp_path, sets, material):
    """The lid's walls are shallow (12 mm inside): in "3 mm" plywood that is 3.2 mm, or in 4 mm, the
    edge was one "finger", a plain butt joint held by glue on end grain. Read from the DXF: every
    edge where two panels meet (a floor's four, a wall's bottom and two uprights) has an odd number
    of three fingers or more, none narrower than the material. (The reading stops a thickness short
    of each end, so an upright's finger at the open rim is read shorter than it is.)"""
    from laser_inspect import dxf_polygons, moved_in, panels_of, sides

    t = float(material)
    result = run_cli("box", "--sets", sets, "--machine", "laser", "--material", material, "--kerf", str(KERF),
                     "--sheet", "600x400", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    panels = [panel for path in sorted((tmp_path / "laser").glob("*.dxf"))
              for panel in panels_of(dxf_polygons(path, "CUT"))]
    assert len(panels) == 10                    # the tray's floor and four walls, the lid's too
    jointed = [side for panel in panels for side in sides(moved_in(panel.outline, KERF / 2), t) if side.jointed]
    assert len(jointed) == 2 * (4 + 4 * 3)
    for side in jointed:
        fingers = len(side.tabs) + len(side.slots)
        assert fingers >= 3 and fingers % 2 == 1, (side.length, fingers)
        widths = [b - a for a, b in side.tabs + side.slots]
        assert sum(width >= t - 0.01 for width in widths) >= fingers - 1, (side.length, widths)


def test_the_lid_fits_over_the_tray_and_the_tray_holds_the_stacks(laser_box):
    """From the panels as the laser leaves them: the tray's floor and the lid's top are the two
    panels jointed on all four sides. Between the walls the floor holds 5 stacks of 22 x 44 mm
    tiles with 1 mm to spare, the walls stand 7 tiles of 3 mm and 1 mm above it, and the lid's top
    between its walls is the tray's outside and the fit on each side."""
    from laser_inspect import bounds, moved_in, sides

    *_, panels = laser_box
    t = 3.0
    cut = []
    for panel in panels:
        outline = moved_in(panel.outline, KERF / 2)
        x0, y0, x1, y1 = bounds(outline)
        cut.append((sorted((x1 - x0, y1 - y0), reverse=True), sides(outline, t)))
    floor, lid_top = sorted((size for size, found in cut if all(side.jointed for side in found)), key=lambda s: s[0])
    assert [side - 2 * t for side in floor] == pytest.approx([5 * 22 + 1, 44 + 1], abs=0.01)
    assert [(a - 2 * t - b) / 2 for a, b in zip(lid_top, floor)] == pytest.approx([LASER["lid_fit"]] * 2, abs=0.01)
    walls = [size for size, found in cut if abs(size[0] - floor[0]) < 0.01 and size != floor]
    assert len(walls) == 2 and all(wall[1] - t == pytest.approx(7 * 3 + 1, abs=0.01) for wall in walls)


def test_the_lid_is_engraved_and_its_tiles_scored_everything_on_the_sheet(laser_box):
    from laser_inspect import bounds, dxf_polygons

    out, _, dxfs, panels = laser_box
    t = 3.0
    lid_top = max(panels, key=lambda panel: panel.size[0] * panel.size[1])
    x0, y0, x1, y1 = bounds(lid_top.outline)
    engraved = dxf_polygons(dxfs[0], "ENGRAVE")
    scored = dxf_polygons(dxfs[0], "SCORE")
    assert len(engraved) > 30                                    # the name's letters, the tiles' pips
    for polygon in engraved + scored:
        a, b, c, d = bounds(polygon)
        assert x0 + t <= a and c <= x1 - t and y0 + t <= b and d <= y1 - t
    assert len(scored) == 4                                       # four of set A's tiles, 1:2 like the tiles
    for polygon in scored:
        a, b, c, d = bounds(polygon)
        assert max(c - a, d - b) / min(c - a, d - b) == pytest.approx(2, abs=0.01)
    every = [point for path in dxfs for layer in ("CUT", "ENGRAVE", "SCORE") for polygon in dxf_polygons(path, layer)
             for point in polygon]
    assert all(5 - KERF <= x <= 295 + KERF and 5 - KERF <= y <= 195 + KERF for x, y in every)
    # The SVG says the same with one coloured group per operation: as many cut paths, closed.
    svg = ET.parse(out / "laser" / "box-A-1.svg").getroot()
    groups = {g.get("id"): g for g in svg.iter("{http://www.w3.org/2000/svg}g")}
    assert svg.get("viewBox") == "0 0 300 200" and set(groups) == {"engrave", "score", "cut"}
    assert groups["cut"].get("stroke") == "#FF0000" and groups["score"].get("stroke") == "#0000FF"
    cut_paths = [path.get("d") for path in groups["cut"]]
    assert len(cut_paths) == len(panels) and all(d.endswith("Z") for d in cut_paths)
    assert len(list(groups["score"])) == 4 and len(list(groups["engrave"])) >= 1


LASER_MACHINE = tomllib.loads((ROOT / "templates" / "machines" / "laser.toml").read_text())


def assert_inside_the_margins_and_apart(panels, sheet: tuple[float, float]) -> None:
    """As the laser cuts them (the kerf's half outside each panel): every panel inside the margin
    templates/machines/laser.toml keeps along the sheet's edges, and any two at least its gap
    apart, so that no cut crosses another piece."""
    from laser_inspect import bounds

    margin, gap = LASER_MACHINE["margin"], LASER_MACHINE["gap"]
    boxes_cut = [bounds(panel.outline) for panel in panels]
    for x0, y0, x1, y1 in boxes_cut:
        assert margin - 1e-6 <= x0 and x1 <= sheet[0] - margin + 1e-6, (x0, x1, sheet)
        assert margin - 1e-6 <= y0 and y1 <= sheet[1] - margin + 1e-6, (y0, y1, sheet)
    assert least_gap(boxes_cut) >= gap - 1e-6, boxes_cut


def test_the_laser_panels_lie_apart_inside_the_sheets_margins(laser_box):
    *_, panels = laser_box
    assert len(panels) == 10
    assert_inside_the_margins_and_apart(panels, (300, 200))


def test_a_sheet_too_small_names_every_panel_and_the_least_sheet_that_holds_them(tmp_path):
    """Each panel by its name and its size with the kerf (worked out from the set), and the least
    sheet: the largest panel, the lid's top, and the margins on both sides."""
    sizes = laser_box_sizes(3.0)
    (x, y, z), (lx, ly, lz) = sizes["tray"], sizes["lid"]

    def said(piece, w, h):
        return f"{piece} ({round(w + KERF, 1):g} x {round(h + KERF, 1):g} mm)"

    pieces = [said("the tray's floor", x, y), said("the tray's front and back", x, z), said("the tray's sides", y, z),
              said("the lid's top", lx, ly), said("the lid's front and back", lx, lz), said("the lid's sides", ly, lz)]
    margin = LASER_MACHINE["margin"]
    least = f"{math.ceil(lx + KERF + 2 * margin)}x{math.ceil(ly + KERF + 2 * margin)}"
    result = run_cli("box", "--sets", "A", "--machine", "laser", "--material", "3", "--kerf", str(KERF),
                     "--sheet", "60x60", "--out", str(tmp_path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"opendomino: error: --sheet: 60x60 mm less {margin:g} mm margins does not hold "
                             f"{' nor '.join(pieces)}; give at least --sheet {least}\n")
    together = run_cli("box", "--sets", "A,double-3", "--together", "--machine", "laser", "--sheet", "60x60",
                       "--out", str(tmp_path))
    assert together.returncode == 2 and " nor a divider (" in together.stderr


def test_the_panels_fill_sheets_just_large_enough_turned_to_stand_on_a_portrait_sheet(tmp_path):
    """On a portrait sheet exactly as large as the lid's top and the margins, every panel stands
    turned (its long side down the sheet) and the panels take several sheets: all ten panels, each
    the size it should be and still one outline of right angles, inside the margins, apart, and
    each tab still filling its slot."""
    from laser_inspect import dxf_polygons, is_rectilinear, mate, panels_of

    sizes = laser_box_sizes(3.0)
    (lx, ly, _), margin = sizes["lid"], LASER_MACHINE["margin"]
    sheet = (round(ly + KERF + 2 * margin, 2), round(lx + KERF + 2 * margin, 2))
    result = run_cli("box", "--sets", "A", "--machine", "laser", "--material", "3", "--kerf", str(KERF),
                     "--sheet", f"{sheet[0]:g}x{sheet[1]:g}", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    dxfs = sorted((tmp_path / "laser").glob("box-A-*.dxf"))
    assert len(dxfs) > 2
    panels = []
    for path in dxfs:
        on_sheet = panels_of(dxf_polygons(path, "CUT"))
        assert_inside_the_margins_and_apart(on_sheet, sheet)
        assert all(panel.size[1] > panel.size[0] for panel in on_sheet)         # standing: taller than wide
        panels += on_sheet
    assert sorted(_key(panel.size) for panel in panels) == sorted(_key((w + KERF, h + KERF))
                                                                  for w, h in sizes["panels"])
    assert all(is_rectilinear(panel.outline) for panel in panels)
    found = _by_size(panels, 3.0)
    for shell in ("tray", "lid"):
        x, y, z = sizes[shell]
        for a, b, length in (((x, y), (x, z), x), ((x, y), (y, z), y), ((x, z), (y, z), z)):
            left = [side for panel in found[_key((a[0] + KERF, a[1] + KERF))] for side in panel
                    if side.jointed and abs(side.length - length) < 0.01]
            right = [side for panel in found[_key((b[0] + KERF, b[1] + KERF))] for side in panel
                     if side.jointed and abs(side.length - length) < 0.01]
            assert left and right and all(mate(one, other) for one in left for other in right)


def test_a_dark_faced_sets_laser_lid_engraves_its_pips_and_words_not_its_faces(laser_box, tmp_path):
    """The bare wood stands for the tiles' faces, as on the laser tiles: Chinese dominoes have dark
    faces (templates/themes/classic.toml), so their lid engraves what stands out from a dark face,
    the light pips and the words, as set A's lid engraves its dark pips and words, and never the
    faces whole. The two engravings cover about the same area (within a factor of 2; engraving the
    four pictured faces whole would be some seven times A's)."""
    from laser_inspect import dxf_polygons

    def engraved(path):
        return sum(abs(signed_area(ring)) for ring in dxf_polygons(path, "ENGRAVE"))

    _, _, dxfs, _ = laser_box
    result = run_cli("box", "--sets", "chinese", "--machine", "laser", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    theme = tomllib.loads((ROOT / "templates" / "themes" / "classic.toml").read_text(encoding="utf-8"))
    face = theme["chinese"]["face"]["hex"]
    assert sum(int(face[i:i + 2], 16) for i in (1, 3, 5)) < 3 * 64              # dark, as the docstring says
    a, chinese = engraved(dxfs[0]), engraved(tmp_path / "laser" / "box-chinese-1.dxf")
    assert 0.5 < chinese / a < 2, (chinese, a)


def test_the_lids_engraving_stands_in_the_middle_of_its_top(laser_box):
    """Across the lid's top the engraving (the name, the tiles, what the box holds) is centred to a
    twentieth of a millimetre; along it, where the lines of text make it uneven, to half a millimetre."""
    from laser_inspect import bounds, dxf_polygons

    _, _, dxfs, panels = laser_box
    lid_top = max(panels, key=lambda panel: panel.size[0] * panel.size[1])
    x0, y0, x1, y1 = bounds(lid_top.outline)
    art = [point for layer in ("ENGRAVE", "SCORE") for polygon in dxf_polygons(dxfs[0], layer) for point in polygon]
    a, b, c, d = bounds(art)
    assert (a + c) / 2 == pytest.approx((x0 + x1) / 2, abs=0.05)
    assert (b + d) / 2 == pytest.approx((y0 + y1) / 2, abs=0.5)


def test_rounded_tiles_are_scored_with_their_corners_scaled_on_the_lid(tmp_path):
    """With --corner-radius 4 the four tiles scored on the lid are 22 x 44 mm tiles drawn smaller:
    each a closed outline of four quarter circles (bulge tan 22.5°) whose radius is 4 mm scaled as
    the tile is, 4 x (its width / 22)."""
    import ezdxf

    result = run_cli("box", "--sets", "A", "--machine", "laser", "--material", "3", "--kerf", str(KERF),
                     "--corner-radius", "4", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    scored = [entity for entity in ezdxf.readfile(tmp_path / "laser" / "box-A-1.dxf").modelspace()
              if entity.dxf.layer == "SCORE"]
    assert len(scored) == 4
    for outline in scored:
        points = [(x, y, bulge) for x, y, _, _, bulge in outline.get_points("xyseb")]
        xs, ys = [x for x, _, _ in points], [y for _, y, _ in points]
        width, height = sorted((max(xs) - min(xs), max(ys) - min(ys)))
        radius = 4 * width / 22
        assert height == pytest.approx(2 * width, abs=0.01) and len(points) == 8 and outline.closed
        arcs = [(a, b) for a, b in zip(points, points[1:] + points[:1]) if abs(a[2]) > 1e-9]
        assert len(arcs) == 4 and all(abs(a[2]) == pytest.approx(math.tan(math.pi / 8), abs=1e-3) for a, _ in arcs)
        assert all(abs(a[0] - b[0]) == pytest.approx(radius, abs=0.01) and abs(a[1] - b[1]) == pytest.approx(radius, abs=0.01)
                   for a, b in arcs)


def _stretches(holes, panel_outline, across: float) -> tuple[float, list]:
    """Where a row of slots cut into a panel lies, as the laser leaves them: their distance across
    (from the panel's inner face, a thickness in) and their stretches along, from the panel's edge."""
    from laser_inspect import bounds, moved_in

    x0, y0, _, _ = bounds(panel_outline)
    boxes = [bounds(moved_in(hole, -KERF / 2)) for hole in holes]
    sideways = all(abs((c - a) - across) < 0.01 for a, b, c, d in boxes)       # slots narrow in x
    at = {round((a - x0 if sideways else b - y0) - across, 2) for a, b, c, d in boxes}
    along = sorted(((b - y0, d - y0) if sideways else (a - x0, c - x0)) for a, b, c, d in boxes)
    return at.pop() if len(at) == 1 else at, along


def test_a_laser_box_with_compartments_has_a_divider_slotted_into_the_floor_and_walls(tmp_path):
    """--together: set A's compartment (5 stacks of 22 mm and 1 mm) and double-3's (2 stacks) with
    a divider between them, its tabs through slots in the floor and in the front and back walls:
    each slot the divider's thickness wide and where a tab of it goes."""
    from laser_inspect import dxf_polygons, moved_in, panels_of, same_places, sides

    result = run_cli("box", "--sets", "A,double-3", "--together", "--machine", "laser", "--kerf", str(KERF),
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    (summary,) = [line for line in result.stdout.splitlines() if ": set A: " in line]
    assert (tmp_path / summary.split(":")[0]).is_file(), result.stdout          # the file it names
    # Inside: A's 5 stacks (111 mm), a 3 mm divider, double-3's 2 stacks (45 mm); A's 22 mm high.
    # Closed: the lid over the tray's walls and the fit; the tray's walls and floor, the lid's top.
    t, fit, z = 3, LASER["lid_fit"], laser_box_sizes(3.0)["tray"][2]
    width, length = 111 + t + 45 + 4 * t + 2 * fit, 45 + 4 * t + 2 * fit
    sheets = len(sorted((tmp_path / "laser").glob("box-A-double-3-*.dxf")))
    assert sheets == 2
    assert (f"\n  box-A-double-3: 2 sheets of 300 x 200 mm, 3 mm thick; the box closed {width:.0f} x {length:.0f} x "
            f"{z + t:.0f} mm\n") in result.stdout, result.stdout
    panels = [panel for path in sorted((tmp_path / "laser").glob("box-A-double-3-*.dxf"))
              for panel in panels_of(dxf_polygons(path, "CUT"))]
    t = 3.0
    inside_w = (5 * 22 + 1) + t + (2 * 22 + 1)
    floor = next(p for p in panels if _key(p.size) == _key((inside_w + 2 * t + KERF, 45 + 2 * t + KERF)))
    fronts = [p for p in panels if p.holes and p is not floor]
    assert len(floor.holes) >= 1 and len(fronts) == 2
    # The divider: as large as a side wall, but its bottom's tabs keep clear of its ends.
    sided = [(panel, sides(moved_in(panel.outline, KERF / 2), t)) for panel in panels
             if _key(panel.size) == _key((45 + 2 * t + KERF, 7 * t + 1 + t + KERF))]
    (divider, its_sides), = [(panel, found) for panel, found in sided
                             if any(side.tabs and side.tabs[0][0] > t + 0.01 and side.length > 50 for side in found)]
    bottom = next(side for side in its_sides if side.length > 50 and side.tabs)
    at, along = _stretches(floor.holes, moved_in(floor.outline, KERF / 2), t)
    assert at == pytest.approx(5 * 22 + 1, abs=0.01)            # the divider stands right of A's stacks
    assert same_places(along, bottom.tabs, bottom.length) and len(along) == len(floor.holes)
    ends = [side for side in its_sides if side.length < 50 and side.tabs]
    assert len(ends) == 2
    places = []
    for front in fronts:
        at, along = _stretches(front.holes, moved_in(front.outline, KERF / 2), t)
        places.append(at)
        assert all(same_places(along, end.tabs, end.length) for end in ends)
    # The front's slots right of A's stacks, the back's as seen from outside: right of double-3's.
    assert sorted(places) == pytest.approx([2 * 22 + 1, 5 * 22 + 1], abs=0.01)


# --- the 3D-printed box: closed solids, a cavity that holds the stacks, a lid that clears ------

PRINTED = tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["printed"]
PLATE = 220.0


def level_walls(mesh, axis: int, height: float) -> list[float]:
    """The places of the walls a horizontal cut at `height` meets, across `axis` (0: x, 1: y): the
    distinct positions of the cut's segments that run along the other axis (trimesh's own cut)."""
    import trimesh

    segments = trimesh.intersections.mesh_plane(mesh, [0, 0, 1], [0, 0, height])
    along = segments[np.abs(segments[:, 0, axis] - segments[:, 1, axis]) < 1e-6]
    return sorted({round(float(v), 3) for v in along[:, 0, axis]})


def floor_levels(mesh, x: float, y: float) -> list[float]:
    """The heights of the horizontal faces a vertical cut through (x, y) meets."""
    import trimesh

    segments = trimesh.intersections.mesh_plane(mesh, [1, 0, 0], [x, y, 0])
    flat = segments[np.abs(segments[:, 0, 2] - segments[:, 1, 2]) < 1e-6]
    return sorted({round(float(v), 3) for v in flat[:, 0, 2]})


def cavities(mesh, height: float) -> tuple[list, list]:
    """Across x and across y: (outer walls, [each cavity's (from, to)]) of a cut at `height`."""
    found = []
    for axis in (0, 1):
        walls = level_walls(mesh, axis, height)
        found.append((walls[0], walls[-1], list(zip(walls[1:-1:2], walls[2:-1:2]))))
    return found


@pytest.fixture(scope="module")
def printed_box(tmp_path_factory):
    trimesh = pytest.importorskip("trimesh")
    out = tmp_path_factory.mktemp("printed-box")
    result = run_cli("box", "--sets", "A", "--format", "3mf,stl", "--out", str(out))
    assert result.returncode == 0, result.stderr
    scene = trimesh.load(out / "3mf" / "box-A-plate-1.3mf")
    parts = {name.split()[0]: mesh for name, mesh in scene.geometry.items()}
    return out, result, parts


def test_the_printed_box_parts_are_closed_solids_on_the_plate(printed_box):
    """The 3MF holds the tray and the lid, each one closed mesh of positive volume, on the plate and
    standing on it; each STL is the same part, closed, in the same place."""
    import trimesh

    out, result, parts = printed_box
    assert sorted(parts) == ["lid", "tray"]
    purposes = {entry["file"]: entry["purpose"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    assert sorted(purposes) == ["3mf/box-A-plate-1-prusaslicer.3mf", "3mf/box-A-plate-1.3mf", "stl/box-A-lid.stl",
                                "stl/box-A-tray.stl"]
    assert all("box" in purpose for purpose in purposes.values())
    assert "3mf/box-A-plate-1.3mf: set A: 32 tiles in 5 stacks of up to 7; inside 111 × 45 × 43 mm" in result.stdout
    for name, mesh in parts.items():
        assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0
        (x0, y0, z0), (x1, y1, _) = mesh.bounds
        assert 0 <= x0 and x1 <= PLATE and 0 <= y0 and y1 <= PLATE and z0 == pytest.approx(0, abs=1e-6)
        alone = trimesh.load(out / "stl" / f"box-A-{name}.stl")
        assert alone.is_watertight and alone.volume == pytest.approx(mesh.volume, rel=1e-4)
        assert np.allclose(alone.bounds, mesh.bounds, atol=1e-3)
    assert_on_the_plate(list(parts.values()), (PLATE, PLATE))
    # A slicer lists each part by its mesh's name: "lid", not "lid lid" (object and part alike).
    with zipfile.ZipFile(out / "3mf" / "box-A-plate-1.3mf") as package:
        model = ET.fromstring(package.read("3D/3dmodel.model"))
    meshes = [item.get("name") for item in model.findall(".//{*}object") if item.find("{*}mesh") is not None]
    assert sorted(meshes) == ["lid", "tray"]


def test_the_printed_box_is_one_filament_in_the_themes_colour(printed_box):
    """Read back with nothing of the kit's (mesh_inspect): the plate's 3MF has the tray and the lid,
    one part each, printed with the first extruder in the theme's back colour (the box is the
    colour of the tiles' backs); the PrusaSlicer project gives both to the first extruder too."""
    from mesh_inspect import read_3mf, read_prusaslicer_3mf

    out, _, _ = printed_box
    theme = tomllib.loads((ROOT / "templates" / "themes" / "classic.toml").read_text(encoding="utf-8"))
    objects, materials = read_3mf(out / "3mf" / "box-A-plate-1.3mf")
    assert sorted(obj.name for obj in objects) == ["lid", "tray"] and len(materials) == 1
    for obj in objects:
        (part,) = obj.parts
        assert part.extruder == 1 and part.colour.lower() == theme["back"]["background"]["hex"].lower()
    prusa = read_prusaslicer_3mf(out / "3mf" / "box-A-plate-1-prusaslicer.3mf")
    assert sorted(obj.name for obj in prusa) == ["lid", "tray"]
    assert [part.extruder for obj in prusa for part in obj.parts] == [1, 1]


def test_the_printed_tray_holds_the_stacks_and_the_lid_clears_it_by_the_fit(printed_box):
    """Measured on the meshes: the cavity holds 5 stacks of 7 tiles of 22 x 44 x 6 mm (the 3D tile's
    thickness; stacks no taller than two tile widths) with 1 mm to spare each way, behind walls
    as thick as templates/boxes.toml says on every side; the lid's inside is the tray's outside and
    the fit, its walls as thick."""
    _, _, parts = printed_box
    tray, lid = parts["tray"], parts["lid"]
    top = tray.bounds[1][2]
    across = cavities(tray, top / 2)
    (x_out0, x_out1, (x_cavity,)), (y_out0, y_out1, (y_cavity,)) = across
    inside = sorted([x_cavity[1] - x_cavity[0], y_cavity[1] - y_cavity[0]])
    assert inside == pytest.approx(sorted([5 * 22 + 1, 44 + 1]), abs=0.01)
    walls = (x_cavity[0] - x_out0, x_out1 - x_cavity[1], y_cavity[0] - y_out0, y_out1 - y_cavity[1])
    assert walls == pytest.approx([PRINTED["wall"]] * 4, abs=0.01)          # every side
    floor = floor_levels(tray, sum(x_cavity) / 2, sum(y_cavity) / 2)
    assert floor == pytest.approx([0, PRINTED["wall"], top], abs=0.01)
    assert top - floor[1] >= 7 * 6 + 1 - 0.01
    outside = sorted([x_out1 - x_out0, y_out1 - y_out0])
    lid_top = lid.bounds[1][2]
    (lx0, lx1, (lx,)), (ly0, ly1, (ly,)) = cavities(lid, (PRINTED["wall"] + lid_top) / 2)
    lid_walls = (lx[0] - lx0, lx1 - lx[1], ly[0] - ly0, ly1 - ly[1])
    assert lid_walls == pytest.approx([PRINTED["wall"]] * 4, abs=0.01)
    lid_inside = sorted([lx[1] - lx[0], ly[1] - ly[0]])
    assert [(a - b) / 2 for a, b in zip(lid_inside, outside)] == pytest.approx([PRINTED["lid_fit"]] * 2, abs=0.005)
    assert lid_top - PRINTED["wall"] >= 10 - 0.01 and lid_top <= top


def test_a_box_for_raised_tiles_holds_their_stacks(tmp_path):
    """`export --relief raised` stands the features 1 mm (--relief-depth) on a 6 mm tile: 7 mm. The
    tray for them, measured on its mesh, holds its stacks of 7 mm tiles (a stack no taller than two
    tile widths: 6 of them), with 1 mm to spare."""
    trimesh = pytest.importorskip("trimesh")
    result = run_cli("box", "--sets", "A", "--format", "stl", "--relief", "raised", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    tray = trimesh.load(tmp_path / "stl" / "box-A-tray.stl")
    top = tray.bounds[1][2]
    (x_out0, x_out1, (x_cavity,)), (_, _, (y_cavity,)) = cavities(tray, top / 2)
    across = sorted([x_cavity[1] - x_cavity[0], y_cavity[1] - y_cavity[0]])
    stacks = round((across[1] - 1) / 22)
    assert across == pytest.approx([44 + 1, stacks * 22 + 1], abs=0.01)
    per_stack = -(-32 // stacks)                                   # the tallest stack of the 32 tiles
    floor = floor_levels(tray, sum(x_cavity) / 2, sum(y_cavity) / 2)
    assert top - floor[1] >= per_stack * (6 + 1) + 1 - 0.01
    assert per_stack * (6 + 1) <= 2 * 22
    refused = run_cli("box", "--sets", "A", "--relief", "raised", "--out", str(tmp_path / "home"))
    assert refused.returncode == 2
    assert refused.stderr.strip() == "opendomino: error: --relief: only for a 3D-printed box; add --format 3mf,stl"


def test_the_printed_lid_carries_the_name_cut_into_its_top(printed_box):
    """The lid is lighter than a plain one of its measures by the letters cut into the face that
    lies on the plate; a cut just above them meets its outer walls only."""
    _, _, parts = printed_box
    lid = parts["lid"]
    (x0, y0, _), (x1, y1, top) = lid.bounds
    (_, _, (lx,)), (_, _, (ly,)) = cavities(lid, (PRINTED["wall"] + top) / 2)
    plain = (x1 - x0) * (y1 - y0) * top - (lx[1] - lx[0]) * (ly[1] - ly[0]) * (top - PRINTED["wall"])
    assert 20 < plain - lid.volume < 0.2 * (x1 - x0) * (y1 - y0) * PRINTED["name_depth"]
    import trimesh

    letters = trimesh.intersections.mesh_plane(lid, [0, 0, 1], [0, 0, PRINTED["name_depth"] / 2])
    above = trimesh.intersections.mesh_plane(lid, [0, 0, 1], [0, 0, PRINTED["name_depth"] + 0.2])
    assert len(letters) > 100 and len(level_walls(lid, 0, PRINTED["name_depth"] + 0.2)) == 2
    assert len(above) < 20


def test_a_long_printed_lid_carries_its_name_along_its_length_in_the_middle(tmp_path):
    """double-3 in one stack: the lid's top is twice as long as wide. Cut into it, the name runs
    along the long side, in the middle of the top, inside its walls and a margin (a section
    through the letters, halfway into them, read from the written STL)."""
    trimesh = pytest.importorskip("trimesh")
    from generator.art.box_art import TEXT_MARGIN

    result = run_cli("box", "--sets", "double-3", "--stacks", "1", "--format", "stl", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    (summary,) = [line for line in result.stdout.splitlines() if ": set double-3: " in line]
    assert (tmp_path / summary.split(":")[0]).is_file(), result.stdout          # the file it names
    lid = trimesh.load(tmp_path / "stl" / "box-double-3-lid.stl")
    (x0, y0, _), (x1, y1, _) = lid.bounds
    points = trimesh.intersections.mesh_plane(lid, [0, 0, 1], [0, 0, PRINTED["name_depth"] / 2]).reshape(-1, 3)
    letters = points[(points[:, 0] > x0 + NEAR) & (points[:, 0] < x1 - NEAR) & (points[:, 1] > y0 + NEAR)
                     & (points[:, 1] < y1 - NEAR)]
    assert len(letters) > 100
    (lx0, ly0), (lx1, ly1) = letters[:, :2].min(axis=0), letters[:, :2].max(axis=0)
    long_x = x1 - x0 > y1 - y0
    assert max(x1 - x0, y1 - y0) > 1.5 * min(x1 - x0, y1 - y0)
    assert (lx1 - lx0 > 3 * (ly1 - ly0)) if long_x else (ly1 - ly0 > 3 * (lx1 - lx0))
    assert (lx0 + lx1) / 2 == pytest.approx((x0 + x1) / 2, abs=0.5)
    assert (ly0 + ly1) / 2 == pytest.approx((y0 + y1) / 2, abs=0.5)
    inset = PRINTED["wall"] + TEXT_MARGIN - NEAR
    assert x0 + inset <= lx0 and lx1 <= x1 - inset and y0 + inset <= ly0 and ly1 <= y1 - inset


def assert_name_reads_once_turned_over(lid) -> None:
    """The lid prints on its top, so its name is cut mirrored on the plate and reads when the lid
    is turned over. "Open Domino · set A" has one descender, the p near its start: seen from
    above the plate, going from the p's end of the name to its middle and then turning towards
    the side away from the p's tail must be a turn to the right (it is to the left for a name
    that reads on the plate as it lies). A turn is the same whichever way round the lid lies on
    the plate; only a mirror changes it. Read from a section of the mesh through the letters."""
    import trimesh

    (x0, y0, _), (x1, y1, _) = lid.bounds
    points = trimesh.intersections.mesh_plane(lid, [0, 0, 1], [0, 0, PRINTED["name_depth"] / 2]).reshape(-1, 3)
    letters = points[(points[:, 0] > x0 + NEAR) & (points[:, 0] < x1 - NEAR) & (points[:, 1] > y0 + NEAR)
                     & (points[:, 1] < y1 - NEAR)][:, :2]
    spread = letters.max(axis=0) - letters.min(axis=0)
    along, across = (0, 1) if spread[0] > spread[1] else (1, 0)
    middle = (letters.max(axis=0) + letters.min(axis=0)) / 2

    def reach(side):
        """The points within 0.2 mm of the letters' furthest line on one side across them."""
        far = letters[:, across].max() if side > 0 else letters[:, across].min()
        return letters[np.abs(letters[:, across] - far) < 0.2]

    # The capitals and the t reach out along the whole name on one side; only the p's tail on the other.
    ends = {side: reach(side) for side in (1, -1)}
    tail = min(ends, key=lambda side: np.ptp(ends[side][:, along]))
    assert np.ptp(ends[tail][:, along]) < 0.2 * spread[along] < np.ptp(ends[-tail][:, along])
    p = ends[tail].mean(axis=0)
    start = np.sign(p[along] - middle[along])                        # the p's end of the name
    reading = np.zeros(2)
    reading[along] = -start                                          # from there to the middle
    up = np.zeros(2)
    up[across] = -tail                                               # away from the p's tail
    turn = reading[0] * up[1] - reading[1] * up[0]
    assert turn < 0, "the name reads as it lies on the plate: it will be mirrored on the box"


def test_the_printed_lids_name_reads_once_the_lid_is_turned_over(printed_box):
    trimesh = pytest.importorskip("trimesh")
    out, _, _ = printed_box
    assert_name_reads_once_turned_over(trimesh.load(out / "stl" / "box-A-lid.stl"))


def assert_on_the_plate(parts, plate: tuple[float, float]) -> None:
    """Every part inside the plate's margins (the kit keeps 5 mm clear of a plate's edges) and
    standing on it, the parts at least the gap apart (5 mm, room for a brim) and together in the
    plate's middle; each a closed solid, not turned inside out (a mirrored placement would be)."""
    from generator.imposition.build_plates import GAP, MARGIN

    low = np.min([part.bounds[0] for part in parts], axis=0)
    high = np.max([part.bounds[1] for part in parts], axis=0)
    assert low[0] >= MARGIN - NEAR and low[1] >= MARGIN - NEAR and low[2] == pytest.approx(0, abs=NEAR)
    assert high[0] <= plate[0] - MARGIN + NEAR and high[1] <= plate[1] - MARGIN + NEAR
    assert (low[:2] + high[:2]) / 2 == pytest.approx([plate[0] / 2, plate[1] / 2], abs=0.05)
    assert least_gap([(*part.bounds[0][:2], *part.bounds[1][:2]) for part in parts]) >= GAP - NEAR
    for part in parts:
        assert part.is_watertight and part.volume > 0


@pytest.mark.parametrize("plate, turned", [((70, 220), True), ((260, 100), False)])
def test_the_printed_parts_lie_on_any_plate_whole_apart_and_centred(tmp_path, plate, turned):
    """A in 4 stacks: a tray 93 x 49 mm and a lid 97.6 x 53.6 mm. On a plate 70 mm wide both lie
    turned a quarter, one above the other; on one 100 mm deep, side by side. Either way they are on
    the plate as assert_on_the_plate says, turned and never mirrored (the lid's name still reads
    once it is turned over). The summary names a file that is there, and its numbers are the
    meshes'."""
    trimesh = pytest.importorskip("trimesh")

    result = run_cli("box", "--sets", "A", "--stacks", "4", "--format", "3mf,stl", "--plate", "x".join(map(str, plate)),
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    (summary,) = [line for line in result.stdout.splitlines() if ": set A: " in line]
    assert (tmp_path / summary.split(":")[0]).is_file(), result.stdout          # the file it names
    tray = trimesh.load(tmp_path / "stl" / "box-A-tray.stl")
    lid = trimesh.load(tmp_path / "stl" / "box-A-lid.stl")
    assert_on_the_plate([tray, lid], plate)
    for part in (tray, lid):
        width, length = part.bounds[1][:2] - part.bounds[0][:2]
        assert (length > width) == turned
    assert_name_reads_once_turned_over(lid)
    line = re.search(r"box-A: 1 plate; print the tray open side up and the lid on its top, no supports; walls "
                     r"(\S+) mm \((\S+) lines of a 0\.4 mm nozzle\), the lid (\S+) mm larger than the tray on "
                     r"every side; the box closed (\d+) x (\d+) x (\d+) mm$", result.stdout, re.MULTILINE)
    assert line, result.stdout
    wall, lines, fit, *closed = (float(value) for value in line.groups())
    assert (wall, lines, fit) == (PRINTED["wall"], PRINTED["wall"] / 0.4, PRINTED["lid_fit"])
    across = sorted(lid.bounds[1][:2] - lid.bounds[0][:2])          # the lid over the tray
    assert sorted(closed[:2]) == [round(v) for v in across]
    assert closed[2] == round(tray.bounds[1][2] + PRINTED["wall"])    # the tray and the lid's top


# Worked out from the sets (A: 32 tiles of 22 x 44 x 6 mm, 2 tile widths a stack at most: 5 stacks
# of 7; double-3: 10 tiles, 2 stacks of 5) and templates/boxes.toml [printed] (walls 2 mm, a divider
# 1.2 mm, the lid 0.3 mm larger each side): A in 4 stacks is a tray 93 x 49 mm and a lid 97.6 x 53.6,
# which a 93 mm square room holds only in 3 stacks; A and double-3 together are 111 + 1.2 + 45 mm
# inside, a tray 161 mm long; A in one stack is a lid 31.6 x 53.6 mm, which a 50 x 60 mm room holds
# and a 40 x 45 mm one does not.
@pytest.mark.parametrize("args, said", [
    (("--sets", "A", "--stacks", "4", "--plate", "103x103"),
     "--plate: a 103x103 mm plate less 5 mm margins does not hold the lid of the box for A (98 x 54 mm); "
     "use --stacks 3 (taller stacks, a narrower box) or a larger --plate"),
    (("--sets", "A,double-3", "--together", "--plate", "60x90"),
     "--plate: a 60x90 mm plate less 5 mm margins does not hold the tray of the box for A, double-3 (161 x 49 mm); "
     "use a larger --plate or a smaller --tile-size"),
    (("--sets", "A", "--plate", "60x70"),
     "--plate: a 60x70 mm plate less 5 mm margins does not hold the tray of the box for A (115 x 49 mm); "
     "use --stacks 1 (taller stacks, a narrower box) or a larger --plate"),
    (("--sets", "A", "--plate", "50x55"),
     "--plate: a 50x55 mm plate less 5 mm margins does not hold the tray of the box for A (115 x 49 mm); "
     "use a larger --plate or a smaller --tile-size"),
])
def test_a_printed_box_too_large_for_the_plate_says_what_would_fit_in_one_line(tmp_path, args, said):
    result = run_cli("box", *args, "--format", "stl", "--out", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == f"opendomino: error: {said}", result.stderr
    assert not [path for path in tmp_path.rglob("*") if path.is_file()]


def test_a_printed_box_with_compartments_has_walls_between_them(tmp_path):
    """--together: double-3 (10 tiles: 2 stacks of up to 7) and the triominoes (56 triangles of
    side 44 mm: 5 stacks of 12, each stack after the first half a side more), each in a cavity of
    its own, a wall as thick as templates/boxes.toml's divider between them."""
    trimesh = pytest.importorskip("trimesh")
    result = run_cli("box", "--sets", "double-3,triominoes", "--together", "--format", "3mf", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    (summary,) = [line for line in result.stdout.splitlines() if ": set double-3: " in line]
    assert (tmp_path / summary.split(":")[0]).is_file(), result.stdout          # the file it names
    assert sorted(path.name for path in (tmp_path / "3mf").iterdir()) == [
        "box-double-3-triominoes-plate-1-prusaslicer.3mf", "box-double-3-triominoes-plate-1.3mf"]
    scene = trimesh.load(tmp_path / "3mf" / "box-double-3-triominoes-plate-1.3mf")
    tray = next(mesh for name, mesh in scene.geometry.items() if name.startswith("tray"))
    assert tray.is_watertight
    top = tray.bounds[1][2]
    spans = cavities(tray, top / 2)
    axis = 0 if len(spans[0][2]) == 2 else 1
    first, second = spans[axis][2]
    assert second[0] - first[1] == pytest.approx(PRINTED["divider"], abs=0.01)
    widths = sorted([first[1] - first[0], second[1] - second[0]])
    assert widths == pytest.approx(sorted([2 * 22 + 1, 3 * 44 + 1]), abs=0.01)
    height = math.sqrt(3) / 2 * 44
    floor = floor_levels(tray, *(((first[0] + first[1]) / 2, sum(spans[1][2][0]) / 2) if axis == 0 else
                                 (sum(spans[0][2][0]) / 2, (first[0] + first[1]) / 2)))
    assert top - floor[1] >= 12 * 6 + 1 - 0.01 and math.floor(2 * height / 6) == 12


def test_the_mexican_train_pieces_get_a_laser_box_and_a_printed_box(tmp_path, printed_hub):
    """The hub lies flat in a square of its diameter and 1 mm: the laser box's floor between its
    walls, and the printed tray's cavity (the pieces are card whatever the box: 12 mm deep, the
    least a box is)."""
    from laser_inspect import dxf_polygons, panels_of
    import trimesh

    boxes(BuildOptions(out=tmp_path / "laser"), BoxOptions(("mexican-train",), machine="laser"))
    panels = [panel for path in sorted((tmp_path / "laser" / "laser").glob("box-mexican-train-*.dxf"))
              for panel in panels_of(dxf_polygons(path, "CUT"))]
    squares = sorted(panel.size[0] for panel in panels if abs(panel.size[0] - panel.size[1]) < 0.01)
    assert len(squares) == 2                                     # the tray's floor and the lid's top
    assert squares[0] - 2 * 3 == pytest.approx(printed_hub + 1, abs=0.05)
    boxes(BuildOptions(out=tmp_path / "3d"), BoxOptions(("mexican-train",), formats=("stl",)))
    tray = trimesh.load(tmp_path / "3d" / "stl" / "box-mexican-train-tray.stl")
    top = tray.bounds[1][2]
    (_, _, (x,)), (_, _, (y,)) = cavities(tray, top / 2)
    assert x[1] - x[0] == pytest.approx(printed_hub + 1, abs=0.05) == y[1] - y[0]
    assert top - PRINTED["wall"] == pytest.approx(12, abs=0.01)


def test_the_laser_and_printed_boxes_are_the_same_files_twice(laser_box, printed_box, tmp_path):
    """Made again through the library, the laser's sheets and the 3D files are the same to the byte."""
    laser_out, _, _, _ = laser_box
    printed_out, _, _ = printed_box
    boxes(BuildOptions(out=tmp_path / "laser", sets=("A",)), BoxOptions(("A",), machine="laser", material=3.0,
                                                                        kerf=KERF, sheet=(300.0, 200.0)))
    boxes(BuildOptions(out=tmp_path / "3d", sets=("A",)), BoxOptions(("A",), formats=("3mf", "stl")))
    made = sorted(path.relative_to(tmp_path / "laser") for path in (tmp_path / "laser" / "laser").iterdir())
    assert [path.name for path in made] == ["box-A-1.dxf", "box-A-1.svg"]
    for path in made:
        assert (tmp_path / "laser" / path).read_bytes() == (laser_out / path).read_bytes()
    for folder in ("3mf", "stl"):
        for path in (printed_out / folder).iterdir():
            assert (tmp_path / "3d" / folder / path.name).read_bytes() == path.read_bytes()


def _inside_polygon(polygon, px, py):
    """Which of the points lie inside the polygon (crossing number, numpy)."""
    inside = np.zeros(px.shape, bool)
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if y1 != y2:
            crosses = (y1 > py) != (y2 > py)
            inside ^= crosses & (px < x1 + (py - y1) * (x2 - x1) / (y2 - y1))
    return inside


def test_the_laser_panels_put_together_fill_the_walls_and_floor_once():
    """The design itself: set A's tray and a divider, each panel stood where it goes (the back and
    the sides seen from outside, as the module says they lie), sampled on a 0.5 mm grid: every point
    of the floor, the walls and the divider is in one panel, none in two, none outside them."""
    from generator.model.box_panels import Shell
    from generator.model.finger_joints import jointed_box

    t, (w, l, d), divider = 3.0, (111.0, 45.0, 22.0), 40.0
    x_size, y_size, z_size = w + 2 * t, l + 2 * t, d + t
    xs, ys, zs = (np.arange(0.25, size, 0.5) + 0.013 for size in (x_size, y_size, z_size))
    count = np.zeros((len(xs), len(ys), len(zs)), int)

    def material(panel, u, v):
        grid_u, grid_v = np.meshgrid(u, v, indexing="ij")
        found = _inside_polygon(list(panel.outline), grid_u, grid_v)
        for hole in panel.holes:
            found &= ~_inside_polygon(list(hole), grid_u, grid_v)
        return found

    for panel in jointed_box(Shell(w, l, d, t), t, LASER["finger"], (divider,)):
        if panel.name == "floor":
            count[:, :, zs < t] += material(panel, xs, y_size - ys)[:, :, None]
        elif panel.name in ("front", "back"):
            seen = material(panel, xs if panel.name == "front" else x_size - xs, z_size - zs)
            count[:, ys < t if panel.name == "front" else ys > y_size - t, :] += seen[:, None, :]
        else:
            seen = material(panel, ys if panel.name == "right" else y_size - ys, z_size - zs)
            where = {"left": xs < t, "right": xs > x_size - t, "divider": (xs > t + divider) & (xs < 2 * t + divider)}
            count[where[panel.name], :, :] += seen[None, :, :]
    x, y, z = np.meshgrid(xs, ys, zs, indexing="ij")
    shell = ~((x > t) & (x < x_size - t) & (y > t) & (y < y_size - t) & (z > t))
    shell |= (x > t + divider) & (x < 2 * t + divider)
    assert (count[shell] == 1).all() and (count[~shell] == 0).all()
    assert (count == 1).sum() > 100_000


def test_the_default_stacks_are_the_fewest_none_taller_than_a_tile_is_wide():
    """The guide's rule (docs/how-to/box.md): by default the fewest stacks in which no stack
    stands taller than a tile is wide, counted here from the tiles, one by one. Where the width
    is an exact number of thicknesses the full stack is allowed; a tile thicker than the width
    lies on its own; and --stacks may go as far as one tile a stack, but no further."""
    from generator.errors import UserError
    from generator.model.box_size import tile_stacks

    def fewest(count, width, thickness):
        stacks = 1
        while stacks < count and math.ceil(count / stacks) * thickness > width + 1e-9:
            stacks += 1
        return stacks

    # (28, 1.12): 28 / 1.12 is 24.999999999999996 in floating point, and 25 tiles do stand 28 mm high
    for width, thickness in ((22, 1.0), (22, 1.1), (20, 0.5), (15, 0.8), (28, 1.12), (22, 30)):
        for count in (1, 20, 21, 22, 23, 25, 28, 32, 44, 45, 50, 66, 91, 190):
            contents = tile_stacks("S", count, "domino", (width, 2 * width), thickness)
            assert contents.stacks == fewest(count, width, thickness), (width, thickness, count)
            assert contents.per_stack == math.ceil(count / contents.stacks)
            assert contents.height == pytest.approx(contents.per_stack * thickness)
            assert contents.width == pytest.approx(contents.stacks * width)
    assert tile_stacks("A", 32, "domino", (22, 44), 1.0, stacks=32).per_stack == 1
    with pytest.raises(UserError) as caught:
        tile_stacks("A", 32, "domino", (22, 44), 1.0, stacks=33)
    assert str(caught.value) == "--stacks: 33 stacks for the 32 tiles of A would leave some empty; use at most 32"


def test_uneven_stacks_are_not_written_as_a_product(tmp_path):
    """32 tiles in 5 stacks are 7, 7, 6, 6 and 6: the lid says "up to 7 each", never "5 × 7", which
    reads as 35 tiles; 2 stacks of 16 stay "2 × 16"."""
    import pypdfium2

    result = run_cli("box", "--sets", "A", "--stacks", "5", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    document = pypdfium2.PdfDocument(tmp_path / "box-A.pdf")
    text = " ".join(document[0].get_textpage().get_text_range().split())
    document.close()
    assert "32 tiles · stacks: 5, up to 7 each" in text and "5 × 7" not in text
