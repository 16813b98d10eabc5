"""The duplex tile sheets, measured in the PDFs themselves."""

import math

from conftest import run_cli
from pdf_inspect import MM, font_report, page_shapes, page_texts, read_pdf, scale_bars, stroked_paths
from pip_count import pips_in_cells, set_a_layout
import pytest

from generator.jobs.build import BuildOptions, BuildReport, build, build_tile_sheets
from generator.scene.sizes import TileSize

A4 = (210 * MM, 297 * MM)
LETTER = (215.9 * MM, 279.4 * MM)


def tile_boxes(shapes, size=(22, 44)):
    """Rectangles exactly one tile large, in drawing order, rounded to 0.01 pt."""
    w, h = size[0] * MM, size[1] * MM
    return [tuple(round(v, 2) for v in r[:4]) for r in shapes.rects
            if abs((r[2] - r[0]) - w) < 0.01 and abs((r[3] - r[1]) - h) < 0.01]


@pytest.mark.parametrize("name", ["A", "B", "C"])
def test_two_a4_pages_per_set(default_kit, name):
    reader = read_pdf(default_kit / f"tiles-{name}.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4, abs=0.01)
    text = [page.extract_text() for page in reader.pages]
    assert f"set {name}" in text[0] and "FRONTS" in text[0] and "LONG edge" in text[0]
    assert "BACKS" in text[1] and "50 mm" in text[0] and "50 mm" in text[1]


@pytest.mark.parametrize("name", ["A", "C"])
def test_backs_sit_behind_their_fronts(default_kit, name):
    reader = read_pdf(default_kit / f"tiles-{name}.pdf")
    fronts, backs = (page_shapes(p) for p in reader.pages)
    front_boxes, back_boxes = tile_boxes(fronts), tile_boxes(backs)
    assert len(front_boxes) == len(back_boxes) == 32
    width = fronts.width
    for (x0, y0, x1, y1), back in zip(front_boxes, back_boxes):
        # Flipped on the long edge, the back of a box at x lies at page width - x.
        assert back == pytest.approx((width - x1, y0, width - x0, y1), abs=0.01)
    # In grid terms: front cell (r, c) has its back at (r, 7 - c).
    xs = sorted({b[0] for b in front_boxes})
    assert len(xs) == 8
    for (x0, y0, *_), back in zip(front_boxes, back_boxes):
        assert xs.index(back[0]) == 7 - xs.index(x0)


def test_tiles_stand_in_magic_layout_order(default_kit):
    reader = read_pdf(default_kit / "tiles-A.pdf")
    boxes = tile_boxes(page_shapes(reader.pages[0]))
    rows = sorted({b[1] for b in boxes}, reverse=True)
    assert len(rows) == 4
    # Drawn in the order rows 8, 7, 2, 1 from the top of the sheet, columns 1-8 from the left.
    assert [rows.index(b[1]) for b in boxes] == [r for r in range(4) for _ in range(8)]
    assert all(boxes[i][0] < boxes[i + 1][0] for i in range(7))


def test_each_tile_stands_where_the_sets_layout_puts_it(default_kit):
    """The pips of every tile counted in the rendered page, against templates/sets/A.toml: board
    rows 8, 7, 2, 1 from the top, columns 1-8 from the left, each tile written top/bottom."""
    boxes = tile_boxes(page_shapes(read_pdf(default_kit / "tiles-A.pdf").pages[0]))
    assert pips_in_cells(default_kit / "tiles-A.pdf", boxes) == set_a_layout()


def test_rounded_corners_keep_every_front(default_kit, tmp_path):
    """With --corner-radius the tiles stand where the sharp ones do, each with its own front. The
    dashed cut lines follow the rounded outlines: at each corner of each tile one open quarter arc
    from a point r along one edge to the point r along the other; straight runs, level or upright,
    along the edges, over every edge's middle and never over the r beside a corner."""
    build_tile_sheets(BuildOptions(out=tmp_path, sets=("A",), corner_radius=3), BuildReport())
    boxes = tile_boxes(page_shapes(read_pdf(default_kit / "tiles-A.pdf").pages[0]))
    assert pips_in_cells(tmp_path / "tiles-A.pdf", boxes) == set_a_layout()
    dashed = [path for path in stroked_paths(read_pdf(tmp_path / "tiles-A.pdf").pages[0]) if path.dashed]
    assert dashed and not [path for path in dashed if path.closed], "a closed cut path draws a chord"
    r = 3 * MM
    ends = [(path.points[0], path.points[-1]) for path in dashed]

    def same(p, q):
        return math.dist(p, q) < 0.02

    arcs, runs = [], []
    for a, b in ends:
        (runs if abs(a[0] - b[0]) < 0.01 or abs(a[1] - b[1]) < 0.01 else arcs).append((a, b))
    assert len(arcs) == 4 * len(boxes)
    for x0, y0, x1, y1 in boxes:
        for cx, cy, sx, sy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x1, y1, -1, -1), (x0, y1, 1, -1)):
            along_x, along_y = (cx + sx * r, cy), (cx, cy + sy * r)
            assert sum(1 for a, b in arcs if (same(a, along_x) and same(b, along_y)) or (same(a, along_y) and same(b, along_x))) == 1
        for point, beside_corner in (((x0 + r / 2, y0), True), ((x0, y0 + r / 2), True), (((x0 + x1) / 2, y0), False),
                                     ((x1, (y0 + y1) / 2), False)):
            covered = any(min(a[0], b[0]) - 0.01 <= point[0] <= max(a[0], b[0]) + 0.01
                          and min(a[1], b[1]) - 0.01 <= point[1] <= max(a[1], b[1]) + 0.01 for a, b in runs)
            assert covered is not beside_corner, \
                ("a straight cut beside a rounded corner" if beside_corner else "an edge left uncut", point)


