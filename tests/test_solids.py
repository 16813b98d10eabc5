"""3D-printed tiles (`opendomino export --format 3mf,stl`): every solid of every set is a closed,
manifold, outward-facing mesh of positive volume; the files are read back with nothing of the kit's
own (tests/mesh_inspect.py) and their objects, parts, colours, volumes, pips and arrows checked; the 3MF
also by independent readers: trimesh (which merges vertices at equal places, as slicers repairing a
mesh do), lib3mf (the 3MF consortium's own, strict) and PrusaSlicer's command line when installed."""

import math
from pathlib import Path
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile

from conftest import run_cli
from layout_inspect import least_gap
from mesh_inspect import (
    edge_problems,
    indexed,
    plate_3mfs,
    read_3mf,
    read_prusaslicer_3mf,
    read_stl,
    shells,
    signed_volume,
    solids_of,
)
import numpy as np
import pytest

from generator.art.digits import pip_grid
from generator.art.tile import CIRCLE_RADIUS, face_colour
from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.imposition.build_plates import build_plates
from generator.model.set_loader import known_set_names, load_set
from generator.scene.sizes import TileSize
from generator.settings.options import parse_tile_size
from generator.solids.meshes import mesh_of
from generator.solids.palette import set_palette
from generator.solids.spec import default_edge_radius, default_thickness, solid_spec
from generator.solids.survey import survey_set
from generator.solids.tile_solids import tile_solid

ROOT = Path(__file__).resolve().parent.parent
THEME = load_theme("classic")
MM_PER_INCH = 25.4
LARGE_SETS = ("double-9", "double-12", "double-15", "double-18")
SMALL_SETS = [name for name in known_set_names() if name not in LARGE_SETS]


def run(*args, out: Path) -> subprocess.CompletedProcess:
    return run_cli("export", "--out", str(out), *args)


def spec_for(tile_set, size=TileSize(), **kwargs):
    return solid_spec(tile_set, survey_set(tile_set, THEME, size, kwargs.get("min_feature", 0.4)), size, **kwargs)


def check_solid(solid, where: str) -> None:
    """manifold3d's own verdict, and the triangles it gives: every edge shared by two triangles running it
    opposite ways, every closed piece of positive volume (its normals point out)."""
    assert solid.status().name == "NoError", where
    assert solid.volume() > 0, where
    mesh = mesh_of(solid)
    assert edge_problems(mesh.triangles) == 0, where
    corners = mesh.vertices[mesh.triangles]
    assert math.isclose(signed_volume(corners), solid.volume(), rel_tol=1e-4), where
    for piece in shells(mesh.triangles):
        assert signed_volume(corners[piece]) > 0, where


def check_tiles(set_name: str, tiles=None) -> int:
    tile_set = load_set(set_name)
    spec = spec_for(tile_set)
    checked = 0
    for tile in tiles or tile_set.tiles:
        solid = tile_solid(tile, tile_set, THEME, spec)
        for part in solid.parts:
            check_solid(part.solid, f"{tile.id} {part.name}")
        # The parts fill the plain body exactly: the inlays are the recesses.
        plain = sum(p.solid.volume() for p in solid.parts)
        from generator.solids.body import rounded_body
        whole = rounded_body(tile_set.shape, spec.size, spec.thickness, spec.edge_radius).volume()
        assert math.isclose(plain, whole, rel_tol=1e-6), tile.id
        checked += 1
    return checked


@pytest.mark.parametrize("set_name", SMALL_SETS)
def test_every_solid_of_a_set_is_closed_and_outward(set_name):
    assert check_tiles(set_name) == len(load_set(set_name).tiles)


@pytest.mark.parametrize("set_name", LARGE_SETS)
def test_large_sets_sampled(set_name):
    """The reduced form of the slow test below: the tiles with most pips, and a few others."""
    tiles = load_set(set_name).tiles
    sample = sorted(tiles, key=lambda t: -(t.head + t.tail))[:4] + list(tiles[::23])
    assert check_tiles(set_name, sample) == len(sample)


@pytest.mark.slow
@pytest.mark.parametrize("set_name", LARGE_SETS)
def test_every_solid_of_a_large_set(set_name):
    assert check_tiles(set_name) == len(load_set(set_name).tiles)


# --- the files ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def double_six(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("double6")
    result = run("--format", "3mf,stl", "--sets", "double-6", out=out)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr
    return out


def test_stl_files_are_closed_manifold_and_outward(double_six):
    files = sorted((double_six / "stl").glob("*.stl"))
    assert [f.name for f in files] == ["double-6-plate-1-back.mark.stl", "double-6-plate-1-body.stl",
                                       "double-6-plate-1-tile.digit.stl", "double-6-plate-1-tile.divider.stl"]
    for path in files:
        corners = read_stl(path)
        _, triangles = indexed(corners)
        assert edge_problems(triangles) == 0, path.name
        assert signed_volume(corners) > 0, path.name
        for piece in shells(triangles):
            assert signed_volume(corners[piece]) > 0, path.name


def test_3mf_reloads_with_its_objects_parts_and_colours(double_six):
    objects, materials = read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")
    tile_set = load_set("double-6")
    assert sorted(o.name for o in objects) == sorted(t.id for t in tile_set.tiles)
    colours = {name: colour for name, colour in materials.values()}
    assert colours == {"tile.face": "#FBF5E6", "tile.digit": "#000000", "tile.divider": "#6B6257",
                       "back.mark": "#3B2A1C"}
    for obj in objects:
        tile = next(t for t in tile_set.tiles if t.id == obj.name)
        names = [p.name for p in obj.parts]
        # body first; pips only where there are any (0-0 has none); every tile a divider and a back mark
        assert names[0] == "body" and obj.parts[0].extruder == 1
        assert set(names) == {"body", "tile.divider", "back.mark"} | ({"tile.digit"} if tile.head + tile.tail else set())
        for part in obj.parts:
            assert part.colour == colours["tile.face" if part.name == "body" else part.name]
            assert part.volume() > 0
    extruders = {p.name: p.extruder for o in objects for p in o.parts}
    assert sorted(extruders.values()) == [1, 2, 3, 4]             # four colours, four filaments


