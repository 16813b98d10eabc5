"""The classic sets: double-3 to double-18, Chinese and picture dominoes, and sets of the user's own.

Composition and validation from the data; the art measured in the drawing and in rendered
pixels; the sheets, shop files and exports measured in the files the commands write.
"""

from collections import Counter
import math
from pathlib import Path

from conftest import run_cli
from pdf_inspect import MM, page_shapes, page_texts, read_pdf
from PIL import Image, ImageChops, ImageStat
import pytest

from generator.art.digits import pip_patterns
from generator.art.tile import tile_back, tile_front
from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.imposition.mirror import mirror_box
from generator.jobs.build import BuildOptions, BuildReport, build, build_tile_sheets
from generator.jobs.exports import ExportOptions, export
from generator.jobs.preflight import preflight
from generator.jobs.set_report import unicode_tile
from generator.model.classic_sets import load_classic_set_file
from generator.model.set_loader import CLASSIC_SET_NAMES, load_set
from generator.scene.drawing import Circle, Group, Line, Polygon, Rect, Text
from generator.scene.sizes import TileSize
from generator.writers.png import render

COUNTS = {"double-3": 10, "double-6": 28, "double-9": 55, "double-12": 91, "double-15": 136, "double-18": 190,
          "chinese": 32, "picture": 28}
CIVIL = {(6, 6), (1, 1), (4, 4), (1, 3), (5, 5), (3, 3), (2, 2), (5, 6), (4, 6), (1, 6), (1, 5)}
MILITARY = {(3, 6), (4, 5), (2, 6), (3, 5), (2, 5), (3, 4), (1, 4), (2, 3), (2, 4), (1, 2)}


# --- composition ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", COUNTS.items())
def test_tile_counts(name, count):
    assert CLASSIC_SET_NAMES == (*COUNTS, "triominoes")        # triominoes: tests/test_triominoes.py
    tile_set = load_set(name)
    assert len(tile_set.tiles) == count
    assert len({t.id for t in tile_set.tiles}) == count
    assert all(t.group is None and t.row is None and t.column is None for t in tile_set.tiles)


@pytest.mark.parametrize("n", [3, 6, 9, 12, 15, 18])
def test_double_n_holds_every_pair_once(n):
    tile_set = load_set(f"double-{n}")
    assert len(tile_set.tiles) == (n + 1) * (n + 2) // 2
    assert Counter(t.digits for t in tile_set.tiles) == Counter((a, b) for a in range(n + 1) for b in range(a, n + 1))
    # Every suit holds n + 2 appearances of its number: n + 1 tiles, the double counting twice.
    for number in range(n + 1):
        assert sum((t.head == number) + (t.tail == number) for t in tile_set.tiles) == n + 2


def test_chinese_civil_twice_military_once_no_blank():
    tile_set = load_set("chinese")
    counts = Counter(t.digits for t in tile_set.tiles)
    assert {pair for pair, n in counts.items() if n == 2} == CIVIL
    assert {pair for pair, n in counts.items() if n == 1} == MILITARY
    assert len(counts) == 21 and min(min(p) for p in counts) == 1 and max(max(p) for p in counts) == 6


def test_picture_set_is_a_double_six_with_seven_pictures():
    tile_set = load_set("picture")
    assert len(tile_set.symbols) == 7 == len(set(tile_set.symbols))
    assert Counter(t.digits for t in tile_set.tiles) == Counter(load_set("double-6").tiles[i].digits for i in range(28))


def picture_names_drawn(drawing) -> list[str]:
    """Which pictures of templates/symbols.toml a front shows, head first: each known by its shapes,
    in the picture's own units (a group scaled and moved onto its half, turned in the upper one)."""
    from generator.art.digits import symbol_shapes

    def shape_of(item):
        if isinstance(item, Circle):
            return ("circle", (item.cx, item.cy, item.r))
        if isinstance(item, Line):
            return ("line", ((item.x1, item.y1), (item.x2, item.y2)))
        return ("polygon", tuple(item.points))

    known = {name: [next((kind, tuple(tuple(v) if isinstance(v, list) else v for v in shape[kind]))
                         for kind in ("circle", "line", "polygon") if kind in shape) for shape in shapes]
             for name, shapes in symbol_shapes().items()}
    found = []
    for item in drawing.items:
        inner = item.items[0] if isinstance(item, Group) and isinstance(item.items[0], Group) else item
        if isinstance(inner, Group):
            names = [name for name, shapes in known.items() if shapes == [shape_of(i) for i in inner.items]]
            assert len(names) == 1, names
            found.append((inner.transform.apply(0, 0)[1], names[0]))      # the picture's centre, down the tile
    return [name for _, name in sorted(found)]


def test_a_set_of_pictures_from_one_up_shows_the_first_picture_for_one(tmp_path):
    """symbols lists one picture per number from the lowest up: with lowest = 1 the 1 is the first."""
    path = write(tmp_path, 'name = "zoo"\ntiles = ["1-1", "1-2", "1-3", "2-3", "3-3"]\nlowest = 1\nhighest = 3\n'
                 'digits = "symbols"\nsymbols = ["fish", "moon", "leaf"]\n')
    tile_set = load_classic_set_file(path)
    theme = load_theme()
    picture = {1: "fish", 2: "moon", 3: "leaf"}
    for tile in tile_set.tiles:
        drawn = picture_names_drawn(tile_front(tile, tile_set, theme, TileSize()))
        assert drawn == [picture[tile.head], picture[tile.tail]], (tile.id, drawn)
    bundled = load_set("picture")           # from 0: the 0 is the first picture
    for tile in bundled.tiles:
        drawn = picture_names_drawn(tile_front(tile, bundled, theme, TileSize()))
        assert drawn == [bundled.symbols[tile.head], bundled.symbols[tile.tail]], (tile.id, drawn)