def test_cut_lines_are_where_the_tiles_end(default_kit):
    shapes = page_shapes(read_pdf(default_kit / "tiles-B.pdf").pages[0])
    boxes = tile_boxes(shapes)
    edges_x = sorted({round(v, 2) for b in boxes for v in (b[0], b[2])})
    edges_y = sorted({round(v, 2) for b in boxes for v in (b[1], b[3])})
    dashed = [l for l in shapes.lines if l[4]]
    vertical = sorted({round(l[0], 2) for l in dashed if abs(l[0] - l[2]) < 0.01})
    horizontal = sorted({round(l[1], 2) for l in dashed if abs(l[1] - l[3]) < 0.01})
    assert len(vertical) == 9 and len(horizontal) == 5
    assert vertical == pytest.approx(edges_x, abs=0.02)
    assert horizontal == pytest.approx(edges_y, abs=0.02)
    # each reaches past the outer tiles by the 3 mm of bleed and the 4 mm of marks (the guide)
    reach = 7 * MM
    for x0, y0, x1, y1, *_ in dashed:
        if abs(x0 - x1) < 0.01:
            assert (min(y0, y1), max(y0, y1)) == pytest.approx((edges_y[0] - reach, edges_y[-1] + reach), abs=0.02)
        else:
            assert (min(x0, x1), max(x0, x1)) == pytest.approx((edges_x[0] - reach, edges_x[-1] + reach), abs=0.02)


