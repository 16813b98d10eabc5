"""ORDER.txt, the print order a shop build writes beside its files: every figure in it checked against
the PDF it names, read back with pypdf (page count, TrimBox, BleedBox, the die line's strokes)."""

import json
from pathlib import Path
import re

from conftest import run_cli
from pdf_inspect import MM, read_pdf, stroked_paths
import pytest

from generator.jobs.shop_order import order_text


@pytest.fixture(scope="module")
def shop_folder(tmp_path_factory):
    """A shop kit of set A (the open booklets) and then set B's shop box, into one folder."""
    out = tmp_path_factory.mktemp("order")
    for args in (("build", "--target", "shop", "--sets", "A", "--books", "open"),
                 ("box", "--target", "shop", "--sets", "B")):
        result = run_cli(*args, "--out", str(out))
        assert result.returncode == 0, result.stderr
    return out


def paragraphs(text: str) -> dict[str, list[str]]:
    """Each file's paragraph of ORDER.txt, by the files its first line names."""
    found = {}
    for block in text.strip().split("\n\n")[2:]:
        first, *rest = block.split("\n")
        files = first.split(": ")[0].split(", ")
        for name in files:
            found[name] = [first, *rest]
    return found


def trims(reader) -> list[tuple[float, float]]:
    return [(round(float(p.trimbox.width) / MM, 1), round(float(p.trimbox.height) / MM, 1)) for p in reader.pages]


def test_the_order_names_every_shop_file_with_its_trim_pages_and_bleed(shop_folder):
    text = (shop_folder / "ORDER.txt").read_text(encoding="utf-8")
    assert "PDF/X-1a, CMYK for FOGRA39 (FOGRA39L_coated.icc)" in text
    found = paragraphs(text)
    pdfs = sorted(path.name for path in shop_folder.glob("shop-*.pdf"))
    assert sorted(found) == pdfs and "shop-box-B.pdf" in pdfs          # the box joined the kit's order
    for name in pdfs:
        reader = read_pdf(shop_folder / name)
        paragraph = "\n".join(found[name])
        sizes = trims(reader)
        if len(set(sizes)) == 1:
            assert f"Trim size: {sizes[0][0]:g} x {sizes[0][1]:g} mm," in paragraph, name
        else:                                   # the box: a page per piece, each its own size
            said = re.findall(r"page (\d+): ([\d.]+) x ([\d.]+) mm", paragraph)
            assert [(float(w), float(h)) for _, w, h in said] == sizes, name
        trim, bleed_box = reader.pages[0].trimbox, reader.pages[0].bleedbox
        bleed = round(float(trim.left - bleed_box.left) / MM, 2)
        assert bleed == round(float(bleed_box.top - trim.top) / MM, 2), name      # all four sides alike here
        assert f"with {bleed:g} mm of bleed" in paragraph and bleed == pytest.approx(3), name
        count = len(reader.pages)
        if name.endswith("-interior.pdf"):
            assert f"Interior: {count} pages" in paragraph and count % 4 == 0
        elif name.endswith("-cover.pdf"):
            assert f"Cover: {count} pages" in paragraph and count == 4
        else:
            assert re.search(rf"^  {count} pages?, printed on", paragraph, re.M), name


