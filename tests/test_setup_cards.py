"""A setup card's page as pdfium and pypdf read it back: the layout's figure as large as the room
under the card's words allows, centred in it and square to the page, its cells and tiles in the
shape the tile size gives; the words' lines spaced as lines of type are."""

from collections import Counter

from conftest import run_cli
from pdf_inspect import MM, character_boxes, read_pdf, text_runs
from pdfium_paths import page_paths
import pytest

from generator.model.texts import sheet_text
from generator.words import grouped

TILE = (22, 44)         # the default tile, and the board's cells 2 mm larger each way (docs/reference/sizes.md)
CELL = (24, 46)
LEADING = 1.2           # a line of type at least 1.2 em below the one above it


def written_card(folder, set_name: str, number: int, paper: str, lang: str):
    """Write the card of catalogue layout `number` and read it back: (its PDF, the page's pypdf
    reading, its width and height in mm, the title's words, the hint's words, and the text runs
    (words, em size, baseline) that print the title and the hint, in the page's order)."""
    result = run_cli("layouts", "card", "--set", set_name, "--number", str(number), "--paper", paper,
                     "--lang", lang, "--out", folder)
    assert result.returncode == 0, result.stderr
    pdf = folder / f"setup-card-{set_name}-{number}.pdf"
    page = read_pdf(pdf).pages[0]
    title = sheet_text(lang, "setup_title_numbered", set_name=set_name, number=grouped(number, lang)).split()
    hint = sheet_text(lang, "setup_hint").split()
    lines, read = [], 0
    for run in text_runs(page):
        if read >= len(title + hint):
            break
        lines.append(run)
        read += len(run[0])
    return (pdf, page, float(page.mediabox.width) / MM, float(page.mediabox.height) / MM, title, hint, lines)


@pytest.mark.parametrize("paper, lang", [("a4", "en"), ("297x210", "ru"), ("148x210", "ru"), ("90x120", "ru"),
                                         ("120x420", "en")], ids=["a4", "landscape-ru", "a5-ru", "least-ru", "tall"])
def test_a_setup_cards_figure_fills_the_room_under_its_words_centred_and_square(tmp_path, paper, lang):
    pdf, page, width, height, title, hint, lines = written_card(tmp_path, "A", 7, paper, lang)

    # The words: title, then hint, each line at least LEADING em under the one before, and the hint
    # close under the title (its first line within 2 em of the title's size below the title's last).
    words = title + hint
    assert [word for line, *_ in lines for word in line] == words
    for (_, size, baseline), (_, next_size, next_baseline) in zip(lines, lines[1:]):
        assert next_baseline - baseline >= LEADING * max(size, next_size) - 1e-6, (lines, paper)
    title_lines = next(n for n in range(1, len(lines) + 1) if sum(len(line[0]) for line in lines[:n]) == len(title))
    (_, title_size, title_end), (*_, hint_start) = lines[title_lines - 1], lines[title_lines]
    assert hint_start - title_end <= 2 * title_size, (lines, paper)
    words_bottom = max(box[3] for _, box in character_boxes(pdf, 0, height)[:len("".join(words))])

    # The figure: every path on the page, in mm from the top-left.
    paths = page_paths(pdf, 0)
    points = [(x / MM, height - y / MM) for path in paths for x, y in path.points]
    left, right = min(x for x, _ in points), max(x for x, _ in points)
    top, bottom = min(y for _, y in points), max(y for _, y in points)
    assert words_bottom < top and left >= 10 and right <= width - 10 and bottom <= height - 10, (paper, left, top)
    assert left == pytest.approx(width - right, abs=0.05), "not centred across the page"
    # As large as the room allows: it spans the width between the margins, or reaches the bottom one;
    # where it spans the width, it floats in the middle of the room below the words.
    room_below = height - bottom
    assert min(left, room_below) <= 12.5, (paper, left, room_below)
    assert abs((top - words_bottom) - room_below) < 10, (paper, top - words_bottom, room_below)

    # Square to the page, and the right shapes: each four-cornered filled path has its edges across
    # or down; the 64 cells are tile-shaped cells, the 32 tiles are tiles, at one scale.
    sizes = Counter()
    for path in paths:
        if path.filled and len(path.points) in (4, 5):
            corners = path.points
            for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
                assert abs(x0 - x1) < 0.01 or abs(y0 - y1) < 0.01, (paper, corners)
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            sizes[(round((max(xs) - min(xs)) / MM, 2), round((max(ys) - min(ys)) / MM, 2))] += 1
    (cell, cells), (tile, tiles) = sorted(((size, n) for size, n in sizes.items() if n in (32, 64)),
                                          key=lambda item: -item[1])
    assert (cells, tiles) == (64, 32), sizes
    scale = cell[0] / CELL[0]
    assert cell[1] == pytest.approx(CELL[1] * scale, abs=0.02) and tile == pytest.approx(
        (TILE[0] * scale, TILE[1] * scale), abs=0.02), (cell, tile)
