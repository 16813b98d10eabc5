"""Bad input the issue names one by one: each ends with exit status 2 and one line naming the
option or key and the fix, never a traceback and never a half-written file.

Most cases run `opendomino` in this process (the same main() as the installed command, and
they fail before drawing anything); a few run it as a user would, in a subprocess.
"""

import os
from pathlib import Path
import shutil
import subprocess
import sys
import tomllib

from conftest import run_cli
import pytest
from test_fuzz import run_in_process

from generator.colour.values import BLACK
from generator.errors import UserError
from generator.files.resources import template_path
from generator.model import set_loader
from generator.model.set_loader import load_set, load_set_file, set_file
from generator.scene.drawing import Drawing, Text


def refused(argv, cwd, *names) -> str:
    """Run `opendomino ARGV` in `cwd`; it must fail with one error line holding every name."""
    status, out, err = run_in_process([str(a) for a in argv], stubs={}, cwd=cwd)
    lines = err.strip().splitlines()
    assert status == 2, (argv, status, err)
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: "), err
    assert "Traceback" not in err
    for name in names:
        assert name in lines[0], f"{name!r} not in {lines[0]!r}"
    return out


@pytest.mark.parametrize("argv, names", [
    # unknown set names
    (["build", "--sets", "A,D"], ["--sets", "'D'", "choose from A,B,C"]),
    (["export", "--sets", "abc"], ["--sets", "'abc'", "choose from"]),
    (["build", "--sets", ","], ["--sets", "e.g. A,B,C"]),
    (["sets", "D"], ["'D'", "unknown set", "choose from A,B,C"]),
    # tiles too small, too large, zero, negative, not a number
    (["build", "--tile-size", "9x18"], ["--tile-size", "outside 10-60 mm"]),
    (["build", "--tile-size", "61x122"], ["--tile-size", "outside 10-60 mm"]),
    (["build", "--tile-size", "22x22"], ["--tile-size", "not tile-shaped", "e.g. 22x44"]),
    (["build", "--tile-size", "0x0"], ["--tile-size", "positive", "e.g. 22x44"]),
    (["build", "--tile-size", "-22x44"], ["--tile-size", "e.g. 22x44"]),
    (["build", "--tile-size", "nanxnan"], ["--tile-size", "e.g. 22x44"]),
    (["board", "--tile-size", "22x44x1"], ["--tile-size", "e.g. 22x44"]),
    # paper too small, too large, zero, negative, not a number; tiles that do not fit it
    (["build", "--paper", "80x200"], ["--paper", "outside 90-1200 mm", "e.g. 200x280"]),
    (["build", "--paper", "2000x3000"], ["--paper", "outside 90-1200 mm"]),
    (["build", "--paper", "0x0"], ["--paper", "outside 90-1200 mm"]),
    (["build", "--paper", "-210x297"], ["--paper", "WIDTHxHEIGHT"]),
    (["build", "--paper", "nanx297"], ["--paper", "WIDTHxHEIGHT"]),
    (["build", "--paper", "a5"], ["--paper", "a4, letter, a3"]),
    (["build", "--tile-size", "60x150", "--paper", "100x160"], ["do not fit", "--tile-size 42x105 or smaller"]),
    (["build", "--tile-size", "60x120", "--paper", "a4", "--layout", "gutterfold"], ["do not fit", "--tile-size"]),
    # other sizes: negative, NaN, out of range
    (["build", "--clearance", "-1"], ["--clearance", "outside 0-10 mm"]),
    (["build", "--clearance", "nan"], ["--clearance", "outside 0-10 mm"]),
    (["build", "--target", "shop", "--bleed", "-3"], ["--bleed", "outside 0-10 mm"]),
    (["build", "--target", "shop", "--bleed", "nan"], ["--bleed", "outside 0-10 mm"]),
    (["build", "--back-offset", "nan,0"], ["--back-offset", "within 20 mm"]),
    (["build", "--back-offset", "1"], ["--back-offset", "e.g. 0.5,-1"]),
    (["export", "--dpi", "0"], ["--dpi", "outside 50-1200 dpi"]),
    (["export", "--dpi", "inf"], ["--dpi", "outside 50-1200 dpi"]),
    (["export", "--bleed", "-1"], ["--bleed", "outside 0-10 mm"]),
    (["build", "--colour", "A.group1=cmyk(nan,0,0,0)"], ["--colour", "A.group1", "from 0 to 100"]),
    (["build", "--colour", "A.group1=lch(50% 1e308 30)"], ["--colour", "A.group1", "write #rrggbb"]),
])
def test_bad_options(tmp_path, argv, names):
    out = refused([*argv, "--out", tmp_path / "kit"] if argv[0] != "sets" else argv, tmp_path, *names)
    assert out == ""
    assert not (tmp_path / "kit").exists()              # stopped before writing anything


