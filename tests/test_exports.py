"""`opendomino export`: PNG and SVG of every tile, SVG of every sheet page, and the two writers."""

from pathlib import Path
import xml.etree.ElementTree as ET

from conftest import SRGB_PNG, png_colour_chunks, run_cli
from PIL import Image, ImageChops
import pypdfium2
import pytest

from generator.art.board import board_geometry
from generator.colour.theme import load_theme
from generator.colour.values import Colour
from generator.jobs.build import BuildOptions
from generator.jobs.exports import page_file, sheet_documents, tile_picture
from generator.model.set_loader import OPEN_SET_NAMES, load_set
from generator.scene.drawing import Drawing, Group, Line, Rect, Style, Text, Transform, rotate_about
from generator.scene.sizes import TileSize
from generator.writers.pdf import write_pdf
from generator.writers.png import pixel_size, render
from generator.writers.svg import svg_text

SVG = "{http://www.w3.org/2000/svg}"
RED, WHITE = Colour("#ff0000"), (255, 255, 255)

# A PNG from our writer against pdfium's rendering of the same drawing written as PDF, both at
# the same dpi. Edges are anti-aliased differently, so pixels there may differ; elsewhere the two
# must agree. Per channel on 0-255:
TILE_MEAN_DIFFERENCE = 0.65     # at most, averaged over the picture (README: 0.63 on the worst of all 192)
TILE_SHARE_OFF_BY_64 = 0.01     # at most this share of pixels differs by more than 64 (measured: up to 0.30 %)
ALL_TILES_MEAN_DIFFERENCE = 0.15    # README's figure: the mean over all 192 tile pictures (measured: 0.146)
ALL_TILES_SHARE_OFF_BY_64 = 0.0003  # README's 0.03 %, on average over the 192 (measured: 0.026 %)
PAGE_MEAN_DIFFERENCE = 4.0      # a sheet page at 150 dpi, with text, clips and turned labels (measured: 1.3)
PAGE_SHARE_OFF_BY_64 = 0.02     # (measured: 0.7 %)


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    """The default export through the command line, made once for this module."""
    out = tmp_path_factory.mktemp("export")
    result = run_cli("export", "--out", str(out), cwd=out)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote ") and "manifest.json" in result.stdout
    assert result.stderr == ""          # no progress bar when stderr is not a terminal
    return out


def tile_names(fmt: str) -> set[str]:
    return {f"{name}/{tile.id}-{side}.{fmt}" for name in OPEN_SET_NAMES for tile in load_set(name).tiles
            for side in ("front", "back")}


def files_under(folder: Path, pattern: str) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.glob(pattern)}


def test_every_tile_face_and_back_as_png_and_svg(exported):
    assert len(tile_names("png")) == 192 == 3 * 32 * 2
    assert files_under(exported / "png", "**/*.png") == tile_names("png")
    assert files_under(exported / "svg", "*/*.svg") == tile_names("svg")
    assert "A/A1-13-front.png" in tile_names("png")        # set A, group 1, head 1, tail 3
    assert not list(exported.rglob("*.part"))


def test_png_size_is_tile_plus_bleed_at_dpi(exported):
    expected = (round((22 + 2 * 3) / 25.4 * 300), round((44 + 2 * 3) / 25.4 * 300))
    assert expected == (331, 591)
    for path in [exported / "png/A/A1-13-front.png", exported / "png/C/C2-30-back.png"]:
        with Image.open(path) as image:
            assert image.size == expected and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.02)
            assert image.info["srgb"] == 1
        assert png_colour_chunks(path) == SRGB_PNG, path


