"""Read back what our PDFs draw: a small content-stream interpreter for tests.

It follows q/Q/cm to put every rectangle, line, circle-ish path and text in page
coordinates (points, origin bottom-left), so tests can measure real positions.
"""

from dataclasses import dataclass, field
from functools import cache
import math
import os

from content_stream import operations as stream_operations
from pypdf import PdfReader

MM = 72 / 25.4


def _multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class PageShapes:
    width: float
    height: float
    rects: list = field(default_factory=list)      # filled: (x0, y0, x1, y1, fill_rgb or None)
    stroked_rects: list = field(default_factory=list)   # (x0, y0, x1, y1, dashed)
    lines: list = field(default_factory=list)      # (x0, y0, x1, y1, dashed, stroke_rgb)
    polygons: list = field(default_factory=list)   # filled straight-edged paths: ((x, y), ...), fill_rgb
    operators: set = field(default_factory=set)


def page_shapes(page) -> PageShapes:
    """Every shape on a page, following Form XObjects (drawn once, placed by `Do`)."""
    box = page.mediabox
    shapes = PageShapes(float(box.width), float(box.height))
    _walk(_page_operations(page), page.get("/Resources"), (1, 0, 0, 1, 0, 0), shapes,
          page.pdf)
    return shapes


def _page_operations(page):
    return stream_operations(page.get_contents().get_data())


def _form_operations(form, reader):
    return stream_operations(form.get_object().get_data())


def all_operations(page):
    """(operands, operator) of a page's content stream, with each Form XObject's operations
    in place of the `Do` that draws it."""
    yield from _operations_in(_page_operations(page), page.get("/Resources"), page.pdf)


def _operations_in(operations, resources, reader):
    resources = resources.get_object() if resources is not None else {}
    for operands, operator in operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        form = (resources.get("/XObject") or {}).get(operands[0]) if op == "Do" else None
        if form is not None and form.get_object().get("/Subtype") == "/Form":
            form = form.get_object()
            yield from _operations_in(_form_operations(form, reader), form.get("/Resources", resources), reader)
        else:
            yield operands, op


FILLS = ("f", "F", "f*", "B", "B*", "b", "b*")       # the painting operators that fill (b: close, fill, stroke)
STROKES = ("S", "s", "B", "B*", "b", "b*")


def _walk(operations, resources, ctm, shapes: PageShapes, reader) -> None:
    resources = resources.get_object() if resources is not None else {}
    stack = []
    fill = None
    stroke = None
    dashed = False
    path = []
    current = None
    for operands, operator in operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        shapes.operators.add(op)
        if op == "q":
            stack.append((ctm, fill, stroke, dashed))
        elif op == "Q":
            ctm, fill, stroke, dashed = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "Do":
            form = (resources.get("/XObject") or {})[operands[0]].get_object()
            if form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _walk(_form_operations(form, reader), form.get("/Resources", resources),
                      _multiply(matrix, ctm), shapes, reader)
        elif op == "rg":
            fill = tuple(round(float(v), 4) for v in operands)
        elif op == "RG":
            stroke = tuple(round(float(v), 4) for v in operands)
        elif op == "d":
            dashed = bool(operands[0])
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            corners = [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
            path.append(("re", corners))
        elif op == "m":
            current = _apply(ctm, float(operands[0]), float(operands[1]))
            path.append(("m", [current]))
        elif op == "l":
            end = _apply(ctm, float(operands[0]), float(operands[1]))
            path.append(("l", [current, end]))
            current = end
        elif op in (*FILLS, *STROKES, "n", "W", "W*"):
            kinds = [kind for kind, _ in path]
            if op in FILLS and kinds and kinds[0] == "m" and set(kinds[1:]) == {"l"}:
                shapes.polygons.append((tuple(path[0][1] + [seg[1][1] for seg in path[1:]]), fill))
            for kind, points in path:
                if kind == "re":
                    (x0, y0), (x1, y1) = points
                    box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
                    if op in FILLS:
                        shapes.rects.append((*box, fill))
                    if op in STROKES:
                        shapes.stroked_rects.append((*box, dashed))
                elif kind == "l" and op in STROKES:
                    (x0, y0), (x1, y1) = points
                    shapes.lines.append((x0, y0, x1, y1, dashed, stroke))
            if op not in ("W", "W*"):
                path = []


def read_pdf(path) -> PdfReader:
    return PdfReader(str(path))


def font_report(reader: PdfReader) -> list[tuple[str, bool]]:
    """(BaseFont, embedded?) for every font on every page, inside form XObjects too."""
    fonts = []
    for page in reader.pages:
        _fonts_in(page.get("/Resources"), fonts, set())
    return fonts


def _fonts_in(resources, fonts: list, seen: set) -> None:
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
        fonts.append((str(font.get("/BaseFont")), embedded))
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.idnum in seen:
            continue
        seen.add(xobject.idnum)
        _fonts_in(xobject.get_object().get("/Resources"), fonts, seen)


def page_texts(page) -> list[tuple[str, float, float, float, float]]:
    """(text, anchor x, anchor y, em size in user units, rotation sign) of every text run.

    Our PDF writer translates to a text's anchor before drawing it, so the anchor is the
    translation of the text's matrix, in points from the bottom-left corner.
    """
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), cm[4], cm[5], size, 1 if cm[0] > 0 else -1 if cm[0] < 0 else 0))

    page.extract_text(visitor_text=visit)
    return found


