"""Words broken into lines (generator/scene/line_breaks.py), measured with Pillow's reading of the
same font files rather than the kit's reportlab metrics: every line fits the measure, a filled
line could take no more, and an evened text keeps the fewest lines with its longest line as short
as any breaking into that many lines allows (to the half-em step the kit narrows by)."""

from functools import cache

from PIL import ImageFont
import pytest

from generator.files.resources import font_path
from generator.model.texts import sheet_text
from generator.scene.fonts import FONT_FILES
from generator.scene.line_breaks import even_lines, filled_lines

SIZE = 3.0          # mm, the em size the texts are set at here


@cache
def _font(role: str) -> ImageFont.FreeTypeFont:
    # FreeType's plain layout, without GPOS kerning: the kit's PDFs set text unkerned, so a printed
    # line is as wide as its letters' advances.
    return ImageFont.truetype(str(font_path(FONT_FILES[role])), 1000, layout_engine=ImageFont.Layout.BASIC)


def width_of(text: str, role: str = "sans") -> float:
    """The text's advance at SIZE mm, as Pillow (FreeType) measures it."""
    return _font(role).getlength(text) / 1000 * SIZE


def least_longest(words: list[str], count: int) -> float:
    """The shortest possible longest line over every breaking of the words into `count` lines."""
    n = len(words)
    best = {(0, 0): 0.0}            # (words placed, lines used) -> least longest line so far
    for used in range(1, count + 1):
        for end in range(1, n + 1):
            options = [max(best[(start, used - 1)], width_of(" ".join(words[start:end])))
                       for start in range(end) if (start, used - 1) in best]
            if options:
                best[(end, used)] = min(options)
    return best[(n, count)]


TEXTS = [sheet_text(lang, key) for lang in ("en", "ru") for key in ("setup_hint",)] + [
    "Print this sheet at 100 % on the paper and printer you will use, then hold it to the light",
    "Сложите лист пополам по короткой стороне и скрепите посередине двумя скрепками",
]
MEASURES = [30.0, 45.0, 62.5, 80.0, 120.0]


def units(text: str) -> list[str]:
    """What a line may break between: the words, but a spaced dash (" — ", " – ") goes with the word
    before it, as Russian and English typesetting both ask: a line never starts with one."""
    found: list[str] = []
    for word in text.split():
        if found and word in ("—", "–"):
            found[-1] = f"{found[-1]} {word}"
        else:
            found.append(word)
    return found


@pytest.mark.parametrize("text", TEXTS, ids=["hint-en", "hint-ru", "steps-en", "fold-ru"])
def test_lines_fit_fill_and_even_out(text):
    words = units(text)
    for measure in MEASURES:
        filled = filled_lines(text, "sans", SIZE, measure)
        evened = even_lines(text, "sans", SIZE, measure)
        for lines in (filled, evened):
            assert " ".join(lines).split() == text.split(), measure
            for line in lines:
                assert len(units(line)) == 1 or width_of(line) <= measure + 0.01, (measure, line)
                assert not line.startswith(("—", "–")), (measure, lines)
        for line, following in zip(filled, filled[1:]):           # a filled line could take no more
            assert width_of(f"{line} {units(following)[0]}") > measure - 0.01, (measure, line)
        assert len(evened) == len(filled), measure                 # greedy filling: the fewest lines
        longest = max(width_of(line) for line in evened)
        assert longest <= least_longest(words, len(evened)) + SIZE / 2 + 0.01, (measure, evened)


def test_a_word_is_not_left_alone_on_the_last_line_when_it_need_not_be():
    text = "one two three four five"
    measure = width_of("one two three four") + 0.5
    assert filled_lines(text, "sans", SIZE, measure) == ["one two three four", "five"]
    evened = even_lines(text, "sans", SIZE, measure)
    assert len(evened) == 2 and len(evened[-1].split()) >= 2, evened