@pytest.mark.parametrize("text, names", [
    ('sets = ["A", "Q"]\n', ["opendomino.toml: sets", "'Q'", "choose from"]),
    ('tile_size = "0x10"\n', ["opendomino.toml: tile_size", "e.g. 22x44"]),
    ('paper = "5000x5000"\n', ["opendomino.toml: paper", "outside 90-1200 mm"]),
    ("clearance = nan\n", ["opendomino.toml: clearance", "outside 0-10 mm"]),
    ("clearance = -inf\n", ["opendomino.toml: clearance", "outside 0-10 mm"]),
    ("bleed = 1e999\n", ["opendomino.toml: bleed", "outside 0-10 mm"]),
    ("back_offset = [nan, 0]\n", ["opendomino.toml: back_offset", "within 20 mm"]),
    ('output_condition = "GRACoL"\n', ["opendomino.toml: output_condition", "use one of FOGRA39"]),
    ('out = "a\\u0000b"\n', ["opendomino.toml: out", "NUL"]),
    ('theme = "club.toml"\n', ["opendomino.toml: theme", "club.toml not found", "copy a theme"]),
    ('[colours]\n"A.group1" = "lch(50% 1e308 30)"\n', ["opendomino.toml: [colours] A.group1", "write #rrggbb"]),
    ('tile_sise = "22x44"\n', ["opendomino.toml", "'tile_sise'", "did you mean tile_size?"]),
])
def test_bad_config_file(tmp_path, text, names):
    (tmp_path / "opendomino.toml").write_text(text, encoding="utf-8")
    refused(["build"], tmp_path, *names)


def test_a_config_file_that_is_not_utf8(tmp_path):
    (tmp_path / "opendomino.toml").write_bytes(b'paper = "\xff\xfe"\n')
    refused(["build"], tmp_path, "opendomino.toml", "not UTF-8", "save the file as UTF-8")


# --- an output folder that can't be written -------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["build", "--sets", "C", "--out"],
    ["board", "--out"],
    ["booklet", "--lang", "en", "--out"],
    ["export", "--format", "svg", "--sets", "C", "--out"],
    ["calibrate", "--out"],
    ["themes", "--out"],
])
def test_an_output_folder_under_a_file(tmp_path, argv):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    refused([*argv, blocker / "kit"], tmp_path, "cannot write to", str(blocker / "kit"), "--out")
    assert blocker.read_text() == "not a folder"