def test_the_order_says_how_each_piece_is_finished_as_its_file_is_made(shop_folder):
    found = paragraphs((shop_folder / "ORDER.txt").read_text(encoding="utf-8"))
    for name, lines in found.items():
        paragraph = "\n".join(lines)
        if name.endswith("-interior.pdf") or name.endswith("-cover.pdf"):
            assert "saddle-stitched" in paragraph
            continue
        spots = {path.colour[1] for page in read_pdf(shop_folder / name).pages for path in stroked_paths(page)
                 if path.colour and path.colour[0] == "spot"}
        if "Crease" in spots:
            assert "die-cut along the die line (spot colour CutContour), crease along the folds" in paragraph
        elif "CutContour" in spots:
            assert "die-cut every piece along the die line, the spot colour CutContour" in paragraph, name
        elif name.startswith("shop-tiles-"):        # a gang sheet: the tiles' bleeds meet between them
            width = trims(read_pdf(shop_folder / name))[0][0]
            gutter = (width - 8 * 22) / 7                   # set A: 8 tiles of 22 mm across
            assert f"Finishing: cut along the crop marks, at both edges of the {gutter:g} mm gutters between the " \
                   "tiles (a double cut)." in paragraph, name
        else:
            assert "Finishing: cut along the crop marks." in paragraph, name
    assert "crease" in "\n".join(found["shop-box-B.pdf"]) and "die-cut" in "\n".join(found["shop-tokens-mexican-train.pdf"])


def test_the_gang_sheet_turns_on_the_edge_that_its_mirrored_backs_need(shop_folder):
    """The backs are mirrored left to right (tests/test_shop.py), so the sheet turns over about its
    upright axis: on the short edge of a sheet wider than high, on the long edge of one higher than wide."""
    found = paragraphs((shop_folder / "ORDER.txt").read_text(encoding="utf-8"))
    paragraph = "\n".join(found["shop-tiles-A.pdf"])
    (width, height), _ = trims(read_pdf(shop_folder / "shop-tiles-A.pdf"))
    edge = "short" if width > height else "long"
    assert f"2 pages, printed on both sides: each even page is the back of the page before it. Turn the sheet over " \
           f"on its {edge} edge" in paragraph
    assert "printed on one side" in "\n".join(found["shop-board.pdf"])


def test_the_order_in_russian_and_none_without_shop_files(shop_folder):
    entries = json.loads((shop_folder / "manifest.json").read_text(encoding="utf-8"))["files"]
    russian = order_text(entries, "ru")
    assert russian.startswith("Заказ на печать") and "Обрезной формат: 218 x 194 мм" in russian
    assert "Переворот по короткому краю" in russian and "шитьё внакидку" in russian
    assert not re.search(r"\b(the|of|and|printed|Suggested|paper|Finishing)\b", russian)      # nothing left in English
    assert order_text([e for e in entries if not e["file"].startswith("shop-")], "en") == ""



def test_the_order_counts_the_tiles_each_sheet_holds(shop_folder):
    """The shop quotes its cutting by the pieces: the order's count and size are those the crop
    marks of the sheet show (two marks a tile each way, at its trim lines), as many as the set file
    has tiles."""
    from pdfium_paths import page_paths

    from generator.model.set_loader import load_set

    pdf = shop_folder / "shop-tiles-A.pdf"
    page = read_pdf(pdf).pages[0]
    bleed = [float(v) for v in page.bleedbox]
    marks = [path.points for path in page_paths(pdf, 0) if path.stroked and len(path.points) == 2
             and all(x < bleed[0] or x > bleed[2] or y < bleed[1] or y > bleed[3] for x, y in path.points)]
    xs = sorted({round(a[0] / MM, 2) for a, b in marks if abs(a[0] - b[0]) < 0.01})
    ys = sorted({round(a[1] / MM, 2) for a, b in marks if abs(a[1] - b[1]) < 0.01})
    columns, rows = len(xs) // 2, len(ys) // 2
    width, height = round(xs[1] - xs[0], 1), round(ys[1] - ys[0], 1)
    assert columns * rows == len(load_set("A").tiles) == 32 and (width, height) == (22, 44)
    paragraph = paragraphs((shop_folder / "ORDER.txt").read_text(encoding="utf-8"))["shop-tiles-A.pdf"]
    assert f"  Pieces: {columns * rows} tiles of {width:g} x {height:g} mm, on one sheet." in paragraph


