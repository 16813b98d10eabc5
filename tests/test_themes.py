"""Themes, colour overrides and colour checks, seen in the files a build writes."""

from pathlib import Path
import re
import tomllib

from conftest import run_cli
from msgspec.structs import fields, replace
import numpy
from pdf_inspect import (
    MM,
    all_operations,
    filled_shapes,
    page_shapes,
    read_pdf,
    rgb255,
    stroked_paths,
    texts_within,
    tiles_drawn,
    words_found,
)
import pypdfium2
import pytest
from tile_pixels import PX, back_marks, crop, expected_back, front_group, near, rgb

from generator.art.tile import tile_front
from generator.colour.checks import MIN_DELTA_E, VISIONS, check_theme, colour_problems, delta_e
from generator.colour.effective_theme import theme_for
from generator.colour.theme import (
    canonical_colour_key,
    colour_keys,
    load_theme,
    parse_override,
    theme_names,
    with_overrides,
)
from generator.colour.values import MAX_COLOUR_TEXT, Colour, naive_cmyk, parse_colour_text, parse_theme_colour
from generator.errors import UserError
from generator.files.resources import template_path
from generator.jobs.build import BuildOptions, BuildReport, build, build_board, build_tile_sheets
from generator.model.set_loader import OPEN_SET_NAMES, load_set
from generator.scene.drawing import Circle
from generator.scene.sizes import TileSize

THEMES = ("classic", "colorblind", "low-ink", "grayscale")


def fill_colours(page) -> set:
    """Every fill colour (rg operands, rounded) the page's content stream sets, in the forms it
    places too."""
    found = set()
    for operands, operator in all_operations(page):
        if operator == "rg":
            found.add(tuple(round(float(v), 3) for v in operands))
    return found


def unit(colour: Colour) -> tuple:
    return tuple(round(v, 3) for v in colour.rgb_unit)


def quick(out, **changes) -> BuildOptions:
    """One set and, where the build makes booklets, only one of them: all outputs, quickly."""
    options = BuildOptions(out=out, sets=("A",), **changes)
    if "booklet_langs" in {f.name for f in fields(BuildOptions)}:
        options = replace(options, booklet_langs=("en",))
    return options


def test_the_four_themes_are_bundled():
    assert set(THEMES) <= set(theme_names())
    assert theme_names()[0] == "classic"


@pytest.mark.parametrize("name", THEMES)
def test_every_colour_has_hex_and_cmyk_only_where_chosen(name):
    """Every colour has its hex. A stated CMYK is printed exactly, so it must be chosen: K only (blacks
    and greys), or a hand-picked mix; a chromatic value that is just the naive formula's output of
    the hex would print far from it, and is left to the shop's ICC profile instead (issue 29)."""
    data = tomllib.loads(template_path("themes", f"{name}.toml").read_text(encoding="utf-8"))
    values = [v for section in ("tile", "back", "sheet", "board", "pips", "chinese", "picture")
              for v in data[section].values()]
    values += [look[part] for set_name in OPEN_SET_NAMES for look in data[set_name].values()
               for part in ("circle", "arrow")]
    assert len(values) == len(colour_keys())
    for value in values:
        assert set(value) in ({"hex"}, {"hex", "cmyk"}), value
        if "cmyk" in value:
            assert len(value["cmyk"]) == 4
            formula = naive_cmyk(value["hex"])
            assert not any(value["cmyk"][:3]) or any(abs(a - b) > 1 for a, b in zip(formula, value["cmyk"])), value


@pytest.mark.parametrize("name", THEMES)
def test_every_theme_passes_every_check(name):
    assert colour_problems(load_theme(name)) == []


def test_colorblind_groups_differ_by_arrow_style_and_in_every_vision():
    theme = load_theme("colorblind")
    for set_name in OPEN_SET_NAMES:
        one, two = theme.group(set_name, 1), theme.group(set_name, 2)
        assert one.arrow_style != two.arrow_style
        for vision in VISIONS:
            assert delta_e(one.circle, two.circle, vision) >= MIN_DELTA_E, (set_name, vision)
    assert not any(f.note for f in check_theme(theme))      # passes by colour, not only by arrow style


