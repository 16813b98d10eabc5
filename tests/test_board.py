"""The board files, measured in the PDFs."""

from collections import Counter
import math

from conftest import run_cli
from pdf_inspect import MM, character_boxes, page_shapes, page_texts, read_pdf, scale_bars, stroked_paths
import pytest

from generator.art.board import BoardGeometry
from generator.imposition.board_sheets import CROSSHAIR, INFO_STRIP, NATURAL_MARGIN, OVERLAP, PAGE_MARGIN, SHEET_INFO
from generator.jobs.build import BuildOptions, BuildReport, build_board
from generator.scene.sizes import TileSize

A3 = (297 * MM, 420 * MM)


def cells(shapes, width=24, height=46):
    return [r for r in shapes.rects
            if abs(r[2] - r[0] - width * MM) < 0.01 and abs(r[3] - r[1] - height * MM) < 0.01]


def board_files(tmp_path, **changes) -> tuple[BuildReport, BuildOptions]:
    options = BuildOptions(out=tmp_path, **changes)
    report = BuildReport()
    build_board(options, report)
    return report, options


def test_cell_pitch_is_tile_plus_clearance(default_kit):
    shapes = page_shapes(read_pdf(default_kit / "board-full-size.pdf").pages[0])
    grid = cells(shapes)
    assert len(grid) == 64
    xs = sorted({round(r[0], 3) for r in grid})
    ys = sorted({round(r[1], 3) for r in grid})
    assert len(xs) == len(ys) == 8
    assert all(abs(b - a - 24 * MM) < 0.01 for a, b in zip(xs, xs[1:]))
    assert all(abs(b - a - 46 * MM) < 0.01 for a, b in zip(ys, ys[1:]))
    # Light and dark alternate like a chessboard; the bottom-left cell (row 1, column 1) is dark.
    colours = {(xs.index(round(r[0], 3)), ys.index(round(r[1], 3))): r[4] for r in grid}
    assert len(set(colours.values())) == 2
    assert colours[(0, 0)] == colours[(1, 1)] != colours[(0, 1)]
    assert colours[(0, 0)] == min(colours.values(), key=sum)     # the darker colour


def test_clearance_and_tile_size_change_the_pitch(tmp_path):
    report, _ = board_files(tmp_path, tile_size=TileSize(20, 40), clearance=3.0)
    shapes = page_shapes(read_pdf(tmp_path / "board-full-size.pdf").pages[0])
    assert len(cells(shapes, 23, 43)) == 64
    places = [r for r in shapes.stroked_rects if r[4]]          # dashed: the players' places, a tile each
    assert len(places) == 16 and all((r[2] - r[0], r[3] - r[1]) == pytest.approx((20 * MM, 40 * MM), abs=0.01)
                                     for r in places)


def test_half_lines_split_every_cell(default_kit):
    shapes = page_shapes(read_pdf(default_kit / "board-full-size.pdf").pages[0])
    grid = cells(shapes)
    top = max(r[3] for r in grid)
    bottom = min(r[1] for r in grid)
    horizontal = sorted({round(l[1], 2) for l in shapes.lines if abs(l[1] - l[3]) < 0.01
                         and bottom - 0.1 <= l[1] <= top + 0.1 and abs(l[2] - l[0]) > 150 * MM})
    assert len(horizontal) == 17          # 9 cell borders + 8 half-lines
    assert all(abs(b - a - 23 * MM) < 0.02 for a, b in zip(horizontal, horizontal[1:]))


def test_notation_on_all_four_sides(default_kit):
    page = read_pdf(default_kit / "board-full-size.pdf").pages[0]
    grid = cells(page_shapes(page))
    left, right = min(r[0] for r in grid), max(r[2] for r in grid)
    bottom, top = min(r[1] for r in grid), max(r[3] for r in grid)
    column_centres = sorted({round((r[0] + r[2]) / 2, 2) for r in grid})
    row_centres = sorted({round((r[1] + r[3]) / 2, 2) for r in grid})        # row 1 first
    main = [t for t in page_texts(page) if t[3] == pytest.approx(4.2)]
    assert Counter(t[0] for t in main) == {str(n): 4 for n in range(1, 9)}
    below = [t for t in main if t[2] < bottom]
    above = [t for t in main if t[2] > top]
    beside = [t for t in main if bottom < t[2] < top]
    assert len(below) == len(above) == 8 and len(beside) == 16
    for text in below:
        assert text[1] == pytest.approx(column_centres[int(text[0]) - 1], abs=0.05)
        assert text[4] == 1                              # upright for South
    for text in above:
        assert text[1] == pytest.approx(column_centres[int(text[0]) - 1], abs=0.05)
        assert text[4] == -1                             # turned for North
    for text in beside:
        assert text[1] < left or text[1] > right
        row = int(text[0])
        assert abs(text[2] - row_centres[row - 1]) < 3 * MM
        assert text[4] == (1 if row <= 4 else -1)        # each faces the nearer player