def test_the_order_counts_triangles_sheet_by_sheet_from_their_die_lines(tmp_path):
    """Triominoes on gang sheets, die-cut: each front page's closed CutContour paths are its
    triangles, their sides as long as the die line is; the order says as many, sheet by sheet."""
    from generator.jobs.shop import build_shop_tiles
    from generator.model.set_loader import load_set
    from generator.settings.build_options import BuildOptions, BuildReport

    report = BuildReport()
    build_shop_tiles(BuildOptions(out=tmp_path, sets=("triominoes",), target="shop"), report)
    pdf = tmp_path / "shop-tiles-triominoes.pdf"
    counts, sides = [], set()
    for page in read_pdf(pdf).pages[0::2]:
        dies = [path for path in stroked_paths(page) if path.colour == ("spot", "CutContour", 1.0) and path.closed]
        counts.append(len(dies))
        for die in dies:
            corners = die.points[:3]
            sides.update(round(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 / MM, 1)
                         for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]))
    assert sum(counts) == len(load_set("triominoes").tiles) == 56 and len(counts) == 2 and sides == {44.0}
    entries = [{"file": Path(path).name, **described} for path, described in report.described.items()]
    paragraph = paragraphs(order_text(entries, "en"))[pdf.name]
    assert f"  Pieces: 56 triangles with sides of 44 mm; sheet 1: {counts[0]}; sheet 2: {counts[1]}." in paragraph

def test_a_gang_sheet_without_crop_marks_is_cut_at_its_gutters(shop_folder):
    """--marks none leaves the shop no marks: the order gives the gutters between the tiles instead,
    twice the bleed. Set A's sheet is 8 tiles of 22 mm across: the TrimBox leaves 7 gutters of that width."""
    entries = json.loads((shop_folder / "manifest.json").read_text(encoding="utf-8"))["files"]
    (entry,) = [dict(e, crop_marks=False) for e in entries if e["file"] == "shop-tiles-A.pdf"]
    width = trims(read_pdf(shop_folder / "shop-tiles-A.pdf"))[0][0]
    gutter = (width - 8 * 22) / 7
    assert gutter == pytest.approx(2 * entry["bleed_mm"])
    assert f"cut each tile out at both edges of the {gutter:g} mm gutters" in order_text([entry], "en")


def test_a_triangles_bleed_is_its_edges_not_its_boxs_corners(tmp_path):
    """A triangle's BleedBox holds the triangle grown 3 mm along every edge: the box stands 3 mm off
    its base but 5.2 and 6 mm off its sloping sides' corners. The bleed said is the 3 mm."""
    from generator.colour.theme import load_theme
    from generator.imposition.shop_sheets import single_pages
    from generator.model.set_loader import load_set
    from generator.scene.sizes import TileSize
    from generator.writers.pdf import PdfOptions, write_pdf
    from generator.writers.pdfx import mark_as_pdfx

    target = tmp_path / "shop-tiles-triominoes-single.pdf"
    write_pdf(single_pages(load_set("triominoes"), load_theme("classic"), TileSize(), 3.0)[:2], target,
              PdfOptions(cmyk=True))
    described = mark_as_pdfx(target)
    page = read_pdf(target).pages[0]
    sides = [round(float(a - b) / MM, 1) for a, b in ((page.trimbox.left, page.bleedbox.left),
                                                      (page.trimbox.bottom, page.bleedbox.bottom),
                                                      (page.bleedbox.top, page.trimbox.top))]
    assert sorted(sides) == [3.0, 5.2, 6.0]
    assert described["bleed_mm"] == 3.0 and described["spot_colours"] == ["CutContour"]
    assert "with 3 mm of bleed" in order_text([{"file": target.name, **described}], "en")


FOGRA = {"output_intent": "FOGRA39", "output_profile": "FOGRA39L_coated.icc", "bleed_mm": 3.0, "crop_marks": True,
         "duplex": None, "spot_colours": []}


