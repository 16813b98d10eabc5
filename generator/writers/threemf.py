"""3MF, the 3D printing consortium's format: a zip of XML parts, millimetres, colours and objects made
of parts, which slicers open as a project. Written by hand (zipfile and numpy), so that the same objects
always give the same bytes and no library is needed. A plate gives two files from the same meshes:

- the 3MF for every reader of the 3MF core specification: each part of a tile (its body, an inlay per
  colour) a closed mesh object of its own, in its colour (the spec's base materials), and the tile an
  object whose components are its parts; the build holds the tiles. A reader that merges vertices at
  equal places (trimesh does, and slicers repairing a mesh) still finds every part closed: the body and
  its inlays share walls, never a mesh. Bambu Studio and OrcaSlicer load each tile as one object with
  its parts, their filaments from Metadata/model_settings.config (generator/writers/slicer_configs.py).
- the PrusaSlicer project: PrusaSlicer makes each component an object of its own and drops each onto
  the bed, the face's inlays out of their recesses (2.5 does, and its importer's current source reads
  components the same way). There each tile is one mesh holding its parts' triangles one after the
  other, which Metadata/Slic3r_PE_model.config divides into volumes, each with its name and extruder.
  It has no colours: PrusaSlicer ignores them.

Every vertex is written where it lies on the plate: PrusaSlicer applies a foreign file's placement to an
object's first part only. Both files share the text of the vertices.
"""

import io
from pathlib import Path
import zipfile

import numpy as np

from generator.files.atomic import write_bytes
from generator.writers.slicer_configs import BAMBU_CONFIG, PRUSASLICER_CONFIG, bambu_parts, prusaslicer_volumes
from generator.writers.xml_text import attribute, chunks, xml_rows

ZIP_DATE = (1980, 1, 1, 0, 0, 0)        # fixed: the same objects, the same bytes
PLACES = 4                              # decimals of a millimetre: a tenth of a micrometre
COMPRESSION = 2         # zlib level: 40 % less time than level 3 (a fifth of the default 6's) for files
                        # 3 % larger; double-18's 14 files hold 98 MB of text
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


def threemf_files(objects, materials, title: str) -> tuple[bytes, bytes]:
    """The 3MF and the PrusaSlicer project of `objects` (generator/solids/meshes.py MeshObject), whose
    parts' colours are `materials`."""
    vertices, own_triangles, object_triangles = _mesh_text(objects)
    return (_components_3mf(objects, materials, title, vertices, own_triangles),
            _prusaslicer_3mf(objects, title, vertices, object_triangles))


def write_3mf(objects, materials, targets: tuple[Path, Path], title: str) -> list[dict]:
    """Write the 3MF and the PrusaSlicer project to `targets`; returns what the manifest says of each."""
    facts = {"objects": len(objects), "parts": sum(len(o.parts) for o in objects),
             "triangles": sum(len(p.mesh.triangles) for o in objects for p in o.parts)}
    for target, data in zip(targets, threemf_files(objects, materials, title)):
        write_bytes(target, data)
    return [facts, facts]


def _components_3mf(objects, materials, title: str, vertices, triangles) -> bytes:
    resources = [f'<basematerials id="{MATERIALS_ID}">\n'.encode()]
    resources += [f'<base name="{attribute(m.name)}" displaycolor="{m.hex.upper()}"/>\n'.encode() for m in materials]
    resources.append(b"</basematerials>\n")
    meshes, built, number = iter(zip(vertices, triangles)), [], MATERIALS_ID + 1
    for item in objects:
        part_numbers = []
        for part in item.parts:
            name = item.name if part.name == item.name else f"{item.name} {part.name}"    # a box's "lid", not "lid lid"
            resources += _mesh_object(number, name, *next(meshes),
                                      f' pid="{MATERIALS_ID}" pindex="{part.material}"')
            part_numbers.append(number)
            number += 1
        resources.append(f'<object id="{number}" type="model" name="{attribute(item.name)}">\n<components>\n'
                         .encode())
        resources += [f'<component objectid="{part_number}"/>\n'.encode() for part_number in part_numbers]
        resources.append(b"</components>\n</object>\n")
        built.append((number, item, part_numbers))
        number += 1
    model = _model(title, resources, [(number, item) for number, item, _ in built])
    return _package(model, BAMBU_CONFIG, bambu_parts(built))