@pytest.mark.parametrize("theme_name", ["classic", "grayscale"])
def test_each_picture_stands_centred_on_its_half_in_its_own_colour(theme_name):
    """A picture (templates/symbols.toml: a box from -1 to 1) stands on the middle of its half,
    the head's turned to face its own end; its shapes painted "fill" take the number's colour from
    the theme file ([picture] N), "ink" the digit colour, "face" the face colour."""
    from generator.art.digits import symbol_shapes

    data = load_toml(template_path(f"themes/{theme_name}.toml"))
    theme, tile_set = load_theme(theme_name), load_set("picture")
    size = TileSize()
    for tile in tile_set.tiles:
        groups = [item for item in tile_front(tile, tile_set, theme, size).items if isinstance(item, Group)]
        assert len(groups) == 2, tile.id
        for outer in groups:
            inner = outer.items[0] if isinstance(outer.items[0], Group) else outer
            turned = inner is not outer
            centre = inner.transform.apply(0, 0)
            if turned:
                centre = outer.transform.apply(*centre)
                assert (outer.transform.a, outer.transform.d) == pytest.approx((-1, -1)), tile.id
            number = tile.head if centre[1] < size.height / 2 else tile.tail
            assert turned == (centre[1] < size.height / 2), tile.id            # the head's faces the far end
            expected_y = size.height / 4 if turned else 3 * size.height / 4
            assert centre == pytest.approx((size.width / 2, expected_y)), tile.id
            shapes = symbol_shapes()[tile_set.symbols[number]]
            assert len(shapes) == len(inner.items), tile.id
            for shape, item in zip(shapes, inner.items):
                paint = shape["paint"]
                wanted = data["picture"][str(number)]["hex"] if paint == "fill" else \
                    data["tile"]["digit" if paint == "ink" else "face"]["hex"]
                drawn = item.style.stroke if "line" in shape else item.style.fill
                assert drawn.hex.lower() == wanted.lower(), (tile.id, paint)


# --- a set file of your own: one test per rule ------------------------------------------------

GOOD = 'name = "club-4"\ndouble = 4\ndigits = "pips"\n[back]\nmark = "C"\n'


