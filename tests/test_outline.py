"""A tile's outline as one geometric fact (generator/scene/outline.py), and --corner-radius in every
output that draws a tile's edge: the art's ground and clip, home cut lines, the shop's die line."""

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from generator.art.tile import tile_back, tile_front
from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.imposition.paper import paper_named
from generator.imposition.shop_sheets import gang_pages, single_pages
from generator.imposition.tile_sheets import SheetRequest, tile_sheet_files
from generator.model.set_loader import load_set
from generator.scene.drawing import Arc, Group, Path, Polygon, Rect, Style, arc_beziers
from generator.scene.outline import Outline, max_radius, tile_outline
from generator.scene.sizes import TileSize
from generator.settings.build_options import BuildOptions
from generator.settings.options import check_corner_radius
from generator.writers.svg import path_data, svg_text

SQRT3 = math.sqrt(3)


def _walk(items):
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from _walk(item.items)


# --- geometry -----------------------------------------------------------------------------------

def test_sharp_outline_is_the_polygon():
    outline = tile_outline("domino", TileSize(22, 44))
    assert outline.corners == ((0, 0), (22, 0), (22, 44), (0, 44))
    assert outline.radius == 0
    assert outline.flattened() == outline.corners
    assert outline.bounds() == (0, 0, 22, 44)
    assert outline.area() == pytest.approx(22 * 44)


def test_rounded_rectangle_arcs_and_area():
    outline = tile_outline("domino", TileSize(22, 44, corner_radius=3))
    arcs = outline.arcs()
    assert arcs[0].start == pytest.approx((0, 3)) and arcs[0].end == pytest.approx((3, 0))
    assert arcs[0].centre == pytest.approx((3, 3))
    assert all(arc.sweep == pytest.approx(math.pi / 2) for arc in arcs)
    assert outline.area() == pytest.approx(22 * 44 - (4 - math.pi) * 9)
    assert outline.bounds() == pytest.approx((0, 0, 22, 44))


def test_rounded_triangle_arcs():
    outline = tile_outline("triangle", TileSize(22, 44, corner_radius=4))
    side = 44
    for arc, corner in zip(outline.arcs(), outline.corners):
        assert arc.sweep == pytest.approx(2 * math.pi / 3)
        # The arc's centre lies on the way from the corner to the centroid, 2r away from the corner.
        assert math.dist(arc.centre, corner) == pytest.approx(8)
        assert math.dist(arc.start, arc.centre) == pytest.approx(4)
        assert math.dist(arc.end, arc.centre) == pytest.approx(4)
    exact = side * side * SQRT3 / 4 - 3 * 16 * (math.tan(math.pi / 3) - math.pi / 3)
    assert outline.area() == pytest.approx(exact)


@pytest.mark.parametrize("shape", ["domino", "triangle"])
@pytest.mark.parametrize("turn", [0.0, 180.0])
def test_flattened_points_lie_on_the_curve(shape, turn):
    outline = tile_outline(shape, TileSize(20, 40, corner_radius=5), turn)
    points = outline.flattened(0.005)
    assert all(abs(outline.distance(p)) <= 0.005 + 1e-9 for p in points)
    # and close enough together that the chord never leaves the curve by more than the tolerance
    for a, b in zip(points, points[1:] + points[:1]):
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert -0.0051 <= outline.distance(middle) <= 1e-9


@pytest.mark.parametrize("kerf", [0.1, 0.15, 0.2])
@pytest.mark.parametrize("radius", [0.0, 2.0])
def test_offset_moves_every_point_by_the_distance(kerf, radius):
    """Kerf compensation: the offset outline's every point is the distance from the original."""
    for shape in ("domino", "triangle"):
        outline = tile_outline(shape, TileSize(22, 44, corner_radius=radius))
        grown = outline.offset(kerf / 2)
        assert grown.radius == pytest.approx(radius + kerf / 2)
        for point in grown.flattened(0.0005):
            assert outline.distance(point) == pytest.approx(kerf / 2, abs=0.001)
        inner = outline.offset(-1.0)
        assert inner.radius == max(0.0, radius - 1.0)


