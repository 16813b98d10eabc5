"""Reading the 3D files back for tests, with nothing of the kit's own: the 3MF's XML (zipfile and
ElementTree; a plate's 3MF by its components, the PrusaSlicer project by its volumes) and the STL's
records (numpy), and plain mesh checks on what was read."""

from dataclasses import dataclass
from pathlib import Path
import re
import xml.etree.ElementTree as ET
import zipfile

import numpy as np

CORE = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"


@dataclass
class Part:
    name: str
    extruder: int
    colour: str                 # its base material's display colour, "#RRGGBB" ("" in a PrusaSlicer project)
    vertices: np.ndarray        # the triangles' corners: m x 3 x 3, plate coordinates

    def volume(self) -> float:
        return signed_volume(self.vertices)


@dataclass
class Object:
    name: str
    parts: list[Part]


def read_3mf(path: Path) -> tuple[list[Object], dict[int, tuple[str, str]]]:
    """The objects a 3MF builds, each with its parts: the objects its components name, in the order
    given, their triangles placed by the components' and the build item's transforms, their names and
    extruders as Bambu Studio's config gives them. Also the base materials by index: (name, display
    colour). The ids and transforms are checked as the 3MF core specification has them."""
    with zipfile.ZipFile(path) as package:
        model = ET.fromstring(package.read("3D/3dmodel.model"))
        config = ET.fromstring(package.read("Metadata/model_settings.config"))
    assert model.get("unit") == "millimeter"
    groups = list(model.iter(f"{CORE}basematerials"))
    assert len(groups) == 1
    materials = {index: (base.get("name"), base.get("displaycolor")[:7])
                 for index, base in enumerate(groups[0].findall(f"{CORE}base"))}
    defined = {}                        # id -> object element, as the resources define them, in order
    for obj in model.find(f"{CORE}resources").findall(f"{CORE}object"):
        assert obj.get("type", "model") == "model" and obj.get("id") not in defined
        for component in obj.iter(f"{CORE}component"):     # a component names an object defined before it
            assert defined.get(component.get("objectid")) is not None, component.get("objectid")
        defined[obj.get("id")] = obj
    settings = {obj.get("id"): obj for obj in config.findall("object")}
    objects = []
    for item in model.find(f"{CORE}build").findall(f"{CORE}item"):
        obj = defined[item.get("objectid")]
        components = obj.find(f"{CORE}components").findall(f"{CORE}component")
        named = settings[obj.get("id")].findall("part")
        assert [p.get("id") for p in named] == [c.get("objectid") for c in components]
        parts = []
        for component, setting in zip(components, named):
            mesh_object = defined[component.get("objectid")]
            mesh = mesh_object.find(f"{CORE}mesh")
            assert mesh is not None and mesh_object.get("pid") == groups[0].get("id")
            corners = mesh_corners(mesh)
            corners = transformed(transformed(corners, component.get("transform")), item.get("transform"))
            meta = {m.get("key"): m.get("value") for m in setting.findall("metadata")}
            parts.append(Part(meta["name"], int(meta["extruder"]), materials[int(mesh_object.get("pindex"))][1],
                              corners))
        objects.append(Object(obj.get("name"), parts))
    return objects, materials


def read_prusaslicer_3mf(path: Path) -> list[Object]:
    """The objects of a PrusaSlicer project, each one mesh whose parts are the volumes of
    Metadata/Slic3r_PE_model.config (ranges of its triangles), with their names and extruders; placed
    by the build items. No colours: PrusaSlicer neither reads nor writes them."""
    with zipfile.ZipFile(path) as package:
        model = ET.fromstring(package.read("3D/3dmodel.model"))
        config = ET.fromstring(package.read("Metadata/Slic3r_PE_model.config"))
    items = {item.get("objectid"): item.get("transform") for item in model.iter(f"{CORE}item")}
    objects = []
    for obj, settings in zip(model.iter(f"{CORE}object"), config.findall("object")):
        assert settings.get("id") == obj.get("id")
        corners = transformed(mesh_corners(obj.find(f"{CORE}mesh")), items[obj.get("id")])
        name = next(m.get("value") for m in settings.findall("metadata") if m.get("key") == "name")
        parts = []
        for volume in settings.findall("volume"):
            meta = {m.get("key"): m.get("value") for m in volume.findall("metadata")}
            first, last = int(volume.get("firstid")), int(volume.get("lastid"))
            parts.append(Part(meta["name"], int(meta["extruder"]), "", corners[first:last + 1]))
        assert sum(len(p.vertices) for p in parts) == len(corners)
        objects.append(Object(name, parts))
    return objects