def write(tmp_path, text, name="club.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_set_file(tmp_path):
    tile_set = load_classic_set_file(write(tmp_path, GOOD))
    assert len(tile_set.tiles) == 15 and tile_set.name == "club-4"


@pytest.mark.parametrize("text, names", [
    (GOOD + "colour = 1\n", ["unknown key 'colour'"]),
    (GOOD.replace('"club-4"', '"Club 4"'), ["name = 'Club 4'", "lower case"]),
    (GOOD.replace('"pips"', '"dots"'), ["digits = 'dots'", "pips, numerals, chinese or symbols".replace(" or", ",")]),
    (GOOD.replace("double = 4", "double = 19"), ["double = 19", "from 1 to 18"]),
    ('name = "x"\ntiles = ["0-1", "1-7"]\nhighest = 6\n', ["tile 1-7", "number 7", "outside this set's 0-6"]),
    ('name = "x"\ntiles = ["0-1", "1-0"]\nhighest = 6\n', ["tile 1-0 is listed twice"]),
    ('name = "x"\ntiles = ["0-1"]\ntwice = ["2-2"]\nhighest = 6\n', ["twice names tile 2-2", "add it there"]),
    ('name = "x"\ndouble = 2\ntiles = ["0-0", "0-1", "0-2", "1-1", "1-2"]\n', ["tile 2-2 is missing", "double-2"]),
    ('name = "x"\ndouble = 1\ntiles = ["0-0", "0-1", "1-1"]\ntwice = ["0-1"]\n', ["tile 0-1 is one too many"]),
    ('name = "x"\ntiles = ["0-0", "0 1"]\nhighest = 1\n', ["'0 1' is not a tile", "\"3-5\""]),
    ('name = "x"\ndouble = 2\ndigits = "symbols"\nsymbols = ["sun", "star"]\n', ["symbols must list 3 pictures"]),
    ('name = "x"\ndouble = 1\ndigits = "symbols"\nsymbols = ["sun", "robot"]\n', ["'robot' for 1", "use one of"]),
    (GOOD.replace('mark = "C"', 'mark = "CLUB"'), ["mark = 'CLUB'", "at most 3 characters"]),
    ('name = "x"\n', ["double = N", "tiles = ["]),
    ('name = "x"\nlayout = {}\ndouble = 3\n', ["unknown key 'layout'"]),
    ('name = "x"\nshape = "square"\ndouble = 3\n', ["shape = 'square'", 'use "domino" or "triangle"']),
    ('name = "x"\ndigits = "numerals"\ndouble = 99\n', ["5050 tiles", "at most 1000"]),     # not only a list
    ('name = "x"\ndigits = "chinese"\nlowest = 0\ndouble = 6\n', ["lowest = 0", "from 1 to 6"]),  # dice have no 0
])
def test_every_mistake_is_one_line_naming_the_file_tile_and_rule(tmp_path, text, names):
    with pytest.raises(UserError) as caught:
        load_classic_set_file(write(tmp_path, text))
    message = str(caught.value)
    assert "\n" not in message and message.startswith("club.toml: "), message
    for name in names:
        assert name in message, (name, message)


def test_a_set_file_cannot_take_a_bundled_name(tmp_path):
    path = write(tmp_path, GOOD.replace('"club-4"', '"double-9"'))
    result = run_cli("sets", "--set-file", str(path), "--list")
    assert result.returncode == 2 and "already has" in result.stderr and result.stderr.count("\n") == 1
    # Names are matched without regard to case (--sets a is A), so "a" would have hidden set A.
    path = write(tmp_path, GOOD.replace('"club-4"', '"a"'))
    result = run_cli("sets", "--set-file", str(path), "A")
    assert result.returncode == 2 and "name = 'a' is a set the kit already has" in result.stderr


def test_a_description_may_be_given_per_language_and_is_said_in_the_messages_language(tmp_path):
    """The kit's classic sets describe themselves in English and Russian (`sets --list` in Russian
    said "classic double-12"); a set of one's own may too, English required."""
    import os

    path = write(tmp_path, 'name = "club-4"\ndouble = 4\ndescription = { en = "our club\'s set", ru = "набор клуба" }\n')
    russian = run_cli("sets", "--list", "--set-file", str(path), env={**os.environ, "LANGUAGE": "ru"})
    assert russian.returncode == 0, russian.stderr
    assert "классический набор дубль-12" in russian.stdout and "набор клуба" in russian.stdout
    english = run_cli("sets", "--list", "--set-file", str(path)).stdout
    assert "classic double-12" in english and "our club's set" in english
    for table in ('{ ru = "набор" }', '{ en = "a", de = "b" }', '{ en = "" }'):
        with pytest.raises(UserError, match=r"description = .*; write one line of text, or a table of them"):
            load_classic_set_file(write(tmp_path, f'name = "club-4"\ndouble = 4\ndescription = {table}\n'))


def test_a_chinese_set_of_ones_own_runs_from_1(tmp_path):
    """Chinese dice faces run 1 to 6: `double = 6` is the 21 pairs of 1..6 (with 0 it crashed)."""
    path = write(tmp_path, 'name = "dice"\ndigits = "chinese"\ndouble = 6\n')
    tile_set = load_classic_set_file(path)
    assert len(tile_set.tiles) == 21 and min(min(t.head, t.tail) for t in tile_set.tiles) == 1
    result = run_cli("tiles", "--set-file", str(path), "--sets", "dice", "--out", str(tmp_path / "out"))
    assert result.returncode == 0 and (tmp_path / "out" / "tiles-dice.pdf").is_file(), result.stderr


@pytest.mark.long
def test_set_file_from_the_command_line_and_the_config(tmp_path):
    path = write(tmp_path, GOOD.replace('"pips"', '"numerals"'))
    listed = run_cli("sets", "--set-file", str(path), "club-4")
    assert listed.returncode == 0 and "suit 4 ( 5 tiles)" in listed.stdout, listed.stderr
    built = run_cli("build", "--set-file", str(path), "--sets", "A", "--out", str(tmp_path / "a"))
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "a" / "tiles-club-4.pdf").is_file() and (tmp_path / "a" / "tiles-A.pdf").is_file()
    (tmp_path / "opendomino.toml").write_text('set_files = ["club.toml"]\nsets = ["club-4"]\nout = "b"\n')
    from_config = run_cli("build", cwd=tmp_path)
    assert from_config.returncode == 0, from_config.stderr
    assert sorted(p.name for p in (tmp_path / "b").glob("tiles-*")) == ["tiles-club-4.pdf"]
    text = read_pdf(tmp_path / "b" / "tiles-club-4.pdf").pages[0].extract_text()
    assert "club-4" in text and "4" in text


# --- the art ----------------------------------------------------------------------------------

def flat(items, transform=None):
    """Every shape of a drawing with groups opened (the shapes of digits turned as a whole are
    not needed: their counts are tested by style)."""
    for item in items:
        if isinstance(item, Group):
            yield from flat(item.items)
        else:
            yield item


def digit_circles(drawing):
    return [item for item in drawing.items[1:] if isinstance(item, Circle)]


@pytest.mark.parametrize("name", ["double-3", "double-6", "double-9", "double-12", "double-15", "double-18", "chinese"])
@pytest.mark.parametrize("size", [TileSize(), TileSize(15, 30), TileSize(30, 60)], ids=str)
def test_pips_sit_in_their_half_apart_and_off_the_divider(name, size):
    pips_sit_in_their_half_apart_and_off_the_divider(load_set(name), size)


def test_every_largest_number_packs_its_pips_into_the_half(tmp_path):
    """A set of one's own may stop at any number: its largest pattern sets the grid (10, 13 and 16
    are where the columns grow taller), and the pips must still fit their half."""
    for largest in range(1, 19):
        path = write(tmp_path, f'name = "up-to-{largest}"\ndouble = {largest}\n')
        pips_sit_in_their_half_apart_and_off_the_divider(load_classic_set_file(path), TileSize())