def test_background_bleeds_past_the_cut_lines(default_kit):
    for page in read_pdf(default_kit / "tiles-A.pdf").pages:
        shapes = page_shapes(page)
        boxes = tile_boxes(shapes)
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
        biggest = max(shapes.rects, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
        assert biggest[0] == pytest.approx(left - 3 * MM, abs=0.01)
        assert biggest[2] == pytest.approx(right + 3 * MM, abs=0.01)
        assert biggest[1] == pytest.approx(bottom - 3 * MM, abs=0.01)
        assert biggest[3] == pytest.approx(top + 3 * MM, abs=0.01)


def test_each_back_design_is_drawn_once_and_placed_32_times(default_kit):
    """Set A's backs come in two designs (templates/sets/A.toml: crosses on group 2 only): the backs page
    holds each once, as a Form XObject, and places it behind each of the 32 fronts."""
    page = read_pdf(default_kit / "tiles-A.pdf").pages[1]
    placed = [operands[0] for operands, operator in page.get_contents().operations if operator == b"Do"]
    assert len(placed) == 32 and len(set(placed)) == 2


def test_print_preferences_and_embedded_fonts(default_kit):
    reader = read_pdf(default_kit / "tiles-C.pdf")
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == "/DuplexFlipLongEdge"
    fonts = font_report(reader)
    assert fonts and all(embedded for _, embedded in fonts)
    assert not any("Helvetica" in name or "Times" in name for name, _ in fonts)


def test_letter_and_custom_tile_size(tmp_path):
    build(BuildOptions(out=tmp_path, paper="letter", sets=("B",), tile_size=TileSize(20, 40)))
    reader = read_pdf(tmp_path / "tiles-B.pdf")
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(LETTER, abs=0.01)
    assert len(tile_boxes(page_shapes(page), (20, 40))) == 32
    assert not (tmp_path / "tiles-A.pdf").exists()


def test_same_inputs_give_identical_bytes(default_kit, tmp_path):
    build(BuildOptions(out=tmp_path))
    for path in sorted(default_kit.glob("*.pdf")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_no_temporary_files_are_left(default_kit):
    assert not list(default_kit.glob(".*"))


def test_a_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    build(BuildOptions(out=tmp_path, sets=("A",)))
    before = (tmp_path / "tiles-A.pdf").read_bytes()
    from generator.writers import pdf

    def explode(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(pdf, "_write_page", explode)
    with pytest.raises(RuntimeError):
        build(BuildOptions(out=tmp_path, sets=("A",), tile_size=TileSize(20, 40)))
    assert (tmp_path / "tiles-A.pdf").read_bytes() == before
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def furniture_is_centred_and_ticks_clear_the_bleed(page) -> None:
    """A tile sheet's caption and its 50 mm bar are centred across the page; every crop tick (a short
    solid line in line with a cut line) stands wholly outside the background's bleed, so a cut a
    little off never leaves a tick's end on a tile's edge."""
    shapes, width = page_shapes(page), float(page.mediabox.width)
    (caption,) = [t for t in page_texts(page) if t[0].startswith("Open Domino")]
    assert caption[1] == pytest.approx(width / 2, abs=0.01)
    (bar,) = scale_bars(shapes)
    assert (bar[0] + bar[2]) / 2 == pytest.approx(width / 2, abs=0.01)
    ground = max(shapes.rects, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
    # The bar under everything the sheet prints (a gutter fold's backs too) and on the paper, clear
    # of the 5 mm a home printer cannot reach.
    grounds = [r for r in shapes.rects if (r[2] - r[0]) * (r[3] - r[1]) > 0.25 * (ground[2] - ground[0]) * (ground[3] - ground[1])]
    assert 5 * MM <= bar[1] < min(r[1] for r in grounds), (bar[1] / MM, [r[1] / MM for r in grounds])
    ticks = [l for l in shapes.lines if not l[4] and abs(((l[2] - l[0]) ** 2 + (l[3] - l[1]) ** 2) ** 0.5 - 3.5 * MM) < 0.01]
    assert ticks
    for x0, y0, x1, y1, *_ in ticks:
        for x, y in ((x0, y0), (x1, y1)):
            assert not (ground[0] + 0.01 < x < ground[2] - 0.01 and ground[1] + 0.01 < y < ground[3] - 0.01), (x, y)
    # Each cut line (on the fronts) has a tick at each end, in line with it, in the 4 mm it reaches
    # past the bleed (docs/explanation/print-conventions.md), so the cut shows in the margin.
    solid = [l for l in shapes.lines if not l[4] and l not in (bar,)]
    def near_the_ground(x, y):
        return ground[0] - 5 * MM < x < ground[2] + 5 * MM and ground[1] - 5 * MM < y < ground[3] + 5 * MM

    cuts = [l for l in shapes.lines if l[4] and near_the_ground(l[0], l[1]) and near_the_ground(l[2], l[3])]
    for x0, y0, x1, y1, *_ in cuts:                 # (a gutter fold's dashed fold line runs on to the margins)
        length = math.hypot(x1 - x0, y1 - y0)
        along = ((x1 - x0) / length, (y1 - y0) / length)

        def place(x, y):         # (distance along the cut line from its start, distance off it), in points
            return (x - x0) * along[0] + (y - y0) * along[1], abs((x - x0) * along[1] - (y - y0) * along[0])

        ends = sorted(sorted(place(tx, ty)[0] for tx, ty in ((l[0], l[1]), (l[2], l[3]))) for l in solid
                      if all(place(tx, ty)[1] < 0.01 for tx, ty in ((l[0], l[1]), (l[2], l[3]))))
        assert len(ends) == 2, f"{len(ends)} ticks on a cut line"
        (a, b), (c, d) = ends
        assert -0.01 <= a and b - a >= 2 * MM and b <= 4 * MM + 0.01, "the first tick is not in the line's first 4 mm"
        assert c >= length - 4 * MM - 0.01 and d - c >= 2 * MM and d <= length + 0.01, "the last tick"
    # The bar: a tick at each of its centimetres (six, from its left end), none past its ends, the
    # end ones the longest, all on one side of it, as on a ruler.
    left, level = min(bar[0], bar[2]), bar[1]
    marks = [l for l in solid if abs(l[0] - l[2]) < 0.01 and min(abs(l[1] - level), abs(l[3] - level)) < 0.01]
    assert sorted(round((l[0] - left) / MM, 2) for l in marks) == [0, 10, 20, 30, 40, 50]
    sides = {(l[1] + l[3]) / 2 > level for l in marks}
    lengths = {round((l[0] - left) / MM): abs(l[3] - l[1]) for l in marks}
    assert len(sides) == 1 and min(lengths[0], lengths[50]) > max(lengths[k] for k in (10, 20, 30, 40))


def _caption(page) -> str:
    (line,) = [t[0] for t in page_texts(page) if t[0].startswith("Open Domino")]
    return line


def test_captions_bars_and_ticks_of_the_tile_sheets(default_kit, tmp_path):
    pages = read_pdf(default_kit / "tiles-A.pdf").pages
    for page in pages:
        furniture_is_centred_and_ticks_clear_the_bleed(page)
    # One sheet: what to do, and no sheet count (templates/sheet_texts.toml's words).
    assert [_caption(page) for page in pages] == [
        "Open Domino · set A · FRONTS · print double-sided, flip on the LONG edge, at 100 % / actual size",
        "Open Domino · set A · BACKS · prints on the back of the fronts (long-edge flip)"]
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=("A",), layout="gutterfold"), report)
    pages = read_pdf(report.written[0]).pages
    assert [_caption(page) for page in pages] == [
        f"Open Domino · set A · print single-sided at 100 %, fold on the line, glue the halves, then cut · sheet {n} of 2"
        for n in (1, 2)]
    for page in pages:
        furniture_is_centred_and_ticks_clear_the_bleed(page)
        # The fold's caption, centred just under the fold line (the longest line across the page).
        shapes = page_shapes(page)
        fold = max((l for l in shapes.lines if abs(l[1] - l[3]) < 0.01), key=lambda l: abs(l[2] - l[0]))
        (note,) = [t for t in page_texts(page) if t[0].startswith("fold here")]
        assert note[1] == pytest.approx(float(page.mediabox.width) / 2, abs=0.01)
        assert 0 < fold[1] - note[2] < 5 * MM


@pytest.mark.parametrize("command", [("tiles", "--sets", "A"), ("calibrate",)])
@pytest.mark.parametrize("option", [("--target", "shop"), ("--icc", "x.icc"), ("--marks", "crop"), ("--max-ink", "300"),
                                    ("--shop-layout", "single"), ("--bleed", "3")])
def test_home_only_commands_refuse_the_print_shops_options(tmp_path, command, option):
    """The tile sheets alone and the calibration sheet are home prints: a shop option is refused, not
    taken and ignored (`tiles --target shop` wrote the home file, RGB and without a TrimBox)."""
    result = run_cli(*command, *option, "--out", str(tmp_path))
    assert result.returncode == 2 and f"No such option '{option[0]}'" in result.stderr, result.stderr
    assert not list(tmp_path.iterdir())


def test_the_backs_crop_ticks_stand_behind_the_fronts(tmp_path):
    """Held to the light, a back page's crop ticks fall on its front's: a portrait sheet turned over
    its long edge is mirrored left to right. Double-6 fills its last row of a page only in part;
    there the backs' ticks stood where the fronts' do, under blank paper, and none under the backs."""
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=("double-6",)), report)
    reader = read_pdf(report.written[0])
    width = float(reader.pages[0].mediabox.width)

    def line(x0, y0, x1, y1) -> tuple:          # a segment, whichever end it was drawn from
        return tuple(sorted([(round(x0, 1), round(y0, 1)), (round(x1, 1), round(y1, 1))]))

    def ticks(page, mirrored=False) -> set:
        found = set()
        for x0, y0, x1, y1, dashed, *_ in page_shapes(page).lines:
            if not dashed and abs(math.hypot(x1 - x0, y1 - y0) - 3.5 * MM) < 0.01:
                found.add(line(width - x0, y0, width - x1, y1) if mirrored else line(x0, y0, x1, y1))
        return found

    for front, back in zip(reader.pages[::2], reader.pages[1::2]):
        assert ticks(front) and ticks(back) == ticks(front, mirrored=True)