def test_a_lone_6_or_9_is_underlined_for_the_player_across(default_kit):
    """Each player reads the far side's numbers upside down, where a 6 passes for a 9: a lone 6 or 9
    has a bar under it, in its own reading direction (as the tiles' numerals have), and no other
    number has one. Read from the page: pdfium's characters, each with its "up", and filled paths."""
    from pdf_inspect import filled_shapes, printed_characters

    path = default_kit / "board-full-size.pdf"
    page = read_pdf(path).pages[0]
    digits = [c for c in printed_characters(path, 0, page) if c[0].isdigit()]
    bars = [box for box, _ in filled_shapes(path, 0)
            if max(box[2] - box[0], box[3] - box[1]) < 3 and min(box[2] - box[0], box[3] - box[1]) < 0.5]

    def along(vector, up):          # (across the reading direction, along "up")
        return vector[0] * -up[1] + vector[1] * up[0], vector[0] * up[0] + vector[1] * up[1]

    def lone(char):
        _, box, centre, _ = char
        reach = 1.5 * max(box[2] - box[0], box[3] - box[1])
        return not any(other is not char and math.dist(other[2], centre) < reach for other in digits)

    def bar_under(char):
        _, box, centre, up = char
        height = abs(along((box[2] - box[0], box[3] - box[1]), up)[1])
        for bar in bars:
            across, rise = along(((bar[0] + bar[2]) / 2 - centre[0], (bar[1] + bar[3]) / 2 - centre[1]), up)
            if abs(across) < 0.2 * height and -1.0 * height < rise < -0.5 * height:
                return True
        return False

    lone_sixes_and_nines = [c for c in digits if c[0] in "69" and lone(c)]
    assert len(lone_sixes_and_nines) == 4 + 4       # column 6 and row 6, each twice; across columns 6 and 9, each twice
    assert all(bar_under(c) for c in lone_sixes_and_nines)
    assert not [c for c in digits if c not in lone_sixes_and_nines and bar_under(c)]
    assert len(bars) == len(lone_sixes_and_nines)


def test_across_notation_can_be_switched_off(default_kit, tmp_path):
    page = read_pdf(default_kit / "board-full-size.pdf").pages[0]
    small = [t for t in page_texts(page) if t[3] == pytest.approx(4.2 * 0.6)]
    assert Counter(t[0] for t in small) == {str(n): 2 + (2 if n <= 4 else 0) for n in range(1, 17)}
    board_files(tmp_path, across_notation=False)
    page = read_pdf(tmp_path / "board-full-size.pdf").pages[0]
    assert not [t for t in page_texts(page) if t[3] == pytest.approx(4.2 * 0.6)]


def test_side_places_hold_eight_tiles_per_player(default_kit):
    shapes = page_shapes(read_pdf(default_kit / "board-full-size.pdf").pages[0])
    slots = [r for r in shapes.stroked_rects if r[4]
             and abs(r[2] - r[0] - 22 * MM) < 0.01 and abs(r[3] - r[1] - 44 * MM) < 0.01]
    grid = cells(shapes)
    left, right = min(r[0] for r in grid), max(r[2] for r in grid)
    assert len([s for s in slots if s[2] < left]) == 8
    assert len([s for s in slots if s[0] > right]) == 8


