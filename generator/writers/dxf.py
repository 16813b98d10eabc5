"""DXF writer: cut sheets (generator/scene/cut_sheet.py) to DXF R2010 in millimetres.

One layer per operation, CUT, SCORE and ENGRAVE (templates/machines/laser.toml names them), colours
BYLAYER. A closed outline is one LWPOLYLINE, its rounded corners as bulges (true arcs: Silhouette
Studio imports them smooth); a score is a LINE; engraving is closed LWPOLYLINEs of the ink's outlines
(generator/writers/ink_outlines.py). DXF's y runs up, so y is measured from the sheet's bottom edge
and the drawing lies on the sheet as printed, with $EXTMIN/$EXTMAX at the sheet's corners.

The file is the skeleton ezdxf makes (templates/machines/empty-r2010.dxf, from
scripts/make_dxf_skeleton.py) with its ENTITIES filled in: ezdxf itself would cost the command
0.3-0.5 s of CPU to import; the tests read every file back with it.
"""

from functools import cache
import math
from pathlib import Path
import re

from generator.files.atomic import write_bytes
from generator.files.bounded_read import read_text
from generator.files.resources import template_path
from generator.scene.cut_sheet import CutSheet
from generator.scene.outline import Outline

MODEL_SPACE = "17"          # the skeleton's *Model_Space block record: every entity's owner


@cache
def _skeleton() -> tuple[str, int]:
    text = read_text(template_path("machines", "empty-r2010.dxf"), "data")
    handles = re.findall(r"\n(?:  5|105)\n([0-9A-F]+)\n", text)
    return text, max(int(handle, 16) for handle in handles) + 1


def number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Entities:
    def __init__(self, height: float):
        self.height = height
        self.lines: list[str] = []
        _, self.next_handle = _skeleton()

    def _head(self, kind: str, layer: str, subclass: str) -> None:
        self.lines += ["  0", kind, "  5", f"{self.next_handle:X}", "330", MODEL_SPACE, "100", "AcDbEntity",
                       "  8", layer, "100", subclass]
        self.next_handle += 1

    def polyline(self, layer: str, vertices, closed: bool = True) -> None:
        """vertices: (x, y, bulge) in sheet coordinates (y down)."""
        self._head("LWPOLYLINE", layer, "AcDbPolyline")
        self.lines += [" 90", str(len(vertices)), " 70", "1" if closed else "0"]
        for x, y, bulge in vertices:
            self.lines += [" 10", number(x), " 20", number(self.height - y)]
            if bulge:
                self.lines += [" 42", f"{bulge:.6f}"]

    def line(self, layer: str, start, end) -> None:
        self._head("LINE", layer, "AcDbLine")
        self.lines += [" 10", number(start[0]), " 20", number(self.height - start[1]), " 30", "0",
                       " 11", number(end[0]), " 21", number(self.height - end[1]), " 31", "0"]


def outline_vertices(outline: Outline) -> list[tuple[float, float, float]]:
    """An outline as LWPOLYLINE vertices (x, y, bulge): at each rounded corner the arc's start carries
    the bulge tan(sweep / 4), negative because the corners turn clockwise as seen on the sheet."""
    if not outline.radius:
        return [(x, y, 0.0) for x, y in outline.corners]
    vertices = []
    for arc in outline.arcs():
        vertices += [(*arc.start, -math.tan(arc.sweep / 4)), (*arc.end, 0.0)]
    return vertices


def dxf_text(sheet: CutSheet, layers: dict[str, str], engrave_rings=()) -> str:
    """The sheet as a DXF; `layers` maps "cut", "score", "engrave" to layer names; `engrave_rings`
    holds, per engraved shape, its closed polygons (generator/writers/ink_outlines.py)."""
    entities = _Entities(sheet.height)
    for shape in engrave_rings:
        for ring in shape:
            entities.polyline(layers["engrave"], [(x, y, 0.0) for x, y in ring])
    for score in sheet.scores:
        if isinstance(score, Outline):
            entities.polyline(layers["score"], outline_vertices(score))
        else:
            entities.line(layers["score"], *score)
    for cut in sheet.ordered_cuts():
        if isinstance(cut, Outline):
            entities.polyline(layers["cut"], outline_vertices(cut))
        else:
            entities.line(layers["cut"], *cut)
    skeleton, _ = _skeleton()
    body = "".join(line + "\n" for line in entities.lines)
    return skeleton.format(entities=body, handseed=f"{entities.next_handle:X}", extmin_x="0", extmin_y="0",
                           extmax_x=number(sheet.width), extmax_y=number(sheet.height))


def write_dxf(sheet: CutSheet, target: Path, layers: dict[str, str], engrave_rings=()) -> dict:
    text = dxf_text(sheet, layers, engrave_rings)
    write_bytes(target, text.replace("\n", "\r\n").encode("ascii"))
    return {"page_size_mm": [round(sheet.width, 1), round(sheet.height, 1)]}