@pytest.mark.parametrize("reader", ["components", "prusaslicer"])
def test_stl_and_3mf_hold_the_same_solids(double_six, reader):
    objects = (read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")[0] if reader == "components" else
               read_prusaslicer_3mf(double_six / "3mf" / "double-6-plate-1-prusaslicer.3mf"))
    for name in ("body", "tile.digit", "tile.divider", "back.mark"):
        in_3mf = [p.vertices for o in objects for p in o.parts if p.name == name]
        stl = read_stl(double_six / "stl" / f"double-6-plate-1-{name}.stl")
        # The STL holds single-precision numbers, the 3MF four decimals of a mm: equal to a few in 100,000.
        assert math.isclose(sum(signed_volume(c) for c in in_3mf), signed_volume(stl), rel_tol=1e-4), name
        # the same places on the plate, too
        box = np.concatenate(in_3mf).reshape(-1, 3)
        assert np.allclose(box.min(0), stl.reshape(-1, 3).min(0), atol=1e-3)
        assert np.allclose(box.max(0), stl.reshape(-1, 3).max(0), atol=1e-3)


def test_the_prusaslicer_project_holds_the_same_parts(double_six):
    """Tile by tile, part by part: the same names, extruders and triangles in both 3MF files."""
    objects, _ = read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")
    projects = read_prusaslicer_3mf(double_six / "3mf" / "double-6-plate-1-prusaslicer.3mf")
    assert [o.name for o in projects] == [o.name for o in objects]
    for mine, project in zip(objects, projects):
        assert [(p.name, p.extruder) for p in project.parts] == [(p.name, p.extruder) for p in mine.parts]
        for a, b in zip(mine.parts, project.parts):
            assert np.array_equal(a.vertices, b.vertices), (mine.name, a.name)


@pytest.mark.parametrize("set_name", ["double-6", "A"])
def test_trimesh_finds_every_part_closed(double_six, exported, set_name):
    """trimesh merges the vertices at equal places, as a slicer repairing a mesh does: had a tile's body
    and inlays been one mesh, their shared walls would leave it open. Each part is its own object, and
    trimesh, following the components, finds each closed, outward and of the part's volume."""
    import trimesh

    folder = double_six if set_name == "double-6" else exported(set_name)
    for path in plate_3mfs(folder / "3mf"):
        objects, _ = read_3mf(path)
        parts = {f"{o.name} {p.name}": p for o in objects for p in o.parts}
        scene = trimesh.load(path, force="scene")
        assert sorted(scene.geometry) == sorted(parts) and len(scene.graph.nodes_geometry) == len(parts)
        for name, mesh in scene.geometry.items():
            assert mesh.is_watertight and mesh.is_winding_consistent, f"{path.name}: {name}"
            assert mesh.volume == pytest.approx(parts[name].volume(), rel=1e-6), f"{path.name}: {name}"
        placed = np.concatenate([p.vertices for p in parts.values()]).reshape(-1, 3)
        assert np.allclose(scene.bounds, [placed.min(0), placed.max(0)], atol=1e-6)


@pytest.mark.parametrize("name", ["double-6-plate-1.3mf", "double-6-plate-1-prusaslicer.3mf"])
def test_lib3mf_reads_both_files_strictly(double_six, name):
    """The 3MF consortium's library, in strict mode: no warning; every mesh manifold and oriented; the
    plate's 3MF builds objects made of components that name mesh objects, the PrusaSlicer project
    mesh objects; no transform mirrors."""
    import lib3mf

    model = lib3mf.get_wrapper().CreateModel()
    reader = model.QueryReader("3mf")
    reader.SetStrictModeActive(True)
    reader.ReadFromFile(str(double_six / "3mf" / name))
    assert reader.GetWarningCount() == 0
    meshes = model.GetMeshObjects()
    while meshes.MoveNext():
        assert meshes.GetCurrentMeshObject().IsManifoldAndOriented()
    items, built = model.GetBuildItems(), []
    while items.MoveNext():
        item = items.GetCurrent()
        built.append(item.GetObjectResource())
        assert _determinant(item.GetObjectTransform()) > 0
    assert len(built) == 28
    if name.endswith("-prusaslicer.3mf"):
        assert all(o.IsMeshObject() for o in built)
        return
    for tile in built:
        tile = model.GetComponentsObjectByID(tile.GetResourceID())
        assert tile.GetComponentCount() in (3, 4)              # the body, the divider, the back, the pips
        for number in range(tile.GetComponentCount()):
            component = tile.GetComponent(number)
            assert component.GetObjectResource().IsMeshObject()
            assert not component.HasTransform() or _determinant(component.GetTransform()) > 0


def _determinant(transform) -> float:
    return float(np.linalg.det([[transform.Fields[row][column] for column in range(3)] for row in range(3)]))