def text_ups(page) -> list[tuple[str, float, float, float, tuple[float, float]]]:
    """(text, x, y, size, up) of every text run: where its matrices put its origin, in points from
    the bottom-left, its em size on the page, and the unit direction on the page of its letters'
    upright strokes."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            x, y = tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            length = (c * c + d * d) ** 0.5
            found.append((text.strip(), x, y, size * length, (c / length, d / length)))

    page.extract_text(visitor_text=visit)
    return found


def flat(rows) -> list[float]:
    return [value for row in rows for value in row]


def numbers_on(pdf, height: float, inside: tuple) -> list[tuple[str, float, float]]:
    """(text, x, y) of every number pdfium reads within `inside` (left, top, right, bottom), in mm
    from the page's top-left: each at the middle of its digits' inked boxes. A number's digits are
    drawn one after another and touch; two numbers never do."""
    groups: list[list] = []
    for char, box in character_boxes(pdf, 0, height):
        if groups:
            last = groups[-1][-1][1]
            if max(box[0] - last[2], last[0] - box[2], box[1] - last[3], last[1] - box[3]) < 0.6:
                groups[-1].append((char, box))
                continue
        groups.append([(char, box)])
    found = []
    for group in groups:
        boxes = [box for _, box in group]
        x = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
        y = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
        if inside[0] < x < inside[2] and inside[1] < y < inside[3]:
            found.append(("".join(char for char, _ in group), x, y))
    return found


def test_every_line_number_and_place_stands_where_the_board_puts_it(default_kit):
    """The full-size board read back, against the rules' board: 8 x 8 cells of a 22 x 44 tile and
    2 mm, each halved across; 1-8 on all four sides at the columns' and rows' middles, the same
    distance out on opposite sides; 1-16 down the long sides at the half-rows' middles and 1-4
    along the short ones between column pairs, nearer the board than 1-8; eight tile-sized
    places for each player beside the board, level with its rows; the board's colour under all
    of it, centred on the page."""
    pdf = default_kit / "board-full-size.pdf"
    page = read_pdf(pdf).pages[0]
    width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    shapes = page_shapes(page)
    grid = cells(shapes)
    left, right = min(r[0] for r in grid) / MM, max(r[2] for r in grid) / MM
    top, bottom = height - max(r[3] for r in grid) / MM, height - min(r[1] for r in grid) / MM
    assert (right - left, bottom - top) == pytest.approx((8 * 24, 8 * 46), abs=0.01)
    backing = shapes.rects[0]                       # the board's colour, drawn first
    back = (backing[0] / MM, height - backing[3] / MM, backing[2] / MM, height - backing[1] / MM)
    assert back[0] == pytest.approx(width - back[2], abs=0.01) and back[1] == pytest.approx(height - back[3], abs=0.01)
    assert back[0] < left - 20 and back[2] > right + 20

    # Lines: 9 borders each way from edge to edge of the cells, and a thinner line across each row's middle.
    lines = [(x0 / MM, height - y0 / MM, x1 / MM, height - y1 / MM, round(path.width / MM, 2))
             for path in stroked_paths(page) if len(path.points) == 2 and not path.dashed
             for (x0, y0), (x1, y1) in [path.points]]
    on_board = [line for line in lines if line[4] in (0.5, 0.2)]     # the page's other lines: its scale bar
    down = sorted((x0, min(y0, y1), max(y0, y1)) for x0, y0, x1, y1, w in on_board if w == 0.5 and abs(x1 - x0) < 1e-6)
    across = sorted((y0, min(x0, x1), max(x0, x1)) for x0, y0, x1, y1, w in on_board if w == 0.5 and abs(y1 - y0) < 1e-6)
    halves = sorted((y0, min(x0, x1), max(x0, x1)) for x0, y0, x1, y1, w in on_board if w == 0.2)
    assert flat(down) == pytest.approx(flat((left + 24 * i, top, bottom) for i in range(9)), abs=0.01)
    assert flat(across) == pytest.approx(flat((top + 46 * i, left, right) for i in range(9)), abs=0.01)
    assert flat(halves) == pytest.approx(flat((top + 46 * i + 23, left, right) for i in range(8)), abs=0.01)

    # Numbers, each where it belongs, and nothing else on the board.
    found = numbers_on(pdf, height, back)
    assert len(found) == 4 * 8 + 2 * 16 + 2 * 4, found

    def at(text, x=None, y=None):
        """The one number `text` at x (or in line with y), to 0.4 mm."""
        hits = [(fx, fy) for t, fx, fy in found
                if t == text and (x is None or abs(fx - x) < 0.4) and (y is None or abs(fy - y) < 0.4)]
        assert hits, (text, x, y)
        return hits

    column = [left + 24 * (n - 0.5) for n in range(1, 9)]
    row = [bottom - 46 * (n - 0.5) for n in range(1, 9)]                     # row 1 at the South edge
    south = [y for n in range(1, 9) for _, y in at(str(n), x=column[n - 1]) if y > bottom]
    north = [y for n in range(1, 9) for _, y in at(str(n), x=column[n - 1]) if y < top]
    west = [x for n in range(1, 9) for x, _ in at(str(n), y=row[n - 1]) if x < left]
    east = [x for n in range(1, 9) for x, _ in at(str(n), y=row[n - 1]) if x > right]
    assert len(south) == len(north) == len(west) == len(east) == 8
    out = south[0] - bottom
    # (a digit's ink is not quite centred on its advance: in line to 0.15 mm)
    assert south == pytest.approx([bottom + out] * 8, abs=0.15) and north == pytest.approx([top - out] * 8, abs=0.15)
    side = left - west[0]
    assert west == pytest.approx([left - side] * 8, abs=0.15) and east == pytest.approx([right + side] * 8, abs=0.15)
    for n in range(1, 17):                          # down the long sides, from the North edge
        xs = sorted(x for x, _ in at(str(n), y=top + 23 * (n - 0.5)) if not left <= x <= right)
        assert len(xs) == 2 and left - side < xs[0] < left and right < xs[1] < right + side, (n, xs)
        assert xs[0] - (left - side) == pytest.approx(right + side - xs[1], abs=0.15)
    for n in range(1, 5):                           # along the short sides, between column pairs
        ys = sorted(y for _, y in at(str(n), x=left + 24 * (2 * n - 1)) if not top <= y <= bottom)
        assert len(ys) == 2 and top - out < ys[0] < top and bottom < ys[1] < bottom + out, (n, ys)

    # Each number square to the board, its top away from the player who reads it: 1-8 from the
    # nearer short side (South reads rows 1-4 and the South edge), 1-16 from the long side it runs
    # along, 1-4 from the West, where across play counts them from. Directions on the page, y up.
    faces = {"south": (0, 1), "north": (0, -1), "west": (1, 0), "east": (-1, 0)}
    read = 0
    for text, x, y, size, up in text_ups(page):
        if not (back[0] < x / MM < back[2] and back[1] < height - y / MM < back[3]):
            continue
        read += 1
        x, y, n, main = x / MM, height - y / MM, int(text), size / MM > 3
        if left < x < right:
            reader = ("south" if y > bottom else "north") if main else "west"
        elif main:
            reader = "south" if n <= 4 else "north"
        else:
            reader = "west" if x < left else "east"
        assert up == pytest.approx(faces[reader], abs=1e-3), (text, x, y, reader, up)
    assert read == len(found)

    # Places: a tile's size each, level with the rows, eight each side beyond the numbers, mirrored.
    places = [(x0 / MM, height - y1 / MM, x1 / MM, height - y0 / MM) for x0, y0, x1, y1, dashed in shapes.stroked_rects
              if dashed]
    assert len(places) == 16
    for x0, y0, x1, y1 in places:
        assert (x1 - x0, y1 - y0) == pytest.approx((22, 44), abs=0.01)
        assert min(abs((y0 + y1) / 2 - y) for y in row) < 0.01
        assert back[0] < x0 and x1 < left - side - 2 or right + side + 2 < x0 and x1 < back[2], (x0, x1)
    westward = sorted((x0, y0) for x0, y0, x1, _ in places if x1 < left)
    eastward = sorted((left + right - x1, y0) for _, y0, x1, _ in places if x1 > right)
    assert len(westward) == 8 and flat(westward) == pytest.approx(flat(eastward), abs=0.01)


def test_page_sizes(default_kit):
    geometry = BoardGeometry(TileSize())
    natural = read_pdf(default_kit / "board-full-size.pdf").pages[0]
    assert float(natural.mediabox.width) == pytest.approx((geometry.width + 24) * MM, abs=0.01)
    assert float(natural.mediabox.height) == pytest.approx((geometry.height + 24) * MM, abs=0.01)
    a3 = read_pdf(default_kit / "board-a3.pdf").pages[0]
    assert (float(a3.mediabox.width), float(a3.mediabox.height)) == pytest.approx(A3, abs=0.01)
    for page in (natural, a3):      # the board centred across, its 50 mm bar centred under it, on the page
        shapes = page_shapes(page)
        grid = cells(shapes)
        width = float(page.mediabox.width)
        assert min(r[0] for r in grid) == pytest.approx(width - max(r[2] for r in grid), abs=0.05)
        (bar,) = scale_bars(shapes)
        assert (bar[0] + bar[2]) / 2 == pytest.approx(width / 2, abs=0.05)
        assert 0 < bar[1] < min(r[1] for r in grid)                        # below the board
        # Centred up and down too, the A3 sheet keeping room under the board for the bar.
        above, below = float(page.mediabox.height) - max(r[3] for r in grid), min(r[1] for r in grid)
        assert above == pytest.approx(below - (SHEET_INFO * MM if page is a3 else 0), abs=0.05)
    title = max(page_texts(natural), key=lambda t: t[2])            # the full-size board's title, over it
    assert title[0].startswith("Open Domino board") and title[1] == pytest.approx(float(natural.mediabox.width) / 2, abs=0.01)
    assert title[2] > float(natural.mediabox.height) - NATURAL_MARGIN * MM          # in the margin, clear of the board
    for page in read_pdf(default_kit / "board-tiled-a4.pdf").pages:
        assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
            pytest.approx(sorted((210 * MM, 297 * MM)), abs=0.01)


def test_a_paper_that_holds_the_board_takes_it_on_one_tiled_sheet(tmp_path):
    board_files(tmp_path, paper="500x700")
    (page,) = read_pdf(tmp_path / "board-tiled-500x700.pdf").pages
    assert "sheet 1 of 1: row 1, column 1" in " ".join(t[0] for t in page_texts(page))
    assert len(cells(page_shapes(page))) == 64


def test_a3_names_a_tile_size_that_fits(tmp_path):
    report, _ = board_files(tmp_path, tile_size=TileSize(26, 52))
    assert not (tmp_path / "board-a3.pdf").exists()
    assert len(report.notes) == 1 and "--tile-size 22x44" in report.notes[0]
    report, _ = board_files(tmp_path / "bigger", tile_size=TileSize(22.5, 45))
    assert "--tile-size 22x44" in report.notes[0]


def crosshair_centres(shapes) -> list[tuple[float, float]]:
    """Where the crosshairs stand: a horizontal and a vertical arm of the same length crossing at
    their middles (the arms reach past the circle, 1.6 radii each way)."""
    arm = 2 * 1.6 * CROSSHAIR * MM
    solid = [l for l in shapes.lines if not l[4] and abs(((l[2] - l[0]) ** 2 + (l[3] - l[1]) ** 2) ** 0.5 - arm) < 0.01]
    across = [((l[0] + l[2]) / 2, l[1]) for l in solid if abs(l[1] - l[3]) < 0.01]
    down = [(l[0], (l[1] + l[3]) / 2) for l in solid if abs(l[0] - l[2]) < 0.01]
    centres = [c for c in across if any(abs(c[0] - d[0]) < 0.01 and abs(c[1] - d[1]) < 0.01 for d in down)]
    assert len(centres) == len(across) == len(down), "a crosshair without one of its arms"
    return centres


def check_sheet_marks(reader, columns: int) -> None:
    """Each sheet of the tiled board as the guide describes it: its label names its place, its map
    fills the box of that place, its dashed cut lines run along the edges of its window (where the
    sheet is cut), its solid glue lines an overlap inside the opposite edges, and every one of those
    lines carries two crosshairs, a quarter of the way from each end."""
    count = len(reader.pages)
    rows = count // columns
    for index, page in enumerate(reader.pages):
        row, column = divmod(index, columns)
        text = " ".join(t[0] for t in page_texts(page))
        assert f"sheet {index + 1} of {count}: row {row + 1}, column {column + 1}" in text
        shapes = page_shapes(page)
        boxes = [r for r in shapes.stroked_rects if r[2] - r[0] < 10 * MM and r[3] - r[1] < 10 * MM]
        assert len(boxes) == count and len({(round(b[2] - b[0], 2), round(b[3] - b[1], 2)) for b in boxes}) == 1
        (filled,) = [r for r in shapes.rects if any(all(abs(p - q) < 0.01 for p, q in zip(r[:4], b)) for b in boxes)]
        xs, ys = sorted({round(b[0], 2) for b in boxes}), sorted({round(b[1], 2) for b in boxes}, reverse=True)
        assert len(xs) == columns and len(ys) == rows
        assert all(not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])       # apart, none on another
                   for a in boxes for b in boxes if a is not b)
        assert (ys.index(round(filled[1], 2)), xs.index(round(filled[0], 2))) == (row, column)
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        window = (PAGE_MARGIN * MM, INFO_STRIP * MM + PAGE_MARGIN * MM, width - PAGE_MARGIN * MM, height - PAGE_MARGIN * MM)
        black = [l for l in shapes.lines if l[5] == (0.0, 0.0, 0.0) and max(abs(l[2] - l[0]), abs(l[3] - l[1])) > 60 * MM]
        vertical = {(dashed, round(x0, 2)) for x0, _, x1, _, dashed, _ in black if abs(x0 - x1) < 0.01}
        across = {(dashed, round(y0, 2)) for _, y0, _, y1, dashed, _ in black if abs(y0 - y1) < 0.01}
        expected_vertical = {(True, round(window[0], 2))} if column > 0 else set()
        if column < columns - 1:
            expected_vertical.add((False, round(window[2] - OVERLAP * MM, 2)))
        expected_across = {(True, round(window[3], 2))} if row > 0 else set()
        if row < rows - 1:
            expected_across.add((False, round(window[1] + OVERLAP * MM, 2)))
        assert (vertical, across) == (expected_vertical, expected_across), index
        centres = crosshair_centres(shapes)
        expected = []
        for x0, y0, x1, y1, *_ in black:
            expected += [(x0 + f * (x1 - x0), y0 + f * (y1 - y0)) for f in (0.25, 0.75)]
        assert len(centres) == len(expected) == 2 * (len(vertical) + len(across))
        for point in expected:
            assert any(abs(point[0] - c[0]) < 0.05 * MM and abs(point[1] - c[1]) < 0.05 * MM for c in centres), point
        assert all(window[0] <= x <= window[2] and window[1] <= y <= window[3] for x, y in centres)
        # "cut here" in the margin the cut takes off, "glue under" in the overlap strip: each along
        # the middle of its line, turned with it.
        labels = [t for t in page_texts(page) if t[0].startswith(("cut here", "glue under"))]
        assert len(labels) == len(black)
        for x0, y0, x1, y1, dashed, _ in black:
            upright = abs(x0 - x1) < 0.01
            middle = ((x0 + x1) / 2, (y0 + y1) / 2)
            if upright:
                strip = (0, window[0]) if dashed else (window[2] - OVERLAP * MM, window[2])
            else:
                strip = (window[3], height) if dashed else (window[1], window[1] + OVERLAP * MM)
            (label,) = [t for t in labels if t[0].startswith("cut here" if dashed else "glue under")
                        and strip[0] < t[1 if upright else 2] < strip[1]
                        and abs(t[2 if upright else 1] - middle[1 if upright else 0]) < 0.01]
            assert label[4] == (0 if upright else 1)            # a quarter turn along an upright line
        # The sheet's label and the assembly line in the strip under the window, from its left margin.
        info = [t for t in page_texts(page) if t[0].startswith(("Board, sheet", "Cut the dashed"))]
        assert len(info) == 2 and all(t[1] == pytest.approx(window[0], abs=0.01) and
                                      PAGE_MARGIN * MM < t[2] < window[1] for t in info)
        bar = scale_bars(shapes)[0]
        assert all(window[0] <= b[0] and b[2] < min(bar[0], bar[2]) and PAGE_MARGIN * MM <= b[1] and b[3] <= window[1]
                   for b in boxes)                          # the map: in the strip, left of the bar
        # The board is drawn from the corner of the window: the first sheet shows its top-left corner there.
        if index == 0:
            geometry = BoardGeometry(TileSize())
            grid = cells(shapes)
            assert min(r[0] for r in grid) == pytest.approx(window[0] + geometry.left * MM, abs=0.01)
            assert max(r[3] for r in grid) == pytest.approx(window[3] - geometry.top * MM, abs=0.01)


def map_clear_of_text(path) -> None:
    """pdfium's reading of each sheet: no character of its text stands on a box of its map."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    for index, page in enumerate(document):
        boxes = [r for r in page_shapes(read_pdf(path).pages[index]).stroked_rects
                 if r[2] - r[0] < 10 * MM and r[3] - r[1] < 10 * MM]
        text = page.get_textpage()
        chars = [text.get_charbox(i) for i in range(text.count_chars())]
        assert boxes and chars
        for left, bottom, right, top in chars:
            assert not any(left < b[2] and b[0] < right and bottom < b[3] and b[1] < top for b in boxes), \
                f"sheet {index + 1}: text on the map"
    document.close()