def pips_sit_in_their_half_apart_and_off_the_divider(tile_set, size):
    theme = load_theme()
    margin = 0.5
    for tile in tile_set.tiles:
        drawing = tile_front(tile, tile_set, theme, size)
        pips = digit_circles(drawing)
        assert len(pips) == tile.head + tile.tail, tile.id
        upper = [p for p in pips if p.cy < size.height / 2]
        assert len(upper) == tile.head, tile.id
        lines = [item for item in drawing.items if isinstance(item, Line)]
        assert len(lines) == (1 if tile_set.divider else 0), tile.id     # Chinese tiles have no bar
        bar = 0.0
        for divider in lines:                                          # across the middle, short of both edges
            assert divider.y1 == divider.y2 == size.height / 2, tile.id
            assert 0 < divider.x1 < size.width / 2 < divider.x2 < size.width, tile.id
            assert divider.x1 + divider.x2 == pytest.approx(size.width), tile.id
            bar = divider.style.stroke_width / 2
            assert 0.1 <= 2 * bar, tile.id                            # a line that prints
        for pip in pips:
            top_half = pip.cy < size.height / 2
            low, high = (0, size.height / 2) if top_half else (size.height / 2, size.height)
            assert margin <= pip.cx - pip.r and pip.cx + pip.r <= size.width - margin, tile.id
            assert 2 * pip.r >= size.half_side / 10, tile.id      # a dot one counts, not a pinprick
            assert low + margin <= pip.cy - pip.r and pip.cy + pip.r <= high - margin, tile.id   # not on the bar
            assert abs(pip.cy - size.height / 2) - pip.r >= bar + margin / 2, tile.id      # clear of its stroke
        for i, a in enumerate(pips):
            for b in pips[i + 1:]:
                assert math.dist((a.cx, a.cy), (b.cx, b.cy)) > a.r + b.r + 0.2, tile.id


def test_every_pip_pattern_looks_the_same_turned():
    for number, pattern in pip_patterns().items():
        assert len(pattern) == number
        assert sorted(pattern) == sorted((-x, -y) for x, y in pattern), number


def test_larger_sets_colour_each_number_and_smaller_ones_do_not():
    theme = load_theme()
    for name in ("double-9", "double-12", "double-18"):
        tile_set = load_set(name)
        for tile in tile_set.tiles:
            for pip in digit_circles(tile_front(tile, tile_set, theme, TileSize())):
                number = tile.head if pip.cy < 22 else tile.tail
                assert pip.style.fill == theme.colour(f"pips.{number}"), tile.id
    for name in ("double-3", "double-6"):
        tile_set = load_set(name)
        fills = {p.style.fill for t in tile_set.tiles for p in digit_circles(tile_front(t, tile_set, theme, TileSize()))}
        assert fills == {theme.colour("tile.digit")}


def test_grayscale_prints_every_number_in_ink():
    theme = load_theme("grayscale")
    tile_set = load_set("double-12")
    fills = {p.style.fill for t in tile_set.tiles for p in digit_circles(tile_front(t, tile_set, theme, TileSize()))}
    assert fills == {theme.colour("tile.digit")}


def test_chinese_pips_follow_chinese_dice():
    theme, tile_set = load_theme(), load_set("chinese")
    red, light = theme.colour("chinese.red"), theme.colour("chinese.pips")
    for tile in tile_set.tiles:
        drawing = tile_front(tile, tile_set, theme, TileSize())
        assert drawing.items[0].style.fill == theme.colour("chinese.face")
        assert not any(isinstance(item, Line) for item in drawing.items), "Chinese tiles have no bar"
        for number, half in ((tile.head, [p for p in digit_circles(drawing) if p.cy < 22]),
                             (tile.tail, [p for p in digit_circles(drawing) if p.cy >= 22])):
            reds = sum(p.style.fill == red for p in half)
            if tile.head == tile.tail == 6:
                assert reds == 3, tile.id                       # half the double six is red
            else:
                assert reds == (number if number in (1, 4) else 0), tile.id
                assert all(p.style.fill in (red, light) for p in half)
        if 1 in (tile.head, tile.tail):
            assert max(p.r for p in digit_circles(drawing)) > 1.5 * min(p.r for p in digit_circles(drawing)) or \
                tile.head == tile.tail == 1


@pytest.mark.parametrize("size", [TileSize(), TileSize(15, 30)], ids=str)
def test_chinese_halves_are_dice_faces(size):
    """Each half of a Chinese tile is the face of a die: 1 alone in the middle, 2 side by side towards
    the tile's end, 3 on a diagonal, 4 at the corners of a box, 5 the box and its middle, 6 two
    columns of three; every face centred on its half, and the 1 larger than the other pips."""
    theme, tile_set = load_theme(), load_set("chinese")
    cx = size.width / 2
    ordinary = []
    for tile in tile_set.tiles:
        pips = digit_circles(tile_front(tile, tile_set, theme, size))
        for number, cy, inward in ((tile.head, size.height / 4, 1), (tile.tail, 3 * size.height / 4, -1)):
            half = [p for p in pips if (p.cy < size.height / 2) == (inward > 0)]
            assert len(half) == number, tile.id
            offsets = sorted((round(p.cx - cx, 6), round((p.cy - cy) * inward, 6)) for p in half)   # + to the middle
            xs, ys = {x for x, _ in offsets}, {y for _, y in offsets}
            if number != 2:
                assert sorted((-x, -y) for x, y in offsets) == offsets, (tile.id, number)   # centred on the half
            if number == 1:
                assert offsets == [(0, 0)], tile.id
            elif number == 2:
                (x0, y0), (x1, y1) = offsets
                assert y0 == y1 < 0 and x0 == -x1 < 0, tile.id              # a row, on the end's side
            elif number == 3:
                assert (0, 0) in offsets and len(xs) == len(ys) == 3, tile.id
                (x0, y0), _, (x2, y2) = offsets
                assert x0 * y2 == pytest.approx(x2 * y0), tile.id          # one straight diagonal
            elif number in (4, 5):
                corners = [o for o in offsets if o != (0, 0)]
                assert len(corners) == 4 and len(xs - {0}) == len(ys - {0}) == 2, tile.id
                assert ((0, 0) in offsets) == (number == 5), tile.id
            elif number == 6:
                assert len(xs) == 2 and len(ys) == 3 and 0 in ys, tile.id
            ordinary += [p.r for p in half if number != 1]
            if number == 1:
                ones = half[0].r
    assert ones > max(ordinary), (ones, max(ordinary))


