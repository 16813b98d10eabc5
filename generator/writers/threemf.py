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
    vertices, triangles = _mesh_text(objects)
    for number, item in enumerate(objects, start=MATERIALS_ID + 1):
        model.write(f'<object id="{number}" type="model" name="{_escape(item.name)}" pid="{MATERIALS_ID}" '
                    f'pindex="{item.parts[0].material}">\n<mesh>\n<vertices>\n'.encode())
        model.write(next(vertices))
        model.write(b"</vertices>\n<triangles>\n")
        model.write(next(triangles))
        model.write(b"</triangles>\n</mesh>\n</object>\n")
        config.write(_volumes(number, item))
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


def _mesh_text(objects):
    """Two iterators, over the objects in order: each one's <vertex> lines, and its <triangle> lines (its
    parts' triangles one after the other, those of a part other than the first with their material).
    Every object's numbers are formatted together, in one pass of numpy for all of them."""
    vertices, triangles, materials, vertex_rows, triangle_rows = [], [], [], [], []
    for item in objects:
        base = 0
        for part in item.parts:
            vertices.append(part.mesh.vertices)
            triangles.append(part.mesh.triangles.astype(np.int64) + base)
            materials.append(np.full(len(part.mesh.triangles), part.material))
            base += len(part.mesh.vertices)
        vertex_rows.append(base)
        triangle_rows.append(sum(len(part.mesh.triangles) for part in item.parts))
    vertices, triangles, materials = np.concatenate(vertices), np.concatenate(triangles), np.concatenate(materials)
    first = np.repeat([item.parts[0].material for item in objects], triangle_rows)
    coloured = materials != first
    vertex_text = _rows([b'<vertex x="', vertices[:, 0], b'" y="', vertices[:, 1], b'" z="', vertices[:, 2],
                         b'"/>\n'], PLACES)
    triangle_text = _rows([b'<triangle v1="', triangles[:, 0], b'" v2="', triangles[:, 1], b'" v3="',
                           triangles[:, 2], b'"', (f' pid="{MATERIALS_ID}" p1="'.encode(), coloured),
                           (materials, coloured), (b'"', coloured), b"/>\n"], 0)
    return _split(vertex_text, vertex_rows), _split(triangle_text, triangle_rows)


def _split(text: tuple[bytes, np.ndarray], rows: list[int]):
    """The text of each object: its `rows` lines, in order."""
    data, ends = text
    start = 0
    for count in np.cumsum(rows):
        end = int(ends[count - 1]) if count else 0
        yield data[start:end]
        start = end


def _volumes(number: int, item) -> bytes:
    """PrusaSlicer's description of one object: a volume per part (its range of the object's triangles),
    with its name and extruder."""
    lines = [f'<object id="{number}" instances_count="1">\n'
             f' <metadata type="object" key="name" value="{_escape(item.name)}"/>\n']
    first = 0
    for part in item.parts:
        last = first + len(part.mesh.triangles) - 1
        lines.append(f' <volume firstid="{first}" lastid="{last}">\n'
                     f'  <metadata type="volume" key="name" value="{_escape(part.name)}"/>\n'
                     f'  <metadata type="volume" key="volume_type" value="ModelPart"/>\n'
                     f'  <metadata type="volume" key="extruder" value="{part.extruder}"/>\n </volume>\n')
        first = last + 1
    lines.append("</object>\n")
    return "".join(lines).encode()


def _rows(pieces, places: int) -> tuple[bytes, np.ndarray]:
    """Lines of XML, one per row of the number columns among `pieces` (constant bytes between them),
    formatted by numpy: a Python format per number would take seconds for a set's million triangles.
    A piece (text or numbers, mask) appears only in the rows the mask picks. Returns the text and the
    offset in it where each line ends."""
    count = next(len(p[0] if isinstance(p, tuple) else p) for p in pieces
                 if not isinstance(p[0] if isinstance(p, tuple) else p, bytes))
    columns, keeps = [], []
    for piece in pieces:
        piece, present = piece if isinstance(piece, tuple) else (piece, None)
        if isinstance(piece, bytes):
            text = np.frombuffer(piece, dtype=np.uint8)
            columns.append(np.broadcast_to(text, (count, len(text))))
            keep = np.ones((count, len(text)), dtype=bool)
        else:
            chars, keep = _decimal_columns(np.asarray(piece), places)
            columns.append(chars)
        keeps.append(keep if present is None else keep & present[:, None])
    kept = np.hstack(keeps)
    return np.hstack(columns)[kept].tobytes(), np.cumsum(kept.sum(axis=1))


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
