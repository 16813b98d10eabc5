"""The printer calibration sheet, read from the written PDF.

A user prints calibration.pdf double-sided, holds it to the light and reads on the front's rulers
where the back's crosshairs fall; that reading becomes every later build's --back-offset. A ruler
numbered the wrong way round, a crosshair in the wrong place or words printed over a ruler give a
wrong offset, and nobody sees it until a whole set's backs are cut off centre. So these tests know
the answers from what the sheet tells its reader (ticks every millimetre, numbers every 5, DX
right and DY down positive, "it should read 0,0" once the offset is given) and from how a sheet
turns over its edge, not from the code that drew it.
"""

import math
import re

from conftest import run_cli
from pdf_inspect import MM, character_boxes, circles, page_shapes, read_pdf, scale_bars, stroked_paths
import pypdfium2
import pytest

from generator.model.texts import sheet_text

REACH = 5.0           # mm: a home printer prints no closer to the paper's edge (print conventions)


def _segments(page) -> list[tuple[float, float, float, float]]:
    """Every straight line on a page, in mm from the top-left, each from its left or upper end."""
    height = float(page.mediabox.height)
    found = []
    for x0, y0, x1, y1, *_ in page_shapes(page).lines:
        a, b = (x0 / MM, (height - y0) / MM), (x1 / MM, (height - y1) / MM)
        found.append((*min(a, b), *max(a, b)))
    return found


def _crossings(segments, length: float) -> list[tuple[float, float, float]]:
    """(x, y, half length) where a horizontal and a vertical line of `length` mm cross at both midpoints."""
    across = [s for s in segments if abs(s[1] - s[3]) < 1e-3 and abs(s[2] - s[0] - length) < 0.01]
    down = [s for s in segments if abs(s[0] - s[2]) < 1e-3 and abs(s[3] - s[1] - length) < 0.01]
    return sorted((round((h[0] + h[2]) / 2, 3), round(h[1], 3), length / 2) for h in across for v in down
                  if abs((h[0] + h[2]) / 2 - v[0]) < 0.01 and abs((v[1] + v[3]) / 2 - h[1]) < 0.01)