def margins_are_blank(path) -> None:
    """pdfium's picture of each sheet: the board is clipped to its window, so the right margin and
    the margin under the info strip, where no mark or label goes, are white paper."""
    import numpy
    import pypdfium2

    dpi = 50
    document = pypdfium2.PdfDocument(str(path))
    for index, page in enumerate(document):
        pixels = numpy.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)
        margin = round(PAGE_MARGIN / 25.4 * dpi) - 1
        for side, strip in (("right", pixels[:, -margin:]), ("bottom", pixels[-margin:, :])):
            assert (strip.min(axis=2) > 250).all(), f"sheet {index + 1}: the board runs into the {side} margin"
    document.close()


def _seam_offsets(previous, following, vertical: bool):
    """Where the marks say the following sheet goes: its cut line onto the previous sheet's glue line."""
    black = (0.0, 0.0, 0.0)

    def mark_lines(shapes, dashed):
        lines = [l for l in shapes.lines if l[5] == black and l[4] == dashed]
        if vertical:
            return [l for l in lines if abs(l[0] - l[2]) < 0.01 and abs(l[1] - l[3]) > 60 * MM]
        return [l for l in lines if abs(l[1] - l[3]) < 0.01 and abs(l[0] - l[2]) > 60 * MM]

    glue = mark_lines(previous, False)
    cut = mark_lines(following, True)
    return glue, cut