def test_double_six_has_168_pip_recesses(double_six):
    """The pips counted from the geometry: the closed pieces of the ink part, each a pip's volume."""
    corners = read_stl(double_six / "stl" / "double-6-plate-1-tile.digit.stl")
    pieces = solids_of(corners)
    assert len(pieces) == 168
    grid = pip_grid(6, TileSize().half_side)
    pip = math.pi * grid.radius ** 2 * 1.0          # 1 mm deep
    for piece in pieces:            # a polygon whose chords stay within 0.02 mm of the circle: 2 % less
        assert signed_volume(piece) == pytest.approx(pip, rel=0.025)
    # and the recesses are in the body: its volume is the plain tiles' less the inlays
    body = read_stl(double_six / "stl" / "double-6-plate-1-body.stl")
    inlays = sum(signed_volume(read_stl(p)) for p in (double_six / "stl").glob("*.stl") if "body" not in p.name)
    tile_set = load_set("double-6")
    spec = spec_for(tile_set)
    from generator.solids.body import rounded_body
    plain = rounded_body("domino", spec.size, spec.thickness, spec.edge_radius).volume()
    assert signed_volume(body) + inlays == pytest.approx(28 * plain, rel=1e-6)


def test_same_inputs_same_bytes(double_six, tmp_path):
    again = tmp_path / "again"
    assert run("--format", "3mf,stl", "--sets", "double-6", out=again).returncode == 0
    for path in list((double_six / "3mf").iterdir()) + list((double_six / "stl").iterdir()):
        twin = again / path.parent.name / path.name
        assert twin.read_bytes() == path.read_bytes(), path.name


def guide_3d_tiles() -> str:
    """The guide's page on the 3D tiles (docs/explanation/3d-tiles.md), its lines joined: a sentence may
    break anywhere."""
    return " ".join((ROOT / "docs" / "explanation" / "3d-tiles.md").read_text(encoding="utf-8").split())


def guide_plate_spacing() -> tuple[float, float]:
    """What the guide says of a plate: the tiles' gap and the clear edge, mm."""
    found = re.search(r"Tiles stand in rows (\d+(?:\.\d+)?) mm apart with (\d+(?:\.\d+)?) mm clear at the edges",
                      guide_3d_tiles())
    assert found, "the guide no longer says how far apart the tiles stand"
    return float(found[1]), float(found[2])


def test_the_plate_holds_its_tiles_apart(double_six):
    """As the guide says: the tiles stand in rows the guide's gap apart (each tile from the next in its
    row, each row from the next), at least the guide's edge clear of the plate's edges."""
    gap, margin = guide_plate_spacing()
    objects, _ = read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")
    boxes = []
    for obj in objects:
        points = np.concatenate([p.vertices for p in obj.parts]).reshape(-1, 3)
        lo, hi = points.min(0), points.max(0)
        assert lo[0] >= margin - 1e-6 and lo[1] >= margin - 1e-6 and hi[0] <= 220 - margin + 1e-6
        assert hi[1] <= 220 - margin + 1e-6 and lo[2] == pytest.approx(0) and hi[2] == pytest.approx(6)
        boxes.append((lo, hi))
    assert least_gap([(lo[0], lo[1], hi[0], hi[1]) for lo, hi in boxes]) == pytest.approx(gap, abs=1e-4)
    # Every domino stands upright, all the same way: its footprint twice as deep as wide. The tiles
    # together stand in the middle of the 220 x 220 mm plate.
    footprints = {(round(hi[0] - lo[0], 4), round(hi[1] - lo[1], 4)) for lo, hi in boxes}
    ((across, deep),) = footprints
    assert deep == pytest.approx(2 * across, abs=1e-4)
    columns = sorted({round(lo[0], 4) for lo, _ in boxes})
    rows = sorted({round(lo[1], 4) for lo, _ in boxes})
    assert len(columns) > 1 and len(rows) > 1
    assert np.diff(columns) == pytest.approx([across + gap] * (len(columns) - 1), abs=1e-3)
    assert np.diff(rows) == pytest.approx([deep + gap] * (len(rows) - 1), abs=1e-3)
    low = np.min([lo for lo, _ in boxes], axis=0)
    high = np.max([hi for _, hi in boxes], axis=0)
    assert [low[0] + high[0], low[1] + high[1]] == pytest.approx([220, 220], abs=0.01)


# --- Open Domino sets: arrows and pips where the tile data says ----------------------------------

def _pieces_with_centres(corners):
    """(centre, volume, vertices) of each closed piece."""
    found = []
    for piece in solids_of(corners):
        points = piece.reshape(-1, 3)
        found.append((points.mean(0), signed_volume(piece), points))
    return found


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """set name -> the folder its 3MF files were exported to, each set once for the module."""
    folders = {}

    def export(set_name: str) -> Path:
        if set_name not in folders:
            out = tmp_path_factory.mktemp(set_name)
            result = run("--format", "3mf", "--sets", set_name, out=out)
            assert result.returncode == 0, result.stderr
            folders[set_name] = out
        return folders[set_name]
    return export


def guide_edges(thickness: float) -> tuple[float, float]:
    """What the guide says of a tile's edges: the radius for a tile this thick (if its features leave
    room) and how far a facet may stand from the true curve, mm."""
    text = guide_3d_tiles()
    rule = re.search(r"Edges are rounded as common domino models round them: ([\d.]+) mm up to ([\d.]+) mm thick, "
                     r"([\d.]+) mm up to ([\d.]+) mm, ([\d.]+) mm above", text)
    facets = re.search(r"drawn as flat facets that stay within ([\d.]+) mm of the true curve", text)
    assert rule and facets, "the guide no longer says how the edges are rounded"
    small, thin, middle, thick, large = (float(value) for value in rule.groups())
    radius = small if thickness <= thin else middle if thickness <= thick else large
    return radius, float(facets[1])