def test_numerals_print_the_number_and_underline_six_and_nine(tmp_path):
    tile_set = load_classic_set_file(write(tmp_path, 'name = "n"\ndouble = 12\ndigits = "numerals"\n'))
    theme = load_theme()
    for tile in tile_set.tiles:
        texts = [item.text for item in flat(tile_front(tile, tile_set, theme, TileSize()).items) if isinstance(item, Text)]
        assert sorted(texts) == sorted([str(tile.head), str(tile.tail)])
    six = next(t for t in tile_set.tiles if (t.head, t.tail) == (6, 9))
    bars = [item for item in flat(tile_front(six, tile_set, theme, TileSize()).items) if isinstance(item, Rect)]
    assert len(bars) == 1 + 2          # the face, and one underline under each of 6 and 9


def inked_pixels(image, ink) -> Image.Image:
    """A mask of the pixels printed in `ink` (within 60 of it, for the rasteriser's soft edges)."""
    return ImageChops.difference(image, Image.new("RGB", image.size, ink)).convert("L").point(
        lambda v: 255 if v < 60 else 0)


@pytest.mark.parametrize("size", [TileSize(), TileSize(15, 30), TileSize(30, 60)], ids=str)
def test_each_numeral_reads_from_its_own_end_inside_its_half(tmp_path, size):
    """A numeral tile read by the player at either end: each number upright from its own end (the
    head's turned half way round), across the middle of the tile, its ink wholly in its half, large
    enough to read, and the underline of 6 and 9 under the number as that player reads it."""
    twelve = load_classic_set_file(write(tmp_path, 'name = "n"\ndouble = 12\ndigits = "numerals"\n'))
    widest = load_classic_set_file(write(tmp_path, 'name = "w"\ntiles = ["0-99", "88-99", "0-88"]\nhighest = 99\n'
                                         'digits = "numerals"\n', "wide.toml"))
    theme = load_theme()
    ink = theme.colour("tile.digit").rgb
    dpi = 254                                           # 10 pixels a millimetre
    for tile_set, tile in [(twelve, t) for t in twelve.tiles] + [(widest, t) for t in widest.tiles]:
        drawing = tile_front(tile, tile_set, theme, size)
        upright_bars = [item for item in drawing.items[1:] if isinstance(item, Rect)]     # after the ground
        for item in drawing.items:
            if not isinstance(item, Group) and not isinstance(item, Text):
                continue
            turned = isinstance(item, Group)
            transform = item.transform if turned else None
            parts = item.items if turned else [item, *upright_bars]
            text = next(p for p in parts if isinstance(p, Text))
            at = transform.apply(text.x, text.y) if turned else (text.x, text.y)
            head = at[1] < size.height / 2
            assert turned == head, tile.id                      # the head's number faces the other player
            if turned:
                assert (transform.a, transform.d) == pytest.approx((-1, -1)), tile.id
            assert text.anchor == "middle" and at[0] == pytest.approx(size.width / 2), tile.id
            bars = [p for p in parts if isinstance(p, Rect)]
            assert len(bars) == (int(text.text) in (6, 9)), tile.id
            for bar in bars:                                # between the number's baseline and its end
                centre = (bar.x + bar.width / 2, bar.y + bar.height / 2)
                centre = transform.apply(*centre) if turned else centre
                assert centre[0] == pytest.approx(size.width / 2), tile.id
                if head:
                    assert 0 < centre[1] < at[1], tile.id
                else:
                    assert at[1] < centre[1] < size.height, tile.id
                assert bar.width < text.size, tile.id
        image = render(drawing, dpi=dpi)
        inked = inked_pixels(image, ink)
        px = dpi / 25.4
        for top, bottom in ((0, size.height / 2), (size.height / 2, size.height)):
            box = inked.crop((0, round(top * px), image.width, round(bottom * px))).getbbox()
            assert box, tile.id
            first, last = top + box[1] / px, top + box[3] / px
            assert first >= top + 0.5 and last <= bottom - 0.5, (tile.id, first, last)
            assert box[0] / px >= 0.5 and box[2] / px <= size.width - 0.5, (tile.id, box)     # and across
            assert last - first > 0.3 * size.half_side, tile.id    # readable: a third of the half


def grey(image):
    return image.convert("L")


def test_the_seven_pictures_differ_even_in_grayscale():
    theme, tile_set = load_theme(), load_set("picture")
    doubles = {t.head: t for t in tile_set.tiles if t.head == t.tail}
    images = {n: grey(render(tile_front(doubles[n], tile_set, theme, TileSize()), 150)) for n in range(7)}
    for a in range(7):
        for b in range(a + 1, 7):
            difference = ImageStat.Stat(ImageChops.difference(images[a], images[b])).mean[0]
            assert difference > 8, (tile_set.symbols[a], tile_set.symbols[b], difference)
    # Each picture is outlined in ink, so it stands out from the face whatever its fill.
    for tile in doubles.values():
        shapes = list(flat(tile_front(tile, tile_set, theme, TileSize()).items))
        assert any(s.style.stroke == theme.colour("tile.digit") for s in shapes if isinstance(s, (Polygon, Circle)))


