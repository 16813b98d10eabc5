"""Triangular dominoes: a tile that is not a rectangle, through the same pipeline.

Composition from the data; geometry, registration of every back in every layout and the cut
lines measured in the PDFs; the shop files and their die line; the figure and its edge check.
"""

import json
import math
import re
import xml.etree.ElementTree as ET

from conftest import run_cli
from crop_marks import check_crop_marks
from laser_inspect import signed_area
from pdf_inspect import MM, page_shapes, printed_characters, read_pdf, stroked_paths
from PIL import Image
from plane import box_corners, inside_by, mean_point, polygon_gap, turned
import pytest

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.imposition.mirror import mirror_box
from generator.imposition.paper import paper_named
from generator.imposition.tile_grid import plan_sheets
from generator.jobs.build import BuildOptions, BuildReport, build, build_tile_sheets, with_set_files
from generator.jobs.preflight import preflight
from generator.model.figures import _load_figure_file, figure
from generator.model.set_loader import load_set
from generator.model.triangle_figures import touching_edges
from generator.scene.sizes import TileSize

SIDE = 44.0          # mm: the default --tile-size 22x44 gives triangles of side 44
TOLERANCE = 0.05     # mm


def test_composition():
    tile_set = load_set("triominoes")
    assert len(tile_set.tiles) == 56 and tile_set.shape == "triangle"
    corners = [t.corners for t in tile_set.tiles]
    assert len(set(corners)) == 56
    assert all(list(c) == sorted(c) and all(0 <= v <= 5 for v in c) for c in corners)   # increasing clockwise
    kinds = [len(set(c)) for c in corners]
    assert (kinds.count(1), kinds.count(2), kinds.count(3)) == (6, 30, 20)


def test_sets_json_gives_the_corners():
    tiles = [t for t in json.loads(run_cli("sets", "triominoes", "--json").stdout)]
    assert len(tiles) == 56 and all(t["set"] == "triominoes" and len(t["corners"]) == 3 for t in tiles)
    assert tiles[13]["corners"] == [0, 2, 4]
    listing = run_cli("sets", "triominoes").stdout
    assert "6 triples, 30 with two equal numbers, 20 with three different ones" in listing


# --- measured in the PDF ---------------------------------------------------------------------

def mm_points(points, page_height):
    return tuple((x / MM, (page_height - y) / MM) for x, y in points)


def triangles(page, side: float = SIDE) -> list[tuple]:
    """Filled triangles of the page whose three sides are each a tile's side long (in mm, top-left origin)."""
    height = float(page.mediabox.height)
    found = []
    for points, _fill in page_shapes(page).polygons:
        corners = mm_points(points[:3], height)
        if len(points) in (3, 4) and all(abs(math.dist(corners[i], corners[(i + 1) % 3]) - side) < 1.0
                                         for i in range(3)):
            found.append(corners)
    return found


def sheets(tmp_path, **changes):
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=("triominoes",), **changes), report)
    return [read_pdf(path) for path in report.written]


def test_every_side_is_the_set_size(tmp_path):
    (reader,) = sheets(tmp_path)
    count = 0
    for page in reader.pages:
        for corners in triangles(page):
            for i in range(3):
                assert abs(math.dist(corners[i], corners[(i + 1) % 3]) - SIDE) < TOLERANCE
            count += 1
    assert count == 2 * 56                       # every front and every back


def as_set(corner_lists):
    return {tuple(sorted((round(x, 2), round(y, 2)) for x, y in corners)) for corners in corner_lists}


@pytest.mark.parametrize("layout, flip", [("duplex-long", "long"), ("duplex-short", "short")])
def test_every_back_lies_behind_its_front(tmp_path, layout, flip):
    (reader,) = sheets(tmp_path, layout=layout)
    total = 0
    for front, back in zip(reader.pages[0::2], reader.pages[1::2]):
        width, height = float(front.mediabox.width) / MM, float(front.mediabox.height) / MM
        fronts = triangles(front)
        mirrored = [[mirror_box(x, y, 0, 0, width, height, flip) for x, y in corners] for corners in fronts]
        assert as_set(mirrored) == as_set(triangles(back))
        total += len(fronts)
    assert total == 56


