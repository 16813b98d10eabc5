"""A box for every set (issue 42): the folded box holds the set's stacks, measured on the die line
read back from the written PDF; every piece's cut is one closed path with its folds apart; the shop
file passes preflight with its CutContour separation; a box too large for the paper goes onto two
sheets and says which paper holds it; bad input is one line and status 2.

The expected sizes are worked out here from the set's facts (DESIGN.md: set A is 32 tiles of
22 x 44 mm; triominoes are 56 triangles of side 44 mm) and the numbers the command is given, not
taken from the code that drew the box.
"""

import math
from pathlib import Path
import re
import shutil
import subprocess
import tomllib

from conftest import run_cli
from pdf_inspect import MM, page_shapes, read_pdf, stroked_paths
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, BooleanObject, DictionaryObject, NameObject, TextStringObject
import pytest

from generator.jobs.box import box as boxes
from generator.jobs.build import BuildReport, build_tokens
from generator.jobs.preflight import preflight
from generator.settings.build_options import BoxOptions, BuildOptions

ROOT = Path(__file__).resolve().parent.parent
CARD = tomllib.loads((ROOT / "templates" / "boxes.toml").read_text())["card"]
NEAR = 0.02                 # mm: points of one drawing that coincide
ROOMY = 3.0                 # mm: more room than this in a panel would be a box too large for its set


def _mm(point, page_height: float) -> tuple[float, float]:
    return point[0] / MM, (page_height - point[1]) / MM


def die_lines(page) -> list[tuple[list, list]]:
    """(outline, folds) of every piece on a page, in mm from the top-left: each outline a closed,
    solid stroke; each fold a dashed, open, straight stroke whose two ends are corners of it."""
    height = float(page.mediabox.height)
    paths = stroked_paths(page)
    outlines = [[_mm(p, height) for p in path.points] for path in paths
                if path.closed and not path.dashed and len(path.points) >= 8]
    pieces = []
    for outline in outlines:
        def corner(point):
            return any(math.dist(point, vertex) < NEAR for vertex in outline)
        folds = [[_mm(p, height) for p in path.points] for path in paths if path.dashed and not path.closed]
        pieces.append((outline, [fold for fold in folds if len(fold) == 2 and all(corner(p) for p in fold)]))
    return pieces


def shell_panels(outline, folds) -> dict[str, float]:
    """A tray's or lid's floor (between its four folds) and its walls (from a floor fold to the rim)."""
    ends = [tuple(round(v, 2) for v in point) for fold in folds for point in fold]
    corners = [point for point in set(ends) if ends.count(point) >= 3]      # two floor folds and a tab's
    assert len(corners) == 4, corners
    x0, x1 = min(x for x, _ in corners), max(x for x, _ in corners)
    y0, y1 = min(y for _, y in corners), max(y for _, y in corners)
    beside = [x for x, y in outline if y0 - NEAR <= y <= y1 + NEAR]
    over = [y for x, y in outline if x0 - NEAR <= x <= x1 + NEAR]
    return {"width": x1 - x0, "length": y1 - y0,
            "walls": (y0 - min(over), max(over) - y1, x0 - min(beside), max(beside) - x1)}


def assert_holds(panels: dict, width: float, length: float, height: float | None) -> None:
    """Folded, the shell holds width x length x height (a lid: width x length): a floor between
    folds is its inside plus a card's thickness, a wall from its fold to the rim the inside height
    plus half of one."""
    card = CARD["thickness"]
    inside = (panels["width"] - card, panels["length"] - card, min(panels["walls"]) - card / 2)
    for got, need in zip(inside, (width, length) if height is None else (width, length, height)):
        assert need - NEAR <= got <= need + ROOMY, (inside, (width, length, height))


