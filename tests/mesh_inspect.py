"""Reading the 3D files back for tests, with nothing of the kit's own: the 3MF's XML (zipfile and
ElementTree) and the STL's records (numpy), and plain mesh checks on what was read."""

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
    colour: str                 # the base material's display colour of its triangles, "#RRGGBB"
    vertices: np.ndarray        # the triangles' corners: m x 3 x 3, plate coordinates

    def volume(self) -> float:
        return signed_volume(self.vertices)


@dataclass
class Object:
    name: str
    parts: list[Part]


def read_3mf(path: Path) -> tuple[list[Object], dict[int, tuple[str, str]]]:
    """The objects of a 3MF with their parts (split by PrusaSlicer's volume ranges), and the base
    materials by index: (name, display colour)."""
    with zipfile.ZipFile(path) as package:
        model = ET.fromstring(package.read("3D/3dmodel.model"))
        config = ET.fromstring(package.read("Metadata/Slic3r_PE_model.config"))
    assert model.get("unit") == "millimeter"
    materials = {}
    for group in model.iter(f"{CORE}basematerials"):
        for index, base in enumerate(group.findall(f"{CORE}base")):
            materials[index] = (base.get("name"), base.get("displaycolor")[:7])
    volumes = {obj.get("id"): obj.findall("volume") for obj in config.findall("object")}
    items = {item.get("objectid"): item.get("transform") for item in model.iter(f"{CORE}item")}
    objects = []
    for obj in model.iter(f"{CORE}object"):
        mesh = obj.find(f"{CORE}mesh")
        vertices = np.array([[float(v.get(a)) for a in "xyz"] for v in mesh.iter(f"{CORE}vertex")])
        transform = np.array([float(v) for v in items[obj.get("id")].split()])
        vertices = vertices @ transform[:9].reshape(3, 3) + transform[9:]
        triangles = list(mesh.iter(f"{CORE}triangle"))
        corners = np.array([[int(t.get(f"v{k}")) for k in (1, 2, 3)] for t in triangles])
        colours = [materials[int(t.get("p1", obj.get("pindex")))][1] for t in triangles]
        parts = []
        for volume in volumes[obj.get("id")]:
            first, last = int(volume.get("firstid")), int(volume.get("lastid"))
            meta = {m.get("key"): m.get("value") for m in volume.findall("metadata")}
            shades = set(colours[first:last + 1])
            assert len(shades) == 1, f"{obj.get('name')}: a part with triangles of {shades}"
            parts.append(Part(meta["name"], int(meta["extruder"]), shades.pop(),
                              vertices[corners[first:last + 1]]))
        assert sum(len(p.vertices) for p in parts) == len(triangles)
        objects.append(Object(obj.get("name"), parts))
    return objects, materials


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
