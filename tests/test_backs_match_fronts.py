"""Behind every front stands that tile's own back, in every home layout: measured in the pixels.

The test knows the answer from the data, not from the code that placed the backs:
- a front's group from its circle's colour (templates/themes/classic.toml: A1 red, A2 yellow,
  B1 blue, B2 green, C1 light, C2 dark);
- where its back lies from the duplex rule of DESIGN.md section 3 (long edge: x mirrored; short
  edge: y mirrored) or, on a gutter-fold sheet, from the fold line drawn on the page;
- what that back must show from the set's file (templates/sets/X.toml, [back]): crosses on the
  group `crosses_on_group` names, and the set's own mark, circles or diamonds or none (read
  from the pixels as tests/tile_pixels.py does).
"""

from pathlib import Path
import tomllib

import numpy
from pdf_inspect import MM, page_shapes, read_pdf
import pypdfium2
import pytest
from tile_pixels import DPI, back_marks, crop, expected_back, front_group, rgb

from generator.jobs.build import BuildOptions, BuildReport, build_tile_sheets

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
THEME = tomllib.loads((TEMPLATES / "themes" / "classic.toml").read_text(encoding="utf-8"))
TILE = (22.0, 44.0)                 # mm, the kit's default tile
LAYOUTS = ["duplex-long", "duplex-short", "gutterfold"]
SETS = ["A", "B", "C"]


def set_file(name: str) -> dict:
    return tomllib.loads((TEMPLATES / "sets" / f"{name}.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[str, Path]:
    """The tile sheets of sets A, B and C in each home layout that puts fronts and backs on one sheet."""
    folders = {}
    for layout in LAYOUTS:
        out = tmp_path_factory.mktemp(layout)
        build_tile_sheets(BuildOptions(out=out, layout=layout, sets=tuple(SETS)), BuildReport())
        folders[layout] = out
    return folders


def render(pdf: Path) -> list[numpy.ndarray]:
    document = pypdfium2.PdfDocument(str(pdf))
    pages = [numpy.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"), dtype=float) for page in document]
    document.close()
    return pages


def front_boxes(page) -> list[tuple[float, float, float, float]]:
    """Every tile-sized rectangle filled with the face colour, as (x, y, w, h) in mm from the top-left."""
    shapes = page_shapes(page)
    face = tuple(round(v / 255, 4) for v in rgb(THEME["tile"]["face"]["hex"]))
    boxes = []
    for x0, y0, x1, y1, fill in shapes.rects:
        if (abs(x1 - x0 - TILE[0] * MM) < 0.01 and abs(y1 - y0 - TILE[1] * MM) < 0.01
                and fill == pytest.approx(face, abs=0.002)):
            boxes.append((x0 / MM, (shapes.height - y1) / MM, TILE[0], TILE[1]))
    return boxes


def fold_line(page) -> float:
    """The gutter fold's y (mm from the top): the longest horizontal line on the page."""
    shapes = page_shapes(page)
    x0, y0, x1, _, *_ = max((line for line in shapes.lines if abs(line[1] - line[3]) < 0.01),
                            key=lambda line: abs(line[2] - line[0]))
    assert abs(x1 - x0) > shapes.width / 2
    return (shapes.height - y0) / MM


def behind(box, layout: str, page_size: tuple[float, float], fold: float | None):
    """Where the back of a front box lies (DESIGN.md section 3), on a portrait sheet."""
    x, y, w, h = box
    width, height = page_size
    assert height > width
    if layout == "duplex-long":
        return width - x - w, y, w, h
    if layout == "duplex-short":
        return x, height - y - h, w, h
    return x, 2 * fold - y - h, w, h






@pytest.mark.parametrize("set_name", SETS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_front_has_its_own_back_behind_it(sheets, layout, set_name):
    pdf = sheets[layout] / f"tiles-{set_name}.pdf"
    reader = read_pdf(pdf)
    images = render(pdf)
    data = set_file(set_name)
    pairs = ([(i, i) for i in range(len(images))] if layout == "gutterfold"
             else [(i, i + 1) for i in range(0, len(images), 2)])
    groups = []
    for front_index, back_index in pairs:
        page = reader.pages[front_index]
        size = (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM)
        fold = fold_line(page) if layout == "gutterfold" else None
        for box in front_boxes(page):
            group = front_group(crop(images[front_index], box), set_name, THEME)
            marks = back_marks(crop(images[back_index], behind(box, layout, size, fold)), THEME)
            assert marks == expected_back(data, group), (layout, set_name, box, group, marks)
            groups.append(group)
    assert sorted(groups) == [1] * 16 + [2] * 16            # every tile of the set, both groups


def test_a_short_edge_backs_page_is_the_long_edge_one_turned_half_way_round(tmp_path):
    """A portrait sheet turned over its short edge brings each back to its front upside down,
    compared with a turn over the long edge: the duplex-short backs page must be the duplex-long
    one turned half way round, the backs' art included (pdfium's pictures, pixel by pixel; the
    captions and scale bars, which each page prints as its own, left out)."""
    pictures = []
    for layout in ("duplex-long", "duplex-short"):
        report = BuildReport()
        build_tile_sheets(BuildOptions(out=tmp_path / layout, sets=("A",), layout=layout), report)
        (path,) = report.written
        document = pypdfium2.PdfDocument(str(path))
        pictures.append(numpy.asarray(document[1].render(scale=DPI / 72).to_pil().convert("L"), dtype=float))
        document.close()
    long_edge, short_edge = pictures
    turned = long_edge[::-1, ::-1]
    assert turned.shape == short_edge.shape
    # The backs' own area: where the backs' ground colour is, less 5 mm all round (the dashed
    # outline's dashes start afresh, and the captions and scale bars are each page's own).
    ground = numpy.bincount(turned.astype(int).ravel(), minlength=256)[:250].argmax()
    rows, columns = numpy.nonzero(turned == ground)
    inset = round(5 / 25.4 * DPI)
    area = (slice(rows.min() + inset, rows.max() - inset), slice(columns.min() + inset, columns.max() - inset))
    assert turned[area].size > 0.5 * turned.size
    assert numpy.abs(turned[area] - short_edge[area]).mean() < 0.5
