"""Pictures of 3D-printed tiles for README.md, drawn from the files `opendomino export --format 3mf,stl`
writes: each plate's STL of each part, coloured as its 3MF's base materials say, rasterised with a
depth buffer (numpy and Pillow; no 3D library) in an oblique view from above, lit from the upper left.

Run: python scripts/render_solids.py      (needs opendomino[3d]; writes docs/images/solids-*.png and
     plate-double-6-from-above.png, the 3D tutorial's picture of a whole plate)
"""

from pathlib import Path
import tempfile
import xml.etree.ElementTree as ET
import zipfile

from make_readme_images import IMAGES, side_by_side
import numpy as np
from PIL import Image

from generator.jobs.build import BuildOptions
from generator.jobs.exports import export
from generator.scene.sizes import TileSize
from generator.settings.build_options import ExportOptions, SolidOptions

CORE = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
LIGHT = np.array([-0.35, -0.45, 0.82])       # on the plate: from the front left, high
SUPERSAMPLE = 3


def plate_tiles(threemf: Path) -> dict[str, list[tuple[np.ndarray, tuple[int, int, int]]]]:
    """Tile id -> its parts as (triangle corners, colour), read from a plate's 3MF: each tile's
    components, the mesh objects they name and each one's base material (the vertices are placed)."""
    with zipfile.ZipFile(threemf) as package:
        model = ET.fromstring(package.read("3D/3dmodel.model"))
    colours = []
    for base in model.iter(f"{CORE}base"):
        value = base.get("displaycolor").lstrip("#")
        colours.append(tuple(int(value[k:k + 2], 16) for k in (0, 2, 4)))
    objects = {obj.get("id"): obj for obj in model.iter(f"{CORE}object")}
    tiles = {}
    for tile in objects.values():
        parts = []
        for component in tile.iter(f"{CORE}component"):
            part = objects[component.get("objectid")]
            vertices = np.array([[float(v.get(a)) for a in "xyz"] for v in part.iter(f"{CORE}vertex")])
            triangles = np.array([[int(t.get(f"v{k}")) for k in (1, 2, 3)] for t in part.iter(f"{CORE}triangle")])
            parts.append((vertices[triangles], colours[int(part.get("pindex"))]))
        if parts:
            tiles[tile.get("name")] = parts
    return tiles


