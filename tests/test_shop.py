"""The print-shop target: PDF/X-1a files, bleed, crop marks, page boxes, CMYK, preflight."""

import math
import re

from conftest import qpdf_check, run_cli
from crop_marks import check_crop_marks
from pdf_inspect import MM, circles, page_shapes, read_pdf, stroked_paths
import pytest

from generator.jobs.build import BuildOptions, build
from generator.jobs.preflight import _content_streams, _operators, preflight  # the same reading the checks use
from generator.scene.sizes import TileSize


def box(page, key):
    return [float(v) / MM for v in page[key]]


def cmyk_fills(reader):
    return [tuple(float(v) for v in operands[-4:]) for _, data in _content_streams(reader)
            for op, operands in _operators(data) if op in ("k", "K")]


SHOP_FILES = sorted(["shop-board.pdf", "shop-tiles-A.pdf", "shop-tiles-B.pdf", "shop-tiles-C.pdf",
                     "shop-rules-en-interior.pdf", "shop-rules-en-cover.pdf",
                     "shop-rules-ru-interior.pdf", "shop-rules-ru-cover.pdf", "shop-tokens-mexican-train.pdf",
                     *(f"shop-rules-classic-{lang}-{part}.pdf" for lang in ("en", "ru") for part in ("interior", "cover"))])


def test_shop_files(shop_kit):
    names = sorted(p.name for p in shop_kit.iterdir())
    assert names == SHOP_FILES


def test_every_shop_file_passes_preflight(shop_kit):
    for path in sorted(shop_kit.glob("*.pdf")):
        checks = preflight(path)
        assert [c.name for c in checks] == ["not encrypted", "PDF syntax", "fonts embedded", "font names", "page boxes",
                                            "no annotations in the bleed", "colour spaces", "spot colours", "ink limit",
                                            "no transparency", "no scripts, forms or attachments",
                                            "no unreachable objects", "PDF/X identification"]
        assert all(c.passed for c in checks), (path.name, [c.line() for c in checks if not c.passed])


def test_qpdf_finds_every_shop_file_sound(shop_kit):
    """What the syntax check passes, Debian's qpdf --check passes too: an independent judge."""
    for path in sorted(shop_kit.glob("*.pdf")):
        assert qpdf_check(path) == (0, None, None), path.name


def test_preflight_command_passes_and_fails(shop_kit, default_kit):
    good = run_cli("preflight", *(str(p) for p in sorted(shop_kit.glob("*.pdf"))))
    assert good.returncode == 0, good.stdout
    assert good.stdout.count("PASS") == 13 * len(SHOP_FILES) and "FAIL" not in good.stdout
    # A home file is RGB, has no page boxes and no PDF/X keys: preflight must say so.
    bad = run_cli("preflight", str(default_kit / "tiles-A.pdf"))
    assert bad.returncode == 1
    assert re.search(r"FAIL\s+colour spaces: RGB operator", bad.stdout)
    assert re.search(r"FAIL\s+page boxes", bad.stdout) and re.search(r"FAIL\s+PDF/X identification", bad.stdout)
    missing = run_cli("preflight", str(shop_kit / "nothing-here.pdf"))
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1


