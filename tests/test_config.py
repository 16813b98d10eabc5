"""The config file opendomino.toml: found, read, overridden, and written by `opendomino init`."""

from pathlib import Path
import re
import tomllib

from conftest import run_cli
from pdf_inspect import read_pdf
import pytest
from test_themes import fill_colours, unit

from generator.colour.theme import colour_keys, load_theme
from generator.errors import UserError
from generator.settings.config import DEFAULTS, SETTINGS, build_options, read_config, starter_config
from generator.settings.config_files import USER_KEYS


def write_config(folder: Path, text: str, name: str = "opendomino.toml") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_init_writes_a_starter_that_round_trips(tmp_path, monkeypatch):
    result = run_cli("init", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "wrote opendomino.toml"
    path = tmp_path / "opendomino.toml"
    text = path.read_text(encoding="utf-8")
    assert text == starter_config()
    data = tomllib.loads(text)
    # The keys a user config may set are written commented out, so that the user's own values hold.
    assert set(data) == {s.name for s in SETTINGS if s.name not in USER_KEYS} | {"colours"}
    assert data["colours"] == {}
    for key in colour_keys():                        # every colour key is listed, commented out
        assert f'# "{key}"' in text
    monkeypatch.chdir(tmp_path)
    assert build_options(read_config(Path("opendomino.toml")), {}) == DEFAULTS
    # Uncommented, the user keys hold their defaults too: every setting round-trips.
    path.write_text(re.sub(r"(?m)^# ([a-z_]+ = )", r"\1", text), encoding="utf-8")
    assert set(tomllib.loads(path.read_text(encoding="utf-8"))) == {s.name for s in SETTINGS} | {"colours"}
    assert build_options(read_config(Path("opendomino.toml")), {}) == DEFAULTS


def test_init_keeps_an_existing_file_unless_forced(tmp_path):
    path = write_config(tmp_path, 'theme = "grayscale"\n')
    result = run_cli("init", cwd=tmp_path)
    assert result.returncode == 2 and "--force" in result.stderr
    assert path.read_text() == 'theme = "grayscale"\n'
    assert run_cli("init", "--force", cwd=tmp_path).returncode == 0
    assert path.read_text() == starter_config()
    assert run_cli("init", "other/name.toml", cwd=tmp_path).returncode == 0
    assert (tmp_path / "other" / "name.toml").is_file()


def test_config_in_the_working_directory_is_used(tmp_path):
    write_config(tmp_path, 'out = "kit"\ntheme = "grayscale"\nsets = ["C"]\n'
                           '[colours]\n"board.dark" = "cmyk(0,0,0,40)"\n')
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    kit = tmp_path / "kit"
    assert (kit / "tiles-C.pdf").is_file() and not (kit / "tiles-A.pdf").exists()
    fills = fill_colours(read_pdf(kit / "board-full-size.pdf").pages[0])
    assert (0.6, 0.6, 0.6) in fills
    assert unit(load_theme("grayscale").colour("board.light")) in fills


def test_config_given_with_option_paths_relative_to_it(tmp_path):
    write_config(tmp_path / "club", 'out = "print"\npaper = "letter"\ntheme = "colorblind"\n', "club.toml")
    result = run_cli("board", "--config", "club/club.toml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "club" / "print" / "board-tiled-letter.pdf").is_file()
    assert not (tmp_path / "output").exists()


def test_command_line_wins_over_the_config(tmp_path):
    write_config(tmp_path, 'paper = "letter"\ntheme = "low-ink"\nsets = "B"\n'
                           '[colours]\n"board.dark" = "#999999"\n')
    result = run_cli("build", "--paper", "a4", "--sets", "A", "--colour", "board.dark=#888888", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = tmp_path / "output"
    assert (out / "board-tiled-a4.pdf").is_file() and not (out / "board-tiled-letter.pdf").exists()
    assert (out / "tiles-A.pdf").is_file() and not (out / "tiles-B.pdf").exists()
    fills = fill_colours(read_pdf(out / "board-full-size.pdf").pages[0])
    assert unit(load_theme("low-ink").colour("board.light")) in fills        # the config's theme
    assert (0.533, 0.533, 0.533) in fills and (0.6, 0.6, 0.6) not in fills   # the command line's colour


def test_config_strict_and_no_strict(tmp_path):
    write_config(tmp_path, 'strict = true\n[colours]\n"tile.digit" = "#eeeeee"\n')
    result = run_cli("board", cwd=tmp_path)
    assert result.returncode == 2 and "tile.digit #eeeeee" in result.stderr
    result = run_cli("board", "--no-strict", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr.startswith("warning: theme classic: tile.digit #eeeeee")


def test_unquoted_dotted_colour_keys_work(tmp_path):
    path = write_config(tmp_path, "[colours]\nboard.dark = \"#999999\"\n")
    assert read_config(path)["colour_overrides"] == (("board.dark", "#999999"),)


@pytest.mark.parametrize("text, expected", [
    ('tile_sise = "22x44"\n', "opendomino.toml: unknown option 'tile_sise'; did you mean tile_size?"),
    ('colors = {}\n', "did you mean colours?"),
    ('clearance = "wide"\n', "opendomino.toml: clearance: 'wide' is not a number of mm"),
    ('tile_size = "5x5"\n', "opendomino.toml: tile_size: width 5 mm"),
    ('paper = "a5"\n', "opendomino.toml: paper: unknown paper 'a5'; use a4, letter, a3 or WIDTHxHEIGHT"),
    ('across_notation = "yes"\n', "opendomino.toml: across_notation: 'yes' is not true or false"),
    ('theme = "neon"\n', "opendomino.toml: theme: unknown theme 'neon'"),
    ('sets = "A,Q"\n', "unknown set 'Q'"),
    ('[colours]\n"A.gruop1" = "red"\n', "unknown colour key 'A.gruop1'; did you mean A.group1?"),
    ('[colours]\n"A.group1" = "#12"\n', "'#12' is not a colour"),
    ('theme = \n', "not valid TOML"),
])
def test_config_errors_name_the_option(tmp_path, text, expected):
    path = write_config(tmp_path, text)
    with pytest.raises(UserError) as error:
        read_config(path)
    assert expected in str(error.value)
    result = run_cli("board", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: ")


def test_missing_config_file_is_an_error(tmp_path):
    result = run_cli("build", "--config", "nowhere.toml", cwd=tmp_path)
    assert result.returncode == 2 and "--config: nowhere.toml: file not found" in result.stderr


def test_themes_command_takes_out_and_paper_from_the_config(tmp_path):
    write_config(tmp_path, 'out = "kit"\npaper = "letter"\n')
    result = run_cli("themes", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    page = read_pdf(tmp_path / "kit" / "theme-swatches.pdf").pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4, 1) == 279.4       # US Letter, landscape