def render(parts, width: int, elevation: float = 38.0, azimuth: float = -18.0) -> Image.Image:
    """The triangles seen from `elevation` degrees above the plate (below it when negative), turned by
    `azimuth` about its vertical, orthographic."""
    a, e = np.radians(azimuth), np.radians(90 - elevation)
    turn = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    # Seen from the front (-y) and above: screen up is (0, cos e, sin e), the viewer along (0, -sin e, cos e).
    tilt = np.array([[1, 0, 0], [0, np.cos(e), np.sin(e)], [0, -np.sin(e), np.cos(e)]])
    view = tilt @ turn
    chosen = []
    for corners, colour in parts:
        normals = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])    # lit on the plate
        chosen.append((corners @ view.T, normals, colour))
    everything = np.concatenate([c for c, _, _ in chosen]).reshape(-1, 3)
    lo, hi = everything.min(0), everything.max(0)
    margin = 0.04 * (hi[0] - lo[0])
    scale = width * SUPERSAMPLE / (hi[0] - lo[0] + 2 * margin)
    size = (int(width * SUPERSAMPLE), int((hi[1] - lo[1] + 2 * margin) * scale))
    depth = np.full((size[1], size[0]), -np.inf)
    image = np.full((size[1], size[0], 3), 255.0)
    light = LIGHT / np.linalg.norm(LIGHT)
    for corners, normals, colour in chosen:
        seen = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
        lengths = np.linalg.norm(normals, axis=1)
        facing = (seen[:, 2] > 1e-12) & (lengths > 0)
        corners, normals = corners[facing], normals[facing] / lengths[facing, None]
        shade = 0.35 + 0.65 * np.clip(normals @ light, 0, 1)
        screen = np.empty_like(corners)
        screen[..., 0] = (corners[..., 0] - lo[0] + margin) * scale
        screen[..., 1] = (hi[1] - corners[..., 1] + margin) * scale
        screen[..., 2] = corners[..., 2]
        for triangle, light_share in zip(screen, shade):
            _fill(triangle, np.asarray(colour, dtype=float) * light_share, depth, image)
    picture = Image.fromarray(image.clip(0, 255).astype(np.uint8))
    return picture.resize((width, size[1] // SUPERSAMPLE), Image.LANCZOS)


def _fill(triangle, colour, depth, image) -> None:
    (x0, y0, z0), (x1, y1, z1), (x2, y2, z2) = triangle
    left, right = int(max(0, np.floor(min(x0, x1, x2)))), int(min(depth.shape[1] - 1, np.ceil(max(x0, x1, x2))))
    top, bottom = int(max(0, np.floor(min(y0, y1, y2)))), int(min(depth.shape[0] - 1, np.ceil(max(y0, y1, y2))))
    if right < left or bottom < top:
        return
    area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
    if abs(area) < 1e-12:
        return
    xs, ys = np.meshgrid(np.arange(left, right + 1) + 0.5, np.arange(top, bottom + 1) + 0.5)
    w0 = ((x1 - xs) * (y2 - ys) - (x2 - xs) * (y1 - ys)) / area
    w1 = ((x2 - xs) * (y0 - ys) - (x0 - xs) * (y2 - ys)) / area
    w2 = 1 - w0 - w1
    inside = (w0 >= -1e-9) & (w1 >= -1e-9) & (w2 >= -1e-9)
    z = w0 * z0 + w1 * z1 + w2 * z2
    window = depth[top:bottom + 1, left:right + 1]
    nearer = inside & (z > window)
    window[nearer] = z[nearer]
    image[top:bottom + 1, left:right + 1][nearer] = colour


def arranged(tiles, columns: int = 2, turned_over: bool = False, gap: float = 6.0):
    """The tiles' parts, each tile moved next to the previous one (a grid of `columns`), or turned over
    (about its long axis) to show its back."""
    placed = []
    for index, parts in enumerate(tiles):
        points = np.concatenate([corners for corners, _ in parts]).reshape(-1, 3)
        lo, hi = points.min(0), points.max(0)
        row, column = divmod(index, columns)
        for corners, colour in parts:
            moved = corners - lo
            if turned_over:                         # x and z the other way: a half turn about the y axis
                moved = moved * np.array([-1.0, 1.0, -1.0]) + np.array([hi[0] - lo[0], 0.0, hi[2] - lo[2]])
            placed.append((moved + np.array([column * (hi[0] - lo[0] + gap), -row * (hi[1] - lo[1] + gap), 0.0]),
                           colour))
    return placed


BED_COLOUR = (205, 208, 212)


def plate_picture(out: Path) -> None:
    """The double-six plate as the 3D tutorial makes it (default options), seen from high above, on its
    bed: the 28 tiles as the slicer will show them."""
    options = BuildOptions(out=out, sets=("double-6",))
    solids = SolidOptions()
    export(options, ExportOptions(formats=("3mf",), solids=solids))
    parts = [part for tile in plate_tiles(out / "3mf" / "double-6-plate-1.3mf").values() for part in tile]
    width, depth = solids.plate
    bed = np.array([[[0, 0, -0.01], [width, 0, -0.01], [width, depth, -0.01]],
                    [[0, 0, -0.01], [width, depth, -0.01], [0, depth, -0.01]]])
    render([(bed, BED_COLOUR), *parts], 560, elevation=70.0, azimuth=0.0).save(
        IMAGES / "plate-double-6-from-above.png", optimize=True)
    print(f"wrote {IMAGES / 'plate-double-6-from-above.png'}")


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        plate_picture(Path(folder))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        options = BuildOptions(out=out, sets=("A", "C", "double-6", "triominoes"), tile_size=TileSize(),
                               corner_radius=2.0)
        export(options, ExportOptions(formats=("3mf",), solids=SolidOptions()))
        plates = {name: plate_tiles(out / "3mf" / f"{name}-plate-1.3mf")
                  for name in ("A", "C", "double-6", "triominoes")}

        def tiles(set_name, ids, keep=lambda part: True):
            return [[part for part in plates[set_name][tile_id] if keep(part)] for tile_id in ids]

        a, c = sorted(plates["A"]), sorted(plates["C"])
        side_by_side([render(arranged(tiles("A", [a[0], a[1], a[-2], a[-1]])), 520),
                     render(arranged(tiles("C", [c[0], c[9], c[-9], c[-1]])), 520)], 16, "white").save(
            IMAGES / "solids-A-C.png", optimize=True)
        sixes = ["double-6-6-6", "double-6-5-6", "double-6-4-5", "double-6-0-3"]
        triangles = list(plates["triominoes"])[:5]        # a row of the plate: up and down in turn
        body = plates["double-6"]["double-6-6-6"][0][1]
        side_by_side([render(arranged(tiles("double-6", sixes)), 520),
                     render([part for parts in tiles("triominoes", triangles) for part in parts], 520)], 16, "white").save(
            IMAGES / "solids-double-6-triominoes.png", optimize=True)
        side_by_side([render(arranged(tiles("double-6", sixes, lambda part: part[1] == body)), 520),
                     render(arranged(tiles("C", [c[0], c[9], c[-9], c[-1]]), turned_over=True), 520)], 16, "white").save(
            IMAGES / "solids-bodies-and-backs.png", optimize=True)
        for name in ("solids-A-C.png", "solids-double-6-triominoes.png", "solids-bodies-and-backs.png"):
            print(f"wrote {IMAGES / name}")


if __name__ == "__main__":
    main()
