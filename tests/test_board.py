"""The board files, measured in the PDFs."""

from collections import Counter

from pdf_inspect import MM, page_shapes, page_texts, read_pdf
import pytest

from generator.art.board import BoardGeometry
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


def test_page_sizes(default_kit):
    geometry = BoardGeometry(TileSize())
    natural = read_pdf(default_kit / "board-full-size.pdf").pages[0]
    assert float(natural.mediabox.width) == pytest.approx((geometry.width + 24) * MM, abs=0.01)
    assert float(natural.mediabox.height) == pytest.approx((geometry.height + 24) * MM, abs=0.01)
    a3 = read_pdf(default_kit / "board-a3.pdf").pages[0]
    assert (float(a3.mediabox.width), float(a3.mediabox.height)) == pytest.approx(A3, abs=0.01)
    for page in read_pdf(default_kit / "board-tiled-a4.pdf").pages:
        assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
            pytest.approx(sorted((210 * MM, 297 * MM)), abs=0.01)


def test_a3_names_a_tile_size_that_fits(tmp_path):
    report, _ = board_files(tmp_path, tile_size=TileSize(26, 52))
    assert not (tmp_path / "board-a3.pdf").exists()
    assert len(report.notes) == 1 and "--tile-size 22x44" in report.notes[0]
    report, _ = board_files(tmp_path / "bigger", tile_size=TileSize(22.5, 45))
    assert "--tile-size 22x44" in report.notes[0]


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


@pytest.mark.parametrize("paper, sheets", [("a4", 3), ("letter", 4)])
def test_tiled_sheets_meet_within_a_tenth_of_a_millimetre(tmp_path, paper, sheets):
    board_files(tmp_path, paper=paper)
    reader = read_pdf(tmp_path / f"board-tiled-{paper}.pdf")
    assert len(reader.pages) == sheets
    texts = [" ".join(t[0] for t in page_texts(p)) for p in reader.pages]
    assert f"sheet 1 of {sheets}" in texts[0] and f"sheet {sheets} of {sheets}" in texts[-1]
    assert "50 mm" in texts[0]
    shapes = [page_shapes(p) for p in reader.pages]
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
            for a, b in zip(before, after):
                moved = [b[0] + (shift if vertical else 0), b[1] + (0 if vertical else shift),
                         b[2] + (shift if vertical else 0), b[3] + (0 if vertical else shift)]
                assert all(abs(p - q) < 0.1 * MM for p, q in zip(a[:4], moved))
            checked += 1
    assert checked == (2 if sheets == 3 else 4)
