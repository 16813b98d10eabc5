"""Home-printing layouts, back offsets and paper sizes, measured in the PDFs."""

from pathlib import Path
import re

from pdf_inspect import MM, page_shapes, page_texts, read_pdf
import pypdfium2
import pytest

from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.imposition.calibration import calibration_layout, calibration_pages
from generator.imposition.mirror import back_shift, mirror_box
from generator.imposition.paper import paper_named
from generator.imposition.tile_grid import plan_sheets
from generator.jobs.build import BuildOptions, BuildReport, build_tile_sheets
from generator.model.set_loader import load_set
from generator.model.texts import set_label, sheet_text
from generator.scene.sizes import TileSize
from generator.writers.pdf import PdfOptions, write_pdf


def tile_boxes(page, size=(22, 44)):
    w, h = size[0] * MM, size[1] * MM
    shapes = page_shapes(page)
    return [tuple(r[:4]) for r in shapes.rects
            if abs((r[2] - r[0]) - w) < 0.01 and abs((r[3] - r[1]) - h) < 0.01]


def sheets(tmp_path, **changes):
    options = BuildOptions(out=tmp_path, sets=("A",), **changes)
    report = BuildReport()
    build_tile_sheets(options, report)
    return [read_pdf(path) for path in report.written]


def pdf_box_to_top_left(box, page_height):
    """PDF box (x0, y0, x1, y1, bottom-left origin, points) -> (x, y, w, h) in mm from the top-left."""
    x0, y0, x1, y1 = box
    return x0 / MM, (page_height - y1) / MM, (x1 - x0) / MM, (y1 - y0) / MM


def assert_behind(front_page, back_page, flip, shift=(0.0, 0.0)):
    width, height = float(front_page.mediabox.width) / MM, float(front_page.mediabox.height) / MM
    fronts, backs = tile_boxes(front_page), tile_boxes(back_page)
    assert len(fronts) == len(backs) > 0
    for front, back in zip(fronts, backs):
        x, y, w, h = pdf_box_to_top_left(front, height * MM)
        bx, by = mirror_box(x, y, w, h, width, height, flip)
        got = pdf_box_to_top_left(back, height * MM)
        assert got[0] == pytest.approx(bx + shift[0], abs=0.01)
        assert got[1] == pytest.approx(by + shift[1], abs=0.01)


def test_mirror_boxes_follow_the_physical_edge():
    # Portrait: long edge is vertical, x mirrors; landscape: long edge is horizontal, y mirrors.
    assert mirror_box(10, 20, 5, 6, 210, 297, "long") == (195, 20)
    assert mirror_box(10, 20, 5, 6, 210, 297, "short") == (10, 271)
    assert mirror_box(10, 20, 5, 6, 297, 210, "long") == (10, 184)
    assert mirror_box(10, 20, 5, 6, 297, 210, "short") == (282, 20)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("offset", [(1.5, 0.0), (0.0, -2.0), (0.7, 1.1)])
def test_back_shift_cancels_the_printer_offset(flip, offset):
    """Model the printer: seen from the front, the back lands `offset` away. The shift undoes it."""
    width, height = 210.0, 297.0
    x, y = 40.0, 60.0                                   # a point on the front
    bx, by = mirror_box(x, y, 0, 0, width, height, flip)  # where its back is drawn
    sx, sy = back_shift(offset, flip, width, height)
    drawn = (bx + sx, by + sy)
    # Seen from the front, a back point (u, v) appears at the mirrored place, then the printer adds offset.
    seen = mirror_box(*drawn, 0, 0, width, height, flip)
    assert (seen[0] + offset[0], seen[1] + offset[1]) == pytest.approx((x, y))