@pytest.mark.parametrize("size, thickness", [("22x44x5", 5.0), (None, 6.0), ("30x60x9", 9.0), ("30x60x10", 10.0)])
def test_the_edges_are_rounded_as_the_guide_says(exported, tmp_path, size, thickness):
    """Set A's tiles 5, 6, 9 and 10 mm thick (the guide's radius 0.4 mm up to 5 mm, 1 mm up to 9 mm, 2
    mm above: each side of each bound), read from the 3MF: the top and bottom faces begin the radius in
    from every side, the sides stand straight between the two roundings, and across the rounding the
    corners of the body lie on a quarter circle of that radius, each facet within the guide's distance
    of it."""
    if size is None:
        out = exported("A")
    else:
        out = tmp_path
        assert run("--format", "3mf", "--sets", "A", "--tile-size", size, out=out).returncode == 0
    objects = [o for path in plate_3mfs(out / "3mf") for o in read_3mf(path)[0]]
    body = objects[0].parts[0].vertices.reshape(-1, 3)
    (x0, y0, _), (x1, y1, top) = body.min(0), body.max(0)
    assert top == pytest.approx(thickness)
    radius, tolerance = guide_edges(thickness)
    for z in (0.0, top):
        face = body[np.isclose(body[:, 2], z, atol=1e-4)]
        assert face[:, 0].min() == pytest.approx(x0 + radius, abs=1e-3) and face[:, 0].max() == pytest.approx(
            x1 - radius, abs=1e-3)
        assert face[:, 1].min() == pytest.approx(y0 + radius, abs=1e-3) and face[:, 1].max() == pytest.approx(
            y1 - radius, abs=1e-3)
    side = body[np.isclose(body[:, 0], x0, atol=1e-4)]
    assert side[:, 2].min() == pytest.approx(radius, abs=1e-3)
    assert side[:, 2].max() == pytest.approx(thickness - radius, abs=1e-3)
    # The bottom rounding: at each height below the radius, how far in the body begins.
    levels = sorted({round(float(z), 5) for z in body[:, 2] if z <= radius + 1e-4})
    profile = [(body[np.isclose(body[:, 2], z, atol=1e-5), 0].min() - x0, z) for z in levels]
    assert len(profile) >= 3
    angles = []
    for inset, z in profile:
        assert math.hypot(radius - inset, radius - z) == pytest.approx(radius, abs=1e-3), (inset, z)
        angles.append(math.atan2(radius - inset, radius - z))
    for before, after in zip(angles, angles[1:]):
        assert radius * (1 - math.cos((after - before) / 2)) <= tolerance + 1e-6, (before, after)


def test_an_edge_radius_of_0_gives_square_edges(tmp_path):
    """--edge-radius 0: the body is the outline straight up, its top and bottom faces reaching every
    side, read from the 3MF."""
    assert run("--format", "3mf", "--sets", "double-3", "--edge-radius", "0", out=tmp_path).returncode == 0
    for obj in read_3mf(tmp_path / "3mf" / "double-3-plate-1.3mf")[0]:
        body = obj.parts[0].vertices.reshape(-1, 3)
        low, high = body.min(0), body.max(0)
        for z in (low[2], high[2]):
            face = body[np.isclose(body[:, 2], z, atol=1e-4)]
            assert face[:, :2].min(0) == pytest.approx(low[:2], abs=1e-4), obj.name
            assert face[:, :2].max(0) == pytest.approx(high[:2], abs=1e-4), obj.name


@pytest.mark.parametrize("set_name", ["A", "B"])
def test_arrows_point_to_the_head_and_the_head_has_its_pips(exported, set_name):
    out = exported(set_name)
    tile_set = load_set(set_name)
    side = TileSize().half_side
    objects = [o for path in plate_3mfs(out / "3mf") for o in read_3mf(path)[0]]
    assert len(objects) == len(tile_set.tiles)
    for obj in objects:
        tile = next(t for t in tile_set.tiles if t.id == obj.name)
        body = obj.parts[0].vertices.reshape(-1, 3)
        centre = (body.min(0) + body.max(0)) / 2            # the tile's centre on the plate; its head at +y
        look = THEME.group(set_name, tile.group)
        arrow_part = next(p for p in obj.parts if p.colour.lower() == look.arrow.hex.lower())
        arrow = min(_pieces_with_centres(arrow_part.vertices), key=lambda piece: np.linalg.norm(piece[0][:2] -
                                                                                              centre[:2]))
        points = arrow[2]
        # The head is the arrow's widest part: its barbs stand far out from the axis, toward the head.
        barbs = points[np.abs(points[:, 0] - centre[0]) > 0.4 * CIRCLE_RADIUS * side]
        assert len(barbs) and barbs[:, 1].mean() > centre[1], obj.name
        # Pips: the ink's pieces away from the centre, counted in each half.
        ink = next(p for p in obj.parts if p.name == "tile.digit") if tile.head + tile.tail else None
        pips = [c for c, _, _ in _pieces_with_centres(ink.vertices)] if ink else []
        pips = [c for c in pips if np.linalg.norm(c[:2] - centre[:2]) > CIRCLE_RADIUS * side]
        toward_head = sum(1 for c in pips if c[1] > centre[1])
        assert (toward_head, len(pips) - toward_head) == (tile.head, tile.tail), obj.name


# --- options, presets, relief, one filament -------------------------------------------------------

def test_every_preset_is_a_size_the_kit_takes():
    from generator.settings.tile_presets import tile_presets

    for name, (size, source) in tile_presets().items():
        assert source
        assert parse_tile_size(name) == size
        assert parse_tile_size(f"{size.width:g}x{size.height:g}x{size.thickness:g}") == size      # in range