def _prusaslicer_3mf(objects, title: str, vertices, triangles) -> bytes:
    resources, first = [], 0
    for number, item in enumerate(objects, start=1):
        last = first + len(item.parts)
        resources += _mesh_object(number, item.name, b"".join(vertices[first:last]), b"".join(triangles[first:last]))
        first = last
    numbered = list(enumerate(objects, start=1))
    return _package(_model(title, resources, numbered), PRUSASLICER_CONFIG, prusaslicer_volumes(numbered))


def _mesh_object(number: int, name: str, vertices: bytes, triangles: bytes, colour: str = "") -> list[bytes]:
    return [f'<object id="{number}" type="model" name="{attribute(name)}"{colour}>\n<mesh>\n<vertices>\n'.encode(),
            vertices, b"</vertices>\n<triangles>\n", triangles, b"</triangles>\n</mesh>\n</object>\n"]


def _model(title: str, resources: list[bytes], built) -> bytes:
    """The model part: its resources, then a build item for each (number, object) of `built`."""
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xml:lang="en-US" xmlns="{CORE}">\n'
            f'<metadata name="Title">{attribute(title)}</metadata>\n'
            f'<metadata name="Application">Open Domino Kit</metadata>\n<resources>\n')
    items = "".join(f'<item objectid="{number}" transform="{" ".join(_number(v) for v in item.transform)}"/>\n'
                    for number, item in built)
    return b"".join([head.encode(), *resources, f"</resources>\n<build>\n{items}</build>\n</model>\n".encode()])


def _package(model: bytes, config_name: str, config: bytes) -> bytes:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as package:
        for name, data in (("[Content_Types].xml", CONTENT_TYPES.encode()), ("_rels/.rels", RELATIONSHIPS.encode()),
                           ("3D/3dmodel.model", model), (config_name, config)):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            package.writestr(info, data, compresslevel=COMPRESSION)
    return archive.getvalue()


def _mesh_text(objects) -> tuple[list[bytes], list[bytes], list[bytes]]:
    """For every part of every object, in order: its <vertex> lines; its <triangle> lines, counting its
    own vertices from 0; and the same counting its object's vertices (its parts' one after the other),
    which differ for the parts after the first only. All the plate's numbers are formatted together, in
    one pass of numpy for each kind."""
    parts = [part for item in objects for part in item.parts]
    before = []                         # vertices of the part's object before the part
    for item in objects:
        before += [0, *np.cumsum([len(part.mesh.vertices) for part in item.parts[:-1]])]
    vertices = np.concatenate([part.mesh.vertices for part in parts])
    vertex_text = xml_rows([b'<vertex x="', vertices[:, 0], b'" y="', vertices[:, 1], b'" z="', vertices[:, 2],
                            b'"/>\n'], PLACES)
    rows = [len(part.mesh.triangles) for part in parts]
    own = list(chunks(_triangle_rows([part.mesh.triangles for part in parts]), rows))
    later = [index for index, count in enumerate(before) if count]
    shifted = iter(chunks(_triangle_rows([parts[index].mesh.triangles.astype(np.int64) + before[index]
                                          for index in later]), [rows[index] for index in later]))
    in_object = [next(shifted) if count else text for count, text in zip(before, own)]
    return list(chunks(vertex_text, [len(part.mesh.vertices) for part in parts])), own, in_object


def _triangle_rows(triangles: list[np.ndarray]):
    if not triangles:
        return b"", np.zeros(0, dtype=np.int64)
    corners = np.concatenate(triangles).astype(np.int64)
    return xml_rows([b'<triangle v1="', corners[:, 0], b'" v2="', corners[:, 1], b'" v3="', corners[:, 2],
                     b'"/>\n'], 0)


def _number(value: float) -> str:
    text = f"{value:.{PLACES}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