def test_a_tiled_sheet_holds_only_the_numbers_it_shows(default_kit):
    """A tiled sheet shows a window onto the board. Its text held every number of the whole board,
    hidden under the window's clip, where a viewer's search, copying and a screen reader still found
    them ("Find 7" named every sheet). Read with pdfium: every character lies on its page, and every
    digit in the sheet's window or in its information strip below; together the sheets still show
    every row's and column's number."""
    from pdf_inspect import printed_characters

    path = default_kit / "board-tiled-a4.pdf"
    reader = read_pdf(path)
    seen = Counter()
    for index, page in enumerate(reader.pages):
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        right, bottom = width - PAGE_MARGIN, height - PAGE_MARGIN - INFO_STRIP          # the window's far edges
        characters = printed_characters(path, index, page)
        assert characters and all(0 <= x <= width and 0 <= y <= height for _, _, (x, y), _ in characters)
        for char, _, (x, y), _ in characters:
            if char.isdigit() and y < bottom + 1:
                assert PAGE_MARGIN - 1 <= x <= right + 1 and PAGE_MARGIN - 1 <= y, (index, char, x, y)
                seen[char] += 1
    assert set("12345678") <= set(seen)


@pytest.mark.parametrize("paper, sheets", [("a4", 3), ("letter", 4)])
def test_tiled_sheets_meet_within_a_tenth_of_a_millimetre(tmp_path, paper, sheets):
    board_files(tmp_path, paper=paper)
    reader = read_pdf(tmp_path / f"board-tiled-{paper}.pdf")
    assert len(reader.pages) == sheets
    texts = [" ".join(t[0] for t in page_texts(p)) for p in reader.pages]
    assert f"sheet 1 of {sheets}" in texts[0] and f"sheet {sheets} of {sheets}" in texts[-1]
    assert "50 mm" in texts[0]
    check_sheet_marks(reader, 2 if sheets == 4 else 1)
    margins_are_blank(tmp_path / f"board-tiled-{paper}.pdf")
    map_clear_of_text(tmp_path / f"board-tiled-{paper}.pdf")
    shapes = [page_shapes(p) for p in reader.pages]
    for page, page_shapes_ in zip(reader.pages, shapes):     # the bar on the page, inside the printable margin
        (bar,) = scale_bars(page_shapes_)
        assert PAGE_MARGIN * MM - 0.01 <= min(bar[0], bar[2]) and max(bar[0], bar[2]) <= float(page.mediabox.width) - PAGE_MARGIN * MM + 0.01
        assert PAGE_MARGIN * MM <= bar[1] <= (PAGE_MARGIN + INFO_STRIP) * MM
    columns = 2 if sheets == 4 else 1
    checked = 0
    for index, following in enumerate(shapes):
        for step, vertical in ((1, True), (columns, False)):
            if index - step < 0 or (vertical and index % columns == 0):
                continue
            previous = shapes[index - step]
            glue, cut = _seam_offsets(previous, following, vertical)
            assert len(glue) >= 1 and len(cut) >= 1
            axis = 0 if vertical else 1
            shift = glue[-1][axis] - cut[0][axis] if vertical else glue[0][axis] - cut[0][axis]
            before, after = cells(previous), cells(following)
            assert len(before) == len(after) == 64
            # The halves of each crosshair meet: the following sheet's, moved as it is laid, on the previous one's.
            seam = cut[0][axis]
            laid = [(x + (shift if vertical else 0), y + (0 if vertical else shift))
                    for x, y in crosshair_centres(following) if abs((x, y)[axis] - seam) < 0.01]
            on_glue = [c for c in crosshair_centres(previous) if abs(c[axis] - glue[-1 if vertical else 0][axis]) < 0.01]
            assert len(laid) == len(on_glue) == 2
            assert all(any(abs(a[0] - b[0]) < 0.1 * MM and abs(a[1] - b[1]) < 0.1 * MM for b in on_glue) for a in laid)
            for a, b in zip(before, after):
                moved = [b[0] + (shift if vertical else 0), b[1] + (0 if vertical else shift),
                         b[2] + (shift if vertical else 0), b[3] + (0 if vertical else shift)]
                assert all(abs(p - q) < 0.1 * MM for p, q in zip(a[:4], moved))
            checked += 1
    assert checked == (2 if sheets == 3 else 4)