@pytest.mark.parametrize("name", COUNTS)
def test_classic_backs_survive_a_half_turn_and_are_all_alike(name):
    tile_set, theme = load_set(name), load_theme()
    image = render(tile_back(tile_set.tiles[0], tile_set, theme, TileSize()), 120)
    turned = image.rotate(180)
    assert ImageStat.Stat(ImageChops.difference(image, turned)).mean[0] < 1.0
    others = {repr(tile_back(t, tile_set, theme, TileSize()).items) for t in tile_set.tiles}
    assert len(others) == 1                         # a back tells nothing about its face


@pytest.mark.parametrize("name", COUNTS)
@pytest.mark.parametrize("size", [TileSize(), TileSize(15, 30), TileSize(30, 60)], ids=str)
def test_a_classic_back_has_its_frame_and_its_set_mark_on_both_halves(name, size):
    """A classic back (the set files' [back]): a frame the same distance inside every edge; the
    set's mark, when it has one, upright on the lower half and turned half way round on the upper
    one, centred on each half as printed, a lone 6 or 9 underlined; the Chinese back's three spots on a diagonal through the
    tile's middle, the red one between the other two."""
    back = load_toml(template_path(f"sets/classic/{name}.toml")).get("back", {})
    tile_set, theme = load_set(name), load_theme()
    w, h = size.width, size.height
    items = tile_back(tile_set.tiles[0], tile_set, theme, size).items[1:]          # after the ground
    frame = next(item for item in items if isinstance(item, Rect))
    inset = frame.x
    # at least 1 mm in (a hand's cut wanders that much, and a frame nearer the edge shows it), and
    # a line of at least 0.1 mm, which prints
    assert 1 <= inset < size.half_side / 4 and frame.style.fill is None and frame.style.stroke_width >= 0.1
    assert (frame.y, w - frame.x - frame.width, h - frame.y - frame.height) == pytest.approx((inset,) * 3)
    upright = [item for item in items if isinstance(item, Text)]
    turned = [item for item in items if isinstance(item, Group)]
    if back.get("mark"):
        assert [t.text for t in upright] == [back["mark"]] and len(turned) == 1
        text = upright[0]
        assert text.anchor == "middle" and text.x == pytest.approx(w / 2) and h / 2 < text.y < h - inset
        bars = [item for item in items if isinstance(item, Rect) and item is not frame]
        assert turned[0].items == (text, *bars)
        # A lone 6 or 9 is underlined, as the numerals are: the copy seen turned must not read as the other.
        assert len(bars) == (back["mark"] in ("6", "9")), name
        for bar in bars:
            assert bar.x + bar.width / 2 == pytest.approx(w / 2) and text.y < bar.y < h - inset, name
        assert turned[0].transform.apply(text.x, text.y) == pytest.approx((w - text.x, h - text.y))
        assert (turned[0].transform.a, turned[0].transform.d) == pytest.approx((-1, -1))
        assert text.size >= 6 / 72 * 25.4                   # 6 pt, the least type that reads in print
        # As printed: each copy's ink centred on its half, inside the frame.
        image = render(tile_back(tile_set.tiles[0], tile_set, theme, size), dpi=254)
        ink = theme.colour("back.mark").rgb
        inked = inked_pixels(image, ink)
        px, clear = 10.0, inset + frame.style.stroke_width + 0.2           # 254 dpi: 10 pixels a millimetre
        for bar in bars:            # the number is what is centred: its underline (and the turned one's) hangs off it
            for y0, y1 in ((bar.y, bar.y + bar.height), (h - bar.y - bar.height, h - bar.y)):
                inked.paste(0, (0, round((y0 - 0.2) * px), image.width, round((y1 + 0.2) * px)))
        for top, bottom in ((clear, h / 2), (h / 2, h - clear)):
            box = inked.crop((round(clear * px), round(top * px), round((w - clear) * px), round(bottom * px))).getbbox()
            assert box, (name, top)
            middle = (clear + (box[0] + box[2]) / 2 / px, top + (box[1] + box[3]) / 2 / px)
            assert middle == pytest.approx((w / 2, h / 4 if top < h / 2 else 3 * h / 4), abs=0.04 * text.size), \
                (name, top, middle)
    else:
        assert upright == [] and turned == []
    spots = [item for item in items if isinstance(item, Circle)]
    if back.get("spots"):
        spots.sort(key=lambda c: c.cx)
        assert len(spots) == 3 and (spots[1].cx, spots[1].cy) == pytest.approx((w / 2, h / 2))
        (x0, y0), (x2, y2) = (spots[0].cx - w / 2, spots[0].cy - h / 2), (spots[2].cx - w / 2, spots[2].cy - h / 2)
        assert (x2, y2) == pytest.approx((-x0, -y0)) and x0 != 0 and y0 != 0      # a diagonal, evenly
        assert spots[1].style.fill == theme.colour("chinese.red") != spots[0].style.fill == spots[2].style.fill
        assert all(math.dist((a.cx, a.cy), (b.cx, b.cy)) > a.r + b.r for a, b in zip(spots, spots[1:]))
        assert all(2 * spot.r >= size.half_side / 10 for spot in spots)       # a spot one sees, as a pip
    else:
        assert spots == []


