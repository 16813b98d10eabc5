"""SVG for cutting machines and lasers: cut sheets (generator/scene/cut_sheet.py) as plain SVG.

Written by hand, not through svgwrite, because what these programs accept is narrow: width and
height in mm with a viewBox in mm (one user unit = 1 mm), absolute coordinates, no transforms.
- "laser": engraving as black filled paths (one path per engraved shape, its holes inside it),
  then scores as blue and cuts as red hairline strokes with no fill, each operation in a group
  named after it, in the order a laser runs them (inner cuts before outer ones). Colours and line width from templates/machines/laser.toml.
- "cut": only the cut outlines, red hairlines (Silhouette Studio Designer, Inkscape, any plotter).
- "filled": each cut outline a filled black <path>, nothing else: no groups, strokes or transforms
  (what Cricut Design Space reads reliably as cut shapes).
"""

from pathlib import Path

from generator.files.atomic import write_bytes
from generator.scene.cut_sheet import CutSheet
from generator.scene.drawing import Style
from generator.scene.outline import Outline
from generator.writers.svg import number, path_data

INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"   # its layer attributes: groupmode, label


def _d(item) -> str:
    if isinstance(item, Outline):
        return path_data(item.path(Style()))
    (x1, y1), (x2, y2) = item
    return f"M{number(x1)} {number(y1)} L{number(x2)} {number(y2)}"


def _rings_d(rings) -> str:
    """Closed polygons as one path's data: filled even-odd, a ring inside another is a hole."""
    parts = []
    for head, *rest in rings:
        parts.append(f"M{number(head[0])} {number(head[1])} " + " ".join(f"L{number(x)} {number(y)}" for x, y in rest)
                     + " Z")
    return " ".join(parts)


def cut_svg_text(sheet: CutSheet, style: str, machine: dict | None = None, engrave_rings=()) -> str:
    w, h = number(sheet.width), number(sheet.height)
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" width="{w}mm" '
             f'height="{h}mm" viewBox="0 0 {w} {h}">']
    if style == "filled":
        lines += [f'<path d="{_d(cut)}" fill="#000000"/>' for cut in sheet.ordered_cuts()]
    else:
        operations = (machine or {}).get("operations", {})
        colour = {key: operations.get(key, {}).get("colour", default) for key, default in
                  (("cut", "#FF0000"), ("score", "#0000FF"), ("engrave", "#000000"))}
        # Each operation a layer of its own where Inkscape (and the laser plug-ins that go by layer)
        # looks for one, named as the DXF's layer is.
        layer = {key: f'inkscape:groupmode="layer" inkscape:label="{operations.get(key, {}).get("layer", key.upper())}"'
                 for key in ("cut", "score", "engrave")}
        width = number((machine or {}).get("line_width", 0.025))
        stroke = 'fill="none" stroke="{}" stroke-width="' + width + '"'
        if style == "laser":
            lines.append(f'<g id="engrave" {layer["engrave"]} fill="{colour["engrave"]}" fill-rule="evenodd" stroke="none">')
            lines += [f'<path d="{_rings_d(shape)}"/>' for shape in engrave_rings if shape]
            lines.append("</g>")
            lines.append(f'<g id="score" {layer["score"]} {stroke.format(colour["score"])}>')
            lines += [f'<path d="{_d(score)}"/>' for score in sheet.scores]
            lines.append("</g>")
        lines.append(f'<g id="cut" {layer["cut"]} {stroke.format(colour["cut"])}>')
        lines += [f'<path d="{_d(cut)}"/>' for cut in sheet.ordered_cuts()]
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def write_cut_svg(sheet: CutSheet, target: Path, style: str, machine: dict | None = None, engrave_rings=()) -> dict:
    write_bytes(target, cut_svg_text(sheet, style, machine, engrave_rings).encode("utf-8"))
    return {"page_size_mm": [round(sheet.width, 1), round(sheet.height, 1)]}
