"""3MF, the 3D printing consortium's format: a zip of XML parts, millimetres, colours and objects made
of parts, which slicers open as a project. Written by hand (zipfile and numpy), so that the same
objects always give the same bytes and no library is needed.

What a slicer reads from it:
- every object (a tile) as one mesh holding its parts' triangles one after the other, with the core
  spec's base materials giving each part its display colour (object pid/pindex for the first part,
  triangle pid/p1 for the others): viewers and Bambu Studio's colour import show the tile as printed;
- Metadata/Slic3r_PE_model.config, PrusaSlicer's own description of the same objects: each part a
  volume (its range of triangles) with a name and an extruder, so PrusaSlicer (and its derivatives)
  loads one object per tile with its body and inlays as parts, each on its filament. PrusaSlicer
  ignores the materials, and turns a 3MF's components into separate objects: hence one mesh.
- every object a build item, placed on the plate by its transform.
"""

import io
from pathlib import Path
import zipfile

import numpy as np

from generator.files.atomic import write_bytes

ZIP_DATE = (1980, 1, 1, 0, 0, 0)        # fixed: the same objects, the same bytes
PLACES = 4                              # decimals of a millimetre: a tenth of a micrometre
COMPRESSION = 3         # zlib level: a third of the time of the default 6, for files a sixth larger
CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>\
<Default Extension="config" ContentType="text/xml"/></Types>
"""
RELATIONSHIPS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Target="/3D/3dmodel.model" Id="rel0" \
Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>
"""
CORE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
MATERIALS_ID = 1


def threemf_bytes(objects, materials, title: str) -> bytes:
    """The 3MF of `objects` (generator/solids/meshes.py MeshObject) whose parts' colours are `materials`."""
    model, config = io.BytesIO(), io.BytesIO()
    model.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xml:lang="en-US" '
                f'xmlns="{CORE}">\n<metadata name="Title">{_escape(title)}</metadata>\n'
                f'<metadata name="Application">Open Domino Kit</metadata>\n<resources>\n'
                f'<basematerials id="{MATERIALS_ID}">\n'.encode())
    for material in materials:
        model.write(f'<base name="{_escape(material.name)}" displaycolor="{material.hex.upper()}"/>\n'.encode())
    model.write(b"</basematerials>\n")
    config.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<config>\n')
    for number, item in enumerate(objects, start=MATERIALS_ID + 1):
        ranges = _object(model, number, item)
        config.write(_volumes(number, item, ranges))
    model.write(b"</resources>\n<build>\n")
    for number, item in enumerate(objects, start=MATERIALS_ID + 1):
        model.write(f'<item objectid="{number}" transform="{" ".join(_number(v) for v in item.transform)}"/>\n'
                    .encode())
    model.write(b"</build>\n</model>\n")
    config.write(b"</config>\n")
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as package:
        for name, data in (("[Content_Types].xml", CONTENT_TYPES.encode()), ("_rels/.rels", RELATIONSHIPS.encode()),
                           ("3D/3dmodel.model", model.getvalue()),
                           ("Metadata/Slic3r_PE_model.config", config.getvalue())):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            package.writestr(info, data, compresslevel=COMPRESSION)
    return archive.getvalue()


def write_3mf(objects, materials, target: Path, title: str) -> dict:
    """Write the 3MF; returns what the manifest says of it."""
    write_bytes(target, threemf_bytes(objects, materials, title))
    return {"objects": len(objects), "parts": sum(len(o.parts) for o in objects),
            "triangles": sum(len(p.mesh.triangles) for o in objects for p in o.parts)}