def test_radius_too_large_for_the_outline_is_refused():
    with pytest.raises(ValueError):
        Outline(((0, 0), (10, 0), (10, 20), (0, 20)), 5.01)
    Outline(((0, 0), (10, 0), (10, 20), (0, 20)), 5.0)        # a stadium: still an outline


def test_path_has_true_arcs_and_svg_writes_them():
    path = tile_outline("domino", TileSize(22, 44, corner_radius=2)).path(Style())
    assert sum(isinstance(part, Arc) for part in path.parts) == 4
    data = path_data(path)
    assert data.startswith("M0 2 A2 2 0 0 1 2 0 L20 0 A2 2 0 0 1 22 2") and data.endswith("Z")


def test_bezier_arcs_stay_on_the_circle():
    arc = Arc(3, 0, 3, 3)
    (c1x, c1y, c2x, c2y, x, y), = arc_beziers(0, 3, arc)
    for t in (0.25, 0.5, 0.75):
        bx = (1 - t) ** 3 * 0 + 3 * (1 - t) ** 2 * t * c1x + 3 * (1 - t) * t * t * c2x + t ** 3 * x
        by = (1 - t) ** 3 * 3 + 3 * (1 - t) ** 2 * t * c1y + 3 * (1 - t) * t * t * c2y + t ** 3 * y
        assert math.dist((bx, by), (3, 3)) == pytest.approx(3, abs=0.001)


# --- the option ---------------------------------------------------------------------------------

def test_corner_radius_travels_with_the_tile_size():
    options = BuildOptions(corner_radius=2.5)
    assert options.tile_size.corner_radius == 2.5
    assert str(options.tile_size) == "22x44"


def test_a_third_of_the_width_is_the_largest_radius_and_the_outline_takes_it():
    """A third of the tile's width, as the option's help says: 7.3 mm on a 22 mm tile is taken, 7.4
    refused. Both shapes take that radius; the outline itself refuses only what leaves an edge no
    straight part: half a domino's short side, a triangle's inradius (its side / (2 * sqrt 3))."""
    size = TileSize(22, 44)
    check_corner_radius(size, 7.3)
    with pytest.raises(UserError, match="use 7.3 or less"):
        check_corner_radius(size, 7.4)
    for shape in ("domino", "triangle"):
        assert tile_outline(shape, TileSize(22, 44, corner_radius=22 / 3)).radius == pytest.approx(22 / 3)
    assert max_radius(tile_outline("domino", size).corners) == pytest.approx(11)
    side = math.dist(*tile_outline("triangle", size).corners[:2])
    assert side == pytest.approx(44) and max_radius(tile_outline("triangle", size).corners) == \
        pytest.approx(side / (2 * math.sqrt(3)))


@pytest.mark.parametrize("args, message", [
    (["--corner-radius", "8"], "more than a third of the 22 mm tile width"),
    (["--corner-radius", "-1"], "outside 0-20 mm"),
    (["--corner-radius", "x"], "is not a number"),
    (["--corner-radius", "5", "--tile-size", "12x24"], "use 4 or less"),
])
def test_bad_corner_radius_gets_one_line(tmp_path, args, message):
    result = subprocess.run([sys.executable, "-m", "generator", "tiles", "--sets", "A", "--out", str(tmp_path),
                             *args], capture_output=True, text=True)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: ") and message in lines[0], result.stderr


def test_config_corner_radius(tmp_path):
    (tmp_path / "opendomino.toml").write_text("corner_radius = 9\n")
    result = subprocess.run([sys.executable, "-m", "generator", "tiles", "--sets", "A", "--out", str(tmp_path / "o"),
                             "--config", str(tmp_path / "opendomino.toml")], capture_output=True, text=True)
    assert result.returncode == 2 and "corner_radius in the config file" in result.stderr


# --- every output follows it --------------------------------------------------------------------

THEME = load_theme("classic")


