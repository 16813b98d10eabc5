"""`opendomino cut`: Silhouette Print & Cut sheets and cut files, Cricut Print Then Cut images, laser
files. Every cut file is read back (ezdxf for DXF, an XML parser for SVG) and checked against the
tiles' places on the printed page."""

import math
from pathlib import Path
import re
import subprocess
import xml.etree.ElementTree as ET

from conftest import SRGB_PNG, png_colour_chunks, run_cli
import ezdxf
from laser_inspect import signed_area
from pdf_inspect import MM, page_shapes, read_pdf
from PIL import Image, ImageChops, ImageStat
from pip_count import pips_in_cells, set_a_layout
from plane import polygon_gap
import pypdfium2
import pytest

from generator.art.board import BoardGeometry
from generator.art.tile import tile_front
from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.imposition.cut_sheets import (
    capacity,
    keep_out_zones,
    ordered_tiles,
    print_and_cut_sheets,
    print_then_cut_grid,
    print_then_cut_images,
    registration_marks,
    safe_area,
)
from generator.imposition.laser_sheets import (
    LaserLayout,
    board_piece,
    board_sheets,
    check_sheet,
    tile_piece,
    tile_sheets,
)
from generator.imposition.machines import checked, load_machine, machine_names, marks_of
from generator.imposition.paper import paper_named
from generator.model.set_loader import known_set_names, load_set
from generator.scene.cut_sheet import CutSheet
from generator.scene.outline import Outline
from generator.scene.sizes import TileSize
from generator.settings.options import parse_tile_size
from generator.writers.dxf import dxf_text
from generator.writers.png import render

THEME = load_theme("classic")
SVG = "{http://www.w3.org/2000/svg}"
SILHOUETTE = load_machine("silhouette")
MARKS = marks_of(SILHOUETTE)
BLEED = float(SILHOUETTE["bleed"])
ALL_SETS = [name for name in known_set_names()]


def run(*args, out: Path) -> subprocess.CompletedProcess:
    return run_cli("cut", "--out", str(out), *args)


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# --- reading cut files back ------------------------------------------------------------------------

def dxf_outlines(path: Path, height: float, layer: str = "CUT") -> list[list[tuple[float, float, float]]]:
    """Closed LWPOLYLINEs of a layer as (x, y, bulge) vertices in DXF coordinates (y up, mm);
    `height` is kept for dxf_points, which turns them into page coordinates."""
    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 4
    return [[(x, y, b, height) for x, y, b in entity.get_points("xyb")]
            for entity in doc.modelspace().query(f"LWPOLYLINE[layer=='{layer}']") if entity.closed]


def dxf_points(vertices, steps: int = 8) -> list[tuple[float, float]]:
    """Points along a polyline with bulges, through ezdxf's own arc maths, in page coordinates (y down)."""
    from ezdxf.math import bulge_to_arc

    points = []
    height = vertices[0][3]
    for (x1, y1, bulge, _), (x2, y2, _, _) in zip(vertices, vertices[1:] + vertices[:1]):
        points.append((x1, height - y1))
        if bulge:
            centre, start, end, radius = bulge_to_arc((x1, y1), (x2, y2), bulge)
            sweep = (end - start) % (2 * math.pi)
            for k in range(1, steps):
                a = start + sweep * k / steps
                points.append((centre.x + radius * math.cos(a), height - (centre.y + radius * math.sin(a))))
    return points