def test_each_kind_of_piece_reads_as_the_reference_page_describes_it():
    """The whole order for one file of each kind, given their facts: every line as a shop reads it."""
    entries = [
        {**FOGRA, "file": "shop-tiles-B.pdf", "pages": 2, "trim_size_mm": [218.0, 194.0], "duplex": "short",
         "pieces": {"shape": "domino", "size_mm": [22.0, 44.0], "per_sheet": [32]}},
        {**FOGRA, "file": "shop-tiles-C.pdf", "pages": 4, "trim_size_mm": [194.0, 218.0], "duplex": "long",
         "crop_marks": False, "bleed_mm": 0.0},
        {**FOGRA, "file": "shop-tiles-A-single.pdf", "pages": 64, "trim_size_mm": [22.0, 44.0], "crop_marks": False},
        {**FOGRA, "file": "shop-board.pdf", "pages": 1, "trim_size_mm": [277.0, 397.0], "crop_marks": False},
        {**FOGRA, "file": "shop-rules-classic-ru-cover.pdf", "pages": 4, "trim_size_mm": [148.0, 210.0]},
        {**FOGRA, "file": "shop-rules-classic-ru-interior.pdf", "pages": 60, "trim_size_mm": [148.0, 210.0]},
        {**FOGRA, "file": "shop-rules-en-interior.pdf", "pages": 72, "trim_size_mm": [148.0, 210.0]},
        {**FOGRA, "file": "shop-rules-en-cover.pdf", "pages": 4, "trim_size_mm": [148.0, 210.0]},
        {**FOGRA, "file": "shop-box-A-B.pdf", "pages": 2, "trim_size_mm": [[80.6, 79.8], [75.3, 73.7]],
         "spot_colours": ["Crease", "CutContour"]},
        {**FOGRA, "file": "shop-tokens-mexican-train.pdf", "pages": 1, "trim_size_mm": [164.3, 232.3],
         "spot_colours": ["CutContour"]},
        {**FOGRA, "file": "shop-tiles-triominoes.pdf", "pages": 4, "trim_size_mm": [200.0, 150.0], "duplex": "short",
         "crop_marks": False, "spot_colours": ["CutContour"],
         "pieces": {"shape": "triangle", "size_mm": [44.0], "per_sheet": [32, 24]}},
        {**FOGRA, "file": "shop-tiles-double-6.pdf", "pages": 2, "trim_size_mm": [180.0, 230.0], "duplex": "long",
         "crop_marks": False, "bleed_mm": 1.0},
        {**FOGRA, "file": "shop-box-C.pdf", "pages": 2, "trim_size_mm": [[60.0, 50.0], [55.5, 45.0]], "bleed_mm": 0.0,
         "crop_marks": False, "spot_colours": ["Crease", "CutContour"], "output_intent": "CGATS TR 006",
         "output_profile": None},
        {"file": "manifest.json"}, {"file": "tiles-A.pdf", "pages": 2},          # not shop files
    ]
    expected = """Print order for the files of this folder (made by opendomino)

Every file: PDF/X-1a, CMYK for CGATS TR 006, FOGRA39 (FOGRA39L_coated.icc), the profile embedded as its output \
intent. Print at 100 %, not scaled to fit.
Paper: coated, as the print condition assumes; the weights below are suggestions.

shop-board.pdf: the board
  Trim size: 277 x 397 mm, with 3 mm of bleed on every side.
  1 page, printed on one side.
  Suggested paper: card of 300-350 g/m², or mounted on 1.5-2 mm board so that it lies flat.
  Finishing: cut every piece to its trim (the file has no crop marks; its TrimBox says where).

shop-box-A-B.pdf: the folding box A-B, a page per piece
  Trim sizes: page 1: 80.6 x 79.8 mm; page 2: 75.3 x 73.7 mm, with 3 mm of bleed on every side.
  2 pages, printed on one side.
  Suggested paper: folding board or card of 300-350 g/m².
  Finishing: die-cut along the die line (spot colour CutContour), crease along the folds (spot colour Crease); \
both overprint and print no ink. Then fold and glue.

shop-box-C.pdf: the folding box C, a page per piece
  Trim sizes: page 1: 60 x 50 mm; page 2: 55.5 x 45 mm, without bleed.
  2 pages, printed on one side.
  Suggested paper: folding board or card of 300-350 g/m².
  Finishing: die-cut along the die line (spot colour CutContour), crease along the folds (spot colour Crease); \
both overprint and print no ink. Then fold and glue.

shop-rules-classic-ru-interior.pdf, shop-rules-classic-ru-cover.pdf: the booklet of classic domino games, in Russian
  Trim size: 148 x 210 mm, with 3 mm of bleed on every side.
  Interior: 60 pages in reading order. Cover: 4 pages, in order the outside front, inside front, inside back \
and outside back.
  Suggested paper: interior 90-120 g/m²; cover card of 200-250 g/m².
  Finishing: saddle-stitched with two staples, the cover around the interior.

shop-rules-en-interior.pdf, shop-rules-en-cover.pdf: the rule booklet of Open Domino, in English
  Trim size: 148 x 210 mm, with 3 mm of bleed on every side.
  Interior: 72 pages in reading order. Cover: 4 pages, in order the outside front, inside front, inside back \
and outside back.
  Suggested paper: interior 90-120 g/m²; cover card of 200-250 g/m².
  Finishing: saddle-stitched with two staples, the cover around the interior.

shop-tiles-A-single.pdf: the tiles of set A, a page per face
  Trim size: 22 x 44 mm, with 3 mm of bleed on every side.
  64 pages, printed on both sides: each even page is the back of the tile on the page before it.
  Suggested paper: card of 300-350 g/m²; for thicker tiles, a heavier board that the press prints on both \
sides, not card mounted on board after printing (the board would cover the backs).
  Finishing: cut every piece to its trim (the file has no crop marks; its TrimBox says where).

shop-tiles-B.pdf: the tiles of set B on gang sheets, fronts then backs
  Trim size: 218 x 194 mm, with 3 mm of bleed on every side.
  2 pages, printed on both sides: each even page is the back of the page before it. Turn the sheet over on its \
short edge: the backs are laid out mirrored for that turn, so print them as they are.
  Pieces: 32 tiles of 22 x 44 mm, on one sheet.
  Suggested paper: card of 300-350 g/m²; for thicker tiles, a heavier board that the press prints on both \
sides, not card mounted on board after printing (the board would cover the backs).
  Finishing: cut along the crop marks, at both edges of the 6 mm gutters between the tiles (a double cut).

shop-tiles-C.pdf: the tiles of set C on gang sheets, fronts then backs
  Trim size: 194 x 218 mm, without bleed.
  4 pages, printed on both sides: each even page is the back of the page before it. Turn the sheet over on its \
long edge: the backs are laid out mirrored for that turn, so print them as they are.
  Suggested paper: card of 300-350 g/m²; for thicker tiles, a heavier board that the press prints on both \
sides, not card mounted on board after printing (the board would cover the backs).
  Finishing: cut every piece to its trim (the file has no crop marks; its TrimBox says where).

shop-tiles-double-6.pdf: the tiles of set double-6 on gang sheets, fronts then backs
  Trim size: 180 x 230 mm, with 1 mm of bleed on every side.
  2 pages, printed on both sides: each even page is the back of the page before it. Turn the sheet over on its \
long edge: the backs are laid out mirrored for that turn, so print them as they are.
  Suggested paper: card of 300-350 g/m²; for thicker tiles, a heavier board that the press prints on both \
sides, not card mounted on board after printing (the board would cover the backs).
  Finishing: trim the sheet, then cut each tile out at both edges of the 2 mm gutters between the tiles (a double \
cut; the file has no crop marks).

shop-tiles-triominoes.pdf: the tiles of set triominoes on gang sheets, fronts then backs
  Trim size: 200 x 150 mm, with 3 mm of bleed on every side.
  4 pages, printed on both sides: each even page is the back of the page before it. Turn the sheet over on its \
short edge: the backs are laid out mirrored for that turn, so print them as they are.
  Pieces: 56 triangles with sides of 44 mm; sheet 1: 32; sheet 2: 24.
  Suggested paper: card of 300-350 g/m²; for thicker tiles, a heavier board that the press prints on both \
sides, not card mounted on board after printing (the board would cover the backs).
  Finishing: die-cut every piece along the die line, the spot colour CutContour (it overprints and prints no ink).

shop-tokens-mexican-train.pdf: the Mexican Train hub and train markers
  Trim size: 164.3 x 232.3 mm, with 3 mm of bleed on every side.
  1 page, printed on one side.
  Suggested paper: card of 300-350 g/m².
  Finishing: die-cut every piece along the die line, the spot colour CutContour (it overprints and prints no ink).
"""
    assert order_text(entries, "en").splitlines() == expected.splitlines()