def test_png_size_with_other_dpi_bleed_and_tile_size(tmp_path):
    result = run_cli("export", "--out", str(tmp_path), "--format", "png", "--sets", "B", "--dpi", "150",
                     "--bleed", "1.5", "--tile-size", "20x40", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pngs = list(tmp_path.glob("png/B/*.png"))
    assert len(pngs) == 64 and not (tmp_path / "svg").exists()
    expected = (round((20 + 2 * 1.5) / 25.4 * 150), round((40 + 2 * 1.5) / 25.4 * 150))
    for path in pngs[:4]:
        with Image.open(path) as image:
            assert image.size == expected == (136, 254)
            assert image.info["dpi"] == pytest.approx((150, 150), abs=0.02)   # PNG stores whole pixels per metre


def svg_root(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def test_tile_svg_is_in_mm_with_a_viewbox(exported):
    root = svg_root(exported / "svg/B/B2-55-front.svg")
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("28mm", "50mm", "0 0 28 50")
    # The background covers the bleed: the first rect fills the whole picture.
    group = root.find(f"{SVG}g")
    assert group.get("transform") == "matrix(1 0 0 1 3 3)"
    background = group.find(f"{SVG}rect")
    assert [background.get(k) for k in ("x", "y", "width", "height")] == ["-3", "-3", "28", "50"]


def test_an_svg_for_every_page_of_every_sheet_pdf(exported, default_kit):
    pdfs = [p for p in default_kit.glob("*.pdf") if p.name.startswith(("tiles-", "board-", "setup-cards", "tokens-"))]
    assert {"tiles-A.pdf", "board-full-size.pdf", "setup-cards.pdf", "tokens-mexican-train.pdf"} <= {p.name for p in pdfs}
    expected = set()
    for pdf in pdfs:
        count = len(pypdfium2.PdfDocument(pdf))
        expected |= {f"{pdf.stem}.svg"} if count == 1 else {f"{pdf.stem}-{n}.svg" for n in range(1, count + 1)}
    assert files_under(exported / "svg", "*.svg") == expected
    page = svg_root(exported / "svg/tiles-A-1.svg")
    assert (page.get("width"), page.get("height"), page.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    board = svg_root(exported / "svg/board-full-size.svg")
    width, height = float(board.get("width").removesuffix("mm")), float(board.get("height").removesuffix("mm"))
    assert board.get("viewBox") == f"0 0 {board.get('width')[:-2]} {board.get('height')[:-2]}"
    geometry = board_geometry(BuildOptions())
    assert width > geometry.width and height > geometry.height


def test_export_is_deterministic(exported, tmp_path):
    result = run_cli("export", "--out", str(tmp_path), "--sets", "C", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    again = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert len(again) > 128
    for path in again:
        relative = path.relative_to(tmp_path)
        if relative.name.startswith("setup-cards") or relative.name == "manifest.json":
            continue            # these list every exported set: --sets C has fewer
        assert path.read_bytes() == (exported / relative).read_bytes(), relative


@pytest.mark.parametrize("args, names", [
    (["--dpi", "0"], "--dpi"),
    (["--dpi", "nan"], "--dpi"),
    (["--dpi", "abc"], "--dpi"),
    (["--dpi", "5000"], "--dpi"),
    (["--bleed", "-1"], "--bleed"),
    (["--bleed", "inf"], "--bleed"),
    (["--format", "gif"], "--format"),
    (["--sets", "A,Q"], "'Q'"),
    (["--tile-size", "0x0"], "--tile-size"),
])
def test_bad_export_options_are_one_line_and_status_2(tmp_path, args, names):
    result = run_cli("export", "--out", str(tmp_path / "out"), *args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and names in lines[0] and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


# The PNG writer against the PDF writer ---------------------------------------------------------

def pdfium_image(drawing: Drawing, dpi: float, folder: Path) -> Image.Image:
    target = folder / "one.pdf"
    write_pdf([drawing], target)
    document = pypdfium2.PdfDocument(target)
    try:
        return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def difference(ours: Image.Image, theirs: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels off by more than 64 in some channel)."""
    width, height = min(ours.width, theirs.width), min(ours.height, theirs.height)
    assert abs(ours.width - theirs.width) <= 1 and abs(ours.height - theirs.height) <= 1
    diff = ImageChops.difference(ours.crop((0, 0, width, height)), theirs.crop((0, 0, width, height)))
    histogram = diff.histogram()
    pixels = width * height
    mean = max(sum(v * n for v, n in enumerate(histogram[256 * k:256 * (k + 1)])) / pixels for k in range(3))
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    off = sum(worst.histogram()[65:]) / pixels
    return mean, off


@pytest.mark.parametrize("tile_id, side", [("A1-13", "front"), ("A2-66", "back"), ("B1-54", "front"),
                                           ("B2-55", "back"), ("C1-21", "front"), ("C2-30", "front"),
                                           ("C2-30", "back")])
def test_png_writer_matches_the_pdf_rendering(tmp_path, tile_id, side):
    tile_set = load_set(tile_id[0])
    tile = next(t for t in tile_set.tiles if t.id == tile_id)
    picture = tile_picture(tile, tile_set, load_theme("classic"), TileSize(), side, 3.0)
    ours = render(picture, 300)
    assert ours.size == pixel_size(28, 50, 300)
    mean, off = difference(ours, pdfium_image(picture, 300, tmp_path))
    assert mean <= TILE_MEAN_DIFFERENCE and off <= TILE_SHARE_OFF_BY_64, (mean, off)


def test_png_writer_matches_the_pdf_rendering_on_all_192_tiles_as_readme_says(tmp_path):
    """README's figures, measured as its benchmark measures them: every face and back of sets A, B and
    C with 3 mm of bleed at 300 dpi (written as one PDF, so pdfium opens one file)."""
    theme = load_theme("classic")
    pictures = [tile_picture(tile, tile_set, theme, TileSize(), side, 3.0)
                for tile_set in (load_set(name) for name in OPEN_SET_NAMES) for tile in tile_set.tiles
                for side in ("front", "back")]
    assert len(pictures) == 192
    write_pdf(pictures, tmp_path / "all.pdf")
    document = pypdfium2.PdfDocument(tmp_path / "all.pdf")
    try:
        results = [difference(render(picture, 300), document[index].render(scale=300 / 72).to_pil().convert("RGB"))
                   for index, picture in enumerate(pictures)]
    finally:
        document.close()
    means, offs = [mean for mean, _ in results], [off for _, off in results]
    assert sum(means) / len(means) <= ALL_TILES_MEAN_DIFFERENCE, sum(means) / len(means)
    assert max(means) <= TILE_MEAN_DIFFERENCE, max(means)
    assert sum(offs) / len(offs) <= ALL_TILES_SHARE_OFF_BY_64, sum(offs) / len(offs)


def test_png_writer_matches_the_pdf_on_a_page_with_text_clips_and_turns(tmp_path):
    """A tiled board sheet: a clipped window, dashed cut lines, labels turned by 90 degrees."""
    documents = dict(sheet_documents(BuildOptions(), "board"))
    page = documents["board-tiled-a4.pdf"][1]
    mean, off = difference(render(page, 150), pdfium_image(page, 150, tmp_path))
    assert mean <= PAGE_MEAN_DIFFERENCE and off <= PAGE_SHARE_OFF_BY_64, (mean, off)


# The SVG files against the PDF writer ------------------------------------------------------------
# Each SVG the export writes, drawn by Skia's SVG module (its own parser and renderer of SVG, not the
# path the kit's PNG writer takes), against pdfium's rendering of the same drawing written as PDF.
SVG_DPI = 150                      # the tiles
SVG_TILE_MEAN_DIFFERENCE = 2.4     # anti-aliased edges, at 150 dpi (measured: 1.83 on the worst tile)
SVG_PAGE_DPI = 100                 # the sheet pages: what goes wrong in a writer shows on many pixels
SVG_PAGE_MEAN_DIFFERENCE = 2.2     # (measured: 1.69 on the worst page)
SVG_PAGE_SHARE_WRONG = 0.0005      # pixels no neighbour explains (measured: at most 0.02 %, on thin lines)


def svg_picture(path: Path, dpi: float, text: bool = True) -> Image.Image:
    """The SVG file drawn by Skia's SVG module at `dpi` (its width and height in mm made pixels, so
    that the viewBox maps the drawing onto them); without its <text> elements when not `text`."""
    import re

    import skia

    data = path.read_text(encoding="utf-8")
    if not text:
        data = re.sub(r"<text\b.*?</text>", "", data, flags=re.S)
    head, opening, body = re.match(r"(.*?<svg\b)([^>]*>)(.*)", data, re.S).groups()
    size = {name: float(mm) * dpi / 25.4 for name, mm in re.findall(r'\b(width|height)="([\d.]+)mm"', opening)}
    opening = re.sub(r'\b(width|height)="[\d.]+mm"', lambda m: f'{m[1]}="{size[m[1]]:.4f}"', opening)
    blob = (head + opening + body).encode("utf-8")
    stream = skia.MemoryStream(blob)             # kept while Skia reads it
    dom = skia.SVGDOM.MakeFromStream(stream)
    assert dom is not None, f"{path}: Skia cannot read it"
    surface = skia.Surface(round(size["width"]), round(size["height"]))
    with surface as canvas:
        canvas.clear(skia.ColorWHITE)
        dom.render(canvas)
    return Image.fromarray(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)[:, :, :3])


def share_no_neighbour_explains(ours: Image.Image, theirs: Image.Image, by: int = 64) -> float:
    """The share of our pixels that differ by more than `by`, in some channel, from every pixel of
    theirs within one pixel: anti-aliasing moves an edge by up to a pixel; a missing, moved or
    recoloured shape changes pixels no neighbour explains."""
    import numpy

    width, height = min(ours.width, theirs.width), min(ours.height, theirs.height)
    assert abs(ours.width - theirs.width) <= 1 and abs(ours.height - theirs.height) <= 1
    ours_values = numpy.asarray(ours.crop((0, 0, width, height)), dtype=numpy.int16)
    padded = numpy.pad(numpy.asarray(theirs.crop((0, 0, width, height)), dtype=numpy.int16), ((1, 1), (1, 1), (0, 0)),
                       mode="edge")
    around = [padded[dy:dy + height, dx:dx + width] for dy in range(3) for dx in range(3)]
    low, high = numpy.minimum.reduce(around), numpy.maximum.reduce(around)
    return float(((ours_values < low - by) | (ours_values > high + by)).any(axis=2).mean())


def without_text(items) -> tuple:
    return tuple(Group(without_text(item.items), item.transform, item.clip) if isinstance(item, Group) else item
                 for item in items if not isinstance(item, Text))


def test_every_tile_svg_draws_what_the_pdf_writer_draws(exported, tmp_path):
    """All 192 faces and backs of sets A, B and C, as `opendomino export` wrote them: no pixel that
    anti-aliasing cannot explain differs from pdfium's picture of the tile."""
    theme = load_theme("classic")
    tiles = [(tile_set, tile, side) for tile_set in (load_set(name) for name in OPEN_SET_NAMES)
             for tile in tile_set.tiles for side in ("front", "back")]
    assert len(tiles) == 192
    write_pdf([tile_picture(tile, tile_set, theme, TileSize(), side, 3.0) for tile_set, tile, side in tiles],
              tmp_path / "all.pdf")
    document = pypdfium2.PdfDocument(tmp_path / "all.pdf")
    try:
        for index, (tile_set, tile, side) in enumerate(tiles):
            ours = svg_picture(exported / "svg" / tile_set.name / f"{tile.id}-{side}.svg", SVG_DPI)
            theirs = document[index].render(scale=SVG_DPI / 72).to_pil().convert("RGB")
            assert share_no_neighbour_explains(ours, theirs) == 0, (tile.id, side)
            assert difference(ours, theirs)[0] <= SVG_TILE_MEAN_DIFFERENCE, (tile.id, side)
    finally:
        document.close()


def test_every_sheet_page_svg_draws_what_the_pdf_writer_draws(exported, tmp_path):
    """Every page of the tile sheets, the boards, the setup cards and the Mexican Train pieces as SVG (clips, dashes, turned
    groups), against pdfium's picture of the page; the text left out of both, as Skia's SVG module
    draws none without fonts it is given (test_svg_writer_groups_clips_dashes_and_text reads the
    text elements)."""
    pages = 0
    for part in (*(f"tiles-{name}" for name in OPEN_SET_NAMES), "board", "setup-cards", "tokens"):
        for pdf_name, drawings in sheet_documents(BuildOptions(), part):
            for number, page in enumerate(drawings, start=1):
                bare = Drawing(page.width, page.height)
                bare.add(*without_text(page.items))
                theirs = pdfium_image(bare, SVG_PAGE_DPI, tmp_path)
                ours = svg_picture(page_file(exported, pdf_name, number, len(drawings)), SVG_PAGE_DPI, text=False)
                assert share_no_neighbour_explains(ours, theirs) <= SVG_PAGE_SHARE_WRONG, (pdf_name, number)
                assert difference(ours, theirs)[0] <= SVG_PAGE_MEAN_DIFFERENCE, (pdf_name, number)
                pages += 1
    assert pages == len(files_under(exported / "svg", "*.svg"))


# The writers on small drawings ------------------------------------------------------------------

def clipped_drawing() -> Drawing:
    """A red square turned 90 degrees and clipped to its left half, on a 20 x 10 mm drawing."""
    drawing = Drawing(20, 10)
    square = Rect(0, 0, 10, 10, Style(fill=RED))
    drawing.add(Group((square,), rotate_about(90, 5, 5), clip=Rect(0, 0, 5, 10, Style())))
    drawing.add(Line(10, 5, 20, 5, Style(stroke=RED, stroke_width=1, dash=(2, 2))))
    drawing.add(Text(15, 9, "Ab", 2, RED, "sans-bold", "middle"))
    return drawing


def test_png_writer_clips_in_the_groups_own_coordinates():
    image = render(clipped_drawing(), 254)        # 10 px per mm
    assert image.size == (200, 100)
    # Turned by 90 degrees about the square's centre, the clip keeps the upper half of the square.
    assert image.getpixel((50, 25)) == (255, 0, 0)
    assert image.getpixel((50, 75)) == WHITE
    # Dashes of 2 mm on, 2 mm off from x = 10 mm.
    assert image.getpixel((110, 50)) == (255, 0, 0) and image.getpixel((130, 50)) == WHITE
    assert image.getpixel((150, 50)) == (255, 0, 0)


def test_svg_writer_groups_clips_dashes_and_text():
    root = ET.fromstring(svg_text(clipped_drawing()))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("20mm", "10mm", "0 0 20 10")
    group = root.find(f"{SVG}g")
    assert group.get("transform") == "matrix(0 1 -1 0 10 0)"
    assert group.get("clip-path") == "url(#clip1)"
    clip = root.find(f"{SVG}defs/{SVG}clipPath")
    assert clip.get("id") == "clip1"
    assert [clip.find(f"{SVG}rect").get(k) for k in ("x", "y", "width", "height")] == ["0", "0", "5", "10"]
    line = root.find(f"{SVG}line")
    assert (line.get("stroke"), line.get("stroke-width"), line.get("stroke-dasharray")) == ("#ff0000", "1", "2 2")
    text = root.find(f"{SVG}text")
    assert text.text == "Ab" and text.get("text-anchor") == "middle" and text.get("font-weight") == "bold"
    assert text.get("font-family") == "'PT Sans', sans-serif" and text.get("font-size") == "2"
    assert (text.get("x"), text.get("y")) == ("15", "9")


def test_svg_ids_are_numbered_in_drawing_order():
    drawing = Drawing(10, 10)
    for _ in range(3):
        drawing.add(Group((Rect(0, 0, 1, 1, Style(fill=RED)),), Transform(), clip=Rect(0, 0, 5, 5, Style())))
    first, second = svg_text(drawing), svg_text(drawing)
    assert first == second
    assert [c.get("id") for c in ET.fromstring(first).iter(f"{SVG}clipPath")] == ["clip1", "clip2", "clip3"]


def test_png_text_uses_the_bundled_fonts_and_no_system_font(tmp_path):
    """Backs of double-12 carry text: rendered with PT Sans from templates/fonts, and nothing (not
    fontconfig either) prints to the terminal."""
    result = run_cli("export", "--format", "png", "--sets", "double-12", "--dpi", "100", "--out", str(tmp_path))
    assert result.returncode == 0 and result.stderr == "", result.stderr
    import skia

    from generator.scene import typefaces  # where the PNG writer's typefaces come from
    typeface = typefaces.bundled_typeface("sans-bold")
    assert typeface.getFamilyName() == "PT Sans"
    manager = typefaces._font_manager()        # an empty manager: it knows no system font
    assert [manager.getFamilyName(i) for i in range(manager.countFamilies())] == [""]
    assert manager.matchFamilyStyle("DejaVu Sans", skia.FontStyle()) is None