@pytest.mark.parametrize("name", THEMES)
def test_every_theme_builds_and_reaches_every_output(tmp_path, name):
    options = quick(tmp_path, theme=name)
    report = build(options)
    theme = theme_for(options)
    written = {path.name: path for path in report.written}
    assert {"tiles-A.pdf", "board-full-size.pdf", "board-tiled-a4.pdf", "setup-cards.pdf"} <= set(written)
    face, back = unit(theme.colour("tile.face")), unit(theme.colour("back.background"))
    light, dark = unit(theme.colour("board.light")), unit(theme.colour("board.dark"))
    tiles = read_pdf(written["tiles-A.pdf"]).pages
    assert face in fill_colours(tiles[0]) and back in fill_colours(tiles[1])
    for board_file in ("board-full-size.pdf", "board-tiled-a4.pdf", "setup-cards.pdf"):
        assert {light, dark} <= fill_colours(read_pdf(written[board_file]).pages[0]), board_file
    group_circle = unit(theme.group("A", 1).circle)
    setup = read_pdf(written["setup-cards.pdf"]).pages[0]
    if theme.outline_only:
        assert group_circle in {tuple(round(float(v), 3) for v in ops)
                                for ops, op in all_operations(setup) if op == "RG"}
    else:
        assert group_circle in fill_colours(setup)


def test_override_changes_the_fill_in_the_pdf(tmp_path):
    options = BuildOptions(out=tmp_path, colour_overrides=(("board.dark", "cmyk(0,0,0,40)"),))
    build_board(options, BuildReport())
    shapes = page_shapes(read_pdf(tmp_path / "board-full-size.pdf").pages[0])
    fills = {rect[4] for rect in shapes.rects}
    assert (0.6, 0.6, 0.6) in fills                                  # cmyk(0,0,0,40) = #999999
    assert unit(load_theme("classic").colour("board.dark")) not in fill_colours(read_pdf(
        tmp_path / "board-full-size.pdf").pages[0])


def test_group_override_reaches_the_tile_sheet(tmp_path):
    build_tile_sheets(quick(tmp_path, colour_overrides=(("A.group1", "#c0392b"), ("A.group1.arrow", "black"))),
                      BuildReport())
    fronts = read_pdf(tmp_path / "tiles-A.pdf").pages[0]
    assert (0.753, 0.224, 0.169) in fill_colours(fronts)
    assert unit(load_theme("classic").group("A", 1).circle) not in fill_colours(fronts)


def test_later_override_wins_and_circle_alias():
    theme = with_overrides(load_theme("classic"), (("A.group1", "red"), ("A.group1.circle", "#00ff00")))
    assert theme.group("A", 1).circle.hex == "#00ff00"
    assert load_theme("classic").group("A", 1).circle.hex == "#c8202f"       # the cached theme is untouched


@pytest.mark.parametrize("text, hex_value, cmyk", [
    ("#C0392B", "#c0392b", (0.0, 70.3, 77.6, 24.7)),
    ("#c39", "#cc3399", (0.0, 75.0, 25.0, 20.0)),
    ("teal", "#008080", (100.0, 0.0, 0.0, 49.8)),
    ("cmyk(0,0,0,40)", "#999999", (0.0, 0.0, 0.0, 40.0)),
    ("cmyk(0%, 50%, 100%, 0%)", "#ff8000", (0.0, 50.0, 100.0, 0.0)),
])
def test_colour_syntax_and_derived_values(text, hex_value, cmyk):
    colour = parse_colour_text(text, "--colour x")
    assert (colour.hex, colour.cmyk) == (hex_value, cmyk)


@pytest.mark.parametrize("text, expected", [
    ("nocolour", "'nocolour' is not a colour"),
    ("cmyk(0,0,0)", "four percentages"),
    ("cmyk(0,0,0,140)", "not a percentage"),
    ("transparent", "transparent"),
])
def test_bad_colour_values_are_named(text, expected):
    with pytest.raises(UserError, match="--colour tile.face") as error:
        parse_override(f"tile.face={text}")
    assert expected in str(error.value)


@pytest.mark.parametrize("key, closest", [
    ("A.gruop1", "A.group1"), ("board.drak", "board.dark"), ("tile.digits", "tile.digit"),
    ("A.group1.arow", "A.group1.arrow"), ("back.backround", "back.background"),
])
def test_unknown_key_suggests_the_closest(key, closest):
    with pytest.raises(UserError) as error:
        canonical_colour_key(key, "--colour")
    assert f"unknown colour key {key!r}" in str(error.value)
    assert f"did you mean {closest}?" in str(error.value)