@pytest.mark.parametrize("set_name", ["A", "double-6", "chinese", "picture", "triominoes"])
def test_art_is_clipped_to_the_rounded_outline(set_name):
    tile_set = load_set(set_name)
    size = TileSize(22, 44, corner_radius=3)
    for art in (tile_front(tile_set.tiles[-1], tile_set, THEME, size, 2.0),
                tile_back(tile_set.tiles[-1], tile_set, THEME, size, 2.0)):
        (group,) = art.items
        assert isinstance(group.clip, Path)
        ground = group.items[0]
        assert isinstance(ground, Path) and ground.style.fill is not None
        # ground and clip are the outline grown by the bleed: radius 3 + 2
        radii = {round(part.radius, 6) for part in group.clip.parts if isinstance(part, Arc)}
        assert radii == {5.0}
        assert path_data(ground) == path_data(group.clip)


@pytest.mark.parametrize("set_name", ["A", "double-6", "triominoes"])
def test_sharp_corners_draw_as_before(set_name):
    tile_set = load_set(set_name)
    art = tile_front(tile_set.tiles[0], tile_set, THEME, TileSize(), 3.0)
    assert not any(isinstance(item, Path) for item in _walk(art.items))
    assert isinstance(art.items[0], Rect if set_name != "triominoes" else Polygon)


def _cut_arc_centres(page):
    return [(round(part.cx, 4), round(part.cy, 4)) for item in _walk(page.items) if isinstance(item, Path)
            and item.style.dash for part in item.parts if isinstance(part, Arc)]


@pytest.mark.parametrize("set_name", ["A", "double-9", "triominoes"])
def test_home_cut_lines_draw_the_curve(set_name):
    tile_set = load_set(set_name)
    size = TileSize(22, 44, corner_radius=3)
    request = SheetRequest(tile_set, THEME, paper_named("a4"), size, "duplex-long", (0.0, 0.0), "en")
    fronts = tile_sheet_files(request)[0].pages[0]
    centres = _cut_arc_centres(fronts)
    from generator.imposition.tile_grid import plan_for
    from generator.imposition.tile_sheets import tile_outlines
    block = plan_for(tile_set, paper_named("a4"), size).blocks[0]
    expected = sorted((round(a.centre[0], 4), round(a.centre[1], 4)) for o in tile_outlines(tile_set, block)
                      for a in o.arcs())
    assert sorted(centres) == expected
    # every straight cut ends where an arc starts: no dashed line crosses a rounded corner
    outlines = tile_outlines(tile_set, block)
    for item in _walk(fronts.items):
        if type(item).__name__ == "Line" and item.style.dash:
            for end in ((item.x1, item.y1), (item.x2, item.y2)):
                assert min(abs(o.distance(end)) for o in outlines) < 5e-4     # merged_runs keys lines to 1e-4 mm


def test_shop_die_lines_follow_the_rounded_outline():
    size = TileSize(22, 44, corner_radius=2)
    for set_name in ("A", "triominoes"):
        tile_set = load_set(set_name)
        pages = gang_pages(tile_set, THEME, size, 3.0, "crop") + single_pages(tile_set, THEME, size, 3.0)[:2]
        for page in pages:
            dies = [item for item in page.items if isinstance(item, Path) and item.style.stroke is not None
                    and item.style.stroke.spot == "CutContour"]
            assert dies, set_name
            assert all({round(p.radius, 6) for p in d.parts if isinstance(p, Arc)} == {2.0} for d in dies)


def test_svg_clip_path_is_a_path():
    tile_set = load_set("A")
    art = tile_front(tile_set.tiles[0], tile_set, THEME, TileSize(22, 44, corner_radius=2), 0.0)
    root = ET.fromstring(svg_text(art).split("\n", 1)[1])
    ns = {"s": "http://www.w3.org/2000/svg"}
    clip = root.find(".//s:clipPath/s:path", ns)
    assert clip is not None and re.search(r"A2 2 0 0 1", clip.get("d"))