def text_runs(page) -> list[tuple[list[str], float, float]]:
    """(words, em size in mm as printed, baseline in mm from the top) of every text run, in the
    order the page draws them: the font size scaled by the text and the page's matrices."""
    height = float(page.mediabox.height)
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                          tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            baseline = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((text.split(), size * abs(a * d - b * c) ** 0.5 / MM, (height - baseline) / MM))

    page.extract_text(visitor_text=visit)
    return runs


@dataclass
class StrokedPath:
    """One subpath a page strokes, in points from the bottom-left: its points in order (curves by
    their end points), whether it was closed (h, or a rectangle), whether the stroke was dashed,
    its stroke colour ("rgb", r, g, b), ("cmyk", c, m, y, k) or ("spot", name, tint), whether
    stroke overprint (an ExtGState's OP) was on, and the line's width in points on the page (its
    width in user space, scaled by the transformation where it is stroked)."""
    points: list
    closed: bool
    dashed: bool
    colour: tuple
    overprint: bool
    width: float


def stroked_paths(page) -> list[StrokedPath]:
    """Every stroked subpath on a page, following q/Q, cm, gs and Form XObjects (each starting from
    the graphics state where it is drawn), colour spaces named in the resources included."""
    found: list[StrokedPath] = []
    state = {"ctm": (1, 0, 0, 1, 0, 0), "colour": None, "space": None, "dashed": False, "overprint": False,
             "width": 1.0}
    _strokes(_page_operations(page), page.get("/Resources"), state, found, page.pdf)
    return found


def form_strokes(form, reader) -> list[StrokedPath]:
    """Every stroked subpath of a Form XObject in the form's own space (where its /BBox is given)."""
    found: list[StrokedPath] = []
    state = {"ctm": (1, 0, 0, 1, 0, 0), "colour": None, "space": None, "dashed": False, "overprint": False,
             "width": 1.0}
    _strokes(_form_operations(form, reader), form.get("/Resources"), state, found, reader)
    return found