def test_keys_are_case_insensitive():
    assert canonical_colour_key("a.GROUP2.Arrow", "--colour") == "A.group2.arrow"


def test_outline_only_draws_the_circle_as_a_ring():
    tile_set = load_set("A")
    for name, ring in (("low-ink", True), ("classic", False)):
        drawing = tile_front(tile_set.tiles[0], tile_set, load_theme(name), TileSize())
        circles = [item for item in drawing.items if isinstance(item, Circle) and item.r > 2]
        assert len(circles) == 1
        assert (circles[0].style.fill is None) == ring and (circles[0].style.stroke is not None) == ring


def test_low_contrast_digits_are_found():
    problems = colour_problems(with_overrides(load_theme("classic"), (("tile.digit", "#eeeeee"),)))
    assert len(problems) == 1
    assert "tile.digit #eeeeee on tile.face #fbf5e6 has contrast" in problems[0] and "below 3:1" in problems[0]


@pytest.mark.parametrize("name", ["classic", "colorblind", "low-ink"])
def test_every_number_of_the_largest_set_has_a_colour_of_its_own(name):
    """Double-18's numbers, read from the theme file itself: any two of them differ by CIEDE2000
    10 or more in normal vision (7 and 12 were both magenta, 4.7 apart; 5 and 13 both orange)."""
    pips = tomllib.loads((Path(__file__).parent.parent / "templates" / "themes" / f"{name}.toml").read_text())["pips"]
    from coloraide import Color

    closest = min((Color(pips[str(a)]["hex"]).delta_e(Color(pips[str(b)]["hex"]), method="2000"), a, b)
                  for a in range(1, 19) for b in range(a + 1, 19))
    assert closest[0] >= MIN_DELTA_E, closest


def test_two_numbers_alike_in_colour_are_named_even_far_apart():
    alike = colour_problems(with_overrides(load_theme("classic"), (("pips.12", "#ad1457"),)))
    assert [p for p in alike if "pips.7 #c2185b and pips.12 #ad1457 differ by ΔE2000 4.7 in normal vision" in p
            and "give every number of a set a colour of its own" in p], alike


def test_same_circles_fail_unless_the_arrows_differ():
    same = (("A.group2", "#c8202f"),)
    assert any("A.group1 #c8202f and A.group2 #c8202f differ by ΔE2000 0.0 in normal vision" in p
               for p in colour_problems(with_overrides(load_theme("classic"), same)))
    # colorblind gives group 2 a hollow arrow: the faces still differ, by shape
    same = (("A.group2", "#d55e00"), ("A.group2.arrow", "white"))
    findings = check_theme(with_overrides(load_theme("colorblind"), same))
    assert all(f.passed for f in findings if f.rule == "groups")
    assert any(f.note == "by arrow style" for f in findings)


def test_strict_makes_a_failing_check_an_error():
    options = BuildOptions(colour_overrides=(("board.dark", "#f3e7cf"),), strict=True)
    with pytest.raises(UserError, match="board.light .* and board.dark .* differ by ΔE2000"):
        theme_for(options)
    theme_for(replace(options, strict=False))          # without --strict: no error


def test_cli_low_contrast_warns_then_fails_under_strict(tmp_path):
    args = ("board", "--out", str(tmp_path), "--colour", "tile.digit=#f0f0f0", "--colour", "A.group1.arrow=#d0202f")
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 2 and all(line.startswith("warning: theme classic: ") for line in warnings)
    assert "tile.digit #f0f0f0 on tile.face" in warnings[0] and "A.group1.arrow #d0202f on A.group1" in warnings[1]
    result = run_cli(*args, "--strict")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: theme classic: tile.digit")
    assert "(--strict)" in lines[0]


@pytest.mark.parametrize("value, expected", [
    ("A.gruop1=#c0392b", "did you mean A.group1?"),
    ("board.dark=#12", "'#12' is not a colour"),
    ("board.dark", "is not KEY=VALUE"),
])
def test_cli_bad_colour_is_one_line(tmp_path, value, expected):
    result = run_cli("board", "--out", str(tmp_path), "--colour", value)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--colour" in lines[0] and expected in lines[0]