def test_separate_and_gutterfold(tmp_path):
    fronts, backs = sheets(tmp_path / "s", layout="separate")
    for front, back in zip(fronts.pages, backs.pages):
        width, height = float(front.mediabox.width) / MM, float(front.mediabox.height) / MM
        mirrored = [[mirror_box(x, y, 0, 0, width, height, "long") for x, y in c] for c in triangles(front)]
        assert as_set(mirrored) == as_set(triangles(back))
    (folded,) = sheets(tmp_path / "g", layout="gutterfold")
    total = 0
    for page in folded.pages:
        height = float(page.mediabox.height) / MM
        found = triangles(page)
        tops = [c for c in found if max(y for _, y in c) < height / 2]
        bottoms = [c for c in found if min(y for _, y in c) > height / 2]
        assert len(tops) + len(bottoms) == len(found)
        assert as_set([[(x, height - y) for x, y in c] for c in tops]) == as_set(bottoms)   # across the fold
        total += len(tops)
    assert total == 56


def test_cut_lines_run_along_tile_edges(tmp_path):
    (reader,) = sheets(tmp_path)
    page = reader.pages[0]
    height = float(page.mediabox.height)
    tiles = triangles(page)
    edges = [(c[i], c[(i + 1) % 3]) for c in tiles for i in range(3)]
    cuts = [mm_points([(l[0], l[1]), (l[2], l[3])], height) for l in page_shapes(page).lines if l[4]]

    def on_line(point, a, b):
        cross = (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])
        return abs(cross) / math.dist(a, b) < 0.01

    directions = set()
    for a, b in cuts:
        assert any(on_line(p, a, b) and on_line(q, a, b) for p, q in edges), "a cut line on no tile edge"
        directions.add(round(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 180))
    assert directions == {0, 60, 120}                                    # straight lines in three directions
    for p, q in edges:                                                    # and every edge is cut
        middle = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        assert any(on_line(middle, a, b) and min(a[0], b[0]) - 0.01 <= middle[0] <= max(a[0], b[0]) + 0.01
                   and min(a[1], b[1]) - 0.01 <= middle[1] <= max(a[1], b[1]) + 0.01 for a, b in cuts)


def test_neighbours_in_a_row_share_a_side(tmp_path):
    """Tessellated (docs/how-to/classic-sets.md): along a row the triangles point up and down in
    turn, each a half side on from the last, so two neighbours share a whole side."""
    (reader,) = sheets(tmp_path)
    rows = {}
    for corners in triangles(reader.pages[0]):
        rows.setdefault(round(min(y for _, y in corners), 1), []).append(corners)   # up or down, one band
    assert sum(map(len, rows.values())) == 42
    for row in rows.values():
        row.sort(key=lambda c: min(x for x, _ in c))
        for a, b in zip(row, row[1:]):
            assert min(x for x, _ in b) - min(x for x, _ in a) == pytest.approx(SIDE / 2, abs=TOLERANCE)
            shared = {(round(x, 1), round(y, 1)) for x, y in a} & {(round(x, 1), round(y, 1)) for x, y in b}
            assert len(shared) == 2, (a, b)


def test_the_gluing_outline_turns_at_the_backs_corners(tmp_path):
    """The dashed outline around the backs (for cutting the back print when gluing by hand) encloses
    exactly the triangles, row by row: each of its corners is a corner of a back, and the areas it
    encloses add up to the backs' own, on every backs page."""
    (reader,) = sheets(tmp_path)
    for page in reader.pages[1::2]:
        height = float(page.mediabox.height)
        backs = triangles(page)
        corners = {point for triangle in backs for point in triangle}
        outlines = [mm_points(path.points, height) for path in stroked_paths(page) if path.dashed]
        assert outlines and not [r for r in page_shapes(page).stroked_rects if r[4]]
        for point in (point for outline in outlines for point in outline):
            assert min(math.dist(point, corner) for corner in corners) < TOLERANCE, point
        assert sum(abs(signed_area(outline)) for outline in outlines) == pytest.approx(len(backs) * SIDE ** 2 * math.sqrt(3) / 4, rel=1e-4)


def test_a_row_of_n_triangles_takes_n_plus_one_half_sides(tmp_path):
    """docs/how-to/classic-sets.md: 200 mm paper less 2 x 12 mm (margin, bleed, marks) leaves
    176 mm = 8 half sides of 44 mm, just room for rows of 7."""
    (reader,) = sheets(tmp_path, paper="200x297")
    found = triangles(reader.pages[0])
    top = min(min(y for _, y in corners) for corners in found)
    assert sum(1 for corners in found if min(y for _, y in corners) == pytest.approx(top, abs=TOLERANCE)) == 7