def test_every_word_of_a_tiled_sheet_is_where_a_home_printer_prints(default_kit, tmp_path):
    """No character of a tiled sheet lies in the 5 mm by the paper's edge that home printers leave
    blank: "cut here", in the strip that is cut away, stood 3-5 mm from the edge and did not print.
    A4 in English and Letter in Russian (its words longer, its labels turned on the left edge)."""
    result = run_cli("board", "--paper", "letter", "--lang", "ru", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    for path in (default_kit / "board-tiled-a4.pdf", tmp_path / "board-tiled-letter.pdf"):
        reader = read_pdf(path)
        for index, page in enumerate(reader.pages):
            width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
            boxes = character_boxes(path, index, height)
            assert boxes
            for char, (left, top, right, bottom) in boxes:
                assert left >= 5 and top >= 5 and right <= width - 5 and bottom <= height - 5, (path.name, index, char)


@pytest.mark.parametrize("asked", ["22.2x44.4", "23x46", "30x45"])
def test_a_board_too_large_for_a3_names_the_largest_size_that_fits(asked):
    """The size the note suggests is on the half-millimetre grid a user types, has the shape asked
    for, fits one A3 sheet, and is the largest such size (it said 21.7x43.4 for 22.2x44.4, where
    22x44 fits)."""
    import re

    from generator.colour.theme import load_theme
    from generator.errors import UserError
    from generator.imposition.board_sheets import a3_page
    from generator.imposition.paper import paper_named

    width, height = (float(n) for n in asked.split("x"))
    a3, theme = paper_named("a3"), load_theme()
    with pytest.raises(UserError) as refused:
        a3_page(BoardGeometry(TileSize(width, height)), theme, a3)
    suggested = re.search(r"--tile-size (\d+(?:\.5)?)x([\d.]+)", str(refused.value))
    assert suggested, str(refused.value)
    w, h = float(suggested[1]), float(suggested[2])
    assert h == pytest.approx(w * height / width, abs=0.05) and (w * 2).is_integer()
    a3_page(BoardGeometry(TileSize(w, h)), theme, a3)                   # fits
    if w + 0.5 < width:
        with pytest.raises(UserError):                                  # the next size up does not
            a3_page(BoardGeometry(TileSize(w + 0.5, round((w + 0.5) * height / width, 1))), theme, a3)
