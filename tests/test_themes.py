"""Themes, colour overrides and colour checks, seen in the files a build writes."""

import tomllib

from conftest import run_cli
from msgspec.structs import fields, replace
from pdf_inspect import all_operations, page_shapes, read_pdf
import pytest

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
from generator.colour.values import Colour, parse_colour_text
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
def test_every_colour_is_given_as_hex_and_cmyk(name):
    data = tomllib.loads(template_path("themes", f"{name}.toml").read_text(encoding="utf-8"))
    values = [v for section in ("tile", "back", "sheet", "board", "pips", "chinese", "picture")
              for v in data[section].values()]
    values += [look[part] for set_name in OPEN_SET_NAMES for look in data[set_name].values()
               for part in ("circle", "arrow")]
    assert len(values) == len(colour_keys())
    for value in values:
        assert set(value) == {"hex", "cmyk"}, value
        assert len(value["cmyk"]) == 4


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


def test_themes_command_lists_and_writes_the_swatch_sheet(tmp_path):
    result = run_cli("themes", "--out", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for name in THEMES:
        assert any(line.startswith(name) and load_theme(name).description in line
                   for line in result.stdout.splitlines())
    reader = read_pdf(tmp_path / "theme-swatches.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)          # landscape
    fills = fill_colours(page)
    for name in THEMES:
        theme = load_theme(name)
        assert {unit(theme.colour("tile.face")), unit(theme.colour("back.background")),
                unit(theme.colour("board.dark"))} <= fills, name
