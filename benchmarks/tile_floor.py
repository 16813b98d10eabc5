"""The floor for the tile sheets: a bare reportlab script that draws the same primitives on the same
pages as the three Open Domino tile PDFs, and nothing else.

    python benchmarks/tile_floor.py --dump PRIMITIVES.json     # once, with the kit (untimed)
    python benchmarks/tile_floor.py PRIMITIVES.json OUT_FOLDER  # the floor: reportlab and json only

The dump is the kit's own drawing of tiles-A.pdf, tiles-B.pdf and tiles-C.pdf (default options),
flattened to lists: every rectangle, circle, line, polygon and text with its colour, line width,
dash and transform, and every group, marked where the kit shares it (a back, the board). The floor
replays them with reportlab's canvas, embedding the same TrueType fonts, with the same page sizes,
boxes and compression, and a shared group drawn once per file as a form XObject, so that the two
files are alike in content and cost (tests/test_benchmark_floor.py compares their pixels). What the floor leaves out is what the kit adds around the drawing: its command
line, configuration, theme and set files, art code, checks, atomic writes and manifest.
benchmarks/bench.py times both as whole processes.
"""

import json
from pathlib import Path
import sys

CHECKOUT = Path(__file__).resolve().parent.parent


# --- the dump (imports the kit) ---------------------------------------------------------------

def _style(style) -> list:
    return [style.fill.rgb_unit if style.fill else None, style.stroke.rgb_unit if style.stroke else None,
            style.stroke_width, list(style.dash) if style.dash else None]


def _items(items) -> list:
    from generator.files.resources import font_path
    from generator.scene.fonts import FONT_FILES

    out = []
    for item in items:
        kind = type(item).__name__.lower()
        if kind == "rect":
            out.append([kind, item.x, item.y, item.width, item.height, _style(item.style)])
        elif kind == "circle":
            out.append([kind, item.cx, item.cy, item.r, _style(item.style)])
        elif kind == "line":
            out.append([kind, item.x1, item.y1, item.x2, item.y2, _style(item.style)])
        elif kind == "polygon":
            out.append([kind, [list(p) for p in item.points], _style(item.style)])
        elif kind == "text":
            out.append([kind, item.x, item.y, item.text, item.size, item.colour.rgb_unit, str(font_path(FONT_FILES[item.font])),
                        item.anchor])
        else:
            t, clip = item.transform, item.clip
            out.append(["group", [t.a, t.b, t.c, t.d, t.e, t.f],
                        [clip.x, clip.y, clip.width, clip.height] if clip else None, _items(item.items),
                        list(item.shared_extent) if item.shared_extent else None])
    return out


def dump(target: Path) -> None:
    sys.path.insert(0, str(CHECKOUT))
    from generator.jobs.documents import tile_documents
    from generator.settings.build_options import BuildOptions

    options = BuildOptions()
    files = []
    for set_name in ("A", "B", "C"):
        for document in tile_documents(options, set_name):
            files.append({"name": document.name, "title": document.pdf.title, "duplex": document.pdf.duplex,
                          "pages": [{"size": [page.width, page.height], "trim": page.trim, "bleed": page.bleed,
                                     "items": _items(page.items)} for page in document.pages]})
    target.write_text(json.dumps(files))


# --- the floor (reportlab and json only) --------------------------------------------------------

def floor(source: Path, folder: Path) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    k = 72 / 25.4
    fonts: dict[str, str] = {}

    def font(path: str) -> str:
        if path not in fonts:
            fonts[path] = f"F{len(fonts)}"
            pdfmetrics.registerFont(TTFont(fonts[path], path))
        return fonts[path]

    def paint(c, style) -> tuple[int, int]:
        fill, stroke, width, dash = style
        if fill is not None:
            c.setFillColorRGB(*fill)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(width)
            c.setDash(dash or [])
        return int(stroke is not None), int(fill is not None)

    def draw(c, items) -> None:
        for item in items:
            kind = item[0]
            if kind == "rect":
                stroke, fill = paint(c, item[5])
                c.rect(*item[1:5], stroke=stroke, fill=fill)
            elif kind == "circle":
                stroke, fill = paint(c, item[4])
                c.circle(*item[1:4], stroke=stroke, fill=fill)
            elif kind == "line":
                paint(c, item[5])
                c.line(*item[1:5])
            elif kind == "polygon":
                stroke, fill = paint(c, item[2])
                path = c.beginPath()
                path.moveTo(*item[1][0])
                for point in item[1][1:]:
                    path.lineTo(*point)
                path.close()
                c.drawPath(path, stroke=stroke, fill=fill)
            elif kind == "text":
                _, x, y, text, size, colour, path, anchor = item
                c.saveState()
                c.setFillColorRGB(*colour)
                c.translate(x, y)
                c.scale(1, -1)
                c.setFont(font(path), size)
                {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor](0, 0, text)
                c.restoreState()
            else:
                _, matrix, clip, inner, shared = item
                c.saveState()
                if matrix != [1, 0, 0, 1, 0, 0]:
                    c.transform(*matrix)
                if clip:
                    path = c.beginPath()
                    path.rect(*clip)
                    c.clipPath(path, stroke=0, fill=0)
                if shared:          # drawn once per file as a form and placed, as the kit does
                    c.doForm(form(c, inner, shared))
                else:
                    draw(c, inner)
                c.restoreState()

    forms: dict = {}        # per file: the items' JSON and extent -> form name

    def form(c, inner, extent) -> str:
        key = (json.dumps(inner), tuple(extent))
        if key not in forms:
            forms[key] = f"Shared{len(forms)}"
            in_object = c._doc.inObject
            c.beginForm(forms[key], *extent)
            draw(c, inner)
            c.endForm()
            c._doc.inObject = in_object
        return forms[key]

    duplex_names = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", None: "Simplex"}
    folder.mkdir(parents=True, exist_ok=True)
    for document in json.loads(source.read_text()):
        c = Canvas(str(folder / document["name"]), invariant=1, pageCompression=1)
        forms.clear()
        c.setTitle(document["title"])
        c.setViewerPreference("PrintScaling", "None")
        c.setViewerPreference("Duplex", duplex_names[document["duplex"]])
        for page in document["pages"]:
            width, height = page["size"]
            c.setPageSize((width * k, height * k))
            for name in ("trim", "bleed"):
                if page[name]:
                    x, y, w, h = page[name]
                    c.setCropBox((x * k, (height - y - h) * k, (x + w) * k, (height - y) * k), name=name)
            c.saveState()
            c.transform(k, 0, 0, -k, 0, height * k)
            draw(c, page["items"])
            c.restoreState()
            c.showPage()
        c.save()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--dump"]:
        dump(Path(sys.argv[2]))
    else:
        floor(Path(sys.argv[1]), Path(sys.argv[2]))
