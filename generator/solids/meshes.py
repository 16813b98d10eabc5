"""Solids as triangle meshes, the form files hold them in, and the records a 3D writer is given.

    mesh = mesh_of(solid)              # vertices (n x 3 float64, mm), triangles (m x 3 uint32)
    MeshObject(name, parts, transform) # a tile: its parts (body, inlays), placed on a plate

A mesh's triangles wind counter-clockwise seen from outside (outward normals), as manifold3d makes
them and as STL and 3MF expect.
"""

from msgspec import Struct
import numpy as np


class Mesh(Struct, frozen=True, eq=False):
    vertices: np.ndarray        # n x 3, float64, mm
    triangles: np.ndarray       # m x 3, uint32 indexes into vertices

    def volume(self) -> float:
        """The enclosed volume in mm³ (the divergence theorem over the triangles)."""
        a, b, c = (self.vertices[self.triangles[:, k]] for k in range(3))
        return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6)

    def moved(self, transform) -> "Mesh":
        """The mesh with a 3MF transform (12 numbers: a 3 x 3 matrix by rows, then the translation)
        applied to its vertices."""
        matrix = np.asarray(transform[:9], dtype=np.float64).reshape(3, 3)
        return Mesh(self.vertices @ matrix + np.asarray(transform[9:], dtype=np.float64), self.triangles)


def mesh_of(solid) -> Mesh:
    """A manifold3d solid's triangles (its vertices are single precision inside manifold3d's meshes)."""
    mesh = solid.to_mesh()
    return Mesh(np.asarray(mesh.vert_properties[:, :3], dtype=np.float64),
                np.asarray(mesh.tri_verts, dtype=np.uint32))


class MeshPart(Struct, frozen=True):
    name: str                   # "body", "tile.digit", ...
    material: int               # index into the file's materials (its display colour)
    extruder: int               # the filament a slicer prints it with, from 1
    mesh: Mesh


class MeshObject(Struct, frozen=True):
    name: str
    parts: tuple[MeshPart, ...]
    transform: tuple[float, ...]        # 3MF order: m00 m01 m02 m10 m11 m12 m20 m21 m22 tx ty tz (row vectors)


class Material(Struct, frozen=True):
    name: str
    hex: str                    # "#rrggbb"


IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)


def placement(x: float, y: float, turned: bool, width: float, height: float) -> tuple[float, ...]:
    """The transform that puts a solid standing in its frame (0..width, 0..height) at (x, y) on a plate,
    turned about the frame's centre by half a turn when `turned`."""
    if turned:
        return (-1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 1.0, x + width, y + height, 0.0)
    return (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, x, y, 0.0)