def test_a_rounded_classic_back_has_a_frame_that_follows_its_corners():
    """With --corner-radius the frame keeps the same distance inside the tile's edge all round: its
    straight parts that far in, its corners arcs about the tile's own corner centres."""
    tile_set, theme = load_set("double-6"), load_theme()
    size = TileSize(corner_radius=4)
    (clipped,) = tile_back(tile_set.tiles[0], tile_set, theme, size).items      # kept inside the outline
    ground, frame = [item for item in clipped.items if type(item).__name__ == "Path"]
    assert ground.style.fill is not None and frame.style.fill is None and frame.style.stroke_width >= 0.1
    ends = [frame.start, *[(p.x, p.y) if hasattr(p, "radius") else p for p in frame.parts]]
    x0, y0 = min(x for x, _ in ends), min(y for _, y in ends)
    x1, y1 = max(x for x, _ in ends), max(y for _, y in ends)
    inset = x0
    assert 1 <= inset < size.corner_radius
    assert (y0, size.width - x1, size.height - y1) == pytest.approx((inset,) * 3)
    arcs = [p for p in frame.parts if hasattr(p, "radius")]
    assert len(arcs) == 4
    centres = {(round(a.cx, 6), round(a.cy, 6)) for a in arcs}
    r = size.corner_radius
    assert centres == {(r, r), (size.width - r, r), (size.width - r, size.height - r), (r, size.height - r)}
    assert all(a.radius == pytest.approx(r - inset) for a in arcs)


# --- sheets, measured in the PDF ------------------------------------------------------------

def tile_boxes(page, size=(22, 44)):
    w, h = size[0] * MM, size[1] * MM
    return [tuple(r[:4]) for r in page_shapes(page).rects
            if abs((r[2] - r[0]) - w) < 0.01 and abs((r[3] - r[1]) - h) < 0.01]


def to_mm(box, page_height):
    x0, y0, x1, y1 = box
    return x0 / MM, (page_height - y1) / MM, (x1 - x0) / MM, (y1 - y0) / MM


def sheets_of(tmp_path, name, **changes):
    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=(name,), **changes), report)
    return [read_pdf(path) for path in report.written]


@pytest.mark.parametrize("name", ["double-12", "chinese", "double-18"])
@pytest.mark.parametrize("layout, flip", [("duplex-long", "long"), ("duplex-short", "short")])
def test_every_back_sits_behind_its_front(tmp_path, name, layout, flip):
    (reader,) = sheets_of(tmp_path, name, layout=layout)
    pages = reader.pages
    assert len(pages) % 2 == 0
    total = 0
    for front, back in zip(pages[0::2], pages[1::2]):
        height, width = float(front.mediabox.height), float(front.mediabox.width)
        fronts, backs = tile_boxes(front), tile_boxes(back)
        assert len(fronts) == len(backs) > 0
        total += len(fronts)
        for f, b in zip(fronts, backs):
            x, y, w, h = to_mm(f, height)
            expected = mirror_box(x, y, w, h, width / MM, height / MM, flip)
            got = to_mm(b, height)
            assert got[:2] == pytest.approx(expected, abs=0.01)
    assert total == COUNTS[name]


def test_separate_and_gutterfold(tmp_path):
    fronts, backs = sheets_of(tmp_path / "s", "double-9", layout="separate")
    assert sum(len(tile_boxes(p)) for p in fronts.pages) == sum(len(tile_boxes(p)) for p in backs.pages) == 55
    (folded,) = sheets_of(tmp_path / "g", "double-9", layout="gutterfold")
    for page in folded.pages:
        height = float(page.mediabox.height)
        boxes = [to_mm(b, height) for b in tile_boxes(page)]
        tops = [b for b in boxes if b[1] < height / MM / 2]
        bottoms = [b for b in boxes if b[1] >= height / MM / 2]
        assert len(tops) == len(bottoms)
        fold = height / MM / 2
        for front in tops:       # its back mirrored across the fold line
            assert any(abs(b[0] - front[0]) < 0.01 and abs((2 * fold - b[1] - 44) - front[1]) < 0.01 for b in bottoms)
    assert sum(len(tile_boxes(p)) for p in folded.pages) == 2 * 55


def test_sheets_are_split_and_labelled(tmp_path):
    (reader,) = sheets_of(tmp_path, "double-18")
    fronts = reader.pages[0::2]
    assert len(fronts) == 5                                   # 40 tiles to an A4 page, 190 tiles
    for number, page in enumerate(fronts, start=1):
        assert f"sheet {number} of 5" in page.extract_text()
    assert [len(tile_boxes(p)) for p in fronts] == [40, 40, 40, 40, 30]


def test_cut_lines_end_where_the_tiles_end(tmp_path):
    (reader,) = sheets_of(tmp_path, "double-12")
    last = reader.pages[-2]                                   # 11 tiles: a full row of 8 and 3 more
    boxes = tile_boxes(last)
    assert len(boxes) == 11
    lines = [l for l in page_shapes(last).lines if l[4]]       # dashed
    xs = {round(v, 2) for b in boxes for v in (b[0], b[2])}
    ys = {round(v, 2) for b in boxes for v in (b[1], b[3])}
    for x0, y0, x1, y1, *_ in lines:
        if abs(x0 - x1) < 0.01:
            assert round(x0, 2) in xs
            # A vertical cut never runs along an empty cell: it ends within the overshoot of a tile.
            assert min(y0, y1) >= min(ys) - 8 * MM and max(y0, y1) <= max(ys) + 8 * MM
        else:
            assert round(y0, 2) in ys
    bottom_row = [b for b in boxes if abs(b[1] - min(b[1] for b in boxes)) < 0.01]
    assert len(bottom_row) == 3
    bottom_cut = [l for l in lines if abs(l[1] - l[3]) < 0.01 and abs(l[1] - bottom_row[0][1]) < 0.01]
    assert len(bottom_cut) == 1 and abs(bottom_cut[0][2] - bottom_cut[0][0]) < (3 * 22 + 2 * 8) * MM