def _strokes(operations, resources, state, found, reader) -> None:
    resources = resources.get_object() if resources is not None else {}
    state, stack, subpaths = dict(state), [], []
    for operands, operator in operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        ctm = state["ctm"]
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "gs":
            entry = (resources.get("/ExtGState") or {})[operands[0]].get_object()
            if "/OP" in entry:
                state["overprint"] = bool(entry["/OP"])
            if "/LW" in entry:
                state["width"] = float(entry["/LW"])
        elif op == "d":
            state["dashed"] = bool(operands[0])
        elif op == "w":
            state["width"] = float(operands[0])
        elif op == "RG":
            state["colour"] = ("rgb", *(round(float(v), 4) for v in operands))
        elif op == "K":
            state["colour"] = ("cmyk", *(round(float(v), 4) for v in operands))
        elif op == "CS":
            space = (resources.get("/ColorSpace") or {}).get(operands[0])
            space = space.get_object() if space is not None else operands[0]
            separation = isinstance(space, list) and space[0] == "/Separation"
            state["space"] = str(space[1]).lstrip("/") if separation else None
        elif op in ("SC", "SCN") and state["space"]:
            state["colour"] = ("spot", state["space"], float(operands[0]))
        elif op == "Do":
            form = (resources.get("/XObject") or {})[operands[0]].get_object()
            if form.get("/Subtype") == "/Form":
                inner = dict(state, ctm=_multiply(tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0))),
                                                   ctm))
                _strokes(_form_operations(form, reader), form.get("/Resources", resources), inner, found, reader)
        elif op == "m":
            subpaths.append([[_apply(ctm, float(operands[0]), float(operands[1]))], False])
        elif op in ("l", "c", "v", "y"):
            subpaths[-1][0].append(_apply(ctm, float(operands[-2]), float(operands[-1])))
        elif op == "h" and subpaths:
            subpaths[-1][1] = True
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            subpaths.append([[_apply(ctm, *p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))], True])
        elif op in (*FILLS, *STROKES, "n"):
            if op in STROKES:
                for points, closed in subpaths:
                    found.append(StrokedPath(points, closed or op in ("s", "b", "b*"), state["dashed"],
                                             state["colour"], state["overprint"],
                                             state["width"] * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))))
            subpaths = []


def scale_bars(shapes: PageShapes) -> list[tuple]:
    """The 50 mm bars a user measures to check the print is at 100 %: straight horizontal lines of
    that length (points, from the bottom left)."""
    return [l for l in shapes.lines if abs(l[1] - l[3]) < 0.01 and abs(abs(l[2] - l[0]) - 50 * MM) < 0.01]


def circles(paths: list[StrokedPath], page_height: float) -> list[tuple[float, float, float]]:
    """(centre x, centre y, radius) in mm from the page's top-left of every stroked path drawn as a
    circle is (four curves from a point back to it, their ends a quarter turn apart)."""
    found = []
    for path in paths:
        if len(path.points) == 5 and math.dist(path.points[0], path.points[-1]) < 0.01:
            ends = [(x / MM, (page_height - y) / MM) for x, y in path.points[:4]]
            cx, cy = sum(x for x, _ in ends) / 4, sum(y for _, y in ends) / 4
            radii = [math.dist((cx, cy), end) for end in ends]
            if max(radii) - min(radii) < 0.01:
                found.append((cx, cy, sum(radii) / 4))
    return found


def _characters(pdf, index: int, height: float, loose: bool):
    """pdfium's reading of a page: (character, its box (left, top, right, bottom) in mm from the
    top-left, its angle clockwise from upright in radians) for each printed character."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(str(pdf))
    text = document[index].get_textpage()
    found = []
    for i in range(text.count_chars()):
        # One character by the raw call (4 × faster than get_text_range), which gives 2 where
        # get_text_range gives U+FFFE: a hyphen that pdfium found at a line's end.
        code = pdfium_c.FPDFText_GetUnicode(text.raw, i)
        char = "\ufffe" if code == 2 else chr(code)
        left, bottom, right, top = text.get_charbox(i, loose=loose)
        if char.strip() and right > left:
            found.append((char, (left / MM, height - top / MM, right / MM, height - bottom / MM),
                          pdfium_c.FPDFText_GetCharAngle(text.raw, i)))
    document.close()
    return found


def character_boxes(pdf, index: int, height: float, loose: bool = False) -> list[tuple[str, tuple]]:
    """pdfium's reading of a page: each printed character and its box (left, top, right, bottom) in mm
    from the top-left: the glyph's own, or with `loose` the font's line height (alike on a line)."""
    return [(char, box) for char, box, _ in _characters(pdf, index, height, loose)]


def printed_characters(path, index: int, page) -> list[tuple[str, tuple, tuple, tuple]]:
    """Each character the page prints, as pdfium reads it: (the character, its glyph's box (left,
    top, right, bottom), the box's centre, the unit vector of the glyph's "up" on the page), in mm
    from the top-left. The box is the glyph's own only when it stands upright; turned, it is the
    turned glyph's bounding box."""
    return [(char, box, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (math.sin(angle), -math.cos(angle)))
            for char, box, angle in _characters(path, index, float(page.mediabox.height) / MM, False)]