def test_init_under_a_file(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    refused(["init", tmp_path / "file" / "opendomino.toml"], tmp_path, "cannot write to", "file")


def test_a_folder_where_an_output_file_goes(tmp_path):
    (tmp_path / "kit" / "board-full-size.pdf").mkdir(parents=True)
    refused(["board", "--out", tmp_path / "kit"], tmp_path, "board-full-size.pdf", "move what is there away")
    assert not [p for p in (tmp_path / "kit").iterdir() if p.name.endswith(".part")]


@pytest.mark.skipif(os.name != "posix", reason="a folder's mode is POSIX's")
def test_a_read_only_output_folder(tmp_path):
    """A folder of mode 555. Root writes through any mode (CAP_DAC_OVERRIDE), and CI runs as root:
    there the command runs as a user meets the folder, with that capability dropped by util-linux's
    setpriv (from the bounding set too, so that it does not come back when Python starts)."""
    kit = tmp_path / "kit"
    kit.mkdir()
    kit.chmod(0o555)
    try:
        if os.geteuid() != 0:
            refused(["board", "--out", kit], tmp_path, "cannot write to", str(kit), "--out")
        else:
            setpriv = shutil.which("setpriv")
            assert setpriv, "as root this test needs setpriv (util-linux) to drop CAP_DAC_OVERRIDE"
            result = subprocess.run([setpriv, "--inh-caps", "-dac_override", "--bounding-set", "-dac_override",
                                     sys.executable, "-m", "generator", "board", "--out", str(kit)],
                                    capture_output=True, text=True, cwd=tmp_path)
            assert result.returncode == 2 and result.stdout == "", result.stderr
            (line,) = result.stderr.splitlines()
            assert line.startswith(f"opendomino: error: cannot write to {kit}") and "--out" in line, line
        assert not list(kit.iterdir())
    finally:
        kit.chmod(0o755)


def test_an_unwritable_folder_as_a_user_meets_it(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    result = run_cli("board", "--out", str(tmp_path / "file" / "kit"), cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("opendomino: error: cannot write to") and result.stderr.count("\n") == 1


# --- set and theme files --------------------------------------------------------------------

def copied(tmp_path, source: Path, old: str, new: str, name: str | None = None) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / (name or source.name)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.fixture
def broken_set_a(tmp_path, monkeypatch):
    """Set A's file with one tile changed: 3/1 becomes 1/4, a tile the set already holds."""
    path = copied(tmp_path, set_file("A"), '"8" = ["3/1"', '"8" = ["1/4"')
    real = set_loader.set_file
    monkeypatch.setattr(set_loader, "set_file", lambda name: path if name == "A" else real(name))
    load_set.cache_clear()
    yield path
    load_set.cache_clear()


@pytest.mark.parametrize("argv", [["sets", "A"], ["sets", "--json"], ["build", "--sets", "A"]])
def test_a_set_file_with_a_wrong_composition(tmp_path, broken_set_a, argv):
    out = ["--out", tmp_path / "kit"] if argv[0] == "build" else []
    refused([*argv, *out], tmp_path, "A.toml", "tile 1/4 at row 8, column 1 is one too many", "composition")


def test_a_set_file_whose_groups_swap_tiles_with_the_same_head(tmp_path):
    """Heads balance but tails do not: this once ended in StopIteration."""
    data = tomllib.loads(set_file("A").read_text(encoding="utf-8"))
    tiles = load_set("A").tiles
    one, two = next((a, b) for a in tiles if a.group == 1 for b in tiles
                    if b.group == 2 and a.head == b.head and a.tail != b.tail)
    layout = data["layout"]
    layout[str(one.row)][one.column - 1] = f"{two.tail}/{two.head}"     # group 1 points down: top is the tail
    layout[str(two.row)][two.column - 1] = f"{one.head}/{one.tail}"
    path = tmp_path / "A.toml"
    rows = "".join(f'"{row}" = [{", ".join(chr(34) + t + chr(34) for t in cells)}]\n' for row, cells in layout.items())
    path.write_text(set_file("A").read_text(encoding="utf-8").split("[layout]")[0] + "[layout]\n" + rows)
    with pytest.raises(UserError) as caught:
        load_set_file(path)
    message = str(caught.value)
    assert "\n" not in message and "A.toml" in message and "proportional orientation" in message


@pytest.mark.parametrize("old, new, names", [
    ('digit   = { hex = "#000000", cmyk = [0, 0, 0, 100] }\n', "",
     ["club.toml: [tile] has no digit", "add it"]),
    ('[B.group2]\ncircle = { hex = "#2f9a48", cmyk = [80, 10, 95, 20] }\n', '[B.group3]\n',
     ["club.toml: [B]: unknown key 'group3'", "did you mean group2?"]),
    ('arrow_style = "solid"', 'arrow_style = "dotted"', ["club.toml: A.group1.arrow_style", "use solid or hollow"]),
    ('"#c8202f"', '"#c8202"', ["club.toml: A.group1.circle", "is not #rrggbb"]),
    ("cmyk = [0, 95, 80, 10]", "cmyk = [0, 95, 80]", ["club.toml: A.group1.circle", "four numbers from 0 to 100"]),
])
def test_a_theme_file_with_a_missing_or_wrong_colour(tmp_path, old, new, names):
    theme = copied(tmp_path, template_path("themes", "classic.toml"), old, new, "club.toml")
    refused(["board", "--theme", theme, "--out", tmp_path / "kit"], tmp_path, "--theme", *names)
    (tmp_path / "opendomino.toml").write_text('theme = "club.toml"\n', encoding="utf-8")
    refused(["board", "--out", tmp_path / "kit"], tmp_path, "opendomino.toml: theme", *names)
    assert not (tmp_path / "kit").exists()


# --- a font without a needed glyph ----------------------------------------------------------

def snowman_page() -> Drawing:
    page = Drawing(50, 20)
    page.add(Text(5, 10, "Open Domino \u2603", 4, BLACK))       # PT Sans has no snowman
    return page


@pytest.mark.parametrize("writer", ["pdf", "svg", "png"])
def test_a_text_the_font_cannot_draw(tmp_path, writer):
    from generator.writers.pdf import write_pdf
    from generator.writers.png import write_png
    from generator.writers.svg import write_svg

    write = {"pdf": lambda p: write_pdf([snowman_page()], p), "svg": lambda p: write_svg(snowman_page(), p),
             "png": lambda p: write_png(snowman_page(), p)}[writer]
    with pytest.raises(UserError) as caught:
        write(tmp_path / f"x.{writer}")
    message = str(caught.value)
    assert "\n" not in message
    assert "PTSans-Regular.ttf has no glyph for \u2603" in message and "remove these characters" in message
    assert list(tmp_path.iterdir()) == []               # no file, not even a temporary one


def test_a_sheet_text_the_font_cannot_draw(tmp_path, monkeypatch):
    from generator.model import texts

    real = texts._texts()
    changed = {**real, "en": {**real["en"], "board_title": real["en"]["board_title"] + " \u2603"}}
    monkeypatch.setattr(texts, "_texts", lambda: changed)
    refused(["board", "--out", tmp_path / "kit"], tmp_path, "no glyph for \u2603", "remove these characters")
    assert not (tmp_path / "kit").exists() or not [p for p in (tmp_path / "kit").iterdir() if p.suffix == ".pdf"]


def test_papers_are_their_standard_sizes_and_custom_sides_keep_the_guides_bounds():
    """A4 and A3 as ISO 216 gives them, Letter as 8.5 x 11 in; a custom paper's sides within the bounds
    the guide's reference states (read from the page, not from the code), and the bounds themselves
    accepted."""
    import re

    from generator.imposition.paper import paper_named

    sides = [side for paper in map(paper_named, ("a4", "A3", " Letter ")) for side in (paper.width, paper.height)]
    assert sides == pytest.approx([210, 297, 297, 420, 8.5 * 25.4, 11 * 25.4], abs=1e-9)
    stated = (Path(__file__).parents[1] / "docs" / "reference" / "sizes.md").read_text()
    low, high = map(float, re.search(r"each side (\d+) to (\d+) mm", stated).groups())
    for sides in ((low, high), (high, low), (high, high)):
        paper = paper_named(f"{sides[0]:g}x{sides[1]:g}")
        assert (paper.width, paper.height) == sides
    for sides in ((low - 0.5, high), (low, high + 0.5), (high + 0.5, low)):
        with pytest.raises(UserError, match=r"^--paper: .* per side; give a real sheet size"):
            paper_named(f"{sides[0]:g}x{sides[1]:g}")
    with pytest.raises(UserError, match=r"^--paper: unknown paper .a5.; use a4, letter, a3 or WIDTHxHEIGHT in mm, e.g. 200x280$"):
        paper_named("a5")