def test_a_size_without_thickness_gets_6_22_of_its_width_to_half_a_millimetre():
    """As docs/reference/sizes.md says: 10 mm wide, 2.73 mm, so 2.5; 15: 4.09, 4; 28: 7.64, 7.5; 40: 10.9, 11."""
    assert [default_thickness(width) for width in (10, 15, 22, 28, 40)] == [2.5, 4.0, 6.0, 7.5, 11.0]


@pytest.mark.parametrize("size, given, option, suggested", [
    ("22x44x2", {"relief": "raised", "depth": 2.5}, "depth", 2.0),    # raised: only the back's recess, half as deep
    ("10x20x12", {"edge_radius": 5.0}, "edge_radius", 0.6),           # features within 0.70 mm of the edge
])
def test_a_suggested_figure_under_a_millimetre_or_for_raised_relief_is_taken(size, given, option, suggested):
    """As the command line's test above, for the refusals whose figure it does not reach: the figure is
    what the guide's rules give, it is taken, and a tenth more is refused."""
    tile_set, size = load_set("double-6"), parse_tile_size(size)
    with pytest.raises(UserError, match=rf"use (at most |--edge-radius ){suggested:g}\b") as refusal:
        spec_for(tile_set, size, **given)
    if option == "edge_radius":
        assert "which come within 0.70 mm of the edge" in str(refusal.value)
    spec_for(tile_set, size, **{**given, option: suggested})
    with pytest.raises(UserError):
        spec_for(tile_set, size, **{**given, option: suggested + 0.1})


@pytest.mark.parametrize("set_name, inradius, width", [("double-6", 11.0, 22), ("triominoes", 44 / (2 * math.sqrt(3)), 44)])
def test_an_edge_radius_that_leaves_no_flat_top_is_refused(set_name, inradius, width):
    """A 22 x 44 domino's largest inscribed circle has a radius of 11 mm, a triangle of side 44 mm's
    44 / (2 sqrt 3) = 12.7 mm: the edge radius must leave a nozzle's width (0.4 mm) of it flat. No set
    of the kit lets a radius get that far (its features are nearer the edge), so the survey here is one
    of a set with features nowhere near it."""
    from types import SimpleNamespace

    tile_set, size = load_set(set_name), parse_tile_size("22x44x30")
    survey = SimpleNamespace(room=100.0, nearest="?")
    flat = inradius - 0.4
    assert solid_spec(tile_set, survey, size, edge_radius=round(flat - 0.01, 2)).edge_radius < flat
    with pytest.raises(UserError, match=rf"^--edge-radius: [\d.]+ mm leaves no flat top on a {width} mm wide tile; "
                                        r"use a smaller --edge-radius$"):
        solid_spec(tile_set, survey, size, edge_radius=round(flat + 0.01, 2))


def test_presets_and_thickness():
    assert parse_tile_size("standard") == TileSize(24, 48, thickness=6)
    assert parse_tile_size("tournament") == TileSize(28, 55, thickness=13)
    assert parse_tile_size("22x44x8") == TileSize(22, 44, thickness=8)
    tile_set = load_set("A")
    assert spec_for(tile_set).thickness == 6                    # 22 mm wide: the Open Domino tile's 6 mm
    spec = spec_for(tile_set, parse_tile_size("professional"))
    assert (spec.thickness, spec.edge_radius) == (10, default_edge_radius(10)) == (10, 2)
    solid = tile_solid(tile_set.tiles[5], tile_set, THEME, spec)
    box = solid.parts[0].solid.bounding_box()
    assert box[3] - box[0] == pytest.approx(25) and box[4] - box[1] == pytest.approx(50)
    assert box[5] - box[2] == pytest.approx(10)


def test_edge_radius_gives_way_to_features_near_the_edge():
    """double-12's corner pips come within 0.77 mm of a 22 mm tile's edge: the default rounding is less."""
    tile_set = load_set("double-12")
    assert spec_for(tile_set).edge_radius == pytest.approx(0.7)
    with pytest.raises(UserError, match="--edge-radius: 1 mm would round into the features of tile"):
        spec_for(tile_set, edge_radius=1.0)


def test_rounded_corners_change_no_feature():
    """The art is clipped to a rounded outline: the clipped areas stay rings where they were rings."""
    tile_set = load_set("C")
    tile = tile_set.tiles[-1]
    volumes = []
    for radius in (0.0, 2.0):
        size = TileSize(corner_radius=radius)
        solid = tile_solid(tile, tile_set, THEME, spec_for(tile_set, size))
        volumes.append({part.name: part.solid.volume() for part in solid.parts[1:]})
    assert volumes[0].keys() == volumes[1].keys()
    for name in volumes[0]:
        assert volumes[1][name] == pytest.approx(volumes[0][name], rel=1e-6), name


def test_raised_relief_stands_on_the_face():
    tile_set = load_set("A")
    spec = spec_for(tile_set, relief="raised", depth=0.8)
    solid = tile_solid(tile_set.tiles[0], tile_set, THEME, spec)
    body = solid.parts[0].solid
    assert body.bounding_box()[5] == pytest.approx(spec.thickness)
    tops = [part.solid.bounding_box()[5] for part in solid.parts[1:]]
    assert max(tops) == pytest.approx(spec.thickness + 0.8)
    for part in solid.parts:
        check_solid(part.solid, part.name)
    alone = tile_solid(tile_set.tiles[0], tile_set, THEME, spec, inlays=False)
    assert len(alone.parts) == 1 and alone.parts[0].solid.bounding_box()[5] == pytest.approx(spec.thickness + 0.8)
    check_solid(alone.parts[0].solid, "one filament")