def _object(out, number: int, item) -> list[tuple[int, int]]:
    """One <object>: every part's vertices, then every part's triangles; the parts' triangle ranges."""
    first = item.parts[0].material
    out.write(f'<object id="{number}" type="model" name="{_escape(item.name)}" pid="{MATERIALS_ID}" '
              f'pindex="{first}">\n<mesh>\n<vertices>\n'.encode())
    vertices = np.concatenate([part.mesh.vertices for part in item.parts])
    out.write(_rows([b'<vertex x="', vertices[:, 0], b'" y="', vertices[:, 1], b'" z="', vertices[:, 2], b'"/>\n'],
                    PLACES))
    out.write(b"</vertices>\n<triangles>\n")
    base, start, ranges = 0, 0, []
    for part in item.parts:
        triangles = part.mesh.triangles.astype(np.int64) + base
        colour = b'"/>\n' if part.material == first else f'" pid="{MATERIALS_ID}" p1="{part.material}"/>\n'.encode()
        out.write(_rows([b'<triangle v1="', triangles[:, 0], b'" v2="', triangles[:, 1], b'" v3="', triangles[:, 2],
                         colour], 0))
        ranges.append((start, start + len(triangles) - 1))
        base += len(part.mesh.vertices)
        start += len(triangles)
    out.write(b"</triangles>\n</mesh>\n</object>\n")
    return ranges


def _volumes(number: int, item, ranges) -> bytes:
    """PrusaSlicer's description of one object: a volume per part, with its name and extruder."""
    lines = [f'<object id="{number}" instances_count="1">\n'
             f' <metadata type="object" key="name" value="{_escape(item.name)}"/>\n']
    for part, (first, last) in zip(item.parts, ranges):
        lines.append(f' <volume firstid="{first}" lastid="{last}">\n'
                     f'  <metadata type="volume" key="name" value="{_escape(part.name)}"/>\n'
                     f'  <metadata type="volume" key="volume_type" value="ModelPart"/>\n'
                     f'  <metadata type="volume" key="extruder" value="{part.extruder}"/>\n </volume>\n')
    lines.append("</object>\n")
    return "".join(lines).encode()


def _rows(pieces, places: int) -> bytes:
    """Lines of XML, one per row of the number columns among `pieces` (constant bytes between them),
    formatted by numpy: a Python format per number would take seconds for a set's million triangles."""
    count = next(len(p) for p in pieces if not isinstance(p, bytes))
    columns, keeps = [], []
    for piece in pieces:
        if isinstance(piece, bytes):
            text = np.frombuffer(piece, dtype=np.uint8)
            columns.append(np.broadcast_to(text, (count, len(text))))
            keeps.append(np.ones((count, len(text)), dtype=bool))
        else:
            chars, keep = _decimal_columns(np.asarray(piece), places)
            columns.append(chars)
            keeps.append(keep)
    return np.hstack(columns)[np.hstack(keeps)].tobytes()


def _decimal_columns(values: np.ndarray, places: int) -> tuple[np.ndarray, np.ndarray]:
    """Numbers as fixed-width character columns (sign, integer digits, point, decimals) and the mask of
    the characters to keep: no leading zeros, no trailing zeros after the point, no point before none."""
    scaled = np.rint(values.astype(np.float64) * 10 ** places).astype(np.int64)
    magnitude = np.abs(scaled)
    digits = max(places + 1, len(str(int(magnitude.max()))) if len(magnitude) else 1)
    powers = 10 ** np.arange(digits - 1, -1, -1, dtype=np.int64)
    figures = (magnitude[:, None] // powers[None, :]) % 10
    whole, decimals = figures[:, :digits - places], figures[:, digits - places:]
    sign = np.full((len(values), 1), ord("-"), dtype=np.uint8)
    point = np.full((len(values), 1 if places else 0), ord("."), dtype=np.uint8)
    chars = np.hstack([sign, (whole + 48).astype(np.uint8), point, (decimals + 48).astype(np.uint8)])
    started = np.logical_or.accumulate(whole != 0, axis=1)
    started[:, -1] = True                                   # "0.5", not ".5"
    kept_decimals = np.logical_or.accumulate((decimals != 0)[:, ::-1], axis=1)[:, ::-1]
    keep = np.hstack([(scaled < 0)[:, None], started, kept_decimals.any(axis=1, keepdims=True)[:, :point.shape[1]],
                      kept_decimals])
    return chars, keep


def _number(value: float) -> str:
    text = f"{value:.{PLACES}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _escape(text: str) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))