@pytest.fixture(scope="module")
def home_box(tmp_path_factory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("box")
    result = run_cli("box", "--sets", "A", "--tile-thickness", "1", "--box-clearance", "1", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out, result


def test_the_summary_says_the_inside_and_what_it_holds(home_box):
    out, result = home_box
    # 32 tiles of 22 x 44 x 1 mm, in the default 2 stacks of 16, and 1 mm more each way.
    assert "box-A.pdf: set A: 32 tiles in 2 stacks of 16; inside 45 × 45 × 17 mm" in result.stdout
    assert (out / "box-A.pdf").is_file() and result.stderr == ""


def test_the_folded_home_box_holds_the_set(home_box):
    out, _ = home_box
    reader = read_pdf(out / "box-A.pdf")
    assert len(reader.pages) == 1
    pieces = die_lines(reader.pages[0])
    assert len(pieces) == 2                                     # the tray and the lid
    tray, lid = sorted((shell_panels(*piece) for piece in pieces), key=lambda p: p["width"])
    assert_holds(tray, 2 * 22 + 1, 44 + 1, 16 + 1)
    # The lid slides over the tray's outside (a card's thickness on each side) and covers most of it.
    card = CARD["thickness"]
    assert_holds(lid, tray["width"] + card, tray["length"] + card, None)
    assert CARD["lid_min_depth"] <= min(lid["walls"]) <= max(lid["walls"]) <= min(tray["walls"]) + card


def test_every_piece_is_one_closed_cut_with_its_folds_apart(home_box):
    out, _ = home_box
    page = read_pdf(out / "box-A.pdf").pages[0]
    paths = stroked_paths(page)
    cuts = [path for path in paths if path.closed and not path.dashed and len(path.points) >= 8]
    assert len(cuts) == 2
    for outline, folds in die_lines(page):
        # A cross with four glue tabs: 4 corners a wall, 3 a tab, the floor's 4 where they meet.
        assert len(outline) == 20
        assert len(folds) == 8                  # the floor's four edges and the four tabs' hinges
        assert all(len(fold) == 2 for fold in folds)


@pytest.fixture(scope="module")
def shop_boxes(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shop-box")
    result = run_cli("box", "--sets", "triominoes", "--target", "shop", "--tile-thickness", "1",
                     "--box-clearance", "1", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "shop-box-triominoes.pdf"


def test_the_shop_box_passes_preflight_with_its_die_line(shop_boxes):
    result = run_cli("preflight", str(shop_boxes))
    assert result.returncode == 0, result.stdout
    assert "FAIL" not in result.stdout
    assert re.search(r"PASS  spot colours: only the CutContour die line: .* stroked 18 times, always with "
                     r"overprint on \(OP, OPM 1\)", result.stdout), result.stdout


def test_the_shop_die_line_is_a_separate_overprinting_cutcontour(shop_boxes):
    reader = read_pdf(shop_boxes)
    assert len(reader.pages) == 2
    for page in reader.pages:
        forms = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
        die_forms = [form for form in forms if "/ColorSpace" in form["/Resources"]]
        assert len(die_forms) == 1
        spaces = [space.get_object() for space in die_forms[0]["/Resources"]["/ColorSpace"].values()]
        assert [(str(s[0]), str(s[1]), str(s[2])) for s in spaces] == [("/Separation", "/CutContour", "/DeviceCMYK")]
        states = [state.get_object() for state in die_forms[0]["/Resources"]["/ExtGState"].values()]
        assert {"/OP": True} in [dict(s) for s in states] and {"/OPM": 1} in [dict(s) for s in states]
        strokes = stroked_paths(page)
        die = [path for path in strokes if path.colour and path.colour[0] == "spot"]
        assert die and all(path.colour[1] == "CutContour" and path.overprint for path in die)
        assert not [path for path in strokes if path.colour and path.colour[0] == "spot" and not path.overprint]


def test_the_shop_box_holds_the_triominoes_and_its_art_reaches_the_bleed(shop_boxes):
    reader = read_pdf(shop_boxes)
    tray_page, lid_page = reader.pages
    (outline, folds), = die_lines(tray_page)
    # 56 triangles of side 44 in 2 stacks of 28, pointing up and down in turn: 1.5 sides across,
    # a triangle's height along, 28 mm high; 1 mm more each way.
    assert_holds(shell_panels(outline, folds), 1.5 * 44 + 1, 44 * math.sqrt(3) / 2 + 1, 28 + 1)
    for page in (tray_page, lid_page):
        (outline, _), = die_lines(page)
        height = float(page.mediabox.height) / MM
        trim = [float(v) / MM for v in page["/TrimBox"]]
        bleed = [float(v) / MM for v in page["/BleedBox"]]
        xs, ys = [x for x, _ in outline], [height - y for _, y in outline]
        assert trim == pytest.approx([min(xs), min(ys), max(xs), max(ys)], abs=0.01)   # the die line's box
        assert bleed == pytest.approx([trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3], abs=0.01)
        fills = [rect for rect in page_shapes(page).rects if rect[4] is None]      # CMYK fills: the art's ground
        reach = [min(r[0] for r in fills), min(r[1] for r in fills), max(r[2] for r in fills), max(r[3] for r in fills)]
        assert [v / MM for v in reach] == pytest.approx(bleed, abs=0.01)          # the art runs to the bleed


def test_the_mexican_train_box_holds_the_printed_hub(tmp_path):
    build_tokens(BuildOptions(out=tmp_path), BuildReport())
    page = read_pdf(tmp_path / "tokens-mexican-train.pdf").pages[0]
    circles = [path for path in stroked_paths(page)
               if path.dashed and len(path.points) == 5 and math.dist(path.points[0], path.points[-1]) < 0.01]
    hub = max(max(x for x, _ in c.points) - min(x for x, _ in c.points) for c in circles) / MM   # its cut line
    boxes(BuildOptions(out=tmp_path, paper="a3"), BoxOptions(("mexican-train",), tile_thickness=1, clearance=1))
    pieces = die_lines(read_pdf(tmp_path / "box-mexican-train.pdf").pages[0])
    tray = min((shell_panels(*piece) for piece in pieces), key=lambda p: p["width"])
    # The hub lies flat with its 8 markers in its square's corners or on it: two pieces high, in a
    # box no lower than the 12 mm its glue tabs need.
    assert_holds(tray, hub + 1, hub + 1, max(2 + 1, 12))


def test_a_box_too_large_for_a4_takes_two_sheets_and_names_the_paper_that_holds_it(tmp_path):
    # double-18: 190 tiles in 9 stacks, a tray about 250 mm across: the tray on one A4, the lid on another.
    result = run_cli("box", "--sets", "double-18", "--out", str(tmp_path / "a4"))
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ("note: box-double-18.pdf: the box's pieces take 2 sheets of A4; A3 holds them "
                                     "on one sheet (--paper a3)")
    pages = read_pdf(tmp_path / "a4" / "box-double-18.pdf").pages
    assert [len(die_lines(page)) for page in pages] == [1, 1]
    # And A3 does.
    (tmp_path / "a3").mkdir()
    assert not boxes(BuildOptions(out=tmp_path / "a3", paper="a3"), BoxOptions(("double-18",))).notes
    pages = read_pdf(tmp_path / "a3" / "box-double-18.pdf").pages
    assert [len(die_lines(page)) for page in pages] == [2]


def test_together_gives_one_box_with_a_compartment_per_set(tmp_path):
    boxes(BuildOptions(out=tmp_path), BoxOptions(("A", "double-3"), together=True, tile_thickness=1, clearance=1))
    pieces = die_lines(read_pdf(tmp_path / "box-A-double-3.pdf").pages[0])
    shells = [shell_panels(*piece) for piece in pieces if len(piece[1]) == 8]
    dividers = [piece for piece in pieces if len(piece[1]) == 2]
    assert len(shells) == 2 and len(dividers) == 1
    tray = min(shells, key=lambda p: p["width"])
    # A's 2 stacks of 22 mm and double-3's one (10 tiles), 1 mm each, and a card between them.
    assert_holds(tray, (44 + 1) + CARD["thickness"] + (22 + 1), 44 + 1, 16 + 1)
    (outline, folds), = dividers
    (a, b), (c, d) = folds
    assert abs(a[0] - c[0]) == pytest.approx(45, abs=0.05)        # as long as the inside, between its folds
    assert abs(a[1] - b[1]) == pytest.approx(17, abs=0.05)        # and as high


def test_the_same_box_twice_is_the_same_file(home_box, tmp_path):
    """Made again, through the library this time, the box is the same to the byte."""
    out, _ = home_box
    boxes(BuildOptions(out=tmp_path, sets=("A",)), BoxOptions(("A",), tile_thickness=1, clearance=1))
    assert (tmp_path / "box-A.pdf").read_bytes() == (out / "box-A.pdf").read_bytes()


@pytest.mark.parametrize("args, said", [
    (("--sets", "A", "--tile-thickness", "0"), "--tile-thickness: 0 mm is outside 0.1-30 mm"),
    (("--sets", "A,Z"), "--sets: unknown set 'Z'"),
    (("--sets", "double-18", "--stacks", "1"), "larger than every paper the kit knows"),
    (("--sets", "A", "--stacks", "40"), "--stacks: 40 stacks for the 32 tiles of A"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path, args, said):
    result = run_cli("box", *args, "--out", str(tmp_path))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: ") and said in lines[0], result.stderr
    assert not list(tmp_path.glob("*.pdf"))


GHOSTSCRIPT = shutil.which("gs")


def plates(path: Path, folder: Path) -> dict:
    """Ghostscript as a print shop's RIP: page 1 split into its plates (tiffsep), by colorant name."""
    if GHOSTSCRIPT is None:
        pytest.skip("Ghostscript is not installed (.ci/run installs it)")
    from PIL import Image

    folder.mkdir()
    subprocess.run([GHOSTSCRIPT, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", "-r50",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={folder / 'p.tif'}", str(path)], check=True)
    return {plate.name[2:-5]: Image.open(plate).convert("L") for plate in folder.glob("p(*).tif")}


def test_a_rip_puts_the_die_line_on_its_own_plate_over_the_art(shop_boxes, tmp_path):
    """The die line is on the CutContour plate alone, and overprints: the process plates are the
    same as those of the file without its die line, none of the art knocked out under it."""
    from PIL import ImageChops

    def without_die_line(form):
        form.set_data(b"q Q")

    split = plates(shop_boxes, tmp_path / "file")
    bare = plates(_edited(shop_boxes, tmp_path / "bare.pdf", without_die_line), tmp_path / "bare")
    knocked = plates(_edited(shop_boxes, tmp_path / "knocked.pdf", _no_overprint), tmp_path / "knocked")
    process = ("Cyan", "Magenta", "Yellow", "Black")
    assert set(split) == {*process, "CutContour"} and set(bare) == set(process)
    assert split["CutContour"].getextrema()[0] < 128                   # the plate carries the die line
    assert all(ImageChops.difference(split[p], bare[p]).getbbox() is None for p in process)
    # The check can fail: without overprint the die line knocks the art out of the process plates.
    assert any(ImageChops.difference(knocked[p], bare[p]).getbbox() for p in process)


# --- preflight: only the CutContour die line, only stroked, overprinting ----------------------

def _edited(source: Path, target: Path, edit) -> Path:
    writer = PdfWriter(clone_from=str(source))
    for page in writer.pages:
        for form in page["/Resources"]["/XObject"].values():
            form = form.get_object()
            if "/ColorSpace" in form["/Resources"]:
                edit(form)
    with open(target, "wb") as handle:
        writer.write(handle)
    return target


def _renamed(form) -> None:
    for space in form["/Resources"]["/ColorSpace"].values():
        space.get_object()[1] = NameObject("/Gold")


def _no_overprint(form) -> None:
    for state in form["/Resources"]["/ExtGState"].values():
        if "/OP" in state.get_object():
            state.get_object()[NameObject("/OP")] = BooleanObject(False)


def _filled_too(form) -> None:
    form.set_data(form.get_data().replace(b"\nS\n", b"\nB\n"))


def _as_fill(form) -> None:
    form.set_data(form.get_data().replace(b"/CutContour CS 1 SCN", b"/CutContour cs 1 scn").replace(b"\nS\n", b"\nf\n"))


@pytest.mark.parametrize("edit, said", [
    (_renamed, "spot colour Gold: the kit's print-shop files carry no spot colour but the CutContour die line"),
    (_no_overprint, "the CutContour die line is stroked without overprint"),
    (_filled_too, "the CutContour die line's path is filled too"),
    (_as_fill, "the CutContour die line is used to fill"),
])
def test_preflight_fails_any_other_spot_colour_or_use(shop_boxes, tmp_path, edit, said):
    spot = next(c for c in preflight(_edited(shop_boxes, tmp_path / "edited.pdf", edit)) if c.name == "spot colours")
    assert not spot.passed and said in spot.detail, spot.detail


def test_preflight_fails_layers_which_pdfx_1a_does_not_allow(shop_boxes, tmp_path):
    """The die line is a form of its own, not a layer: optional content came with PDF 1.5 and
    PDF/X-4, and a PDF/X-1a file with it fails."""
    assert "/OCProperties" not in read_pdf(shop_boxes).trailer["/Root"]
    writer = PdfWriter(clone_from=str(shop_boxes))
    layer = writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/OCG"),
                                                 NameObject("/Name"): TextStringObject("die line")}))
    writer._root_object[NameObject("/OCProperties")] = DictionaryObject({
        NameObject("/OCGs"): ArrayObject([layer]),
        NameObject("/D"): DictionaryObject({NameObject("/ON"): ArrayObject([layer])})})
    path = tmp_path / "layered.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    pdfx = next(c for c in preflight(path) if c.name == "PDF/X identification")
    assert not pdfx.passed and "optional content (layers), which PDF/X-1a does not allow" in pdfx.detail


@pytest.mark.parametrize("change, said", [
    (("thickness = 0.4", "thickness = -0.4"), "[card] thickness = -0.4 must be a positive number"),
    (("glue_tab = 10.0", "glue_tab = \"wide\""), "Expected `float`, got `str` - at `$.card.glue_tab`"),
])
def test_the_box_numbers_are_checked_when_read(tmp_path, monkeypatch, change, said):
    from generator.errors import UserError
    from generator.model import box_size

    text = (ROOT / "templates" / "boxes.toml").read_text()
    assert change[0] in text
    (tmp_path / "boxes.toml").write_text(text.replace(change[0], change[1], 1))
    monkeypatch.setattr(box_size, "template_path", lambda name: tmp_path / name)
    box_size.box_numbers.cache_clear()
    try:
        with pytest.raises(UserError, match=re.escape(said)):
            box_size.box_numbers()
    finally:
        box_size.box_numbers.cache_clear()