def as_manifold(corners):
    """Triangles read from a file as a manifold3d solid, for its booleans."""
    import manifold3d

    vertices, triangles = indexed(corners)
    return manifold3d.Manifold(manifold3d.Mesh(vert_properties=vertices.astype(np.float32),
                                               tri_verts=triangles.astype(np.uint32)))


def test_every_inlay_stands_in_its_recess(double_six):
    """Read from the 3MF: each tile's inlays (a part per colour, face and back) stand in the body's
    recesses and overlap it nowhere. A feature cut into the body in one place and its inlay printed
    in another would overlap it (a millimetre off: a third of a pip)."""
    objects, _ = read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")
    assert len(objects) == 28
    for obj in objects:
        body, *inlays = obj.parts
        assert body.name == "body" and inlays, obj.name
        solid = as_manifold(body.vertices)
        for inlay in inlays:
            piece = as_manifold(inlay.vertices)
            assert piece.volume() > 0
            assert (solid ^ piece).volume() < 1e-3 * piece.volume(), (obj.name, inlay.name)


def _seen(obj, side: str, size: tuple[int, int], dpi: float, mirrored: bool) -> np.ndarray:
    """Where a tile's inlays show on one side, as a picture of `size` pixels at `dpi`: the face seen from
    above with the head away (the plate's y up the picture), the back seen from below once the tile is
    turned over on its long side (also x right to left); `mirrored` swaps left and right."""
    from PIL import Image, ImageDraw

    body = obj.parts[0].vertices.reshape(-1, 3)
    (x0, _, _), (x1, y1, thickness) = body.min(0), body.max(0)
    picture = Image.new("L", size, 0)
    draw = ImageDraw.Draw(picture)
    turn = (side == "back") != mirrored
    for part in obj.parts[1:]:
        triangles = part.vertices
        up = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])[:, 2]
        if side == "front":         # the parts' faces that look up, on the face's half of the tile
            chosen = triangles[(up > 1e-9) & (triangles[:, :, 2].min(1) > thickness / 2)]
        else:                       # and those that look down, on the back's
            chosen = triangles[(up < -1e-9) & (triangles[:, :, 2].max(1) < thickness / 2)]
        for triangle in chosen:
            draw.polygon([((x1 - x if turn else x - x0) / MM_PER_INCH * dpi, (y1 - y) / MM_PER_INCH * dpi)
                          for x, y, _ in triangle], fill=255)
    return np.array(picture) > 0


def test_each_side_reads_as_its_picture_does(double_six, tmp_path):
    """Read from the 3MF: each tile's face seen from above is its front picture (`export --format png`),
    and its back seen from below, the tile turned over on its long side, is its back picture; mirrored,
    neither would be. Compared by how much of the two drawings cover the same pixels (1 all, 0 none)."""
    from PIL import Image, ImageChops

    dpi = 200
    assert run("--format", "png", "--sets", "double-6", "--dpi", str(dpi), "--bleed", "0", out=tmp_path).returncode == 0
    objects, _ = read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")
    mirrored_fronts = []
    for obj in objects:
        for side in ("front", "back"):
            with Image.open(tmp_path / "png" / "double-6" / f"{obj.name}-{side}.png") as image:
                image = image.convert("RGB")
                ground = Image.new("RGB", image.size, image.getpixel((0, 0)))
                drawn = np.array(ImageChops.difference(image, ground).convert("L")) > 60
            overlap = {}
            for mirrored in (False, True):
                seen = _seen(obj, side, image.size, dpi, mirrored)
                overlap[mirrored] = (seen & drawn).sum() / (seen | drawn).sum()
            assert overlap[False] > 0.9, (obj.name, side, overlap)
            if side == "back":          # the back's mark turned half round is itself: the mirror still differs
                assert overlap[False] > overlap[True] + 0.03, (obj.name, side, overlap)
            else:
                mirrored_fronts.append(overlap[True])
    assert min(mirrored_fronts) < 0.6          # a front drawn mirrored would not pass as itself


def test_one_filament_is_the_bodies_alone(tmp_path):
    """One filament: each tile is its body alone. Recessed, nothing stands above the face (6 mm).
    Raised, the features stand on the face just where the same tile's raised parts stand when each
    colour has a filament of its own, read from both 3MF files."""
    assert run("--format", "3mf,stl", "--sets", "double-3", "--filaments", "1", out=tmp_path).returncode == 0
    objects, materials = read_3mf(tmp_path / "3mf" / "double-3-plate-1.3mf")
    assert all([p.name for p in o.parts] == ["body"] for o in objects)
    assert [f.name for f in (tmp_path / "stl").iterdir()] == ["double-3-plate-1-body.stl"]
    assert all(o.parts[0].vertices[..., 2].max() == pytest.approx(6.0) for o in objects)

    import manifold3d

    above_the_face = manifold3d.Manifold.cube((400.0, 400.0, 10.0)).translate((-90.0, -90.0, 6.0))
    raised = {}
    for filaments in ("1", "4"):
        out = tmp_path / f"raised-{filaments}"
        result = run("--format", "3mf", "--sets", "double-3", "--relief", "raised", "--filaments", filaments, out=out)
        assert result.returncode == 0, result.stderr
        raised[filaments] = {o.name: o.parts for o in read_3mf(out / "3mf" / "double-3-plate-1.3mf")[0]}
    assert raised["1"].keys() == raised["4"].keys() and len(raised["1"]) == 10
    for name, (alone,) in raised["1"].items():
        standing = as_manifold(alone.vertices) ^ above_the_face
        parts = [as_manifold(part.vertices) ^ above_the_face for part in raised["4"][name][1:]]
        colours = manifold3d.Manifold.batch_boolean(parts, manifold3d.OpType.Add)
        assert standing.volume() > 0 and standing.volume() == pytest.approx(colours.volume(), rel=1e-3), name
        assert (standing - colours).volume() < 1e-3 * standing.volume(), name