def _word(characters, inside) -> str:
    """The characters whose box centres satisfy `inside(x, y)`, left to right."""
    chosen = [(box[0], char) for char, box in characters if inside((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)]
    return "".join(char for _, char in sorted(chosen))


def _box_gap(a, b) -> float:
    """The shortest distance between two boxes (left, top, right, bottom), 0 where they touch or overlap."""
    across = max(0.0, b[0] - a[2], a[0] - b[2])
    down = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(across, down)


def _seen_from_the_front(x: float, y: float, flip: str, width: float, height: float) -> tuple[float, float]:
    """Where a point printed on the back lies when the sheet is held to the light, front towards you.
    A sheet turned over an edge that runs up the page is mirrored left to right; over an edge that
    runs across, top to bottom. Its long edges run up the page when it is taller than wide."""
    long_edges_upright = height > width
    if (flip == "long") == long_edges_upright:
        return width - x, y
    return x, height - y


CASES = [  # paper, layout, back offset, language
    ("a4", "duplex-long", (1.5, -0.75), "en"),
    ("297x210", "duplex-short", (-2.0, 1.25), "ru"),
    ("148x210", "duplex-short", (0.5, 3.0), "ru"),
    ("letter", "duplex-long", (0.0, 0.0), "en"),
]


def check_sheet(pdf, flip: str, offset: tuple[float, float], lang: str, spread: bool = True) -> None:
    """Front: three targets, each where a 20 mm ruler across meets a 20 mm ruler down at their
    middles, with a ring on the zero; a tick every millimetre from -10 to +10 and none past, those
    at multiples of 5 longer; under the ruler across its numbers -10, -5, +5, +10 at their ticks,
    left of the ruler down its numbers at theirs (on the sides without ticks), plus downwards; DX past the right end, DY past
    the lower end; the middle target halfway between the other two. Back: behind each target a
    crosshair, two arms longer than the ruler crossing in a ring. Held to the light, each crosshair
    lies at its target less the offset, so a printer that moves the back by that offset makes it
    read 0,0, as the sheet promises. The 50 mm bar is centred across the foot. The instructions'
    steps start in line with the title, a step's later lines hang under its first word, and the
    words keep the same margin right as left. Nothing on either side lies in the 5 mm a home
    printer cannot reach, no two characters overlap, and no character lies on a line."""
    reader = read_pdf(pdf)
    assert len(reader.pages) == 2
    edge = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}[flip]
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == edge
    front, back = reader.pages
    width, height = float(front.mediabox.width) / MM, float(front.mediabox.height) / MM

    lines = _segments(front)
    targets = [(x, y) for x, y, _ in _crossings(lines, 20.0)]
    assert len(targets) == 3
    rings = circles(stroked_paths(front), height * MM)
    characters = character_boxes(pdf, 0, height)
    for tx, ty in targets:
        assert any(math.dist((x, y), (tx, ty)) < 0.01 and r < 1.0 for x, y, r in rings), "no ring on the zero"
        near = [s for s in lines if math.dist((s[0], s[1]), (tx, ty)) < 20 and math.dist((s[2], s[3]), (tx, ty)) < 20]
        ticks_across = {round(s[0] - tx, 3): s[3] - s[1] for s in near if s[0] == s[2] and abs(s[3] - ty) < 1e-3}
        ticks_down = {round(s[1] - ty, 3): s[2] - s[0] for s in near if s[1] == s[3] and abs(s[0] - tx) < 1e-3}
        for ticks in (ticks_across, ticks_down):
            assert sorted(ticks) == list(range(-10, 11))
            long_ticks = {round(ticks[k], 3) for k in ticks if k % 5 == 0}
            short_ticks = {round(ticks[k], 3) for k in ticks if k % 5}
            assert len(long_ticks) == len(short_ticks) == 1 and long_ticks.pop() > short_ticks.pop()
        across_boxes, down_boxes = [], []
        for k in (-10, -5, 5, 10):
            def under(x, y, k=k):
                return abs(x - (tx + k)) < 2.2 and ty < y < ty + 4.5

            def beside(x, y, k=k):
                return tx - 10 < x < tx - 0.5 and abs(y - (ty + k)) < 1.5

            assert _word(characters, under) == _word(characters, beside) == f"{k:+d}", k
            across_boxes += [box for _, box in characters if under((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)]
            down_boxes += [box for _, box in characters if beside((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)]
        # A number of one ruler is never read as the other's: the two rulers' numbers stand 1.5 mm apart at least.
        assert min(_box_gap(a, b) for a in across_boxes for b in down_boxes) >= 1.5
        assert _word(characters, lambda x, y: tx + 10 < x < tx + 20 and abs(y - ty) < 1.5) == "DX"
        assert _word(characters, lambda x, y: abs(x - tx) < 3 and ty + 11.5 < y < ty + 16) == "DY"
    first, middle, last = sorted(targets, key=lambda point: point[0] + point[1])
    assert middle == pytest.approx(((first[0] + last[0]) / 2, (first[1] + last[1]) / 2), abs=0.01)
    if spread:                         # over the page, so that a turned or scaled back reads differently
        assert last[0] - first[0] >= width / 2 and last[1] - first[1] >= height / 3
    bars = scale_bars(page_shapes(front))
    assert len(bars) == 1 and (bars[0][0] + bars[0][2]) / 2 / MM == pytest.approx(width / 2, abs=0.01)

    words = [(char, box) for char, box in character_boxes(pdf, 0, height, loose=True)      # the instructions
             if box[3] < min(y for _, y in targets) - 10
             and all(math.dist(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), target) > 20 for target in targets)]
    rows: dict[float, list] = {}
    for char, box in words:
        rows.setdefault(round(box[3], 1), []).append((box[0], char, box))     # by the line's foot
    text_rows = [sorted(row) for _, row in sorted(rows.items())]
    starts = [row[0][0] for row in text_rows]
    steps = [i for i, row in enumerate(text_rows) if re.match(r"\d\.", "".join(c for _, c, _ in row[:2]))]
    assert len(steps) == 4 and len(text_rows) >= 5, [("".join(c for _, c, _ in row)) for row in text_rows]
    assert all(abs(starts[i] - starts[0]) < 0.3 for i in steps)     # the title and every step's number
    for step, following in zip(steps, steps[1:] + [len(text_rows)]):
        first_word = text_rows[step][2][0]                           # after "N."
        for row in range(step + 1, following):
            assert starts[row] == pytest.approx(first_word, abs=0.4), "a step's later line does not hang"
    assert max(box[2] for _, box in words) <= width - min(starts) + 0.01, "the words' right margin is narrower"

    back_lines = _segments(back)
    crosshairs = _crossings(back_lines, max(s[2] - s[0] for s in back_lines))
    assert len(crosshairs) == 3 and crosshairs[0][2] > 10          # each arm reaches a ruler at any reading
    back_rings = circles(stroked_paths(back), height * MM)
    for x, y, _ in crosshairs:
        assert any(math.dist((x, y), (u, v)) < 0.01 and r < 3 for u, v, r in back_rings)
    seen = sorted(_seen_from_the_front(x, y, flip, width, height) for x, y, _ in crosshairs)
    wanted = sorted((tx - offset[0], ty - offset[1]) for tx, ty in targets)
    assert [v for point in seen for v in point] == pytest.approx([v for point in wanted for v in point], abs=0.01)
    document = pypdfium2.PdfDocument(str(pdf))
    back_words = " ".join(document[1].get_textpage().get_text_range().split())
    document.close()
    assert back_words == " ".join(sheet_text(lang, "calibrate_back").split())      # its lines in reading order
    tops = [box[1] for _, box in character_boxes(pdf, 1, height, loose=True) if box[1] > height / 2]
    assert tops == sorted(tops), "the back's words do not run down the page in reading order"

    for index, page_lines in ((0, lines), (1, back_lines)):
        page_characters = characters if index == 0 else character_boxes(pdf, 1, height)
        assert page_characters
        boxes = [box for _, box in page_characters] + [s for s in page_lines]
        assert all(REACH <= b[0] and b[2] <= width - REACH and REACH <= b[1] and b[3] <= height - REACH
                   for b in boxes), "printed where a home printer cannot reach"
        for i, (_, a) in enumerate(page_characters):
            for _, b in page_characters[i + 1:]:
                # (a kerned pair's glyph boxes may touch: by 0.03 mm in "Te")
                assert min(a[2], b[2]) - max(a[0], b[0]) < 0.25 or min(a[3], b[3]) - max(a[1], b[1]) < 0.25, \
                    "characters overlap"
            for s in page_lines:
                assert s[2] < a[0] or a[2] < s[0] or s[3] < a[1] or a[3] < s[1], "a character on a line"


@pytest.mark.parametrize("paper, layout, offset, lang", CASES)
def test_the_sheet_reads_the_offset_it_was_made_for(tmp_path, paper, layout, offset, lang):
    """The sheet on four papers, portrait and landscape, both flips, both languages (check_sheet)."""
    result = run_cli("calibrate", "--out", tmp_path, "--paper", paper, "--layout", layout,
                     "--back-offset", ",".join(f"{v:g}" for v in offset), "--lang", lang)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "calibration.pdf"
    if paper == "297x210":
        page = read_pdf(pdf).pages[0]
        assert (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM) == pytest.approx((297, 210))
    check_sheet(pdf, layout.removeprefix("duplex-"), offset, lang)


@pytest.mark.parametrize("paper", ["90x187", "90x189", "117x150", "118x150", "210x92", "210x94"])
def test_a_small_paper_gives_a_whole_sheet_or_one_line(tmp_path, paper):
    """Papers about as small as the sheet allows, narrow, short and in between: each either gets a
    sheet that check_sheet passes (its rulers apart, nothing out of reach, the targets in a column
    or a row where the paper leaves no room for more spread), or one error line naming --paper and
    nothing written."""
    result = run_cli("calibrate", "--out", tmp_path / "out", "--paper", paper, "--back-offset", "1,-2")
    if result.returncode == 2:
        assert result.stderr.startswith(f"opendomino: error: --paper: {paper} mm ") and result.stderr.count("\n") == 1
        assert not (tmp_path / "out").exists()
    else:
        assert result.returncode == 0, result.stderr
        check_sheet(tmp_path / "out" / "calibration.pdf", "long", (1.0, -2.0), "en", spread=False)


def test_a_paper_too_small_is_refused_and_the_paper_it_names_holds_the_sheet(tmp_path):
    """The smallest custom paper (90 mm a side) cannot hold the instructions and three rulers: one
    line names --paper and the least paper that does, and nothing is written. That paper, in
    either language and either flip, gives the sheet, its words broken to fit."""
    failed = run_cli("calibrate", "--out", tmp_path / "small", "--paper", "90x120")
    assert failed.returncode == 2 and not (tmp_path / "small").exists()
    line = failed.stderr.strip()
    assert len(line.splitlines()) == 1 and line.startswith("opendomino: error: --paper: 90x120 mm ")
    least = re.search(r"at least (\d+x\d+) mm", line)
    assert least, line
    for lang, layout in (("en", "duplex-long"), ("ru", "duplex-short")):
        out = tmp_path / lang
        made = run_cli("calibrate", "--out", out, "--paper", least[1], "--lang", lang, "--layout", layout)
        assert made.returncode == 0, made.stderr
        height = float(read_pdf(out / "calibration.pdf").pages[0].mediabox.height) / MM
        characters = character_boxes(out / "calibration.pdf", 0, height)
        width = float(read_pdf(out / "calibration.pdf").pages[0].mediabox.width) / MM
        assert max(box[2] for _, box in characters) <= width - REACH