def test_a_triangle_sheets_colour_follows_its_rows_not_their_box(tmp_path):
    """Triangles pointing up and down in turn make each row a slanted band. Its colour (fronts and
    backs) is that band grown by the 3 mm bleed: rendered, every pixel of the tiles' colour lies in
    a tile or within the bleed of a cut line (twice the bleed at a 60-degree corner). One colour over
    the rows' common outline would fill the notches between the rows' slanted ends, where nothing is
    cut."""
    import numpy
    import pypdfium2

    from generator.imposition.paper import paper_named
    from generator.imposition.tile_grid import plan_for
    from generator.imposition.tile_sheets import tile_outlines
    from generator.model.set_loader import load_set

    tile_set = load_set("triominoes")
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=("triominoes",)), report)
    block = plan_for(tile_set, paper_named("a4"), TileSize()).blocks[0]
    corners = numpy.array([outline.corners for outline in tile_outlines(tile_set, block)])       # mm, y down
    fronts, dpi = page_shapes(read_pdf(report.written[0]).pages[0]), 50
    width, height = fronts.width / MM, fronts.height / MM
    cuts = numpy.array([(x0, height - y0, x1, height - y1) for x0, y0, x1, y1 in
                        (numpy.array(line[:4]) / MM for line in fronts.lines if line[4])])
    document = pypdfium2.PdfDocument(str(report.written[0]))
    for number in (0, 1):
        tiles, lines = corners.copy(), cuts.copy()
        if number:                           # the backs: the fronts' tiles and cut lines, mirrored left to right
            tiles[:, :, 0], lines[:, [0, 2]] = width - tiles[:, :, 0], width - lines[:, [0, 2]]
        pixels = numpy.asarray(document[number].render(scale=dpi / 72).to_pil().convert("RGB")).astype(int)
        colours, counts = numpy.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
        coloured = colours.sum(axis=1) < 3 * 250                # the paper's white left out
        ground = colours[coloured][numpy.argmax(counts[coloured])]   # the commonest colour
        rows, columns = numpy.nonzero(numpy.abs(pixels - ground).sum(axis=2) <= 6)
        x, y = (columns + 0.5) * 25.4 / dpi, (rows + 0.5) * 25.4 / dpi
        sides = []
        for k in range(3):                   # which side of each tile's edges the pixel is on
            (ax, ay), (bx, by) = tiles[:, k].T[:, :, None], tiles[:, (k + 1) % 3].T[:, :, None]
            sides.append((bx - ax) * (y - ay) - (by - ay) * (x - ax))
        inside = ((sides[0] >= 0) & (sides[1] >= 0) & (sides[2] >= 0) |
                  (sides[0] <= 0) & (sides[1] <= 0) & (sides[2] <= 0)).any(axis=0)
        x0, y0, x1, y1 = (lines[:, k][:, None] for k in range(4))
        t = numpy.clip(((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / ((x1 - x0) ** 2 + (y1 - y0) ** 2), 0, 1)
        nearest = numpy.hypot(x - x0 - t * (x1 - x0), y - y0 - t * (y1 - y0)).min(axis=0)
        outside = nearest[~inside]
        assert inside.sum() > 1000 and len(outside) > 100 and outside.max() <= 2 * 3.0 + 0.5, (number, outside.max())
    document.close()