def rgb255(hex_colour: str) -> tuple[int, int, int]:
    """A colour file's "#rrggbb" as the 0-255 RGB that filled_shapes reads."""
    return tuple(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5))


def filled_shapes(path, index: int) -> list[tuple[tuple, tuple]]:
    """pdfium's reading of a page's filled paths, in the order they are drawn, Form XObjects
    followed: (box (left, top, right, bottom) in mm from the top-left, fill colour as 0-255 RGB)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(str(path))
    page = document[index]
    height = page.get_height()
    found = []

    def walk(form, matrix):
        count = pdfium_c.FPDFFormObj_CountObjects(form) if form else pdfium_c.FPDFPage_CountObjects(page.raw)
        for i in range(count):
            raw = pdfium_c.FPDFFormObj_GetObject(form, i) if form else pdfium_c.FPDFPage_GetObject(page.raw, i)
            kind = pdfium_c.FPDFPageObj_GetType(raw)
            if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
                m = pdfium_c.FS_MATRIX()
                pdfium_c.FPDFPageObj_GetMatrix(raw, m)
                walk(raw, _multiply((m.a, m.b, m.c, m.d, m.e, m.f), matrix))
            elif kind == pdfium_c.FPDF_PAGEOBJ_PATH:
                mode, stroked = ctypes.c_int(), ctypes.c_int()
                pdfium_c.FPDFPath_GetDrawMode(raw, mode, stroked)
                rgba = [ctypes.c_uint() for _ in range(4)]
                if mode.value == pdfium_c.FPDF_FILLMODE_NONE or not pdfium_c.FPDFPageObj_GetFillColor(raw, *rgba):
                    continue
                edges = [ctypes.c_float() for _ in range(4)]
                pdfium_c.FPDFPageObj_GetBounds(raw, *edges)
                left, bottom, right, top = (edge.value for edge in edges)
                corners = [_apply(matrix, x, y) for x in (left, right) for y in (bottom, top)]
                xs, ys = [x for x, _ in corners], [y for _, y in corners]
                found.append(((min(xs) / MM, (height - max(ys)) / MM, max(xs) / MM, (height - min(ys)) / MM),
                              tuple(channel.value for channel in rgba[:3])))

    walk(None, (1, 0, 0, 1, 0, 0))
    document.close()
    return found


def tiles_drawn(shapes: list, face: tuple) -> list[dict]:
    """The domino tiles among a page's filled shapes (filled_shapes, in drawing order): each shape
    of the face colour in a box of 1 : 2. A tile: its box, its centre, whether it stands upright,
    and what is drawn on it: each shape drawn after it with its centre inside it, as (box, centre,
    colour). A shape drawn before a tile lies under it, unseen."""
    from plane import in_box

    tiles = []
    for box, colour in shapes:
        width, height = box[2] - box[0], box[3] - box[1]
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if colour == face and abs(max(width, height) / min(width, height) - 2) < 0.03:
            tiles.append({"box": box, "centre": centre, "upright": height > width, "on": []})
            continue
        owners = [tile for tile in tiles if in_box(centre, tile["box"])]
        if owners:
            owners[-1]["on"].append((box, centre, colour))
    return tiles


def pdfium_texts(pdf) -> tuple[str, ...]:
    """Each page's text as pdfium reads it (in C: a tenth of pypdf's time on a whole booklet). Kept
    for the test worker while the file stays as it was read, as several tests read one booklet."""
    stat = os.stat(pdf)
    return _page_texts(str(pdf), stat.st_mtime_ns, stat.st_size)


@cache
def _page_texts(path: str, _mtime_ns: int, _size: int) -> tuple[str, ...]:
    import pypdfium2

    document = pypdfium2.PdfDocument(path)
    texts = tuple(page.get_textpage().get_text_range() for page in document)
    document.close()
    return texts


def caption_page(pdf, title: str) -> int:
    """The index of the one page that captions a figure with this title ("Fig. 4(A). title", or
    "Рис." in Russian), as pdfium reads the pages' text: the title whole, not the start of a
    longer one."""
    import re

    pattern = r"(Fig|Рис)\. \S+\. " + re.escape(" ".join(title.split())) + r"(?![,\w])"
    index = [k for k, text in enumerate(pdfium_texts(pdf)) if re.search(pattern, " ".join(text.split()))]
    assert len(index) == 1, (title, index)
    return index[0]


def printed_numbers(path, index: int, page) -> list[tuple[str, tuple, tuple, tuple]]:
    """The whole numbers a page prints, as pdfium reads its characters: (the number, the box of its
    glyphs (left, top, right, bottom), its centre, the unit vector of its "up"), in mm from the
    top-left. Digits on one line (centres within a
    fifth of a digit's height), facing the same way and closer than a digit's height, make one
    number; upright ones read left to right."""
    digits = sorted(((box, centre, up, char) for char, box, centre, up in printed_characters(path, index, page)
                     if char.isdigit()), key=lambda found: found[1][1])
    lines = []
    for found in digits:
        height = found[0][3] - found[0][1]
        if lines and abs(lines[-1][0][1][1] - found[1][1]) < 0.2 * height:
            lines[-1].append(found)
        else:
            lines.append([found])
    numbers = []
    for line in lines:
        run = []
        for box, centre, up, char in sorted(line, key=lambda found: found[1][0]):
            if run and (run[-1][2] != up or not 0 <= box[0] - run[-1][0][2] < box[3] - box[1]):
                numbers.append(run)
                run = []
            run.append((box, centre, up, char))
        numbers.append(run)
    found = []
    for run in numbers:
        box = (min(b[0] for b, *_ in run), min(b[1] for b, *_ in run), max(b[2] for b, *_ in run),
               max(b[3] for b, *_ in run))
        found.append(("".join(char for *_, char in run), box, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), run[0][2]))
    return found


def words_found(pdf, index: int, word: str) -> list[tuple]:
    """The boxes (left, top, right, bottom), in mm from the page's top-left, of each place where
    pdfium reads `word` on a page, as a whole word, case and all."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    page = document[index]
    height, text = page.get_height(), page.get_textpage()
    searcher, found = text.search(word, match_case=True, match_whole_word=True), []
    while (match := searcher.get_next()) is not None:
        start, count = match
        boxes = [text.get_charbox(i) for i in range(start, start + count)]
        found.append((min(b[0] for b in boxes) / MM, (height - max(b[3] for b in boxes)) / MM,
                      max(b[2] for b in boxes) / MM, (height - min(b[1] for b in boxes)) / MM))
    document.close()
    return found


def texts_within(pdf, index: int, boxes: list[tuple]) -> list[str]:
    """The text pdfium reads inside each box (left, top, right, bottom), in mm from the page's
    top-left, its spaces and line breaks made single spaces."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    page = document[index]
    height, text = page.get_height(), page.get_textpage()
    found = [" ".join(text.get_text_bounded(left * MM, (height / MM - bottom) * MM, right * MM,
                                             (height / MM - top) * MM).split())
             for left, top, right, bottom in boxes]
    document.close()
    return found