@pytest.mark.parametrize("layout, flip", [("duplex-long", "long"), ("duplex-short", "short")])
def test_duplex_backs_sit_behind_fronts(tmp_path, layout, flip):
    (reader,) = sheets(tmp_path, layout=layout)
    assert len(reader.pages) == 2
    assert_behind(reader.pages[0], reader.pages[1], flip)
    wanted = "/DuplexFlipLongEdge" if flip == "long" else "/DuplexFlipShortEdge"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == wanted
    text = reader.pages[0].extract_text()
    assert ("LONG edge" if flip == "long" else "SHORT edge") in text


@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
def test_a_square_sheet_flips_as_a_portrait_one(tmp_path, layout):
    """A square sheet has no long edge: the kit counts it as portrait (as it does everywhere), so the
    long-edge flip mirrors the backs left to right and the short-edge flip top to bottom (DESIGN.md
    section 3), measured against the page's own size."""
    (reader,) = sheets(tmp_path, layout=layout, paper="250x250")
    front, back = reader.pages[0], reader.pages[1]
    side = float(front.mediabox.width)
    assert side == float(front.mediabox.height) == pytest.approx(250 * MM)
    fronts, backs = tile_boxes(front), tile_boxes(back)
    assert len(fronts) == len(backs) > 0
    for (x0, y0, x1, y1), got in zip(fronts, backs):
        wanted = (side - x1, y0, side - x0, y1) if layout == "duplex-long" else (x0, side - y1, x1, side - y0)
        assert got == pytest.approx(wanted, abs=0.01)


@pytest.mark.parametrize("sets, rectangles", [(("A",), 1), (("double-6",), 4)])
def test_the_gluing_outline_runs_around_the_backs(tmp_path, sets, rectangles):
    """The backs' dashed outline, for cutting the back print when gluing by hand, encloses exactly the
    tiles: every back inside it, no bleed in it. One rectangle where the tiles fill one (set A's
    4 x 8), one per row where the last row is short (double-6: 28 tiles, 8 to a row)."""
    options = BuildOptions(out=tmp_path, sets=sets)
    report = BuildReport()
    build_tile_sheets(options, report)
    back = read_pdf(report.written[0]).pages[1]
    tiles = tile_boxes(back)
    outlines = [r[:4] for r in page_shapes(back).stroked_rects if r[4]]
    assert len(outlines) == rectangles
    inside = lambda t, o: all(abs(a - b) < 0.01 or (a > b) == (i < 2) for i, (a, b) in enumerate(zip(t, o)))
    assert all(any(inside(tile, box) for box in outlines) for tile in tiles)
    area = lambda box: (box[2] - box[0]) * (box[3] - box[1])
    assert sum(map(area, outlines)) == pytest.approx(sum(map(area, tiles)), rel=1e-6)


def test_separate_files_for_hand_feeding(tmp_path):
    fronts, backs = sheets(tmp_path, layout="separate")
    assert (tmp_path / "tiles-A-fronts.pdf").exists() and (tmp_path / "tiles-A-backs.pdf").exists()
    assert len(fronts.pages) == len(backs.pages) == 1
    assert_behind(fronts.pages[0], backs.pages[0], "long")
    assert "feed the printed fronts back in" in backs.pages[0].extract_text()
    assert not tile_boxes(backs.pages[0]) == []


def test_gutterfold_mirrors_backs_across_the_fold(tmp_path):
    (reader,) = sheets(tmp_path, layout="gutterfold")
    assert len(reader.pages) == 2                        # 16 tiles per A4 page
    for page in reader.pages:
        height = float(page.mediabox.height)
        boxes = tile_boxes(page)
        assert len(boxes) == 32                          # 16 fronts and their 16 backs
        fronts, backs = boxes[:16], boxes[16:]
        fold = height / 2
        assert min(f[1] for f in fronts) - fold == pytest.approx(8 * MM, abs=0.01)   # the guide's 8 mm
        for front, back in zip(fronts, backs):
            assert front[1] > fold and back[3] < fold    # fronts above the fold, backs below
            assert back[0] == pytest.approx(front[0], abs=0.01)
            assert back[1] == pytest.approx(2 * fold - front[3], abs=0.01)
        assert "fold on the line" in page.extract_text()
    assert "/Duplex" not in reader.trailer["/Root"].get("/ViewerPreferences", {}) or \
        reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