def test_palette_keeps_the_colours_that_show():
    tile_set = load_set("A")
    palette = set_palette(THEME, tile_set, face_colour(tile_set, THEME), survey_set(tile_set, THEME, TileSize(), 0.4),
                          4)
    by_name = {f.name: f.extruder for f in palette.filaments}
    # the body, the ink and both group circles get a filament each; the others share the nearest
    assert sorted({by_name[k] for k in ("tile.face", "tile.digit", "A.group1", "A.group2")}) == [1, 2, 3, 4]
    assert by_name["A.group1.arrow"] == 1               # white prints as the ivory body: still an arrow


def test_a_colour_that_paints_nothing_keeps_the_colours_after_it():
    """A colour whose every area is empty (a shape of no width, or one its tile clips away: a set of
    one's own can have one) adds no inlay, and the colours painted after it keep theirs."""
    from generator.colour.values import Colour
    from generator.scene.drawing import Circle, Rect, Style
    from generator.solids.faces import side_features

    ground, red, blue, green = (Colour(value) for value in ("#ffffff", "#cc0000", "#0000cc", "#00aa00"))
    items = [Rect(5, 5, 0, 10, Style(fill=red)),            # no width: paints nothing
             Circle(6, 10, 2, Style(fill=blue)),
             Rect(12, 8, 4, 4, Style(fill=green))]
    features = side_features(items, ground, 22, 44, False, 0.4, lambda item, stroke: type(item).__name__)
    assert set(features.regions) == {blue.hex, green.hex}
    assert math.pi * (2 - 0.02) ** 2 <= features.regions[blue.hex].area() <= math.pi * 2 ** 2    # curves to 0.02 mm
    assert features.regions[green.hex].area() == pytest.approx(16, rel=1e-6)


def test_triangles_fill_plates_up_and_down(tmp_path):
    tile_set = load_set("triominoes")
    plates = build_plates(tile_set, TileSize(), (220.0, 220.0))
    assert sum(len(p.tiles) for p in plates) == len(tile_set.tiles)
    assert {t.turn for p in plates for t in p.tiles} == {0.0, 180.0}
    assert run("--format", "3mf", "--sets", "triominoes", out=tmp_path).returncode == 0
    objects = [o for path in plate_3mfs(tmp_path / "3mf") for o in read_3mf(path)[0]]
    assert len(objects) == len(tile_set.tiles)
    for obj in objects:
        points = np.concatenate([p.vertices for p in obj.parts]).reshape(-1, 3)
        assert points[:, :2].min() >= 0 and points[:, :2].max() <= 220


def test_thin_features_are_named(tmp_path):
    """Set C's back: each cross ends 0.27 mm short of its diamond, a wall no 0.4 mm nozzle prints."""
    result = run("--format", "3mf", "--sets", "C", out=tmp_path)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1, result.stderr
    assert "set C: the gap between the diamond and the cross on the back is 0.2" in warnings[0]
    assert "on 16 tile(s)" in warnings[0] and "--min-feature" in warnings[0]
    quiet = run("--format", "3mf", "--sets", "C", "--min-feature", "0.25", out=tmp_path / "fine")
    assert quiet.returncode == 0 and "warning" not in quiet.stderr


def test_a_thin_feature_of_the_face_is_not_said_to_be_on_the_back(tmp_path):
    """Set A's divider, a line across the face, is under a 2 mm minimum: its warning names it with no
    side (as a face's are), where set C's crosses above are "on the back"."""
    result = run("--format", "stl", "--sets", "A", "--filaments", "1", "--min-feature", "2", out=tmp_path)
    assert result.returncode == 0, result.stderr
    (divider,) = [line for line in result.stderr.splitlines() if "the divider" in line]
    assert divider.startswith("warning: set A: the divider is ") and "on the back" not in divider, divider


def test_a_width_said_under_the_minimum_is_under_it(tmp_path):
    """A width is measured to a hundredth of a mm and said rounded down: a gap found narrower than
    1.5 mm once read "1.50 mm wide, under the 1.5 mm minimum"."""
    result = run("--format", "stl", "--sets", "double-6", "--filaments", "1", "--min-feature", "1.5", out=tmp_path)
    assert result.returncode == 0, result.stderr
    said = re.findall(r"is ([0-9.]+) mm wide, under the ([0-9.]+) mm minimum", result.stderr)
    assert len(said) >= 3 and any("the gap between the frame and the tile's edge" in line
                                  for line in result.stderr.splitlines()), result.stderr
    assert all(float(width) < float(minimum) for width, minimum in said), said


def test_small_pips_are_named():
    tile_set = load_set("double-18")
    size = parse_tile_size("10x20")
    spec = spec_for(tile_set, size, min_feature=1.2)          # the pips are 1.13 mm across
    solid = tile_solid(max(tile_set.tiles, key=lambda t: t.head + t.tail), tile_set, THEME, spec)
    assert [round(spot.width, 1) for spot in solid.thin if spot.what == "a pip"] == [1.1]