def test_one_triangle_to_a_row_still_has_its_colour_past_every_cut(tmp_path):
    """90 mm paper and 50 mm sides leave room for one triangle a row, pointing up and down in turn.
    A row of one is three corners, a case the rows of several never meet. The colour of fronts and
    backs must still run past every side: the guide promises 3 mm past the outer cuts
    (docs/tutorials/first-set-at-home.md). Checked 2 mm out from each side, at a quarter, half and
    three quarters of its length, on the pages as pdfium renders them: there the theme file's face
    colour (fronts) or back colour (backs)."""
    import numpy as np
    import pypdfium2

    side, dpi = 50.0, 100
    theme = load_toml(template_path("themes/classic.toml"))
    colours = [np.array([int(theme[part][key]["hex"][i:i + 2], 16) for i in (1, 3, 5)])
               for part, key in (("tile", "face"), ("back", "background"))]
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=("triominoes",), paper="90x297", tile_size=TileSize(25, side)),
                      report)
    (path,) = report.written
    reader, document = read_pdf(path), pypdfium2.PdfDocument(str(path))
    pointing_down = 0
    for number, page in enumerate(reader.pages):
        found = triangles(page, side)
        assert found and len({round(min(y for _, y in c)) for c in found}) == len(found), "one triangle a row"
        pointing_down += sum(1 for c in found if sorted(y for _, y in c)[1] < max(y for _, y in c) - 1)
        pixels = np.asarray(document[number].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)
        for corners in found:
            centre = mean_point(corners)
            for a, b in zip(corners, corners[1:] + corners[:1]):
                for share in (0.25, 0.5, 0.75):
                    x, y = a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share
                    away = math.dist((x, y), centre)
                    out = (x + (x - centre[0]) / away * 2.0, y + (y - centre[1]) / away * 2.0)
                    pixel = pixels[round(out[1] / 25.4 * dpi), round(out[0] / 25.4 * dpi)]
                    assert np.abs(pixel - colours[number % 2]).max() <= 12, \
                        f"page {number + 1}: {pixel.tolist()} 2 mm outside a side at {out}"
    document.close()
    assert pointing_down >= 20, "rows of one pointing down too"


def test_a_triangle_wider_than_the_paper_is_refused():
    with pytest.raises(UserError, match="do not fit on 90x600"):
        plan_sheets(paper_named("90x600"), TileSize(60, 120), count=56, shape="triangle")


