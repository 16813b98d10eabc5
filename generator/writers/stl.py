"""Binary STL: triangles only, no colour and no units (millimetres by convention), for the tools that
read no 3MF. One file holds one part of every tile on a plate (the bodies, or the inlays of one
colour), placed as the plate's 3MF places them, so loading a plate's files together rebuilds it.

The format: an 80-byte header, the number of triangles, then 50 bytes per triangle: its normal, its
three corners (little-endian float32) and two unused bytes.
"""

from pathlib import Path
import struct

import numpy as np

from generator.files.atomic import write_bytes

RECORD = np.dtype([("normal", "<f4", 3), ("corners", "<f4", (3, 3)), ("attribute", "<u2")])


def stl_bytes(meshes, title: str) -> bytes:
    corners = np.concatenate([mesh.vertices[mesh.triangles] for mesh in meshes]) if meshes \
        else np.zeros((0, 3, 3))
    normals = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    lengths = np.linalg.norm(normals, axis=1, keepdims=True)
    records = np.zeros(len(corners), dtype=RECORD)
    records["normal"] = np.divide(normals, lengths, out=np.zeros_like(normals), where=lengths > 0)
    records["corners"] = corners
    header = title.encode("ascii", "replace")[:80].ljust(80, b" ")
    return header + struct.pack("<I", len(records)) + records.tobytes()


def write_stl(meshes, target: Path, title: str) -> dict:
    """Write the meshes (generator/solids/meshes.py, already placed) as one STL; what the manifest says."""
    data = stl_bytes(meshes, title)
    write_bytes(target, data)
    return {"triangles": (len(data) - 84) // RECORD.itemsize}