def fold_line(page) -> float:
    """The height of a gutter fold's line (points from the bottom): the dashed line across the page
    between its 5 mm margins, which a home printer may not reach."""
    width = float(page.mediabox.width)
    folds = [y0 for x0, y0, x1, y1, dashed, _ in page_shapes(page).lines
             if dashed and y0 == y1 and abs(x0 - 5 * MM) < 0.01 and abs(x1 - (width - 5 * MM)) < 0.01]
    assert len(folds) == 1, folds
    return folds[0]


@pytest.mark.parametrize("sets, paper", [(("A",), "a4"), (("A",), "letter"), (("triominoes",), "a4"),
                                         (("double-6",), "letter")])
def test_the_fold_caption_lies_beside_the_fold_line(tmp_path, sets, paper):
    """Every glyph of "fold here, printed sides out" clear of the line and its 0.3 mm width,
    close beside it on the backs' side (issue 26: the line ran through its own caption)."""
    options = BuildOptions(out=tmp_path, sets=sets, paper=paper, layout="gutterfold")
    report = BuildReport()
    build_tile_sheets(options, report)
    (path,) = report.written
    caption = sheet_text("en", "fold_here")
    half_line = 0.15 * MM
    for number, page in enumerate(pypdfium2.PdfDocument(path)):
        fold = fold_line(read_pdf(path).pages[number])
        assert fold == pytest.approx(page.get_height() / 2, abs=0.01)
        text = page.get_textpage()
        start, length = text.search(caption, match_case=True).get_next()
        assert length == len(caption)
        boxes = [text.get_charbox(start + index) for index in range(length) if caption[index] != " "]
        for left, bottom, right, top in boxes:
            assert top < fold - half_line, (number, top / MM, fold / MM)       # below it, on the backs' side
            assert bottom > fold - 5 * MM, (number, bottom / MM, fold / MM)    # beside it, before the backs' bleed


@pytest.mark.parametrize("paper, lang, layout, sets", [
    ("148x210", "ru", "gutterfold", ("A",)), ("140x216", "en", "duplex-long", ("A",)),
    ("176x250", "ru", "duplex-long", ("C",)), ("148x210", "ru", "duplex-long", ("triominoes", "double-9"))])
def test_every_word_on_a_narrow_sheet_stays_inside_the_printable_margins(tmp_path, paper, lang, layout, sets):
    """The line above the tiles (set, how to print, sheet N of M) shrinks or breaks into lines on
    narrow paper: it ran past both edges of A5 and B5 pages, the sheet count lost first."""
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=sets, paper=paper, lang=lang, layout=layout), report)
    for path in report.written:
        document = pypdfium2.PdfDocument(path)
        several = len(document) > (1 if layout == "gutterfold" else 2)          # then each page says which sheet
        for number, page in enumerate(document):
            text, width = page.get_textpage(), page.get_width()
            outside = [(text.get_text_range(i, 1), round(left / MM, 1), round(right / MM, 1))
                       for i in range(text.count_chars())
                       for left, _, right, _ in [text.get_charbox(i)] if right > left
                       and (left < 5 * MM or right > width - 5 * MM)]
            assert outside == [], (path.name, number, outside[:5])
            words = " ".join(text.get_text_range().split())
            if several:
                assert re.search(r"(sheet|лист) \d+ (of|из) \d+", words), (path.name, number, words[:200])
            else:                                   # one sheet: no "sheet 1 of 1"
                assert not re.search(r"(sheet|лист) \d+ (of|из)", words), (path.name, number, words[:200])
        label = set_label(load_set(Path(path).stem.removeprefix("tiles-")), lang)
        for number, page in enumerate(read_pdf(path).pages):
            _caption_stacks_above_the_tiles(page, label, (path.name, number))