@pytest.mark.parametrize("args, message", [
    (["--plate", "50x50"], "--plate: a 50x50 mm plate less 5 mm margins does not hold one 22 x 44 mm tile"),
    (["--plate", "30x30"], "--plate: 30x30 mm is outside 50-1000 mm per side"),
    (["--plate", "big"], "--plate: 'big' is not WIDTHxHEIGHT"),
    (["--relief-depth", "4"], "opendomino: error: --relief-depth: 4 mm is too deep for a 6 mm tile (the face's and "
                              "the back's recesses would leave less than 1 mm between them); use at most 3.3 mm, or a "
                              "thicker --tile-size"),
    (["--tile-size", "22x44x2", "--relief-depth", "1"], "--relief-depth: 1 mm is too deep for a 2 mm tile"),
    (["--relief-depth", "9"], "--relief-depth: 9 mm is outside 0.2-5 mm"),
    (["--edge-radius", "3.5"], "opendomino: error: --edge-radius: 3.5 mm would round into the features of tile "
                               "double-6-0-0 of set double-6, which come within 1.70 mm of the edge; use --edge-radius "
                               "1.7 or less, or a larger --tile-size"),
    (["--edge-radius", "1.7", "--tile-size", "22x44x3"], "opendomino: error: --edge-radius: 1.7 mm rounds more than "
                                                         "half the 3 mm thickness (top and bottom edges are both "
                                                         "rounded); use at most 1.5 mm"),
    (["--tile-size", "22x44x40"], "--tile-size: thickness 40 mm is outside 2-30 mm"),
    (["--tile-size", "10x20", "--min-feature", "2"], "opendomino: error: --tile-size: at 10 x 20 mm the features of "
                                                     "tile double-6-0-0 of set double-6 reach past the tile's edge "
                                                     "(strokes are at least --min-feature 2 mm wide); use a larger "
                                                     "--tile-size or a smaller --min-feature"),
    (["--filaments", "0"], "--filaments: 0 is outside 1-16"),
    (["--relief", "sunken"], "Invalid value for '--relief'"),
    (["--format", "obj"], "unknown format 'obj'"),
])
def test_bad_input_gets_one_line(tmp_path, args, message):
    args = ["--format", "3mf,stl", "--sets", "double-6", *args] if "--format" not in args else ["--sets", "A", *args]
    result = run(*args, out=tmp_path)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[-1], result.stderr
    if message.startswith("opendomino: error: "):          # the kit's own words, the whole line
        assert lines[-1] == message
    assert not (tmp_path / "3mf").exists()                  # nothing written before the check


@pytest.mark.parametrize("args, option, suggested", [
    (["--tile-size", "22x44x3", "--edge-radius", "1.7"], "--edge-radius", r"; use at most ([\d.]+) mm$"),
    (["--edge-radius", "3.5"], "--edge-radius", r"; use --edge-radius ([\d.]+) or less, or a larger"),
    (["--relief-depth", "4"], "--relief-depth", r"; use at most ([\d.]+) mm, or a thicker"),
])
def test_the_figure_an_error_suggests_is_taken_and_a_tenth_more_is_not(tmp_path, args, option, suggested):
    """The fix a refusal names is one the command takes: the figure it suggests works, and a tenth of
    a millimetre more is refused again. (Half a 3 mm tile's thickness was suggested as the most an
    edge radius could be, and then refused.)"""
    base = ["--format", "stl", "--sets", "double-6"]
    refused = run(*base, *args, out=tmp_path / "refused")
    assert refused.returncode == 2, refused.stderr
    figure = float(re.search(suggested, refused.stderr.strip())[1])
    others = args[:-2]                  # what is given besides the figure refused (a --tile-size)
    taken = run(*base, *others, option, f"{figure:g}", out=tmp_path / "taken")
    assert taken.returncode == 0, taken.stderr
    again = run(*base, *others, option, f"{figure + 0.1:g}", out=tmp_path / "again")
    assert again.returncode == 2 and f"{option}: {figure + 0.1:g} mm" in again.stderr, again.stderr


def test_missing_library_says_how_to_install(tmp_path):
    code = ("import sys; sys.modules['manifold3d'] = None; sys.argv = ['opendomino', 'export', '--format', '3mf', "
            f"'--sets', 'A', '--out', {str(tmp_path)!r}]; from generator.entry import main; main()")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 2
    # The library as pyproject.toml's extra "3d" asks for it: a command that works from any folder,
    # where `pip install "opendomino[3d]"` would look for the kit on the package index.
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["3d"]
    assert result.stderr.strip() == ('opendomino: error: 3MF and STL files need the manifold3d library, which is '
                                     f'not installed; install it with: python -m pip install "{extra[0]}"')
    assert extra[0].startswith("manifold3d>=")


@pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="PrusaSlicer is not installed")
def test_prusaslicer_loads_one_object_per_tile_with_its_parts(double_six, tmp_path):
    """PrusaSlicer's own reading of its project: each tile one object, its parts volumes on their
    extruders, in place, as the plate's 3MF has them."""
    saved = tmp_path / "saved.3mf"
    result = subprocess.run(["prusa-slicer", "--export-3mf", "--output", str(saved),
                             str(double_six / "3mf" / "double-6-plate-1-prusaslicer.3mf")], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-500:]
    ours, _ = read_3mf(double_six / "3mf" / "double-6-plate-1.3mf")
    with zipfile.ZipFile(saved) as package:
        assert "Metadata/Slic3r_PE_model.config" in package.namelist()
    theirs = read_prusaslicer_3mf(saved)
    assert [o.name for o in theirs] == [o.name for o in ours]
    for mine, prusa in zip(ours, theirs):
        assert [(p.name, p.extruder) for p in prusa.parts] == [(p.name, p.extruder) for p in mine.parts]
        for a, b in zip(mine.parts, prusa.parts):
            assert np.allclose(a.vertices.reshape(-1, 3).min(0), b.vertices.reshape(-1, 3).min(0), atol=0.01)
            assert a.volume() == pytest.approx(b.volume(), rel=1e-4)