def test_cli_theme_by_name_and_unknown_theme(tmp_path):
    result = run_cli("board", "--out", str(tmp_path), "--theme", "grayscal")
    assert result.returncode == 2 and "did you mean grayscale?" in result.stderr
    result = run_cli("board", "--out", str(tmp_path), "--theme", "grayscale")
    assert result.returncode == 0 and result.stderr == ""
    page = read_pdf(tmp_path / "board-full-size.pdf").pages[0]
    assert unit(load_theme("grayscale").colour("board.dark")) in fill_colours(page)


def test_theme_file_by_path(tmp_path):
    text = template_path("themes", "classic.toml").read_text(encoding="utf-8")
    custom = tmp_path / "club.toml"
    custom.write_text(text.replace('name = "classic"', 'name = "club"').replace("#b9946a", "#336699"))
    theme = load_theme(str(custom))
    assert theme.name == "club" and theme.colour("board.dark").hex == "#336699"
    assert theme.colour("board.dark").cmyk == (0, 22, 45, 27)         # the file's own CMYK is kept


def test_theme_file_errors_name_the_key(tmp_path):
    text = template_path("themes", "classic.toml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("half_line =", "half_lines ="))
    with pytest.raises(UserError, match=r"broken.toml: \[board\]: unknown key 'half_lines'; did you mean half_line\?"):
        load_theme(str(broken))


@pytest.fixture(scope="module")
def swatch_sheets(tmp_path_factory) -> dict[str, tuple[Path, str]]:
    """`opendomino themes --out` (and `--lang ru`): the swatch sheet it writes and what it lists,
    by the sheet's language."""
    sheets = {}
    for lang in ("en", "ru"):
        out = tmp_path_factory.mktemp(f"swatches-{lang}")
        result = run_cli("themes", "--out", str(out), *(["--lang", lang] if lang != "en" else []), cwd=out)
        assert result.returncode == 0, result.stderr
        sheets[lang] = out / "theme-swatches.pdf", result.stdout
    return sheets


def test_themes_command_lists_and_writes_the_swatch_sheet(swatch_sheets):
    pdf, listing = swatch_sheets["en"]
    for name in THEMES:
        assert any(line.startswith(name) and load_theme(name).description in line
                   for line in listing.splitlines())
    reader = read_pdf(pdf)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)          # landscape
    fills = fill_colours(page)
    for name in THEMES:
        theme = load_theme(name)
        assert {unit(theme.colour("tile.face")), unit(theme.colour("back.background")),
                unit(theme.colour("board.dark"))} <= fills, name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_swatch_sheet_shows_each_theme_as_its_files_colour_the_sets(swatch_sheets, lang):
    """The swatch sheet read back (pdfium's shapes, text and pixels) against the theme and set
    files: its title and every word in the sheet's language (templates/sheet_texts.toml); a row per
    theme, in the order `opendomino themes` lists them, under the theme's name, its description
    in that language and its checks' verdict as the listing gives it; in each row, for
    sets A, B and C in turn, a front of group 1 and of group 2 and then their two backs, all of one
    size, each captioned ("A1", "A2", "A1 back", "A2 back", ...). A front is the theme's face
    colour with its group's circle and the group's fraction with the most pips (dashes on C),
    counted per half; a back is the theme's back colour with the marks its set file gives its
    group. Right of them, a corner of the board in the theme's two board colours. Nothing
    comes within 5 mm of the paper's edge, and no row runs into the next."""
    pdf, listing = swatch_sheets[lang]
    words = tomllib.loads(template_path("sheet_texts.toml").read_text(encoding="utf-8"))[lang]
    assert words_found(pdf, 0, words["swatch_title"])
    names = [line.split()[0] for line in listing.splitlines()
             if line.split() and template_path("themes", f"{line.split()[0]}.toml").is_file()]
    assert sorted(names) == sorted(THEMES)
    themes = {name: tomllib.loads(template_path("themes", f"{name}.toml").read_text(encoding="utf-8"))
              for name in names}
    sets = {name: tomllib.loads(template_path("sets", f"{name}.toml").read_text(encoding="utf-8"))
            for name in ("A", "B", "C")}
    page = read_pdf(pdf).pages[0]
    width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    shapes = filled_shapes(pdf, 0)
    titles = []
    for name in names:
        (box,) = [found for found in words_found(pdf, 0, name) if found[0] < width / 4]
        titles.append(box)
    assert [box[1] for box in titles] == sorted(box[1] for box in titles), "rows not in the listing's order"
    # Each row's band: from its name down to the next row's name (the last: to the paper's edge).
    bands = [(box[1], titles[k + 1][1] if k + 1 < len(titles) else height) for k, box in enumerate(titles)]
    right_margin = width - titles[0][0]         # the page's content is centred: as far from the right edge
    outline = ("rgb", *(round(0x9a / 255, 4),) * 3)     # the grey line that shows where a picture ends
    outlines = [_box_of(path.points, height) for path in stroked_paths(page)
                if path.closed and len(path.points) == 4 and path.colour == outline]
    tile_height, image = None, None
    for name, title, (top, bottom) in zip(names, titles, bands):
        theme = themes[name]
        colours = {rgb255(theme["tile"]["face"]["hex"]), rgb255(theme["back"]["background"]["hex"])}
        pictures = sorted((tile for colour in colours for tile in tiles_drawn(shapes, colour)
                           if tile["upright"] and top < tile["centre"][1] < bottom), key=lambda tile: tile["box"][0])
        kinds = [(set_name, group, side) for set_name in ("A", "B", "C") for side in ("front", "back")
                 for group in (1, 2)]
        assert len(pictures) == len(kinds), (name, len(pictures))
        boxes = [tile["box"] for tile in pictures]
        tile_height = tile_height or boxes[0][3] - boxes[0][1]
        assert all(abs(b[3] - b[1] - tile_height) < 0.01 and abs(b[1] - boxes[0][1]) < 0.01 for b in boxes), name
        assert title[3] < boxes[0][1] and all(b[3] + 5 < bottom for b in boxes), name     # under its name, above the next
        line = texts_within(pdf, 0, [(title[0], title[1] - 0.5, width, title[3] + 0.5)])[0]
        assert line.startswith(name) and theme["description"][lang] in line, line
        assert (words["swatch_checks_pass"] in line) == ("[colour checks pass]" in listing.split(name, 1)[1].split("\n")[0])
        # Captions: under each picture, as wide as the room between it and its neighbours.
        gap = min(boxes[k + 1][0] - boxes[k][2] for k in range(len(boxes) - 1))
        captions = texts_within(pdf, 0, [(b[0] - gap / 2, b[3], b[2] + gap / 2, b[3] + 5) for b in boxes])
        assert captions == [f"{s}{g}" if side == "front" else words["swatch_back"].format(tile=f"{s}{g}")
                            for s, g, side in kinds], captions
        for box, caption in zip(boxes, captions):       # each centred under its picture
            (found,) = [b for b in words_found(pdf, 0, caption) if box[3] < b[1] < box[3] + 5 and box[0] - gap < b[0] < box[2]]
            assert abs((found[0] + found[2]) / 2 - (box[0] + box[2]) / 2) < 0.2, (name, caption)
        # Apart, and the sets further apart: a wider gap between the last back of one and the next set's first front.
        gaps = [boxes[k + 1][0] - boxes[k][2] for k in range(len(boxes) - 1)]
        assert min(gaps) > 0.5 and min(gaps[3], gaps[7]) > max(gaps[k] for k in range(len(gaps)) if k not in (3, 7)), gaps
        # Each picture outlined where it ends; the board's corner outlined right of them, inside the right margin.
        framed = sorted((b for b in outlines if top < b[1] < bottom), key=lambda b: b[0])
        assert len(framed) == len(boxes) + 1, (name, len(framed))
        assert all(max(abs(a - b) for a, b in zip(frame, box)) < 0.05 for frame, box in zip(framed, boxes)), name
        corner_box = framed[-1]
        assert boxes[-1][2] + 1 < corner_box[0] < corner_box[2] <= right_margin, (name, corner_box)
        assert abs(corner_box[1] - boxes[0][1]) < 0.05 and corner_box[3] <= boxes[0][3] + 0.05, (name, corner_box)
        verdict = words["swatch_checks_pass"] if words["swatch_checks_pass"] in line else None
        if verdict:                                     # right-aligned on the right margin
            (found,) = [b for b in words_found(pdf, 0, verdict) if top - 1 < b[1] < boxes[0][1]]
            assert abs(found[2] - right_margin) < 0.5, (name, found)
        scale = PX * 44 / tile_height            # pixels a mm at which each picture is a 22 x 44 mm tile
        image = render_page(pdf, scale) if image is None else image
        digit = rgb255(theme["tile"]["digit"]["hex"])
        for tile, (set_name, group, side) in zip(pictures, kinds):
            cell = crop(image, (tile["box"][0], tile["box"][1], tile_height / 2, tile_height), scale)
            if side == "back":
                assert back_marks(cell, theme) == expected_back(sets[set_name], group), (name, set_name, group)
                continue
            assert front_group(cell, set_name, theme) == group, (name, set_name, group)
            centre = tile["centre"][1]
            halves = [sum(1 for _, (_, y), colour in tile["on"] if colour == digit and sign * (y - centre) > 0.05 * tile_height)
                      for sign in (-1, 1)]
            group_rows = ("8", "7") if group == 1 else ("2", "1")
            fractions = [tuple(int(n) for n in cell_name.split("/")) for row in group_rows
                         for cell_name in sets[set_name]["layout"][row]]
            fractions = [f for f in fractions if f[0] != f[1]]
            most = max(sum(f) for f in fractions)
            assert sorted(halves) in [sorted(f) for f in fractions if sum(f) == most], (name, set_name, group, halves)
        # The board's corner: both board colours fill much of it; its caption centred under it.
        corner = crop(image, (corner_box[0], corner_box[1], corner_box[2] - corner_box[0],
                              corner_box[3] - corner_box[1]), scale)
        for key in ("dark", "light"):
            assert near(corner, rgb(theme["board"][key]["hex"]), 12).mean() > 0.1, (name, key)
        (label,) = [box for box in words_found(pdf, 0, words["swatch_board_corner"]) if top < box[1] < bottom]
        assert corner_box[3] < label[1] < corner_box[3] + 5, label
        assert abs((label[0] + label[2]) / 2 - (corner_box[0] + corner_box[2]) / 2) < 0.2, label
    # Nothing within 5 mm of the paper's edge.
    page_image = render_page(pdf, PX)
    inked = numpy.argwhere(numpy.abs(page_image - 255).sum(axis=-1) > 30)
    (top_px, left_px), (bottom_px, right_px) = inked.min(axis=0), inked.max(axis=0)
    assert min(top_px, left_px) > 5 * PX and bottom_px < (height - 5) * PX and right_px < (width - 5) * PX


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_theme_that_fails_its_checks_says_how_many_on_the_swatch_sheet(tmp_path, lang):
    """A row's verdict counts the failed checks, as `opendomino themes` lists them (digits as pale
    as the face fail the contrast checks)."""
    from generator.imposition.paper import paper_named
    from generator.imposition.swatches import swatch_page
    from generator.writers.pdf import write_pdf

    theme = with_overrides(load_theme("classic"), (("tile.digit", "#eeeeee"),))
    count = len(colour_problems(theme))
    assert count > 0
    write_pdf([swatch_page([theme], paper_named("a4"), lang)], tmp_path / "sheet.pdf")
    words = tomllib.loads(template_path("sheet_texts.toml").read_text(encoding="utf-8"))[lang]
    assert len(words_found(tmp_path / "sheet.pdf", 0, words["swatch_checks_warn"].format(count=count))) == 1
    assert not words_found(tmp_path / "sheet.pdf", 0, words["swatch_checks_pass"])