@pytest.mark.long
def test_the_cli_makes_double_18_gutterfold_on_letter_and_shop_double_12(tmp_path):
    home = run_cli("build", "--sets", "double-18", "--layout", "gutterfold", "--paper", "letter",
                   "--out", str(tmp_path / "home"))
    assert home.returncode == 0, home.stderr
    reader = read_pdf(tmp_path / "home" / "tiles-double-18.pdf")
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * MM, abs=0.01)
    assert sum(len(tile_boxes(p)) for p in reader.pages) == 2 * 190
    assert not (tmp_path / "home" / "setup-cards.pdf").exists()       # no layout, no setup card
    shop = run_cli("build", "--target", "shop", "--sets", "double-12", "--out", str(tmp_path / "shop"))
    assert shop.returncode == 0, shop.stderr
    gang = tmp_path / "shop" / "shop-tiles-double-12.pdf"
    assert len(read_pdf(gang).pages) == 2 * 3                            # 32 tiles a sheet
    assert all(check.passed for check in preflight(gang))


@pytest.mark.parametrize("name", COUNTS)
def test_shop_files_pass_preflight(tmp_path, name):
    build(BuildOptions(out=tmp_path, target="shop", sets=(name,), booklet_langs=(), shop_layout="single"))
    path = tmp_path / f"shop-tiles-{name}-single.pdf"
    assert len(read_pdf(path).pages) == 2 * COUNTS[name]
    assert all(check.passed for check in preflight(path)), [c.line() for c in preflight(path) if not c.passed]


def test_exports_of_a_classic_set(tmp_path):
    options = BuildOptions(out=tmp_path, sets=("picture",))
    report = export(options, ExportOptions(dpi=60, bleed=0))
    pngs = sorted((tmp_path / "png" / "picture").glob("*.png"))
    svgs = sorted((tmp_path / "svg" / "picture").glob("*.svg"))
    assert len(pngs) == len(svgs) == 2 * 28
    assert (tmp_path / "png" / "picture" / "picture-0-6-front.png").is_file()
    assert any(path.name == "tiles-picture-1.svg" for path in (tmp_path / "svg").iterdir())
    tiles_written = [p for p in report.written if p.parent.name == "picture"]
    assert len(tiles_written) == 2 * 2 * 28


# --- the sets command -----------------------------------------------------------------------

def test_sets_list_names_every_set():
    result = run_cli("sets", "--list")
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["A", "B", "C", *CLASSIC_SET_NAMES]
    counts = {line.split()[0]: int(line.split()[1]) for line in lines}
    assert counts == {"A": 32, "B": 32, "C": 32, **COUNTS, "triominoes": 56}
    assert "chinese" in lines[-3] and "  pictures  " in lines[-2] and "triangular" in lines[-1]


def test_sets_by_suit():
    result = run_cli("sets", "double-9")
    assert result.returncode == 0
    suits = [line for line in result.stdout.splitlines() if line.startswith("suit")]
    assert len(suits) == 10 and all("(10 tiles)" in line for line in suits)
    assert "(9 + 1)(9 + 2) / 2 = 55 tiles" in result.stdout


def test_unicode_layouts():
    result = run_cli("sets", "A", "--unicode")
    rows = result.stdout.splitlines()[1:]
    tile_set = load_set("A")
    assert rows[0] == "8  " + " ".join(unicode_tile(t.top, t.bottom) for t in tile_set.row(8))
    assert rows[0].split()[1] == "\U0001F079"           # 3/1: DOMINO TILE VERTICAL-03-01 is U+1F063 + 7*3 + 1
    assert len(rows) == 4 and all(len(row.split()) == 9 for row in rows)
    six = run_cli("sets", "double-6", "--unicode")
    assert six.returncode == 0 and "\U0001F063" in six.stdout and "\U0001F093" in six.stdout
    nine = run_cli("sets", "double-9", "--unicode")
    assert nine.returncode == 2 and nine.stderr.count("\n") == 1 and "stop at 6" in nine.stderr


@pytest.mark.parametrize(("name", "lang", "title"), [
    ("double-18", "ru", "Домино · дубль-18"), ("triominoes", "ru", "Треугольное домино"),
    ("picture", "ru", "Детское домино"), ("chinese", "en", "Chinese dominoes"), ("double-6", "en", "Dominoes · double-6")])
def test_a_classic_sets_sheets_name_it_in_their_language(tmp_path, name, lang, title):
    """The sheets' caption names the set as its file's title says in the sheets' language: Russian
    sheets said «набор double-18» and «набор triominoes», the command line's names."""
    from generator.jobs.build import BuildOptions, BuildReport, build_tile_sheets

    report = BuildReport()
    build_tile_sheets(BuildOptions(out=tmp_path, sets=(name,), lang=lang), report)
    texts = [text for text, *_ in page_texts(read_pdf(report.written[0]).pages[0])]
    assert any(text.startswith(f"{title} · ") for text in texts), texts
    assert not any(f"набор {name}" in text for text in texts), texts


def test_a_set_files_own_title_is_printed_and_checked(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\ntitle = "Club dominoes"\ndouble = 6\n')
    result = run_cli("tiles", "--set-file", str(path), "--sets", "club", "--lang", "ru", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    texts = [text for text, *_ in page_texts(read_pdf(tmp_path / "out" / "tiles-club.pdf").pages[0])]
    assert any(text.startswith("Club dominoes · ") for text in texts), texts        # English where none is given
    path.write_text('name = "club"\ntitle = { ru = "Клуб" }\ndouble = 6\n')
    result = run_cli("sets", "--set-file", str(path), "club")
    assert result.returncode == 2 and "title" in result.stderr and result.stderr.count("\n") == 1, result.stderr