def test_gang_sheet_boxes_gutters_and_marks(shop_kit):
    reader = read_pdf(shop_kit / "shop-tiles-A.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        trim, bleed, media = box(page, "/TrimBox"), box(page, "/BleedBox"), box(page, "/MediaBox")
        assert bleed[0] == pytest.approx(trim[0] - 3, abs=0.01) and bleed[2] == pytest.approx(trim[2] + 3, abs=0.01)
        # 8 tiles of 22 mm with a 6 mm gutter between neighbours (each its own 3 mm bleed).
        assert trim[2] - trim[0] == pytest.approx(8 * 22 + 7 * 6, abs=0.01)
        assert trim[3] - trim[1] == pytest.approx(4 * 44 + 3 * 6, abs=0.01)
        assert media[2] - media[0] == pytest.approx(8 * 28 + 24, abs=0.01)   # 12 mm for crop marks each side
        assert media[3] - media[1] == pytest.approx(4 * 50 + 24, abs=0.01)
    # Backs mirror the fronts left to right; this sheet is landscape, so that is a short-edge turn.
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert_backs_mirror_left_to_right(reader, (28, 50))


def test_a_set_of_more_than_32_tiles_takes_a_gang_sheet_per_32(tmp_path):
    """Double-9 has 55 tiles: 32 on the first sheet, 23 on the second, each sheet a fronts and a backs page."""
    build(BuildOptions(out=tmp_path, target="shop", sets=("double-9",), booklet_langs=()))
    reader = read_pdf(tmp_path / "shop-tiles-double-9.pdf")
    assert len(reader.pages) == 4
    cells = [[r for r in page_shapes(p).rects if abs(r[2] - r[0] - 28 * MM) < 0.01 and abs(r[3] - r[1] - 50 * MM) < 0.01]
             for p in reader.pages]
    assert list(map(len, cells)) == [32, 32, 23, 23]
    for page, page_cells in zip(reader.pages, cells):           # each sheet's tiles start at its top row
        media, bleed = [float(v) for v in page.mediabox], [float(v) for v in page.bleedbox]
        assert all(media[0] <= r[0] and r[2] <= media[2] and media[1] <= r[1] and r[3] <= media[3] for r in page_cells)
        assert max(r[3] for r in page_cells) == pytest.approx(bleed[3], abs=0.01)


def test_a_sheet_of_one_tile_holds_it_in_the_top_left_cell(tmp_path):
    """A set of the user's own with 33 tiles: the second sheet holds its last tile alone, in the first
    cell of the top row, its back in the mirrored cell."""
    tiles = [f"{low}-{high}" for high in range(8) for low in range(high + 1)][:33]
    set_file = tmp_path / "thirty-three.toml"
    set_file.write_text(f'name = "thirty-three"\nhighest = 7\ntiles = {tiles!r}\n'.replace("'", '"'), encoding="utf-8")
    build(BuildOptions(out=tmp_path, target="shop", sets=(), set_files=(set_file,), booklet_langs=()))
    reader = read_pdf(tmp_path / "shop-tiles-thirty-three.pdf")
    cells = [[r for r in page_shapes(p).rects if abs(r[2] - r[0] - 28 * MM) < 0.01 and abs(r[3] - r[1] - 50 * MM) < 0.01]
             for p in reader.pages]
    assert list(map(len, cells)) == [32, 32, 1, 1]
    for page, (cell,) in zip(reader.pages[2:], cells[2:]):
        bleed = [float(v) for v in page.bleedbox]
        assert cell[3] == pytest.approx(bleed[3], abs=0.01)                 # the top row
        first_column = cells[0][0][0] if page is reader.pages[2] else max(r[0] for r in cells[1])
        assert cell[0] == pytest.approx(first_column, abs=0.01)          # the fronts' first cell, the backs' last


def assert_backs_mirror_left_to_right(reader, cell):
    """Each of the 32 tile cells (tile and bleed, mm) of the fronts page has its back at the mirrored x."""
    width = float(reader.pages[0].mediabox.width)
    tiles = [[r[:4] for r in page_shapes(p).rects
              if abs(r[2] - r[0] - cell[0] * MM) < 0.01 and abs(r[3] - r[1] - cell[1] * MM) < 0.01]
             for p in reader.pages[:2]]
    assert len(tiles[0]) == len(tiles[1]) == 32
    for front, back in zip(*tiles):
        assert back == pytest.approx((width - front[2], front[1], width - front[0], front[3]), abs=0.01)


@pytest.mark.parametrize("size", [TileSize(15, 60), TileSize(22, 50)], ids=str)
def test_a_portrait_or_square_gang_sheet_turns_on_its_long_edge(tmp_path, size):
    """Tall tiles make a portrait gang sheet, 22 x 50 mm ones a square one (8 x 28 = 4 x 56 mm): its
    backs still mirror left to right, which is a long-edge turn (a square sheet turns as a portrait one)."""
    build(BuildOptions(out=tmp_path, target="shop", sets=("A",), booklet_langs=(), tile_size=size))
    reader = read_pdf(tmp_path / "shop-tiles-A.pdf")
    assert float(reader.pages[0].mediabox.width) <= float(reader.pages[0].mediabox.height)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert_backs_mirror_left_to_right(reader, (size.width + 6, size.height + 6))


def test_crop_marks_are_hairlines_outside_the_bleed(shop_kit, tmp_path):
    reader = read_pdf(shop_kit / "shop-board.pdf")
    page = reader.pages[0]
    bleed = box(page, "/BleedBox")
    data = page.get_contents().get_data().decode("latin-1")
    assert " w" in data and re.search(r"\b0 0 0 1 K\b", data)
    build(BuildOptions(out=tmp_path, target="shop", marks="none", sets=("A",), booklet_langs=()))
    plain = read_pdf(tmp_path / "shop-board.pdf").pages[0]
    assert box(plain, "/MediaBox") == pytest.approx(box(plain, "/BleedBox"), abs=0.01)
    assert box(page, "/MediaBox")[2] - bleed[2] == pytest.approx(12, abs=0.01)     # marks live outside the bleed


def test_the_boards_colour_fills_its_bleed_and_stops_there(shop_kit):
    """pdfium's picture of the shop board: every pixel between the TrimBox and the BleedBox is the
    board's colour (a cut a little outside the trim lands in colour, not on white paper), and a band
    beyond the bleed, before the crop marks begin 2 mm out, is white paper."""
    import numpy
    import pypdfium2

    dpi = 100
    document = pypdfium2.PdfDocument(str(shop_kit / "shop-board.pdf"))
    pixels = numpy.asarray(document[0].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)
    document.close()
    page = read_pdf(shop_kit / "shop-board.pdf").pages[0]
    top = float(page.mediabox.top)

    def to_pixels(x0, y0, x1, y1):      # a box in points (from the bottom) to pixel rows and columns
        scale = dpi / 72
        return round(x0 * scale), round((top - y1) * scale), round(x1 * scale), round((top - y0) * scale)

    trim = to_pixels(*(float(v) for v in page.trimbox))
    bleed = to_pixels(*(float(v) for v in page.bleedbox))
    band = round(1.5 * MM * dpi / 72)                       # 1.5 mm beyond the bleed: no mark reaches there
    strips = {"left": pixels[trim[1]:trim[3], bleed[0] + 1:trim[0] - 1],
              "right": pixels[trim[1]:trim[3], trim[2] + 1:bleed[2] - 1],
              "top": pixels[bleed[1] + 1:trim[1] - 1, trim[0]:trim[2]],
              "bottom": pixels[trim[3] + 1:bleed[3] - 1, trim[0]:trim[2]]}
    beyond = {"left": pixels[bleed[1]:bleed[3], bleed[0] - band:bleed[0] - 1],
              "right": pixels[bleed[1]:bleed[3], bleed[2] + 1:bleed[2] + band],
              "top": pixels[bleed[1] - band:bleed[1] - 1, bleed[0]:bleed[2]],
              "bottom": pixels[bleed[3] + 1:bleed[3] + band, bleed[0]:bleed[2]]}
    for side, strip in strips.items():
        assert strip.size and (strip.min(axis=2) < 235).all(), f"white paper in the bleed at the {side}"
    for side, strip in beyond.items():
        assert strip.size and (strip.min(axis=2) > 250).all(), f"colour beyond the bleed at the {side}"


def trim_lines(page, gang: bool) -> tuple[list[float], list[float]]:
    """The x and y (points) of every trim line a crop mark must extend: the TrimBox's edges; on a gang
    sheet every tile's edges too, 8 columns of 22 mm by 4 rows of 44 mm from the TrimBox's corner,
    with a gutter of twice the 3 mm bleed between neighbours (README)."""
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    if not gang:
        return [x0, x1], [y0, y1]
    xs = [x0 + (c * 28 + edge) * MM for c in range(8) for edge in (0, 22)]
    ys = [y0 + (r * 50 + edge) * MM for r in range(4) for edge in (0, 44)]
    assert xs[-1] == pytest.approx(x1, abs=0.01) and ys[-1] == pytest.approx(y1, abs=0.01)
    return xs, ys


@pytest.mark.parametrize("name, index", [("shop-board.pdf", 0), ("shop-tiles-A.pdf", 0), ("shop-tiles-A.pdf", 1),
                                         ("shop-tokens-mexican-train.pdf", 0), ("shop-rules-en-interior.pdf", 0),
                                         ("shop-rules-en-cover.pdf", 0), ("shop-rules-classic-ru-interior.pdf", 5),
                                         ("shop-rules-classic-en-interior.pdf", 55), ("shop-rules-en-cover.pdf", 2)])
def test_each_crop_mark_extends_a_trim_line_outside_the_bleed(shop_kit, name, index):
    """pdfium's reading of the page: every stroke that lies wholly outside the BleedBox is a crop mark,
    a straight hairline in line with a trim line (to 0.05 mm), starting beyond the bleed and ending
    on the page; and every trim line has its two marks, one at each end. Blank pages too (a book's
    padding, a cover's inside back): they had no marks at all."""
    page = read_pdf(shop_kit / name).pages[index]
    check_crop_marks(shop_kit / name, index, *trim_lines(page, gang=name.startswith("shop-tiles")))


def test_single_mode_one_page_per_face_with_letter_bleed(tmp_path):
    build(BuildOptions(out=tmp_path, target="shop", shop_layout="single", paper="letter", sets=("B",),
                       booklet_langs=()))
    reader = read_pdf(tmp_path / "shop-tiles-B-single.pdf")
    assert len(reader.pages) == 64
    bleed = 25.4 / 8
    for page in reader.pages[:4]:
        media, trim = box(page, "/MediaBox"), box(page, "/TrimBox")
        assert media[2] == pytest.approx(22 + 2 * bleed, abs=0.01) and media[3] == pytest.approx(44 + 2 * bleed, abs=0.01)
        assert trim == pytest.approx([bleed, bleed, bleed + 22, bleed + 44], abs=0.01)


def test_single_mode_without_bleed_is_the_tile_itself(tmp_path):
    """--bleed 0: each page is the tile, its TrimBox, BleedBox and MediaBox one and the same."""
    build(BuildOptions(out=tmp_path, target="shop", shop_layout="single", bleed=0.0, sets=("A",), booklet_langs=()))
    reader = read_pdf(tmp_path / "shop-tiles-A-single.pdf")
    assert len(reader.pages) == 64                      # 32 tiles, front and back
    for page in reader.pages:
        for key in ("/MediaBox", "/BleedBox", "/TrimBox"):
            assert box(page, key) == pytest.approx([0, 0, 22, 44], abs=0.01), key


def test_the_mexican_train_pieces_die_lines_are_quarter_millimetre_overprinting_hairlines(shop_kit):
    strokes = [path for page in read_pdf(shop_kit / "shop-tokens-mexican-train.pdf").pages
               for path in stroked_paths(page) if path.colour and path.colour[0] == "spot"]
    assert strokes and all(path.colour[1] == "CutContour" and path.overprint for path in strokes)
    assert all(path.closed or math.dist(path.points[0], path.points[-1]) < 0.01 for path in strokes)   # each a loop
    assert {round(path.width / MM, 3) for path in strokes} == {0.25}


def test_the_mexican_train_pieces_bleed_clear_of_each_others_die_lines(shop_kit, default_kit):
    """The shop page of the hub and the eight markers: nine CutContour circles of the home page's
    sizes, each piece's bleed (the TrimBox to the BleedBox) clear of every other piece's die line,
    and the TrimBox the box round them all, where the crop marks go."""
    pdf = shop_kit / "shop-tokens-mexican-train.pdf"
    page = read_pdf(pdf).pages[0]
    height = float(page.mediabox.height)
    die = circles([path for path in stroked_paths(page) if path.colour and path.colour[0] == "spot"], height)
    home = read_pdf(default_kit / "tokens-mexican-train.pdf").pages[0]
    cut = circles([path for path in stroked_paths(home) if path.dashed], float(home.mediabox.height))
    assert sorted(round(r, 2) for *_, r in die) == sorted(round(r, 2) for *_, r in cut) and len(die) == 9
    trim, bleed_box = [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox]
    media = [float(v) for v in page.mediabox]
    room = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
    assert max(room) - min(room) < 0.01, room                  # the pieces in the page's middle
    bleed = (trim[0] - bleed_box[0]) / MM
    assert bleed > 0
    for i, (x, y, r) in enumerate(die):
        for u, v, q in die[i + 1:]:
            assert math.dist((x, y), (u, v)) >= r + q + 2 * bleed - 0.01
    x0, x1 = min(x - r for x, _, r in die), max(x + r for x, _, r in die)
    y0, y1 = min(y - r for _, y, r in die), max(y + r for _, y, r in die)
    assert [x0, (height - trim[3]) / MM, x1, (height - trim[1]) / MM] == pytest.approx(
        [trim[0] / MM, y0, trim[2] / MM, y1], abs=0.01)


def test_the_mexican_train_pieces_colour_runs_past_their_die_lines_and_nothing_prints_on_them(shop_kit):
    """Prepress: each piece's colour runs past its die line into the bleed, all the way round (a cut
    a little off still leaves no white edge), and nothing but the die line itself is stroked along
    the cut (a printed ring there would show as a sliver wherever the cut wanders). Read from
    pdfium's picture of the page and from its strokes."""
    import numpy as np
    import pypdfium2

    pdf = shop_kit / "shop-tokens-mexican-train.pdf"
    page = read_pdf(pdf).pages[0]
    height = float(page.mediabox.height)
    paths = stroked_paths(page)
    die = circles([path for path in paths if path.colour and path.colour[0] == "spot"], height)
    printed = circles([path for path in paths if not (path.colour and path.colour[0] == "spot")], height)
    bleed = (float(page.trimbox[0]) - float(page.bleedbox[0])) / MM
    dpi = 150
    document = pypdfium2.PdfDocument(pdf)
    pixels = np.asarray(document[0].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)
    document.close()
    for x, y, r in die:
        assert not [c for c in printed if math.dist(c[:2], (x, y)) < 0.5 and abs(c[2] - r) < 0.5], "a ring on the cut"
        for step in range(48):
            angle = step * math.pi / 24
            px, py = x + (r + 0.6 * bleed) * math.cos(angle), y + (r + 0.6 * bleed) * math.sin(angle)
            colour = pixels[round(py / 25.4 * dpi), round(px / 25.4 * dpi)]
            assert (255 - colour).max() > 6, ((x, y, r), step, colour.tolist())


def test_colours_are_cmyk_with_pure_black(shop_kit):
    reader = read_pdf(shop_kit / "shop-tiles-A.pdf")
    fills = cmyk_fills(reader)
    assert (0.0, 0.0, 0.0, 1.0) in fills                      # pips: 100 % K
    assert all(not (c > 0 and m > 0 and y > 0 and k >= 0.9) for c, m, y, k in fills)   # no rich black
    assert all(sum(f) <= 3.0 for f in fills)
    for page in reader.pages:
        assert "/DeviceRGB" not in str(page.get("/Resources"))


def test_pdfx_identification_and_condition(shop_kit, tmp_path):
    reader = read_pdf(shop_kit / "shop-board.pdf")
    intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert (shop_kit / "shop-board.pdf").read_bytes()[:8] == b"%PDF-1.4"
    build(BuildOptions(out=tmp_path, target="shop", output_condition="CGATS TR 001", sets=("C",), booklet_langs=()))
    intent = read_pdf(tmp_path / "shop-board.pdf").trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_booklet_interior_and_cover(shop_kit, default_kit, lang):
    """The cover holds the front, the contents inside it, a blank inside back and a back cover with
    the title and no page number (not the home booklet's how-to-print page); every other page is
    inside, in reading order, with blanks after it to a whole number of sheets."""
    pages = len(read_pdf(default_kit / f"rules-{lang}.pdf").pages)
    inside = pages - 3                                       # all but the front, the contents and the back
    interior = read_pdf(shop_kit / f"shop-rules-{lang}-interior.pdf")
    cover = read_pdf(shop_kit / f"shop-rules-{lang}-cover.pdf")
    assert len(cover.pages) == 4 and len(interior.pages) == inside + (-inside % 4)
    front, contents, inside_back, back = (page.extract_text() for page in cover.pages)
    title = read_pdf(default_kit / f"rules-{lang}.pdf").pages[0].extract_text().splitlines()[0]
    assert front.startswith(title) and back.startswith(title) and not re.search(r"\d", back.splitlines()[0])
    assert not re.search(r"(?m)^\d+$", back), "a back cover carries no page number"
    assert inside_back.strip() == "" and "2" in contents.split()
    last_text = next(text for text in (page.extract_text() for page in reversed(interior.pages)) if text.strip())
    assert re.search(rf"(?m)^{pages - 1}$", last_text), "the last page of text is the book's last but one"
    page = interior.pages[0]
    # A5 with 3 mm of bleed, and 12 mm beyond that for the crop marks.
    assert box(page, "/MediaBox")[2:] == pytest.approx([148 + 6 + 24, 210 + 6 + 24], abs=0.01)
    assert box(page, "/BleedBox") == pytest.approx([12, 12, 12 + 154, 12 + 216], abs=0.01)
    assert box(page, "/TrimBox") == pytest.approx([15, 15, 15 + 148, 15 + 210], abs=0.01)
    assert "3" in page.extract_text()                        # the interior starts at page 3


def test_shop_files_are_byte_identical(shop_kit, tmp_path):
    build(BuildOptions(out=tmp_path, target="shop"))
    for path in sorted(shop_kit.glob("*.pdf")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_black_in_a_shop_file_is_black_ink_alone(shop_kit):
    """Black is printed with the black ink alone (0/0/0/100): a black with cyan, magenta or yellow
    in it is printed on four plates, and the least misregistration fringes thin text and lines
    in colour. So no colour has full black and other ink, and every dark text is pure black (a
    profile's rich black, 75/68/67/90 or so, is for large areas, never for letters)."""
    from pdf_inspect import all_operations

    texts = 0
    # Every kind of shop file; of the four booklets, one, its cover and first six pages (text, a
    # figure, the contents): the others are set by the same code.
    for pdf in sorted(p for p in shop_kit.glob("shop-*.pdf") if "-rules-" not in p.name or "-rules-en-" in p.name):
        for page in read_pdf(pdf).pages[:6]:
            if page.get_contents() is None:           # a booklet's blank padding page
                continue
            fill, saved = None, []
            for operands, operator in all_operations(page):
                if operator in ("k", "K"):
                    cmyk = tuple(float(v) for v in operands)
                    assert cmyk[3] < 0.995 or cmyk == (0.0, 0.0, 0.0, 1.0), (pdf.name, cmyk)
                    if operator == "k":
                        fill = cmyk
                elif operator == "q":
                    saved.append(fill)
                elif operator == "Q":
                    fill = saved.pop()
                elif operator in ("Tj", "TJ", "'", '"') and fill is not None and fill[3] >= 0.85:
                    assert fill == (0.0, 0.0, 0.0, 1.0), (pdf.name, fill)
                    texts += 1
    assert texts > 100


def test_no_line_or_text_of_the_books_is_too_fine_to_print(shop_kit):
    """A press prints lines of 0.25 pt and text of 5 pt reliably (prepress checks both), and a line
    in two inks or more at 0.5 pt, where two plates a little apart would fringe a thinner one. The
    figures are drawn scaled down: the board's half-cell lines came out 0.17 pt, in four inks, and
    the Mexican Train hub's numbers 3.92 pt. Every stroke as stroked on the page, and every
    character at its size on the page (its font size times its matrix), in every book's interior
    and cover."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c

    books = sorted(shop_kit.glob("shop-rules-*.pdf"))
    assert len(books) == 8
    for path in books:
        reader, document = read_pdf(path), pypdfium2.PdfDocument(str(path))
        strokes = [stroke for page in reader.pages if page.get_contents() is not None
                   for stroke in stroked_paths(page)]
        in_inks = [stroke.width for stroke in strokes if stroke.colour[0] == "cmyk"
                   and sum(1 for value in stroke.colour[1:] if value > 0) > 1]
        sizes, matrix = [], pdfium_c.FS_MATRIX()
        for page in document:
            text = page.get_textpage()
            for index in range(text.count_chars()):
                if chr(pdfium_c.FPDFText_GetUnicode(text.raw, index)).strip():
                    pdfium_c.FPDFText_GetMatrix(text.raw, index, ctypes.byref(matrix))
                    sizes.append(pdfium_c.FPDFText_GetFontSize(text.raw, index)
                                 * math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c)))
        document.close()
        assert strokes and min(stroke.width for stroke in strokes) >= 0.25 - 1e-3, path.name
        assert in_inks and min(in_inks) >= 0.5 - 1e-3, (path.name, sorted(in_inks)[:3])
        assert sizes and min(sizes) >= 5.0 - 1e-3, (path.name, sorted(sizes)[:3])


_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"Tj", b"TJ", b"'", b'"'}


def _painted_fills(reader) -> list[tuple[tuple, bool]]:
    """(fill colour, overprinting) of every fill and text each page paints, read from its content:
    the colour set by k, the overprint by gs (an ExtGState's /op, or /OP where it has no /op),
    both following q and Q and into every form XObject drawn (Do)."""
    from content_stream import operations

    found = []

    def walk(data: bytes, resources, state: dict) -> None:
        states = resources.get("/ExtGState") or {}
        xobjects = resources.get("/XObject") or {}
        stack = []
        for operands, operator in operations(data):
            if operator == b"q":
                stack.append(dict(state))
            elif operator == b"Q":
                state = stack.pop()
            elif operator == b"gs":
                entry = states[operands[0]].get_object()
                state["op"] = bool(entry.get("/op", entry.get("/OP", state["op"])))
            elif operator == b"k":
                state["colour"] = tuple(float(v) for v in operands)
            elif operator in _FILLS and state["colour"] is not None:
                found.append((state["colour"], state["op"]))
            elif operator == b"Do":
                form = xobjects[operands[0]].get_object()
                if form.get("/Subtype") == "/Form":
                    walk(form.get_data(), (form.get("/Resources") or resources).get_object(), dict(state))

    for page in reader.pages:
        if page.get_contents() is not None:
            walk(page.get_contents().get_data(), page["/Resources"].get_object(), {"colour": None, "op": False})
    return found


def test_black_overprints_and_no_other_colour_does(shop_kit):
    """Prepress sets 100 % black to overprint: a pip or a digit prints on the colour under it, where a
    knocked-out hole shows a white halo when a plate is a little off. Every fill and text in 100 % K
    overprints; every other colour knocks out, as before. (None did: set A's sheets knocked out all
    208 of their black fills.)"""
    # (The books' text stands on white paper, where overprint changes nothing: their figures are
    # drawn as these files are, by the same writer.)
    for name in ("shop-tiles-A.pdf", "shop-tiles-C.pdf", "shop-board.pdf", "shop-tokens-mexican-train.pdf"):
        fills = _painted_fills(read_pdf(shop_kit / name))
        black = [op for colour, op in fills if colour == (0, 0, 0, 1)]
        other = [op for colour, op in fills if colour != (0, 0, 0, 1)]
        assert len(black) > 10 and all(black), (name, len(black), black.count(False))
        assert other and not any(other), (name, sum(other))