def _box_of(points, page_height: float) -> tuple:
    """(left, top, right, bottom) in mm from the page's top-left of points in PDF points."""
    xs, ys = [x / MM for x, _ in points], [page_height - y / MM for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def render_page(pdf: Path, px: float) -> numpy.ndarray:
    """The sheet's one page as RGB pixels, `px` a millimetre."""
    document = pypdfium2.PdfDocument(str(pdf))
    image = numpy.asarray(document[0].render(scale=px * 25.4 / 72).to_pil().convert("RGB"), dtype=float)
    document.close()
    return image


@pytest.mark.parametrize(("text", "said"), [
    ("cmyk(0,0,0,101)", "'cmyk(0,0,0,101)': '101' is not a percentage from 0 to 100"),
    ("cmyk(0,0,0,100.5%)", "'cmyk(0,0,0,100.5%)': '100.5%' is not a percentage from 0 to 100"),
    ("cmyk(-1,0,0,0)", "'cmyk(-1,0,0,0)': '-1' is not a percentage from 0 to 100"),
    ("cmyk(0,x,0,0)", "'cmyk(0,x,0,0)': 'x' is not a percentage from 0 to 100"),
    ("", "'' is not a colour; "),
    ("   ", "'   ' is not a colour; "),
    ("#" + "0" * 100, "'#000000000000000'… (101 characters) is too long to be a colour; "),
])
def test_a_colour_written_out_of_range_is_refused_naming_what_is_wrong(text, said):
    with pytest.raises(UserError) as refused:
        parse_colour_text(text, "--colour A.group1")
    assert str(refused.value).startswith(f"--colour A.group1: {said}"), str(refused.value)


def test_the_edges_of_what_a_colour_may_be_are_accepted():
    """Every percentage from 0 to 100 inclusive, a trailing % or not, kept exactly; a text of the
    longest length read as a colour (spaces around it do not count)."""
    assert parse_colour_text("cmyk(0,100%,0.5,100)", "x").cmyk == (0.0, 100.0, 0.5, 100.0)
    assert parse_colour_text("cmyk(100,0,0,0)", "x").cmyk == (100.0, 0.0, 0.0, 0.0)
    longest = "rgb(" + " " * (MAX_COLOUR_TEXT - len("rgb(255,0,0)")) + "255,0,0)"
    assert len(longest) == MAX_COLOUR_TEXT and parse_colour_text(f"  {longest}  ", "x").hex == "#ff0000"


@pytest.mark.parametrize(("value", "said"), [
    ({"hex": "#000000", "cmyk": [0, 0, 0, 101]}, "cmyk must be four numbers from 0 to 100"),
    ({"hex": "#000000", "cmyk": [True, 0, 0, 0]}, "cmyk must be four numbers from 0 to 100"),
    ({"hex": "#000000", "cmyk": [0, 0, 0]}, "cmyk must be four numbers from 0 to 100"),
    ({"hex": "#00000", "cmyk": [0, 0, 0, 100]}, "hex = '#00000' is not #rrggbb"),
    (5, "5 is not a colour; "),
    (["#000000"], "['#000000'] is not a colour; "),
    ({}, "{} is not a colour; "),
])
def test_a_theme_files_colour_out_of_range_is_refused_naming_what_is_wrong(value, said):
    with pytest.raises(UserError) as refused:
        parse_theme_colour(value, "mine.toml: [tile] face")
    assert str(refused.value).startswith(f"mine.toml: [tile] face: {said}"), str(refused.value)


def test_a_theme_file_not_found_names_the_folder_of_themes_to_copy(tmp_path):
    """The kit's themes live in its installed package, not in a templates/ of the user's: the
    line names the real folder, which holds the bundled themes."""
    result = run_cli("tiles", "--sets", "A", "--theme", "club.toml", cwd=tmp_path)
    assert result.returncode == 2
    said = re.fullmatch(r"opendomino: error: --theme: theme file club\.toml not found; check the path, or copy a "
                        r"theme from (.+) to start one\n", result.stderr)
    assert said, result.stderr
    folder = Path(said[1])          # the command's own kit: the installed one, wherever the tests import from
    assert folder.is_absolute() and {p.stem for p in folder.glob("*.toml")} >= set(theme_names())


def test_the_swatch_sheet_takes_a4_or_letter_whatever_the_config_says(tmp_path):
    """`themes --paper` takes a4 or letter; a project's paper of another size once gave the sheet that
    size, its rows of text running into each other on a small one. It is A4 then, with a note."""
    (tmp_path / "opendomino.toml").write_text('paper = "120x150"\nlang = "ru"\n')
    result = run_cli("themes", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ("note: theme-swatches.pdf is on a4: the swatch sheet takes a4 or letter, not the "
                             "config's paper 120x150\n")
    page = pypdfium2.PdfDocument(tmp_path / "output" / "theme-swatches.pdf")[0]
    assert (round(page.get_width() / 72 * 25.4), round(page.get_height() / 72 * 25.4)) == (297, 210)
    assert "угол поля" in page.get_textpage().get_text_range()          # the config's lang is read too