def _caption_stacks_above_the_tiles(page, label: str, where) -> None:
    """The line above the tiles, broken into lines: in reading order from the top, each a line's
    height below the last (neither overlapping nor drifting apart: 1.1 to 1.5 em), the last clear
    of the crop ticks that reach 4 mm above the tiles' colour, the first on the paper."""
    shapes = page_shapes(page)
    ground_top = max([rect[3] for rect in shapes.rects] + [y for points, _ in shapes.polygons for _, y in points])
    lines = sorted((t for t in page_texts(page) if t[2] > ground_top), key=lambda t: -t[2])
    assert lines and lines[0][0].startswith(label), (where, lines)
    for upper, lower in zip(lines, lines[1:]):
        assert 1.1 * upper[3] * MM <= upper[2] - lower[2] <= 1.5 * upper[3] * MM, (where, upper, lower)
    assert lines[-1][2] >= ground_top + 5 * MM and lines[0][2] + lines[0][3] * MM <= float(page.mediabox.height), where


@pytest.mark.parametrize("layout, flip", [("duplex-long", "long"), ("duplex-short", "short"), ("separate", "long")])
def test_back_offset_moves_only_the_backs(tmp_path, layout, flip):
    plain = sheets(tmp_path / "plain", layout=layout)
    offset = (1.5, -0.75)
    moved = sheets(tmp_path / "moved", layout=layout, back_offset=offset)
    pages = lambda readers: [p for r in readers for p in r.pages]
    plain_pages, moved_pages = pages(plain), pages(moved)
    front_indices = [0] if layout == "separate" else [0]
    back_index = 1
    assert tile_boxes(plain_pages[front_indices[0]]) == tile_boxes(moved_pages[front_indices[0]])
    width, height = float(plain_pages[0].mediabox.width) / MM, float(plain_pages[0].mediabox.height) / MM
    shift = back_shift(offset, flip, width, height)
    assert_behind(moved_pages[0], moved_pages[back_index], flip, shift)


def test_paper_sizes_and_orientation(tmp_path):
    (a3,) = sheets(tmp_path / "a3", paper="a3")
    assert len(a3.pages) == 2
    (letter,) = sheets(tmp_path / "letter", paper="letter")
    assert float(letter.pages[0].mediabox.width) == pytest.approx(215.9 * MM, abs=0.01)
    # A small custom sheet: the set is split over several sheets, each pair front/back.
    (small,) = sheets(tmp_path / "small", paper="150x200")
    assert len(small.pages) > 2 and len(small.pages) % 2 == 0
    assert sum(len(tile_boxes(p)) for p in small.pages[::2]) == 32
    assert "sheet 1 of" in small.pages[0].extract_text()
    for index in range(0, len(small.pages), 2):
        assert_behind(small.pages[index], small.pages[index + 1], "long")


@pytest.mark.parametrize("paper, layout, pages", [("200x230", "duplex-long", 2), ("199x230", "duplex-long", 4),
                                                  ("200x229", "duplex-long", 4), ("200x246", "gutterfold", 2),
                                                  ("200x245", "gutterfold", 4)])
def test_a_set_takes_the_room_the_guide_states(tmp_path, paper, layout, pages):
    """docs/explanation/print-conventions.md: the tiles with 3 mm of bleed and 4 mm of cut marks stay
    5 mm inside the paper, below 14 mm for the caption and above 16 mm for the bar. So 8 x 4 tiles
    of 22 x 44 mm take 8 * 22 + 2 * 12 = 200 mm by 4 * 44 + 24 + 30 = 230 mm, and no less; folded,
    2 rows of fronts and their backs with 8 mm each side of the fold take 230 + 2 * 8 = 246 mm."""
    (reader,) = sheets(tmp_path, paper=paper, layout=layout)
    assert len(reader.pages) == pages
    if pages == 2 and layout == "duplex-long":
        page = reader.pages[0]
        boxes = [pdf_box_to_top_left(b, float(page.mediabox.height)) for b in tile_boxes(page)]
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
        assert (left, top, right, bottom) == pytest.approx((12, 26, 188, 202), abs=0.01)


