"""What two families of slicers read beside a 3MF's model: which parts make an object, and the filament
(extruder) of each. Neither file is part of the 3MF specification, and other readers skip them.

- PrusaSlicer, Metadata/Slic3r_PE_model.config: for each object of the model, a <volume> per part, the
  part being a range of the object's triangles (firstid to lastid, counted from 0).
- Bambu Studio and OrcaSlicer, Metadata/model_settings.config: for each object of the build, a <part>
  per component, the part named by the id of the component's object. Their importer
  (src/libslic3r/Format/bbs_3mf.cpp) makes the components of a built object the parts of one object
  and gives each part the metadata listed here; it takes no triangle ranges from a file it did not write.

    prusaslicer_volumes([(object id, object), ...])
    bambu_parts([(object id, object, [the id of each part's object]), ...])

`object` is a generator/solids/meshes.py MeshObject: its name, its parts' names and extruders.
"""

from generator.writers.xml_text import attribute

PRUSASLICER_CONFIG = "Metadata/Slic3r_PE_model.config"
BAMBU_CONFIG = "Metadata/model_settings.config"
HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<config>\n'


def prusaslicer_volumes(objects) -> bytes:
    lines = [HEADER]
    for number, item in objects:
        lines.append(f'<object id="{number}" instances_count="1">\n'
                     f' <metadata type="object" key="name" value="{attribute(item.name)}"/>\n')
        first = 0
        for part in item.parts:
            last = first + len(part.mesh.triangles) - 1
            lines.append(f' <volume firstid="{first}" lastid="{last}">\n'
                         f'  <metadata type="volume" key="name" value="{attribute(part.name)}"/>\n'
                         f'  <metadata type="volume" key="volume_type" value="ModelPart"/>\n'
                         f'  <metadata type="volume" key="extruder" value="{part.extruder}"/>\n </volume>\n')
            first = last + 1
        lines.append("</object>\n")
    lines.append("</config>\n")
    return "".join(lines).encode()


def bambu_parts(objects) -> bytes:
    lines = [HEADER]
    for number, item, part_numbers in objects:
        # The object's own filament is its body's: what a part without one of its own prints with.
        lines.append(f'<object id="{number}">\n <metadata key="name" value="{attribute(item.name)}"/>\n'
                     f' <metadata key="extruder" value="{item.parts[0].extruder}"/>\n')
        for part_number, part in zip(part_numbers, item.parts):
            lines.append(f' <part id="{part_number}" subtype="normal_part">\n'
                         f'  <metadata key="name" value="{attribute(part.name)}"/>\n'
                         f'  <metadata key="extruder" value="{part.extruder}"/>\n </part>\n')
        lines.append("</object>\n")
    lines.append("</config>\n")
    return "".join(lines).encode()