def svg_paths(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    assert root.get("width").endswith("mm") and root.get("viewBox").startswith("0 0 ")
    assert not [e for e in root.iter() if e.get("transform")]
    return [e.get("d") for e in root.iter(f"{SVG}path")]


def svg_points(d: str, arc_steps: int = 2) -> list[tuple[float, float]]:
    """The end points of every command and, on each (minor) arc, `arc_steps - 1` points evenly along
    its circle: by default its midpoint."""
    tokens = re.findall(r"[MLAZ]|-?[0-9.]+(?:e-?[0-9]+)?", d)
    points, i, current = [], 0, None
    while i < len(tokens):
        command = tokens[i]
        if command in "ML":
            current = (float(tokens[i + 1]), float(tokens[i + 2]))
            points.append(current)
            i += 3
        elif command == "A":
            r, end = float(tokens[i + 1]), (float(tokens[i + 6]), float(tokens[i + 7]))
            sweep_flag = tokens[i + 5] == "1"
            mx, my = (current[0] + end[0]) / 2, (current[1] + end[1]) / 2
            chord = math.dist(current, end)
            h = math.sqrt(max(0.0, r * r - chord * chord / 4))
            ux, uy = (end[0] - current[0]) / chord, (end[1] - current[1]) / chord
            # sweep 1 (clockwise on the page, y down): the centre is to the right of the travel direction
            sign = 1 if sweep_flag else -1
            cx, cy = mx - sign * uy * h, my + sign * ux * h
            start_angle = math.atan2(current[1] - cy, current[0] - cx)
            turn = (math.atan2(end[1] - cy, end[0] - cx) - start_angle) % (2 * math.pi)
            if not sweep_flag:
                turn -= 2 * math.pi
            for k in range(1, arc_steps):
                angle = start_angle + turn * k / arc_steps
                points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
            points.append(end)
            current = end
            i += 8
        else:
            i += 1
    return points


def _rounded_triangle_box(side: float, radius: float) -> tuple[float, float]:
    """Width and height of an equilateral triangle with its corners rounded: its inner triangle
    (every edge `radius` in, so the side shrinks by 2 * sqrt(3) * radius) grown by a disc."""
    inner = side - 2 * math.sqrt(3) * radius
    return inner + 2 * radius, inner * math.sqrt(3) / 2 + 2 * radius


def _matches(points, outlines, tolerance=0.05) -> Outline:
    """The one outline every point lies on, within the tolerance."""
    for outline in outlines:
        if all(abs(outline.distance(p)) <= tolerance for p in points):
            return outline
    raise AssertionError(f"no outline through {points[:3]}…")


# --- Silhouette ------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_no_tile_in_the_keep_out_zones_for_every_set(paper_name):
    """Tiles with their bleed stay inside the marks' rectangle and out of the marked corners' zones."""
    paper = paper_named(paper_name)
    zones = keep_out_zones(paper, MARKS)
    x0, y0, x1, y1 = safe_area(paper, MARKS)
    for name in ALL_SETS:
        tile_set = load_set(name)
        for radius in (0.0, 3.0):
            size = TileSize(22, 44, corner_radius=radius)
            sheets = print_and_cut_sheets(tile_set, THEME, paper, size, MARKS, BLEED, "en", "x-{number}.dxf")
            assert sum(len(sheet.tiles) for sheet in sheets) == len(tile_set.tiles)
            for sheet in sheets:
                for tile in sheet.tiles:
                    box = tile.outline.offset(BLEED).bounds()
                    assert x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1, (name, box)
                    assert not any(_overlaps(box, zone) for zone in zones), (name, box)


def _render(pdf: Path, page: int, dpi: int) -> Image.Image:
    document = pypdfium2.PdfDocument(str(pdf))
    image = document[page].render(scale=dpi / 72).to_pil().convert("L")
    document.close()
    return image


def _dark_box(image: Image.Image, box_mm, dpi: int, threshold: int = 128):
    """The box (mm) of dark pixels inside box_mm, or None."""
    k = dpi / 25.4
    crop = image.crop(tuple(round(v * k) for v in box_mm))
    dark = crop.point(lambda v: 255 if v < threshold else 0).getbbox()
    if dark is None:
        return None
    return tuple(box_mm[i % 2] + dark[i] / k for i in range(4))


@pytest.fixture(scope="module")
def silhouette_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("silhouette")
    result = run("--machine", "silhouette", "--sets", "A,double-9,triominoes", "--corner-radius", "2", out=out)
    assert result.returncode == 0, result.stderr
    return out, result.stdout


def test_marks_at_their_stated_positions_and_nothing_else_in_the_zones(silhouette_run):
    out, _ = silhouette_run
    dpi = 600
    pdf = out / "silhouette" / "print-and-cut-A-a4.pdf"
    image = _render(pdf, 0, dpi)
    paper = paper_named("a4")
    i, t, n, s = MARKS.inset, MARKS.thickness, MARKS.length, MARKS.square
    px = 25.4 / dpi
    # The square: (inset, inset) to (inset + square) on both axes.
    square = _dark_box(image, (i - 3, i - 3, i + s + 3, i + s + 3), dpi)
    assert square == pytest.approx((i, i, i + s, i + s), abs=2 * px)
    # Top right L: its corner's centre line at (W - inset, inset), arms `length` long.
    w = paper.width
    top_right = _dark_box(image, (w - i - n - 3, i - 3, w - i + 3, i + n + 3), dpi)
    assert top_right == pytest.approx((w - i - n, i - t / 2, w - i + t / 2, i + n), abs=2 * px)
    h = paper.height
    bottom_left = _dark_box(image, (i - 3, h - i - n - 3, i + n + 3, h - i + 3), dpi)
    assert bottom_left == pytest.approx((i - t / 2, h - i - n, i + n, h - i + t / 2), abs=2 * px)
    # Nothing else in the zones, and nothing outside the marks' rectangle (the marks' own ink aside).
    white = Image.new("L", image.size, 255)
    k = dpi / 25.4
    for zone in keep_out_zones(paper, MARKS):
        for item in registration_marks(paper, MARKS):
            image.paste(white.crop((0, 0, 1, 1)).resize((max(1, round(item.width * k) + 4),
                                                        max(1, round(item.height * k) + 4))),
                        (round(item.x * k) - 2, round(item.y * k) - 2))
        assert _dark_box(image, zone, dpi, threshold=250) is None, zone
    for band in ((0, 0, w, i - t), (0, h - i + t, w, h), (0, 0, i - t, h), (w - i + t, 0, w, h)):
        assert _dark_box(image, band, dpi, threshold=250) is None, band


def test_studio_numbers_on_the_sheet_and_in_the_summary(silhouette_run):
    out, stdout = silhouette_run
    expected = f"Length {MARKS.length:g} mm, Thickness {MARKS.thickness:g} mm, Inset {MARKS.inset:g} mm"
    assert expected in stdout
    text = pypdfium2.PdfDocument(str(out / "silhouette" / "print-and-cut-A-a4.pdf"))[0].get_textpage().get_text_range()
    assert expected in text and "print-and-cut-A-a4-1.dxf" in text


@pytest.mark.parametrize("set_name", ["A", "double-9", "triominoes"])
def test_cut_files_lie_on_the_printed_tiles(silhouette_run, set_name):
    """Every DXF and SVG outline matches a tile of the printed page to 0.05 mm; one outline per tile."""
    out, stdout = silhouette_run
    paper = paper_named("a4")
    size = TileSize(22, 44, corner_radius=2)
    sheets = print_and_cut_sheets(load_set(set_name), THEME, paper, size, MARKS, BLEED, "en", "x")
    pdf = read_pdf(out / "silhouette" / f"print-and-cut-{set_name}-a4.pdf")
    for number, sheet in enumerate(sheets, start=1):
        outlines = [tile.outline for tile in sheet.tiles]
        assert page_shapes(pdf.pages[2 * (number - 1)]).width == pytest.approx(paper.width * MM)
        dxf = dxf_outlines(out / "silhouette" / f"print-and-cut-{set_name}-a4-{number}.dxf", paper.height)
        assert len(dxf) == len(outlines)
        matched = {id(_matches(dxf_points(vertices), outlines)) for vertices in dxf}
        assert len(matched) == len(outlines)
        assert all(b == pytest.approx(-math.tan((math.pi / 2 if set_name != "triominoes" else 2 * math.pi / 3) / 4),
                                      abs=1e-6)
                   for vertices in dxf for _, _, b, _ in vertices if b)
        paths = svg_paths(out / "silhouette" / f"print-and-cut-{set_name}-a4-{number}.svg")
        assert len({id(_matches(svg_points(d), outlines)) for d in paths}) == len(outlines) == len(paths)
        # Where the summary says to place the cut lines, they are.
        x0 = min(o.bounds()[0] for o in outlines)
        y0 = min(o.bounds()[1] for o in outlines)
        shown = [f"{v:.1f}".rstrip("0").rstrip(".") for v in (x0, y0)]
        assert f"{number}: X {shown[0]}, Y {shown[1]}" in stdout


def test_print_and_cut_keeps_the_magic_layout_in_reading_order(silhouette_run):
    """Set A's tiles on the first Silhouette sheet, left to right and row by row, are board rows 8, 7, 2, 1
    of templates/sets/A.toml in order, each standing as on the board: pips counted inside each DXF outline."""
    out, _ = silhouette_run
    height = paper_named("a4").height
    boxes = []
    for vertices in dxf_outlines(out / "silhouette" / "print-and-cut-A-a4-1.dxf", height):
        xs, ys = zip(*dxf_points(vertices))
        boxes.append((min(xs) * MM, (height - max(ys)) * MM, max(xs) * MM, (height - min(ys)) * MM))
    read = [tile for row in pips_in_cells(out / "silhouette" / "print-and-cut-A-a4.pdf", boxes) for tile in row]
    assert len(read) == len(boxes) > 8
    assert read == [tile for row in set_a_layout() for tile in row][:len(read)]


def test_print_and_cut_triangles_tessellate_their_bleeds_meeting(silhouette_run):
    """Triominoes on the first Silhouette sheet point up and down in turn along a row, neighbours' cut
    outlines twice the machine's bleed apart (each tile with its own bleed, the bleeds meeting)."""
    out, _ = silhouette_run
    outlines = [dxf_points(v) for v in dxf_outlines(out / "silhouette" / "print-and-cut-triominoes-a4-1.dxf",
                                                    paper_named("a4").height)]
    top = min(min(y for _, y in o) for o in outlines)
    row = sorted((o for o in outlines if min(y for _, y in o) < top + 10), key=lambda o: min(x for x, _ in o))
    assert len(row) > 2
    for a, b in zip(row, row[1:]):
        assert polygon_gap(a, b) == pytest.approx(2 * BLEED, abs=0.05)


@pytest.mark.parametrize("set_name", ["A", "double-9"])
def test_cut_files_cut_where_the_page_prints(silhouette_run, set_name):
    """The DXF against the rendered page, not against the planner: each tile is printed up to the
    machine's bleed (templates/machines/silhouette.toml) beyond its cut outline and no further.
    Half a millimetre inside that bleed, at the middle of every side, the page is printed; half a
    millimetre beyond it the paper is white, where no other tile's bleed reaches, and always
    across a rounded corner (its bleed is rounded too, so four tiles leave white between them)."""
    out, _ = silhouette_run
    dpi, radius, step = 150, 2.0, 0.5
    pdf = out / "silhouette" / f"print-and-cut-{set_name}-a4.pdf"
    height = paper_named("a4").height
    pages = len(read_pdf(pdf).pages) // 2
    checked = 0
    for number in range(1, pages + 1):
        page = _render(pdf, 2 * (number - 1), dpi)
        boxes = []
        for vertices in dxf_outlines(out / "silhouette" / f"print-and-cut-{set_name}-a4-{number}.dxf", height):
            xs, ys = zip(*dxf_points(vertices))
            boxes.append((min(xs), min(ys), max(xs), max(ys)))

        def printed(x, y):          # the faces' ivory is about 245 in grey, the paper 255
            return page.getpixel((round(x * dpi / 25.4), round(y * dpi / 25.4))) < 250

        def in_a_bleed(x, y):
            return any(x0 - BLEED - 0.1 <= x <= x1 + BLEED + 0.1 and y0 - BLEED - 0.1 <= y <= y1 + BLEED + 0.1
                       for x0, y0, x1, y1 in boxes)

        for x0, y0, x1, y1 in boxes:
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            for (x, y), (dx, dy) in (((mx, y0), (0, -1)), ((x1, my), (1, 0)), ((mx, y1), (0, 1)), ((x0, my), (-1, 0))):
                assert printed(x + dx * (BLEED - step), y + dy * (BLEED - step)), (set_name, number, x, y)
                beyond = (x + dx * (BLEED + step), y + dy * (BLEED + step))
                if not in_a_bleed(*beyond):
                    assert not printed(*beyond), (set_name, number, beyond)
            for cx, cy, sx, sy in ((x0 + radius, y0 + radius, -1, -1), (x1 - radius, y0 + radius, 1, -1),
                                   (x1 - radius, y1 - radius, 1, 1), (x0 + radius, y1 - radius, -1, 1)):
                reach = (radius + BLEED + step) / math.sqrt(2)
                assert not printed(cx + sx * reach, cy + sy * reach), (set_name, number, cx, cy)
            checked += 1
    assert checked == len(load_set(set_name).tiles)


def test_print_and_cut_sharp_grounds_on_the_page(tmp_path):
    """With sharp corners the printed grounds are rectangles: each one is its cut outline grown by the bleed."""
    assert run("--machine", "silhouette", "--sets", "double-6", "--paper", "letter", out=tmp_path).returncode == 0
    paper = paper_named("letter")
    sheets = print_and_cut_sheets(load_set("double-6"), THEME, paper, TileSize(), MARKS, BLEED, "en", "x")
    pdf = read_pdf(tmp_path / "silhouette" / "print-and-cut-double-6-letter.pdf")
    for number, sheet in enumerate(sheets, start=1):
        shapes = page_shapes(pdf.pages[2 * (number - 1)])
        boxes = {tuple(round(v / MM, 2) for v in (min(r[0], r[2]), shapes.height - max(r[1], r[3]),
                                                  max(r[0], r[2]), shapes.height - min(r[1], r[3])))
                 for r in shapes.rects}
        dxf = dxf_outlines(tmp_path / "silhouette" / f"print-and-cut-double-6-letter-{number}.dxf", paper.height)
        for vertices in dxf:
            xs, ys = [v[0] for v in vertices], [paper.height - v[1] for v in vertices]
            grown = (min(xs) - BLEED, min(ys) - BLEED, max(xs) + BLEED, max(ys) + BLEED)
            assert any(all(abs(a - b) <= 0.05 for a, b in zip(box, grown)) for box in boxes), grown


def test_backs_lie_behind_their_fronts():
    paper = paper_named("a4")
    sheet = print_and_cut_sheets(load_set("A"), THEME, paper, TileSize(), MARKS, BLEED, "en", "x")[0]
    (group,) = sheet.back.items
    for tile, placed_back in zip(sheet.tiles, group.items):
        x, y = placed_back.transform.apply(0, 0)
        # the back's frame corner, turned with the tile, mirrored across the page's width
        corners = [placed_back.transform.apply(px, py) for px, py in ((0, 0), (22, 44))]
        assert min(c[0] for c in corners) == pytest.approx(paper.width - tile.x - 22)
        assert min(c[1] for c in corners) == pytest.approx(tile.y)


# --- Cricut ----------------------------------------------------------------------------------------

def test_cricut_images_and_cut_paths(tmp_path):
    result = run("--machine", "cricut", "--sets", "double-12,triominoes", "--corner-radius", "1.5", out=tmp_path)
    assert result.returncode == 0, result.stderr
    machine = load_machine("cricut")
    area = (machine["print_area"]["width"], machine["print_area"]["height"])
    for name in ("double-12", "triominoes"):
        tile_set = load_set(name)
        size = TileSize(22, 44, corner_radius=1.5)
        images = print_then_cut_images(tile_set, THEME, size, area, machine["gap"])
        rows, columns = capacity(tile_set.shape, size, machine["gap"] / 2, area[0] + machine["gap"],
                                 area[1] + machine["gap"])
        assert len(images) == math.ceil(len(tile_set.tiles) / (rows * columns))      # as few mats as fit
        assert sum(len(image.tiles) for image in images) == len(tile_set.tiles)
        files = sorted((tmp_path / "cricut").glob(f"print-then-cut-{name}-*.png"))
        assert len(files) == len(images)
        for number, image in enumerate(images, start=1):
            stem = f"print-then-cut-{name}-{number}_"
            (png,) = [f for f in files if f.name.startswith(stem)]
            w, h = (float(v) for v in re.search(r"_([0-9.]+)x([0-9.]+)mm\.png$", png.name).groups())
            assert w <= area[0] and h <= area[1]
            assert (w, h) == pytest.approx((image.picture.width, image.picture.height), abs=0.05)
            assert f"{w:g} x {h:g}" in result.stdout
            picture = Image.open(png)
            assert picture.mode == "RGBA" and picture.info["srgb"] == 1
            assert png_colour_chunks(png) == SRGB_PNG
            assert picture.size == (round(image.picture.width / 25.4 * 300), round(image.picture.height / 25.4 * 300))
            k = picture.size[0] / w
            outlines = [tile.outline for tile in image.tiles]
            # Opaque inside every outline, clear outside all of them (the anti-aliased edge aside).
            for x in range(2, picture.size[0], 37):
                for y in range(2, picture.size[1], 41):
                    point = (x / k, y / k)
                    inside = min(o.distance(point) for o in outlines)
                    alpha = picture.getpixel((x, y))[3]
                    if inside < -0.2:
                        assert alpha == 255, point
                    elif inside > 0.2:
                        assert alpha == 0, point
            (svg,) = (tmp_path / "cricut").glob(f"{stem}*.svg")
            root = ET.parse(svg).getroot()
            assert [child.tag for child in root] == [f"{SVG}path"] * len(outlines)     # no groups, nothing else
            assert all(child.get("fill") and not child.get("stroke") for child in root)
            assert root.get("width") == f"{w:g}mm" and root.get("height") == f"{h:g}mm"
            assert len({id(_matches(svg_points(d), outlines)) for d in svg_paths(svg)}) == len(outlines)
            # Beyond the planner: each cut path is the tile's size (README: the opaque area is the tile
            # itself, no bleed), and across its middle the PNG is opaque for exactly that width.
            tile_box = sorted((22.0, 44.0)) if name != "triominoes" else sorted(_rounded_triangle_box(44.0, 1.5))
            for d in svg_paths(svg):
                xs, ys = zip(*svg_points(d, arc_steps=64))
                assert sorted((max(xs) - min(xs), max(ys) - min(ys))) == pytest.approx(tile_box, abs=0.01)
                if name != "triominoes":
                    row = round((min(ys) + max(ys)) / 2 * k)
                    span = range(max(0, round(min(xs) * k) - 3), min(picture.width, round(max(xs) * k) + 4))
                    opaque = [x for x in span if picture.getpixel((x, row))[3] >= 128]
                    width = (max(opaque) - min(opaque) + 1) / k
                    assert width == pytest.approx(max(xs) - min(xs), abs=2 / k), (png.name, d[:30])


# --- Laser -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def laser_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("laser")
    result = run("--machine", "laser", "--sets", "A,triominoes,chinese", "--kerf", "0.15", "--corner-radius", "2",
                 "--sheet", "300x200", out=out)
    assert result.returncode == 0, result.stderr
    return out, result.stdout


def test_laser_svg_one_colour_per_operation(laser_run):
    out, stdout = laser_run
    root = ET.parse(out / "laser" / "laser-A-1.svg").getroot()
    groups = [child for child in root if child.tag == f"{SVG}g"]
    assert [g.get("id") for g in groups] == ["engrave", "score", "cut"]          # engrave, score, then cut
    engrave, score, cut = groups
    assert engrave.get("fill") == "#000000" and engrave.get("stroke") == "none"
    assert cut.get("stroke") == "#FF0000" and cut.get("fill") == "none" and float(cut.get("stroke-width")) <= 0.03
    assert score.get("stroke") == "#0000FF"
    assert len(cut) == 32 and len(engrave) == 32
    assert "kerf 0.15 mm" in stdout
    # Inkscape's layers (what its Layers panel and the laser plug-ins that go by layer read), named
    # as the DXF's layers are
    inkscape = "{http://www.inkscape.org/namespaces/inkscape}"
    assert [(g.get(f"{inkscape}groupmode"), g.get(f"{inkscape}label")) for g in groups] == \
        [("layer", "ENGRAVE"), ("layer", "SCORE"), ("layer", "CUT")]
    dxf = ezdxf.readfile(out / "laser" / "laser-A-1.dxf")
    assert {"ENGRAVE", "SCORE", "CUT"} <= {layer.dxf.name for layer in dxf.layers}
    assert {entity.dxf.layer for entity in dxf.modelspace()} == {"ENGRAVE", "CUT"}     # set A's file scores nothing


def engraved_tiles(svg: Path) -> list[tuple]:
    """Each tile's engraving, as the points of its paths relative to the tile's cut outline, the same
    for a tile turned half round (a player turns a tile; its engraving must still say its group)."""
    root = ET.parse(svg).getroot()
    groups = {child.get("id"): child for child in root if child.tag == f"{SVG}g"}
    points = lambda element: [tuple(map(float, pair)) for pair in re.findall(r"(-?[\d.]+) (-?[\d.]+)", element.get("d"))]
    outlines = [points(cut) for cut in groups["cut"]]
    found = []
    for engraving in groups["engrave"]:
        marks = points(engraving)
        cx, cy = sum(x for x, _ in marks) / len(marks), sum(y for _, y in marks) / len(marks)
        outline = next(o for o in outlines if min(x for x, _ in o) <= cx <= max(x for x, _ in o)
                       and min(y for _, y in o) <= cy <= max(y for _, y in o))
        x0, y0, x1, y1 = (min(x for x, _ in outline), min(y for _, y in outline),
                          max(x for x, _ in outline), max(y for _, y in outline))
        upright = tuple(sorted((round(x - x0, 1), round(y - y0, 1)) for x, y in marks))
        turned = tuple(sorted((round(x1 - x, 1), round(y1 - y, 1)) for x, y in marks))
        found.append(min(upright, turned))
    return found


def test_a_lasers_groups_engrave_apart_by_default_and_a_theme_that_does_not_is_named(tmp_path):
    """Set B's classic blue and green circles both engrave as the same disc, and backs are not
    engraved: the doubles both groups hold came out the same tile. A laser engraves the grayscale
    theme unless one is chosen, and a chosen theme whose groups engrave alike is named."""
    default = run("--machine", "laser", "--sets", "B", "--no-board", out=tmp_path / "default")
    classic = run("--machine", "laser", "--sets", "B", "--no-board", "--theme", "classic", out=tmp_path / "classic")
    assert default.returncode == 0 and classic.returncode == 0, default.stderr + classic.stderr
    apart = engraved_tiles(tmp_path / "default" / "laser" / "laser-B-1.svg")
    alike = engraved_tiles(tmp_path / "classic" / "laser" / "laser-B-1.svg")
    assert len(apart) == len(alike) == 32
    assert len(set(apart)) == 32                          # no two of the 32 tiles engraved the same
    assert len(set(alike)) < 32                           # the doubles of both groups, alike
    assert "engraved in the grayscale theme" in default.stdout
    assert "set B: its two groups engrave alike in the classic theme" in classic.stdout
    assert "engrave alike" not in default.stdout


def test_a_laser_sheet_takes_as_many_triangles_in_a_row_as_fit(tmp_path):
    """Triangles alternate point up and point down, so n of them in a row span n + 1 half sides. With
    the laser file's 2 mm gap (1 mm of room around each tile) a 44 mm triomino takes a cell of side
    44 + 2 * sqrt(3) * 1 = 47.46 mm; on a 274 mm sheet with 5 mm margins (the outer gap halves count
    as room, as between tiles), 11 half cells fit, 266 mm, and so ten triangles per row, not nine."""
    result = run("--machine", "laser", "--sets", "triominoes", "--sheet", "274x200", "--kerf", "0", out=tmp_path)
    assert result.returncode == 0, result.stderr
    laser = load_machine("laser")
    margin, gap, side = float(laser["margin"]), float(laser["gap"]), 44.0
    half_cell = (side + 2 * math.sqrt(3) * gap / 2) / 2
    room = 274 - 2 * margin + gap
    expected = math.floor(room / half_cell + 1e-9) - 1
    assert expected == 10
    outlines = [dxf_points(v) for v in dxf_outlines(tmp_path / "laser" / "laser-triominoes-1.dxf", 200.0)]
    top = min(min(y for _, y in o) for o in outlines)
    row = [o for o in outlines if min(y for _, y in o) < top + side / 2]
    assert len(row) == expected
    assert min(x for o in row for x, _ in o) >= margin - 0.01
    assert max(x for o in row for x, _ in o) <= 274 - margin + 0.01


@pytest.mark.parametrize("set_name", ["A", "triominoes"])
def test_laser_kerf_moves_every_cut_out_by_half_the_kerf(laser_run, set_name):
    out, _ = laser_run
    machine = load_machine("laser")
    layout = LaserLayout((300.0, 200.0), machine["margin"], machine["gap"], 0.15, False)
    tile_set = load_set(set_name)
    sheets = tile_sheets(tile_set, THEME, TileSize(22, 44, corner_radius=2), layout)
    trims = [cut.offset(-0.075) for sheet in sheets[:1] for cut in sheet.cuts]       # the tiles themselves
    dxf = dxf_outlines(out / "laser" / f"laser-{set_name}-1.dxf", 200.0)
    assert len(dxf) == len(trims)
    for vertices in dxf:
        points = dxf_points(vertices, steps=16)
        trim = min(trims, key=lambda t: abs(t.distance(points[0])))
        assert all(trim.distance(p) == pytest.approx(0.075, abs=0.01) for p in points)
        assert all(0 <= x <= 300 and 0 <= y <= 200 for x, y in points)
    doc = ezdxf.readfile(out / "laser" / f"laser-{set_name}-1.dxf")
    assert {"CUT", "SCORE", "ENGRAVE"} <= {layer.dxf.name for layer in doc.layers}
    assert len(doc.modelspace().query("LWPOLYLINE[layer=='ENGRAVE']")) > len(trims)


@pytest.mark.parametrize("set_name", ["A", "triominoes"])
def test_laser_outlines_measure_the_tile_plus_the_kerf(laser_run, set_name):
    """Each cut outline, in the DXF (ezdxf's bounding box, its arcs included) and in the SVG, is the
    tile grown by half the kerf on every side (README), from the command line's figures alone:
    22 x 44 mm and --kerf 0.15 give 22.15 x 44.15; a triangle has side 44 (the tile's height) and
    corners rounded by 2 mm."""
    from ezdxf.bbox import extents

    kerf = 0.15
    box = (22.0, 44.0) if set_name == "A" else _rounded_triangle_box(44.0, 2.0)
    expected = sorted(v + kerf for v in box)
    out, count = laser_run[0] / "laser", 0
    for dxf in sorted(out.glob(f"laser-{set_name}-*.dxf")):
        outlines = ezdxf.readfile(dxf).modelspace().query("LWPOLYLINE[layer=='CUT']")
        sizes = [sorted((box.size.x, box.size.y)) for box in (extents([outline]) for outline in outlines)]
        assert sizes and all(size == pytest.approx(expected, abs=0.002) for size in sizes), (dxf.name, sizes[:3])
        (group,) = [g for g in ET.parse(out / f"{dxf.stem}.svg").getroot() if g.get("id") == "cut"]
        svg_sizes = []
        for path in group.iter(f"{SVG}path"):
            xs, ys = zip(*svg_points(path.get("d"), arc_steps=64))
            svg_sizes.append(sorted((max(xs) - min(xs), max(ys) - min(ys))))
        assert len(svg_sizes) == len(sizes)
        assert all(size == pytest.approx(expected, abs=0.002) for size in svg_sizes), (dxf.name, svg_sizes[:3])
        count += len(sizes)
    assert count == len(load_set(set_name).tiles)


def test_laser_board_in_pieces_that_fit_the_sheet(laser_run):
    from ezdxf.math import bulge_to_arc

    out, stdout = laser_run
    pieces = sorted((out / "laser").glob("laser-board-*.dxf"))
    assert len(pieces) >= 2 and f"board: {len(pieces)} piece(s)" in stdout
    total = 0.0
    for piece in pieces:
        doc = ezdxf.readfile(piece)
        (cut,) = doc.modelspace().query("LWPOLYLINE[layer=='CUT']")
        xs, ys = [p[0] for p in cut.get_points("xy")], [p[1] for p in cut.get_points("xy")]
        assert 0 <= min(xs) and max(xs) <= 300 and 0 <= min(ys) and max(ys) <= 200
        total += (max(xs) - min(xs) - 0.15) * (max(ys) - min(ys) - 0.15)
        # square corners, the beam's centre going round each at half the kerf: four arcs of 0.075 mm
        points = cut.get_points("xyb")
        corners = [bulge_to_arc(a[:2], b[:2], a[2])[3] for a, b in zip(points, points[1:] + points[:1]) if a[2]]
        assert corners == pytest.approx([0.075] * 4, abs=1e-6)
        assert len(doc.modelspace().query("LINE[layer=='SCORE']")) > 5
        assert len(doc.modelspace().query("LWPOLYLINE[layer=='ENGRAVE']")) > 0
    g = BoardGeometry(TileSize(22, 44, corner_radius=2))
    assert total == pytest.approx(g.width * g.height, rel=1e-3)           # the pieces make the whole board


def _scores_lie_on_the_piece(piece, scores, where) -> None:
    """Every score level or plumb (the board is a grid), inside the piece (x0, y0, x1, y1) and never
    along its edge (the cut makes that)."""
    x0, y0, x1, y1 = piece
    on = lambda x, y: x0 - 1e-6 <= x <= x1 + 1e-6 and y0 - 1e-6 <= y <= y1 + 1e-6
    for (sx, sy), (ex, ey) in scores:
        assert on(sx, sy) and on(ex, ey), (where, sx, sy, ex, ey)
        plumb = abs(sx - ex) < 1e-6
        assert plumb or abs(sy - ey) < 1e-6, (where, sx, sy, ex, ey)
        across, edges = (sx, (x0, x1)) if plumb else (sy, (y0, y1))
        assert all(abs(across - edge) > 1e-3 for edge in edges), (where, sx, sy, ex, ey)


def test_laser_board_pieces_carry_their_own_lines(laser_run):
    """Each piece of the board stands in the sheet's top-left corner, its cut (half the 0.15 mm kerf
    outside the piece) reaching the 5 mm margin exactly; what is scored and engraved on it lies on
    the piece."""
    out, _ = laser_run
    margin, half_kerf, sheet_height = load_machine("laser")["margin"], 0.075, 200.0
    pieces = sorted((out / "laser").glob("laser-board-*.dxf"))
    assert len(pieces) >= 2
    for piece in pieces:
        space = ezdxf.readfile(piece).modelspace()
        (cut,) = space.query("LWPOLYLINE[layer=='CUT']")
        xs, ys = zip(*cut.get_points("xy"))
        assert min(xs) == pytest.approx(margin, abs=1e-6) and max(ys) == pytest.approx(sheet_height - margin, abs=1e-6)
        box = (min(xs) + half_kerf, min(ys) + half_kerf, max(xs) - half_kerf, max(ys) - half_kerf)
        scores = [((line.dxf.start.x, line.dxf.start.y), (line.dxf.end.x, line.dxf.end.y))
                  for line in space.query("LINE[layer=='SCORE']")]
        assert len(scores) > 5
        _scores_lie_on_the_piece(box, scores, piece.name)
        for mark in space.query("LWPOLYLINE[layer=='ENGRAVE']"):
            assert all(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in mark.get_points("xy")), piece.name


def test_laser_board_split_both_ways_keeps_each_piece_in_the_margins():
    """On a sheet narrower and lower than the board, the board is split across its columns and its
    rows; each piece's cut starts at the 5 mm margins and ends inside them, its scores on the piece."""
    layout = LaserLayout((200.0, 150.0), 5.0, 2.0, 0.15, False)
    sheets = board_sheets(BoardGeometry(TileSize(22, 44)), THEME, layout)
    widths = set()
    assert sum(len(sheet.scores) for sheet in sheets) > 20
    for number, sheet in enumerate(sheets):
        (cut,) = sheet.cuts
        x0, y0, x1, y1 = cut.bounds()
        assert (x0, y0) == pytest.approx((5.0, 5.0)) and x1 <= 195 + 1e-6 and y1 <= 145 + 1e-6, (number, x1, y1)
        _scores_lie_on_the_piece((x0 + 0.075, y0 + 0.075, x1 - 0.075, y1 - 0.075), sheet.scores, number)
        widths.add(round(x1 - x0, 3))
    assert len(sheets) >= 4 and len(widths) >= 2             # more than one column of pieces


def _board_pieces_on_the_board(sheets, geometry, kerf: float):
    """Each piece of a board cut in pieces, put back where it came from: its box on the board, and
    its scores in the board's coordinates. The pieces come row by row (laser-board-1, -2, …): each
    row of pieces is as wide as the board."""
    placed, left, top, row_height = [], 0.0, 0.0, 0.0
    for sheet in sheets:
        (cut,) = sheet.cuts
        x0, y0, x1, y1 = cut.bounds()
        width, height = x1 - x0 - kerf, y1 - y0 - kerf
        dx, dy = left - (x0 + kerf / 2), top - (y0 + kerf / 2)
        scores = [(sx + dx, sy + dy, ex + dx, ey + dy) for (sx, sy), (ex, ey) in sheet.scores]
        placed.append(((left, top, left + width, top + height), scores))
        left, row_height = left + width, height
        if left >= geometry.width - 1e-6:
            assert left == pytest.approx(geometry.width, abs=1e-6)
            left, top = 0.0, top + row_height
    assert top == pytest.approx(geometry.height, abs=1e-6)                 # the rows make the whole board
    return placed


@pytest.mark.parametrize("sheet", [(200.0, 150.0), (120.0, 330.0)])
def test_the_board_in_pieces_scores_every_line_of_the_board_once(sheet):
    """Put back together, the pieces' scores are the board's own lines (its cell borders, the lines
    halving each cell, the side places' outlines: what generator/art/board.py draws and the board
    test checks against the rules), each scored once and no further than it runs. A line along a
    split is left to the pieces' cuts."""
    from generator.art.board import board_lines, place_outlines

    kerf, geometry = 0.15, BoardGeometry(TileSize(22, 44))
    sheets = board_sheets(geometry, THEME, LaserLayout(sheet, 5.0, 2.0, kerf, False))
    placed = _board_pieces_on_the_board(sheets, geometry, kerf)
    splits_x = {round(box[2], 3) for box, _ in placed} - {round(geometry.width, 3)}
    splits_y = {round(box[3], 3) for box, _ in placed} - {round(geometry.height, 3)}
    assert splits_x and splits_y                                           # split both ways

    full, half = board_lines(geometry)
    drawn = [(x1, y1, x2, y2) for (x1, y1), (x2, y2) in full + half]
    drawn += [(*a, *b) for outline in place_outlines(geometry)
              for a, b in zip(outline.corners, outline.corners[1:] + outline.corners[:1])]
    expected = {line: _union(spans) for line, spans in _edges_on_lines(drawn).items()
                if not (line[0] == "x" and line[1] in splits_x or line[0] == "y" and line[1] in splits_y)}
    scored = {line: _union(spans) for line, spans in
              _edges_on_lines([score for _, scores in placed for score in scores]).items()}
    assert scored.keys() == expected.keys()
    for line, spans in expected.items():
        assert [end for span in scored[line] for end in span] == pytest.approx(
            [end for span in spans for end in span], abs=1e-6), line
    for box, scores in placed:                                             # each piece scores only itself
        _scores_lie_on_the_piece(box, [((x1, y1), (x2, y2)) for x1, y1, x2, y2 in scores], box)


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("short", [0.1, -0.1])
def test_a_board_piece_never_reaches_into_the_margin(axis, short):
    """A sheet just short of (or just past) holding the board's first two columns or rows of cells
    with its notation, kerf included: the pieces stay inside the 5 mm margins, and a piece that fits
    is taken whole."""
    kerf, margin, geometry = 0.3, 5.0, BoardGeometry(TileSize(22, 44))
    reach = (geometry.left + 2 * geometry.cell_width, geometry.top + 2 * geometry.cell_height)[axis]
    size = [400.0, 600.0]
    size[axis] = 2 * margin + kerf + reach - short
    sheets = board_sheets(geometry, THEME, LaserLayout(tuple(size), margin, 2.0, kerf, False))
    first = sheets[0].cuts[0].bounds()
    for sheet in sheets:
        x0, y0, x1, y1 = sheet.cuts[0].bounds()
        assert margin - kerf / 2 - 1e-6 <= min(x0, y0) and x1 <= size[0] - margin + kerf / 2 + 1e-6 and \
            y1 <= size[1] - margin + kerf / 2 + 1e-6, (x0, y0, x1, y1)
    first_length = (first[2] - first[0], first[3] - first[1])[axis] - kerf
    # the line before: columns split at every second line (no notation number is cut), rows at every line
    before = (geometry.left, geometry.top + geometry.cell_height)[axis]
    assert first_length == pytest.approx(reach if short < 0 else before, abs=1e-6)


def test_a_dark_faced_set_engraves_every_pip(tmp_path):
    """Chinese dominoes in the classic theme: white and red pips on a dark face. The face is the
    wood, so every pip is engraved: one round mark per pip of the set's tiles (its file's heads and
    tails), each inside a tile's cut."""
    result = run("--machine", "laser", "--sets", "chinese", "--no-board", "--theme", "classic", out=tmp_path)
    assert result.returncode == 0, result.stderr
    pips = 0
    for path in sorted((tmp_path / "laser").glob("laser-chinese-*.dxf")):
        space = ezdxf.readfile(path).modelspace()
        tiles = [(*map(min, zip(*c.get_points("xy"))), *map(max, zip(*c.get_points("xy"))))
                 for c in space.query("LWPOLYLINE[layer=='CUT']")]
        for mark in space.query("LWPOLYLINE[layer=='ENGRAVE']"):
            xs, ys = zip(*mark.get_points("xy"))
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
            if abs((x1 - x0) - (y1 - y0)) < 0.05 and x1 - x0 < 8:         # round: a pip
                pips += 1
                assert any(t[0] < x0 and x1 < t[2] and t[1] < y0 and y1 < t[3] for t in tiles), (path.name, x0, y0)
    assert pips == sum(tile.head + tile.tail for tile in load_set("chinese").tiles) == 227


def test_laser_engraves_the_marks_not_the_face(laser_run):
    """The wood is the tile's face: what is engraved are the marks on it (digits, pips, circles), each
    well inside its tile, never a ring around a whole tile's face, light (set A) or dark (chinese)."""
    out, _ = laser_run
    for path in sorted((out / "laser").glob("laser-A-*.dxf")) + sorted((out / "laser").glob("laser-chinese-*.dxf")):
        space = ezdxf.readfile(path).modelspace()
        tiles = [tuple(map(min, zip(*c.get_points("xy")))) + tuple(map(max, zip(*c.get_points("xy"))))
                 for c in space.query("LWPOLYLINE[layer=='CUT']")]
        marks = space.query("LWPOLYLINE[layer=='ENGRAVE']")
        assert len(marks) > len(tiles) > 0
        for mark in marks:
            x0, y0 = map(min, zip(*mark.get_points("xy")))
            x1, y1 = map(max, zip(*mark.get_points("xy")))
            assert (x1 - x0) * (y1 - y0) < 0.5 * 22 * 44, (path.name, x0, y0, x1, y1)
            assert any(t[0] < x0 and x1 < t[2] and t[1] < y0 and y1 < t[3] for t in tiles), (path.name, x0, y0)


def test_board_whole_when_the_sheet_holds_it():
    sheets = board_sheets(BoardGeometry(TileSize()), THEME, LaserLayout((600.0, 450.0), 5.0, 2.0, 0.0, False))
    assert len(sheets) == 1


@pytest.fixture(scope="module")
def shared_edges_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shared-edges")
    result = run("--machine", "laser", "--sets", "double-6", "--shared-edges", "--no-board", out=out)
    assert result.returncode == 0, result.stderr
    return out / "laser"


def test_shared_edges_cut_each_line_once(shared_edges_run):
    doc = ezdxf.readfile(shared_edges_run / "laser-double-6-1.dxf")
    lines = doc.modelspace().query("LINE[layer=='CUT']")
    assert not doc.modelspace().query("LWPOLYLINE[layer=='CUT']")
    rows, columns = capacity("domino", TileSize(), 0.0, 290, 190)
    full_rows = math.ceil(28 / columns)
    assert len(lines) <= (columns + 1) + (full_rows + 1) + 2         # one line per grid line (a short last row adds two)


def _edges_on_lines(segments) -> dict[tuple[str, float], list[tuple[float, float]]]:
    """Axis-parallel segments (x1, y1, x2, y2) by the line they lie on: ("x", 27.0) for a vertical
    line at x = 27, as (start, end) spans along it; anything slanting is an error."""
    lines: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for x1, y1, x2, y2 in segments:
        if abs(x1 - x2) < 1e-6:
            lines.setdefault(("x", round(x1, 3)), []).append(tuple(sorted((y1, y2))))
        else:
            assert abs(y1 - y2) < 1e-6, (x1, y1, x2, y2)
            lines.setdefault(("y", round(y1, 3)), []).append(tuple(sorted((x1, x2))))
    return lines


def _union(spans) -> list[list[float]]:
    merged = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 1e-6:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged


def test_shared_edges_cut_every_tile_edge_once(shared_edges_run):
    """With --shared-edges the cut lines, read from the DXF and the SVG, cover every edge of every
    tile, and their total length is that of the tiles' distinct edges: nothing is cut twice, nothing
    runs through a tile. The tiles' places come from the data alone: 22 x 44 mm tiles touching, row
    after row, from the machine's margin (templates/machines/laser.toml) on the default 300 x 200
    sheet; the engraving, read back, stands inside those places."""
    margin, (width, height), (w, h) = float(load_machine("laser")["margin"]), (300.0, 200.0), (22.0, 44.0)
    columns = int((width - 2 * margin) // w)
    tiles = [(margin + (i % columns) * w, margin + (i // columns) * h) for i in range(len(load_set("double-6").tiles))]
    edges = _edges_on_lines([edge for x, y in tiles for edge in ((x, y, x + w, y), (x + w, y, x + w, y + h),
                                                                 (x, y + h, x + w, y + h), (x, y, x, y + h))])
    distinct = sum(end - start for spans in edges.values() for start, end in _union(spans))
    doc = ezdxf.readfile(shared_edges_run / "laser-double-6-1.dxf")
    dxf = [(line.dxf.start.x, height - line.dxf.start.y, line.dxf.end.x, height - line.dxf.end.y)
           for line in doc.modelspace().query("LINE[layer=='CUT']")]
    (group,) = [g for g in ET.parse(shared_edges_run / "laser-double-6-1.svg").getroot() if g.get("id") == "cut"]
    svg = [tuple(v for point in svg_points(path.get("d")) for v in point) for path in group.iter(f"{SVG}path")]
    for name, segments in (("dxf", dxf), ("svg", svg)):
        cuts = _edges_on_lines(segments)
        assert sum(end - start for spans in cuts.values() for start, end in spans) == pytest.approx(distinct), name
        for line, spans in edges.items():
            covered = _union(cuts.get(line, []))
            for start, end in spans:
                assert any(a <= start + 1e-3 and end - 1e-3 <= b for a, b in covered), (name, line, start, end)
    engraved = [(x, height - y) for outline in doc.modelspace().query("LWPOLYLINE[layer=='ENGRAVE']")
                for x, y in outline.get_points("xy")]
    assert all(any(x <= px <= x + w and y <= py <= y + h for x, y in tiles) for px, py in engraved)
    assert all(any(x <= px <= x + w and y <= py <= y + h for px, py in engraved) for x, y in tiles)


def _rings_of(set_name: str, index: int):
    from generator.art.tile import tile_front
    from generator.writers.ink_outlines import ink_rings

    tile_set = load_set(set_name)
    tile = tile_set.tiles[index]
    ground = THEME.colour("chinese.face" if tile_set.digit_style == "chinese" else "tile.face")
    return tile, ink_rings(tile_front(tile, tile_set, THEME, TileSize()).items, ground)


def test_engraving_keeps_what_contrasts_with_the_face():
    # Set A's first tile: group 1, a red circle with a white arrow: the arrow is a hole in the disc.
    tile, rings = _rings_of("A", 0)
    assert tile.group == 1
    holes = [r for r in rings if signed_area(r) * signed_area(max(rings, key=lambda q: abs(signed_area(q)))) < 0]
    assert holes, "the arrow is cut out of the engraved circle"
    # Chinese: light pips on a dark face are engraved, one ring per pip (none is lost to the dark face).
    for index in range(len(load_set("chinese").tiles)):
        tile, rings = _rings_of("chinese", index)
        assert len(rings) == tile.head + tile.tail, tile.id


def test_inner_cuts_come_before_outer_ones():
    outer = Outline(((0, 0), (100, 0), (100, 100), (0, 100)))
    inner = Outline(((10, 10), (20, 10), (20, 20), (10, 20)), 2.0)
    beside = Outline(((110, 0), (120, 0), (120, 10), (110, 10)))
    sheet = CutSheet(200, 200, cuts=[outer, beside, inner])
    assert sheet.ordered_cuts().index(inner) < sheet.ordered_cuts().index(outer)
    entities = dxf_text(sheet, {"cut": "CUT"}).split("ENTITIES", 1)[1]
    assert entities.index("-0.414214") < entities.index(" 10\n100\n")      # the rounded inner square comes first


def test_cricut_lays_large_tiles_on_their_side_when_that_saves_mats(tmp_path):
    """60 x 120 mm tiles, 2 mm apart, in Cricut's 171.45 x 234.95 mm: upright two across and one down
    (14 images for double-6's 28); on their side one across and three down (10). Each image then holds
    tiles 120 mm wide and 60 high, and shows each tile's face turned a quarter clockwise."""
    result = run("--machine", "cricut", "--sets", "double-6", "--tile-size", "60x120", "--corner-radius", "3",
                 out=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "set double-6: 10 mat(s)" in result.stdout
    pngs = sorted((tmp_path / "cricut").glob("print-then-cut-double-6-*.png"), key=lambda f: int(re.search(r"-(\d+)_", f.name)[1]))
    assert [f.name.split("_")[1] for f in pngs] == ["120x184mm.png"] * 9 + ["120x60mm.png"]
    size = TileSize(60, 120, corner_radius=3)
    tiles = [tile for tile, turn in ordered_tiles(load_set("double-6"))]
    turns = [turn for tile, turn in ordered_tiles(load_set("double-6"))]
    for number, png in enumerate(pngs):
        paths = svg_paths(png.with_suffix(".svg"))
        assert len(paths) == (3 if number < 9 else 1)
        picture = Image.open(png)
        k = picture.width / 120
        for index, d in enumerate(paths):
            xs, ys = zip(*svg_points(d, arc_steps=64))
            assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((120, 60), abs=0.01)
            assert min(ys) == pytest.approx(index * 62, abs=0.01)
            if 0 < number < len(pngs) - 1:
                continue                # the faces of the first image and the last: turned as all are
            # The tile's face drawn upright alone, turned a quarter clockwise by PIL: the same picture.
            tile = tiles[3 * number + index]
            alone = render(tile_front(tile, load_set("double-6"), THEME, size), 300, transparent=True)
            alone = alone.rotate(-90 - turns[3 * number + index], expand=True).convert("RGB")
            box = (round(min(xs) * k), round(min(ys) * k))
            seen = picture.crop((*box, box[0] + alone.width, box[1] + alone.height)).convert("RGB")
            difference = ImageChops.difference(seen, alone).crop((12, 12, alone.width - 12, alone.height - 12))
            assert sum(ImageStat.Stat(difference).mean) / 3 < 2, (png.name, index, tile)
            # and not the face turned the other way (a tile of two numbers would swap its halves)
            if tile.head != tile.tail:
                other = alone.rotate(180)
                mismatch = ImageChops.difference(seen, other).crop((12, 12, alone.width - 12, alone.height - 12))
                assert sum(ImageStat.Stat(mismatch).mean) / 3 > 2, (png.name, index, tile)


def _fits(length: float, tile: float, gap: float = 2.0) -> int:
    """Tiles of `tile` mm, `gap` mm apart, along `length` mm: n tiles take n * tile + (n - 1) * gap."""
    return int((length + gap) // (tile + gap))


@pytest.mark.parametrize("set_name, size", [("double-6", size) for size in ("22.7x45.4", "22.9x45.8", "24x48",
                                                                           "40x80", "42x84", "57x114", "60x120")]
                         + [("double-12", "12.6x25.2"),       # 88 upright, 96 on their side: 1 image for 91
                            ("double-9", "22.65x45.35")])     # 7 x 5 upright, each way 0.05 mm short of a tenth
def test_cricut_images_hold_as_many_tiles_as_the_print_area_does(set_name, size):
    """Counted by hand for each size, at the edges of a column or row that fits or not: the tiles an
    image holds upright and on their side, the orientation that needs fewer images (upright on a tie),
    every image within the print area, its tiles centred in it (the picture is their box rounded up
    to a tenth of a mm)."""
    machine = load_machine("cricut")
    area = (machine["print_area"]["width"], machine["print_area"]["height"])
    tile_size = parse_tile_size(size)
    w, h = tile_size.width, tile_size.height
    upright = _fits(area[0], w) * _fits(area[1], h)
    on_side = _fits(area[0], h) * _fits(area[1], w)
    tile_set = load_set(set_name)
    count = len(tile_set.tiles)
    turned = math.ceil(count / on_side) < math.ceil(count / upright)
    images = print_then_cut_images(tile_set, THEME, tile_size, area, machine["gap"])
    assert len(images) == math.ceil(count / (on_side if turned else upright)), (upright, on_side)
    assert len(images[0].tiles) == min(count, on_side if turned else upright)
    for image in images:
        assert image.picture.width <= area[0] and image.picture.height <= area[1]
        boxes = [tile.outline.bounds() for tile in image.tiles]
        assert all((b[2] - b[0], b[3] - b[1]) == pytest.approx((h, w) if turned else (w, h)) for b in boxes)
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = image.picture.width - max(b[2] for b in boxes), image.picture.height - max(b[3] for b in boxes)
        assert 0 <= left < 0.06 and left == pytest.approx(right) and 0 <= top < 0.06 and top == pytest.approx(bottom)


def test_cricut_turns_rows_of_triangles_too():
    """Triangles of side 70 mm: 9 an image upright (3 rows of 3), 10 on their side (2 rows of 5), so
    the 56 triominoes take 6 images instead of 7."""
    machine = load_machine("cricut")
    area = (machine["print_area"]["width"], machine["print_area"]["height"])
    images = print_then_cut_images(load_set("triominoes"), THEME, parse_tile_size("70"), area, machine["gap"])
    assert [len(image.tiles) for image in images] == [10] * 5 + [6]
    assert all(tile.turn in (90.0, 270.0) for image in images for tile in image.tiles)
    assert all(image.picture.width <= area[0] and image.picture.height <= area[1] for image in images)


def test_a_tile_larger_than_a_machines_print_area_is_one_line():
    """No tile the kit takes is too large for Cricut's area; a machine file with a smaller one can be."""
    with pytest.raises(UserError) as refusal:
        print_then_cut_grid("domino", TileSize(22, 44), (40.0, 30.0), 2.0)
    assert str(refusal.value) == ("a 22 x 44 mm tile does not fit Cricut's 40 x 30 mm print area; use a smaller "
                                  "--tile-size")


def test_cricut_keeps_tiles_upright_when_turning_saves_no_mat():
    """24 x 48 mm: 27 an image on their side against 24 upright, but double-6 needs 2 images either way,
    so they stay upright, as they read."""
    machine = load_machine("cricut")
    area = (machine["print_area"]["width"], machine["print_area"]["height"])
    images = print_then_cut_images(load_set("double-6"), THEME, TileSize(24, 48), area, machine["gap"])
    assert len(images) == 2 and all(tile.turn in (0.0, 180.0) for image in images for tile in image.tiles)
    assert images[0].picture.width < images[0].picture.height


# --- every set, bad input, same bytes --------------------------------------------------------------

def test_every_set_gets_laser_and_cricut_layouts():
    machine = load_machine("cricut")
    area = (machine["print_area"]["width"], machine["print_area"]["height"])
    for name in ALL_SETS:
        tile_set = load_set(name)
        assert sum(len(i.tiles) for i in print_then_cut_images(tile_set, THEME, TileSize(), area, 2.0)) == \
            len(tile_set.tiles)
        assert sum(len(s.cuts) for s in tile_sheets(tile_set, THEME, TileSize(), LaserLayout((300.0, 200.0), 5, 2, 0.0, False))) \
            == len(tile_set.tiles)


@pytest.mark.parametrize("machine, pattern", [("silhouette", "silhouette/print-and-cut-club-4-a4-*.dxf"),
                                              ("cricut", "cricut/print-then-cut-club-4-*.svg"),
                                              ("laser", "laser/laser-club-4-*.dxf")])
def test_a_set_file_of_the_users_own(tmp_path, machine, pattern):
    set_file = tmp_path / "club.toml"
    set_file.write_text('name = "club-4"\ndouble = 4\ndigits = "pips"\n[back]\nmark = "C"\n', encoding="utf-8")
    result = run("--machine", machine, "--set-file", str(set_file), "--sets", "C", out=tmp_path / "out")
    assert result.returncode == 0, result.stderr
    files = sorted((tmp_path / "out").glob(pattern))
    assert files
    outlines = 0
    for path in files:
        if path.suffix == ".dxf":
            doc = ezdxf.readfile(path)
            assert not doc.audit().has_errors
            outlines += len(doc.modelspace().query("LWPOLYLINE[layer=='CUT']"))
        else:
            outlines += len(svg_paths(path))
    assert outlines == 15               # double-4: 15 tiles, one closed outline each


def test_machine_names_are_data():
    assert set(machine_names()) >= {"silhouette", "cricut", "laser"}


def test_a_machine_named_in_words_is_named_in_the_messages_language():
    from generator.jobs.cut import machine_instructions
    from generator.settings.build_options import CutOptions
    from generator.words import speaking

    with speaking("ru"):
        assert machine_instructions("laser", CutOptions()).startswith("Лазерный станок: ")
        assert machine_instructions("cricut", CutOptions()).startswith("Cricut Print Then Cut: ")    # a brand's name
    assert machine_instructions("laser", CutOptions()).startswith("Laser cutter: ")
    for title in ({"ru": "Лазер"}, {"en": "Laser", "de": "Laser"}, {"en": ""}):
        with pytest.raises(UserError, match="title"):
            checked({**load_machine("laser"), "title": title}, "laser.toml")


@pytest.mark.parametrize("args, message", [
    (["--machine", "plotter"], "--machine: unknown machine 'plotter'; choose from cricut, laser, silhouette"),
    ([], "--machine: name the machine: cricut, laser, silhouette"),
    # set A's tiles and the board: both misfits named, whichever job would have started first
    (["--machine", "laser", "--sheet", "40x30"], "--sheet: 40x30 mm less 5 mm margins does not hold one 22 x 44 mm "
                                                 "tile nor a piece of the board (48 x 46 mm); give at least "
                                                 "--sheet 58x56"),
    (["--machine", "laser", "--sheet", "big"], "--sheet: 'big' is not WIDTHxHEIGHT in mm; write e.g. 300x200"),
    (["--machine", "laser", "--kerf", "-0.1"], "--kerf: -0.1 mm is outside 0-2 mm; a laser's kerf is 0.05-0.5 mm"),
    (["--machine", "laser", "--corner-radius", "9"], "--corner-radius: 9 mm is more than a third of the 22 mm tile "
                                                     "width; use 7.3 or less, or a wider --tile-size"),
    (["--machine", "laser", "--shared-edges", "--kerf", "0.1"], "--shared-edges: a line cut once between two tiles "
                                                                "cannot be kerf-compensated for both; leave out --kerf "
                                                                "or --shared-edges"),
    # the laser file's tiles stand 2 mm apart: a kerf as wide grows neighbours' outlines into each other
    (["--machine", "laser", "--kerf", "2"], "--kerf 2 mm: the pieces stand 2 mm apart on the sheet, and outlines "
                                            "grown by half the kerf would meet; give a kerf under 2 mm (a laser's "
                                            "is 0.05-0.5 mm)"),
    (["--machine", "laser", "--shared-edges", "--corner-radius", "2"], "--shared-edges: rounded corners leave no "
                                                                       "common edge to cut once; leave out "
                                                                       "--shared-edges or use --corner-radius 0"),
    (["--machine", "silhouette", "--paper", "a3"], "--paper: a3 has no Print & Cut sheet; Silhouette sheets are a4 "
                                                   "or letter"),
    # a laser's setting given for another machine would change nothing: said, not ignored
    (["--machine", "cricut", "--kerf", "0.1"], "--kerf: only for --machine laser; cricut files have no such setting, "
                                               "leave it out"),
    (["--machine", "silhouette", "--sheet", "100x100"], "--sheet: only for --machine laser; silhouette files have no "
                                                        "such setting, leave it out"),
    (["--machine", "cricut", "--shared-edges"], "--shared-edges: only for --machine laser; cricut files have no such "
                                                "setting, leave it out"),
    (["--machine", "silhouette", "--no-board"], "--board/--no-board: only for --machine laser; silhouette files have "
                                                "no such setting, leave it out"),
])
def test_bad_input_gets_one_line(tmp_path, args, message):
    """The whole line, the same every run: the sheet is checked against every piece before any job starts."""
    result = run("--sets", "A", *args, out=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [f"opendomino: error: {message}"], result.stderr
    assert not (tmp_path / "laser").exists()                   # stopped before any job wrote


@pytest.mark.parametrize("kerf, shared_edges, size", [(0.0, False, TileSize()), (0.2, False, TileSize(30, 60)),
                                                      (0.0, True, TileSize(10, 20))])
def test_the_least_sheet_the_error_gives_holds_every_piece(kerf, shared_edges, size):
    """The sheet the error asks for holds the tiles of both shapes and every piece of the board;
    a millimetre less either way does not."""
    machine = load_machine("laser")
    layout = LaserLayout((40.0, 30.0), machine["margin"], machine["gap"], kerf, shared_edges)
    pieces = [tile_piece("domino", size, layout), tile_piece("triangle", size, layout),
              board_piece(BoardGeometry(size), layout)]
    with pytest.raises(UserError) as caught:
        check_sheet(layout, pieces)
    width, height = (int(v) for v in re.search(r"give at least --sheet (\d+)x(\d+)$", str(caught.value)).groups())

    def placed_pieces(sheet):
        laid = LaserLayout(sheet, machine["margin"], machine["gap"], kerf, shared_edges)
        return [sheet for name in ("A", "triominoes") for sheet in tile_sheets(load_set(name), THEME, size, laid)] + \
            board_sheets(BoardGeometry(size), THEME, laid)

    edge = machine["margin"] - kerf / 2 - 1e-4          # a cut's kerf may reach half its width into the margin
    for sheet in placed_pieces((float(width), float(height))):
        for cut in sheet.cuts:
            x0, y0, x1, y1 = cut.bounds() if isinstance(cut, Outline) else (*map(min, zip(*cut)), *map(max, zip(*cut)))
            assert edge <= x0 and x1 <= width - edge and edge <= y0 and y1 <= height - edge, (x0, y0, x1, y1)
    for smaller in ((width - 1.0, float(height)), (float(width), height - 1.0)):
        with pytest.raises(UserError, match="give at least --sheet"):
            placed_pieces(smaller)


@pytest.mark.parametrize("size, kerf", [(TileSize(22.5, 45), 0.0), (TileSize(30, 60.4), 0.2)])
def test_the_least_sheet_for_tiles_alone_is_the_tile_and_its_margins(size, kerf):
    """Without the board, the least sheet the error names is one domino and the margins around it,
    whole millimetres up (the kerf may reach into the margin): a sheet that size takes the tiles, one
    a millimetre smaller either way is refused."""
    machine = load_machine("laser")
    margin = float(machine["margin"])
    laid = lambda sheet: tile_sheets(load_set("A"), THEME, size, LaserLayout(sheet, margin, machine["gap"], kerf,
                                                                             False))
    with pytest.raises(UserError) as caught:
        laid((20.0, 20.0))
    least = tuple(int(v) for v in re.search(r"give at least --sheet (\d+)x(\d+)$", str(caught.value)).groups())
    assert least == (math.ceil(size.width + 2 * margin), math.ceil(size.height + 2 * margin))
    sheets = laid(tuple(map(float, least)))
    assert [len(sheet.cuts) for sheet in sheets] == [1] * len(load_set("A").tiles)        # a tile a sheet
    for smaller in ((least[0] - 1.0, float(least[1])), (float(least[0]), least[1] - 1.0)):
        with pytest.raises(UserError, match="give at least --sheet"):
            laid(smaller)


def test_same_inputs_same_bytes(tmp_path):
    for out in (tmp_path / "one", tmp_path / "two"):
        assert run("--machine", "laser", "--sets", "C", "--no-board", out=out).returncode == 0
        assert run("--machine", "silhouette", "--sets", "C", out=out).returncode == 0
    for path in (tmp_path / "one").rglob("*.*"):
        if path.name != "manifest.json":
            assert path.read_bytes() == (tmp_path / "two" / path.relative_to(tmp_path / "one")).read_bytes(), path
