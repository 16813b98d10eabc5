"""The paths a PDF page draws, as pdfium reads them: an independent reader beside pdf_inspect's.

Each path object's points are put on the page (points, origin bottom-left) through its own matrix
and those of the form XObjects it sits in; its stroke width is scaled the same way, so a line of
0.1 mm drawn in a millimetre space reads 0.28 pt.
"""

import ctypes
import math
from typing import NamedTuple

import pypdfium2
import pypdfium2.raw as pdfium_c


class PathObject(NamedTuple):
    points: tuple[tuple[float, float], ...]     # every segment's end point, in page points
    stroked: bool
    filled: bool
    stroke_width: float                         # page points
    stroke_rgb: tuple[int, int, int]            # as pdfium shows it (CMYK converted to RGB)


def _compose(inner, outer):
    """The matrix that applies `inner`, then `outer` (each (a, b, c, d, e, f) as in PDF)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _matrix(handle):
    matrix = pdfium_c.FS_MATRIX()
    assert pdfium_c.FPDFPageObj_GetMatrix(handle, ctypes.byref(matrix))
    return (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)


def _path(handle, matrix) -> PathObject:
    a, b, c, d, e, f = matrix
    points = []
    for index in range(pdfium_c.FPDFPath_CountSegments(handle)):
        segment = pdfium_c.FPDFPath_GetPathSegment(handle, index)
        x, y = ctypes.c_float(), ctypes.c_float()
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        points.append((a * x.value + c * y.value + e, b * x.value + d * y.value + f))
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(handle, ctypes.byref(fill_mode), ctypes.byref(stroke))
    width = ctypes.c_float()
    pdfium_c.FPDFPageObj_GetStrokeWidth(handle, ctypes.byref(width))
    rgba = [ctypes.c_uint() for _ in range(4)]
    pdfium_c.FPDFPageObj_GetStrokeColor(handle, *(ctypes.byref(v) for v in rgba))
    return PathObject(tuple(points), bool(stroke.value), fill_mode.value != 0,
                      width.value * math.sqrt(abs(a * d - b * c)), tuple(v.value for v in rgba[:3]))


def _objects(count, get, matrix, found):
    for index in range(count):
        handle = get(index)
        kind = pdfium_c.FPDFPageObj_GetType(handle)
        own = _compose(_matrix(handle), matrix) if kind == pdfium_c.FPDF_PAGEOBJ_FORM else matrix
        if kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            found.append(_path(handle, _compose(_matrix(handle), matrix)))
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            _objects(pdfium_c.FPDFFormObj_CountObjects(handle),
                     lambda i, form=handle: pdfium_c.FPDFFormObj_GetObject(form, i), own, found)


def page_paths(pdf_path, page_index: int) -> list[PathObject]:
    """Every path object of one page, those inside form XObjects included."""
    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        page = document[page_index]
        found: list[PathObject] = []
        _objects(pdfium_c.FPDFPage_CountObjects(page.raw), lambda i: pdfium_c.FPDFPage_GetObject(page.raw, i),
                 (1, 0, 0, 1, 0, 0), found)
        return found
    finally:
        document.close()