def test_the_order_keeps_what_the_folder_still_holds_and_the_newest_facts(tmp_path):
    """An earlier command's files join the order while they are there; one written again is described
    as it is now, once; one since deleted is left out."""
    from generator.jobs.shop_order import write_shop_order
    from generator.settings.build_options import BuildReport

    for name in ("shop-board.pdf", "shop-tokens-mexican-train.pdf"):
        (tmp_path / name).write_bytes(b"%PDF")
    report = BuildReport()
    report.add(tmp_path / "shop-board.pdf", {**FOGRA, "pages": 1, "trim_size_mm": [300.0, 400.0]})
    previous = [{**FOGRA, "file": "shop-board.pdf", "pages": 1, "trim_size_mm": [277.0, 397.0]},
                {**FOGRA, "file": "shop-tokens-mexican-train.pdf", "pages": 1, "trim_size_mm": [164.3, 232.3]},
                {**FOGRA, "file": "shop-tiles-A.pdf", "pages": 2, "trim_size_mm": [218.0, 194.0]}]    # deleted since
    write_shop_order(tmp_path, report, previous, "en")
    text = (tmp_path / "ORDER.txt").read_text(encoding="utf-8")
    assert sorted(paragraphs(text)) == ["shop-board.pdf", "shop-tokens-mexican-train.pdf"]
    assert "300 x 400 mm" in text and "277 x 397" not in text
    assert report.written[-1] == tmp_path / "ORDER.txt"