def test_tile_size_sets_the_side(tmp_path):
    result = run_cli("tiles", "--sets", "triominoes", "--tile-size", "50", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    page = read_pdf(tmp_path / "tiles-triominoes.pdf").pages[0]
    height = float(page.mediabox.height)
    sides = {round(math.dist(*mm_points(points[:2], height)), 2) for points, _ in page_shapes(page).polygons
             if len(points) in (3, 4) and abs(math.dist(*mm_points(points[:2], height)) - 50) < 0.5}
    assert sides == {50.0}


# --- shop, exports --------------------------------------------------------------------------

@pytest.mark.parametrize("layout, marks", [("sheets", "crop"), ("sheets", "none"), ("single", "crop")])
def test_shop_files_pass_preflight_and_carry_a_die_line(tmp_path, layout, marks):
    build(BuildOptions(out=tmp_path, target="shop", sets=("triominoes",), booklet_langs=(), shop_layout=layout,
                       marks=marks))
    path = tmp_path / ("shop-tiles-triominoes.pdf" if layout == "sheets" else "shop-tiles-triominoes-single.pdf")
    assert all(check.passed for check in preflight(path)), [c.line() for c in preflight(path) if not c.passed]
    reader = read_pdf(path)
    spaces = [space.get_object() for page in reader.pages
              for space in (page["/Resources"].get("/ColorSpace") or {}).values()]
    assert any(s[0] == "/Separation" and s[1] == "/CutContour" for s in spaces)
    pages = len(reader.pages)
    assert pages == (4 if layout == "sheets" else 2 * 56)
    if layout == "sheets":
        for index, page in enumerate(reader.pages[:2]):                 # a fronts page and its backs
            # The TrimBox is the box of the die lines; the BleedBox reaches twice the 3 mm bleed past it
            # (a grown triangle's apex), and the marks' 12 mm margin lies around that.
            cuts = [point for path in stroked_paths(page) if path.colour[:2] == ("spot", "CutContour")
                    for point in path.points]
            trim = [float(v) for v in page.trimbox]
            assert trim == pytest.approx([min(x for x, _ in cuts), min(y for _, y in cuts),
                                          max(x for x, _ in cuts), max(y for _, y in cuts)], abs=0.01)
            grown = [trim[0] - 6 * MM, trim[1] - 6 * MM, trim[2] + 6 * MM, trim[3] + 6 * MM]
            assert [float(v) for v in page.bleedbox] == pytest.approx(grown, abs=0.01)
            margin = 12 * MM if marks == "crop" else 0
            assert [float(v) for v in page.mediabox] == pytest.approx(
                [grown[0] - margin, grown[1] - margin, grown[2] + margin, grown[3] + margin], abs=0.01)
            if marks == "crop":                                     # one pair of marks at each edge of the TrimBox
                check_crop_marks(path, index, trim[0::2], trim[1::2])
        # Each triangle with its own 3 mm bleed, the bleeds meeting: neighbours' die lines 6 mm apart.
        dies = die_lines(reader.pages[0])
        by_height = sorted(dies, key=lambda die: -sum(y for _, y in die))
        first, second = (sorted(by_height[i:i + 8], key=lambda die: min(x for x, _ in die)) for i in (0, 8))
        for a, b in [*zip(first, first[1:]), (first[0], second[0])]:     # along the top row, and across
            assert polygon_gap(a, b) == pytest.approx(6 * MM, abs=0.01)
        # The 56 tiles, 32 a sheet in 4 rows of 8 (README): a die line each, fronts and backs alike.
        assert [len(die_lines(page)) for page in reader.pages] == [32, 32, 24, 24]
        middles = sorted((min(y for _, y in die) + max(y for _, y in die)) / 2 for die in dies)
        rows = [1]                  # up and down triangles of a row stand a bleed apart; rows a side apart
        for above, below in zip(middles, middles[1:]):
            rows[-1:] = [rows[-1] + 1] if below - above < 10 * MM else [rows[-1], 1]
        assert rows == [8, 8, 8, 8]
        # Every back stands behind its front: the backs' die lines are the fronts' mirrored left to right.
        for fronts, backs in (reader.pages[0:2], reader.pages[2:4]):
            width = float(fronts.mediabox.width)
            assert float(backs.mediabox.width) == pytest.approx(width)
            behind = die_lines(backs)
            for die in die_lines(fronts):
                mirrored = [(width - x, y) for x, y in die]
                assert sum(same_polygon(mirrored, back) for back in behind) == 1, die
    else:
        # One face a page: its die line is the TrimBox's triangle, centred across the page, with the
        # 3 mm bleed grown around it (b * sqrt(3) beside the base corners, 2 b past the apex, b below the base).
        bleed = 3 * MM
        for page in reader.pages:
            (die,) = die_lines(page)
            trim, media = [float(v) for v in page.trimbox], [float(v) for v in page.mediabox]
            assert trim == pytest.approx([min(x for x, _ in die), min(y for _, y in die),
                                          max(x for x, _ in die), max(y for _, y in die)], abs=0.01)
            assert [trim[0] - media[0], media[2] - trim[2]] == pytest.approx([bleed * math.sqrt(3)] * 2, abs=0.01)
            assert sorted([trim[1] - media[1], media[3] - trim[3]]) == pytest.approx([bleed, 2 * bleed], abs=0.01)
    # The die line is drawn 0.25 mm wide (print conventions), a hairline a cutter follows by its centre.
    widths = {round(path.width / MM, 3) for page in reader.pages for path in stroked_paths(page)
              if path.colour[:2] == ("spot", "CutContour")}
    assert widths == {0.25}


def die_lines(page) -> list[list[tuple[float, float]]]:
    """The corners of every closed path the page strokes in the spot colour CutContour (points)."""
    return [path.points for path in stroked_paths(page) if path.colour[:2] == ("spot", "CutContour")]


def same_polygon(a, b, tolerance: float = 0.01) -> bool:
    """The same corners to `tolerance` (points), whichever corner each path starts at."""
    return len(a) == len(b) and all(any(math.dist(p, q) < tolerance for q in b) for p in a)


def assert_one_to_a_corner(characters, corners, smallest: float) -> dict[int, tuple]:
    """Three characters on the triangle, one by each corner, its top towards that corner. The
    three are one character's place turned by 120 degrees about the tile's centre, so the tile
    reads alike from each side. The upright one's glyph (the box pdfium gives is the glyph's own
    only for an upright one) is at least `smallest` mm tall, nearer its corner than the other two
    and 1 mm or more inside every side, clear of a cut 1 mm off. Returns them by corner."""
    centre = mean_point(corners)
    by_corner = {min(range(3), key=lambda k: math.dist(corners[k], character[2])): character
                 for character in characters}
    assert len(characters) == 3 and len(by_corner) == 3, [c[0] for c in characters]
    for k, (char, box, middle, up) in by_corner.items():
        towards = (corners[k][0] - middle[0], corners[k][1] - middle[1])
        assert (up[0] * towards[0] + up[1] * towards[1]) / math.hypot(*towards) > math.cos(math.radians(2)), \
            f"{char} by corner {corners[k]} does not face it"
        for degrees in (120, -120):
            assert min(math.dist(turned(middle, centre, degrees), other[2]) for other in characters) < 0.6, \
                "the three are not one place turned about the centre"
        if abs(up[0]) < 0.01:
            assert box[3] - box[1] >= smallest, f"{char} is {box[3] - box[1]:.2f} mm tall"
            for point in box_corners(box):
                assert inside_by(point, corners) >= 1.0, f"{char} reaches within 1 mm of a side"
                assert min(range(3), key=lambda i: math.dist(corners[i], point)) == k, f"{char} strays from its corner"
    return by_corner


def test_each_corner_number_and_back_mark_stands_by_its_corner_facing_it(tmp_path):
    """The fronts: each tile's numbers, read clockwise from the apex, never decrease, and the 56
    tiles are every three numbers of 0-5 once (DESIGN.md); each stands by its corner, facing it, at
    least 5 mm tall, where commercial sets of this size print theirs. The backs: the set file's mark
    by each corner (at least 3 mm tall) inside one triangular frame, drawn inside the tile with a
    line of at least 0.1 mm, its every point 1 mm or more inside the tile's sides and no deeper
    than half the way to the centre. Rounded corners (3 mm) draw the frame by another path; their
    tiles stand where the sharp ones do."""
    import itertools

    mark = load_toml(template_path("sets/classic/triominoes.toml"))["back"]["mark"]
    inradius = SIDE / (2 * math.sqrt(3))
    tiles_of_page = None
    for corner_radius in (0.0, 3.0):
        report = BuildReport()
        build_tile_sheets(BuildOptions(out=tmp_path / str(corner_radius), sets=("triominoes",),
                                       corner_radius=corner_radius), report)
        (path,) = report.written
        reader = read_pdf(path)
        tiles_of_page = tiles_of_page or [triangles(page) for page in reader.pages]
        read = []
        for index, page in enumerate(reader.pages):
            height = float(page.mediabox.height)
            characters = printed_characters(path, index, page)
            strokes = [mm_points(path.points, height) for path in stroked_paths(page)
                       if path.closed and not path.dashed and path.width / MM >= 0.1] if index % 2 else []
            for corners in tiles_of_page[index]:
                on_tile = [c for c in characters if inside_by(c[2], corners) > 0]
                if index % 2 == 0:
                    by_corner = assert_one_to_a_corner(on_tile, corners, smallest=5.0)
                    apex = next(k for k in range(3)           # the corner off the side that lies level
                                if abs(corners[k - 1][1] - corners[k - 2][1]) < TOLERANCE)
                    centre = mean_point(corners)

                    def bearing(k):
                        return math.atan2(corners[k][1] - centre[1], corners[k][0] - centre[0])

                    clockwise = sorted(range(3), key=lambda k: (bearing(k) - bearing(apex)) % (2 * math.pi))
                    numbers = [int(by_corner[k][0]) for k in clockwise]
                    assert numbers == sorted(numbers), f"{numbers} clockwise from the apex"
                    read.append(tuple(numbers))
                else:
                    by_corner = assert_one_to_a_corner(on_tile, corners, smallest=3.0)
                    assert {c[0] for c in by_corner.values()} == {mark}
                    frames = [points for points in strokes if all(inside_by(point, corners) > 0 for point in points)]
                    assert len(frames) == 1, f"{len(frames)} frames on a back"
                    assert all(1.0 <= inside_by(point, corners) <= inradius / 2 for point in frames[0]), "the frame"
                    upright = next(c for c in by_corner.values() if abs(c[3][0]) < 0.01)
                    box = upright[1]
                    inset = min(inside_by(point, corners) for point in frames[0])   # the frame's sides
                    for point in box_corners(box):
                        assert inside_by(point, corners) > inset, "a mark outside its frame"
        assert sorted(read) == list(itertools.combinations_with_replacement(range(6), 3))


def test_a_triangle_set_of_ones_own_without_a_mark_has_bare_backs(tmp_path):
    """docs/reference/set-file.md: a back's mark is empty unless the set file gives one. A triangle
    set of 0-2 without [back] prints its ten tiles' numbers and, on the backs, the frame alone."""
    set_file = tmp_path / "little.toml"
    set_file.write_text('name = "little"\nshape = "triangle"\nlowest = 0\nhighest = 2\ndigits = "numerals"\n')
    report = BuildReport()
    build_tile_sheets(with_set_files(BuildOptions(out=tmp_path / "out", sets=(), set_files=(set_file,))), report)
    (path,) = report.written
    reader = read_pdf(path)
    fronts, backs = reader.pages
    tiles = triangles(fronts)
    assert len(tiles) == 10
    numbers = [c for c in printed_characters(path, 0, fronts) if any(inside_by(c[2], t) > 0 for t in tiles)]
    assert sorted(c[0] for c in numbers) == sorted("012" * 10)       # 30 corners, each number alike
    assert not [c for c in printed_characters(path, 1, backs) if any(inside_by(c[2], t) > 0 for t in triangles(backs))]


def test_exports(tmp_path):
    """Every picture of a triangle is its frame, a 44 mm side and 44 * sqrt(3) / 2 = 38.1 mm tall (a
    domino's 22 x 44 mm cut the triangles off and overlapped them): the PNG, the SVG, the atlas's
    cells, and the Tabletop Simulator deck, scaled to the triangle's shape."""
    result = run_cli("export", "--format", "png,svg,atlas,tts", "--sets", "triominoes", "--dpi", "60", "--bleed", "0",
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert len(list((tmp_path / "png" / "triominoes").glob("*.png"))) == 112
    assert len(list((tmp_path / "svg" / "triominoes").glob("*.svg"))) == 112
    index = json.loads((tmp_path / "atlas" / "triominoes.json").read_text())
    assert index["tiles"]["triominoes-0-2-4"]["corners"] == [0, 2, 4]
    height = 44 * math.sqrt(3) / 2
    png = Image.open(tmp_path / "png" / "triominoes" / "triominoes-0-2-4-front.png")
    assert png.size == (round(44 / 25.4 * 60), round(height / 25.4 * 60))
    svg = ET.parse(tmp_path / "svg" / "triominoes" / "triominoes-0-2-4-front.svg").getroot()
    assert [float(v) for v in svg.get("viewBox").split()] == pytest.approx([0, 0, 44, height], abs=1e-3)
    cell_w, cell_h = index["cell"]
    assert cell_h / cell_w == pytest.approx(height / 44, abs=1 / cell_w)
    # A triangle stands in its cell: its apex at the top's middle, both base corners on the bottom row.
    atlas = Image.open(tmp_path / "atlas" / "triominoes.png").convert("RGB")
    x, y, w, h = index["tiles"]["triominoes-0-2-4"]["front"]
    face = [x0 for x0 in range(x, x + w) if atlas.getpixel((x0, y + 1)) != atlas.getpixel((x + 1, y + h // 2))]
    assert face and abs((min(face) + max(face)) / 2 - (x + w / 2)) <= 2
    deck = next(state for state in json.loads((tmp_path / "tts" / "Open Domino Kit.json").read_text())["ObjectStates"]
                if state["Name"] == "DeckCustom")
    assert deck["Transform"]["scaleX"] == pytest.approx((44 / height) / (2.5 / 3.5), abs=1e-3)


# --- the figure -----------------------------------------------------------------------------

def test_the_figure_is_a_valid_position():
    position = figure("line-triominoes")
    assert len(position.triangles) == 5 and touching_edges(position.triangles) == 4
    assert [p.tile.id for p in position.triangles][:2] == ["triominoes-5-5-5", "triominoes-3-5-5"]


def test_a_figure_with_a_mismatched_edge_is_refused(tmp_path):
    text = template_path("figures", "line-triominoes.toml").read_text(encoding="utf-8")
    broken = text.replace("corners = [3, 4, 5]", "corners = [4, 5, 3]")      # the same tile, turned wrongly
    assert broken != text
    path = tmp_path / "broken.toml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(UserError) as caught:
        _load_figure_file(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("broken.toml: tiles at (0, 1) and (0, 2)")
    assert re.search(r"edge that reads \d-\d on one and \d-\d on the other", message)