def test_landscape_when_it_needs_fewer_sheets():
    # A wide 4 x 8 grid (30 x 45 mm tiles: 240 x 180 mm) fits a 240 x 270 sheet only sideways.
    plan = plan_sheets(paper_named("240x270"), TileSize(30, 45))
    assert plan.paper.width > plan.paper.height and len(plan.blocks) == 1
    # A square grid fits either way: portrait wins the tie, whichever way the paper was given.
    for paper in ("300x215", "215x300"):
        plan = plan_sheets(paper_named(paper), TileSize())
        assert plan.paper.width < plan.paper.height and len(plan.blocks) == 1


def test_too_small_paper_names_a_tile_size_that_fits():
    with pytest.raises(UserError, match=r"--tile-size 1\d(\.5)?x\d+"):
        plan_sheets(paper_named("90x90"), TileSize(40, 80))
    with pytest.raises(UserError, match="WIDTHxHEIGHT"):
        paper_named("huge")


@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_sheet(tmp_path, flip):
    paper, offset = paper_named("a4"), (1.0, -0.5)
    target = tmp_path / "calibration.pdf"
    write_pdf(calibration_pages(paper, load_theme(), flip, offset), target, PdfOptions(duplex=flip))
    reader = read_pdf(target)
    assert len(reader.pages) == 2
    back = page_shapes(reader.pages[1])
    long_lines = [l for l in back.lines if abs(l[0] - l[2]) + abs(l[1] - l[3]) > 20 * MM]
    centres = sorted({(round((l[0] + l[2]) / 2 / MM, 2), round(paper.height - (l[1] + l[3]) / 2 / MM, 2))
                      for l in long_lines})
    shift = back_shift(offset, flip, paper.width, paper.height)
    wanted = sorted((round(mirror_box(x, y, 0, 0, paper.width, paper.height, flip)[0] + shift[0], 2),
                     round(mirror_box(x, y, 0, 0, paper.width, paper.height, flip)[1] + shift[1], 2))
                    for x, y in calibration_layout(paper, flip).targets)
    assert [v for c in centres for v in c] == pytest.approx([v for c in wanted for v in c], abs=0.02)
    assert "Hold the sheet to the light" in reader.pages[0].extract_text()


def test_cli_layout_offset_and_calibrate(tmp_path):
    from conftest import run_cli

    result = run_cli("build", "--out", str(tmp_path), "--sets", "C", "--layout", "separate",
                     "--back-offset", "0.5,-1", "--paper", "200x280")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "tiles-C-fronts.pdf").exists() and (tmp_path / "tiles-C-backs.pdf").exists()
    calibrate = run_cli("calibrate", "--out", str(tmp_path), "--layout", "duplex-short")
    assert calibrate.returncode == 0, calibrate.stderr
    reader = read_pdf(tmp_path / "calibration.pdf")
    assert len(reader.pages) == 2
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    for bad, name in ((["--back-offset", "one,two"], "--back-offset"), (["--paper", "10x10"], "--paper"),
                      (["--layout", "zigzag"], "--layout")):
        failed = run_cli("build", "--out", str(tmp_path), *bad)
        assert failed.returncode == 2 and name in failed.stderr
        assert len(failed.stderr.strip().splitlines()) == 1


def test_config_keeps_the_printer_offset(tmp_path):
    from conftest import run_cli

    (tmp_path / "opendomino.toml").write_text('back_offset = "1.5,-0.75"\nlayout = "duplex-short"\nsets = ["A"]\n')
    result = run_cli("build", "--out", "kit", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = read_pdf(tmp_path / "kit" / "tiles-A.pdf")
    width, height = float(reader.pages[0].mediabox.width) / MM, float(reader.pages[0].mediabox.height) / MM
    assert_behind(reader.pages[0], reader.pages[1], "short", back_shift((1.5, -0.75), "short", width, height))