def test_the_paper_asked_for_is_the_kind_the_print_condition_was_measured_on():
    """Each registered condition names its paper as its registry text says it ("... coated paper");
    the order asks for coated paper when every file's condition is coated, in either language, and
    for the kind its profile was made for when a file's condition is one of its own (Custom)."""
    from generator.colour.output_conditions import output_conditions

    for name, condition in output_conditions().items():
        assert condition["paper"] == ("coated" if "coated" in condition["condition"].lower() else "uncoated"), name
    board = {**FOGRA, "file": "shop-board.pdf", "pages": 1, "trim_size_mm": [277.0, 397.0]}
    gracol = {**board, "file": "shop-tokens-mexican-train.pdf", "output_intent": "CGATS TR 006", "output_profile": None}
    assert order_text([board, gracol], "en").splitlines()[3] == \
        "Paper: coated, as the print condition assumes; the weights below are suggestions."
    assert order_text([board, gracol], "ru").splitlines()[3] == \
        "Бумага: мелованная, как предполагает условие печати; плотности ниже — рекомендации."
    own = {**gracol, "output_intent": "Custom", "output_profile": "shop.icc"}
    assert order_text([board, own], "en").splitlines()[3] == \
        "Paper: the kind the embedded profile was made for; the weights below are suggestions."