def mesh_corners(mesh) -> np.ndarray:
    """The corners of a <mesh>'s triangles, m x 3 x 3."""
    vertices = np.array([[float(v.get(a)) for a in "xyz"] for v in mesh.iter(f"{CORE}vertex")])
    triangles = np.array([[int(t.get(f"v{k}")) for k in (1, 2, 3)] for t in mesh.iter(f"{CORE}triangle")])
    assert triangles.min() >= 0 and triangles.max() < len(vertices)
    return vertices[triangles]


def transformed(corners: np.ndarray, transform: str | None) -> np.ndarray:
    """Corners moved by a 3MF transform (none: the identity): 12 numbers, a 3 x 3 matrix by rows and then
    the translation, for row vectors. The matrix must keep the handedness (a mirror would turn the
    triangles inside out) and its numbers be finite."""
    if transform is None:
        return corners
    numbers = np.array([float(v) for v in transform.split()])
    assert len(numbers) == 12 and np.isfinite(numbers).all(), transform
    matrix = numbers[:9].reshape(3, 3)
    assert np.linalg.det(matrix) > 0, transform
    return corners @ matrix + numbers[9:]


def plate_3mfs(folder: Path) -> list[Path]:
    """A folder's 3MF files for every reader, the PrusaSlicer projects left out."""
    return sorted(p for p in folder.glob("*.3mf") if not p.stem.endswith("-prusaslicer"))


def read_stl(path: Path) -> np.ndarray:
    """The triangles' corners (m x 3 x 3, float64) of a binary STL, its count checked against its size."""
    data = path.read_bytes()
    assert not data[:5].lower().startswith(b"solid"), "a binary STL's header must not look like ASCII STL"
    count = int.from_bytes(data[80:84], "little")
    assert len(data) == 84 + 50 * count
    records = np.frombuffer(data[84:], dtype=np.dtype([("normal", "<f4", 3), ("corners", "<f4", (3, 3)),
                                                       ("attribute", "<u2")]))
    return records["corners"].astype(np.float64)


def signed_volume(corners: np.ndarray) -> float:
    a, b, c = corners[:, 0], corners[:, 1], corners[:, 2]
    return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6)


def indexed(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(vertices, triangles): corners with equal coordinates merged, as STL readers do."""
    vertices, inverse = np.unique(corners.reshape(-1, 3), axis=0, return_inverse=True)
    return vertices, inverse.reshape(-1, 3)


def edge_problems(triangles: np.ndarray) -> int:
    """Directed edges that are not matched by exactly one opposite edge (0 for a closed, consistently
    oriented, manifold surface: every edge shared by two triangles that run it opposite ways)."""
    directed = np.concatenate([triangles[:, [0, 1]], triangles[:, [1, 2]], triangles[:, [2, 0]]])
    keys = directed[:, 0].astype(np.int64) * (1 << 32) + directed[:, 1]
    reverse = directed[:, 1].astype(np.int64) * (1 << 32) + directed[:, 0]
    unique, counts = np.unique(keys, return_counts=True)
    twice = int((counts > 1).sum())
    missing = int((~np.isin(reverse, keys)).sum())
    return twice + missing


def shells(triangles: np.ndarray) -> list[np.ndarray]:
    """The triangles grouped into connected pieces (sharing vertices), as index arrays."""
    parent = np.arange(triangles.max() + 1 if len(triangles) else 0)

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b, c in triangles:
        for u, v in ((a, b), (b, c)):
            ru, rv = find(u), find(v)
            if ru != rv:
                parent[ru] = rv
    roots = np.array([find(t[0]) for t in triangles])
    return [np.flatnonzero(roots == root) for root in np.unique(roots)]


def solids_of(corners: np.ndarray) -> list[np.ndarray]:
    """The closed pieces of a part as corner arrays (each k x 3 x 3)."""
    _, triangles = indexed(corners)
    return [corners[group] for group in shells(triangles)]


def tile_name_number(name: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", name))
