"""The user's own config ($XDG_CONFIG_HOME/opendomino/config.toml) under the project's
opendomino.toml and the command line; `opendomino config` naming each setting's origin;
`opendomino calibrate --save`."""

import json
import os
from pathlib import Path
import subprocess
import sys

from conftest import run_cli
from pdf_inspect import read_pdf
import pytest

from generator.settings.config import SETTINGS
from generator.settings.user_config import USER_KEYS, user_config_path, with_back_offset

LETTER_PT = (612.0, 792.0)


def run(*args, cwd, xdg: Path):
    env = {**os.environ, "XDG_CONFIG_HOME": str(xdg)}
    return run_cli(*args, cwd=cwd, env=env, timeout=300)


@pytest.fixture
def layers(tmp_path):
    """A user config, a project config in the working folder, and the user config's path."""
    xdg = tmp_path / "xdg"
    user = xdg / "opendomino" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text('# my printer\nback_offset = "1.5,-2"\nlang = "ru"\npaper = "a4"\ntheme = "grayscale"\n')
    project = tmp_path / "project"
    project.mkdir()
    (project / "opendomino.toml").write_text('paper = "letter"\nsets = ["A"]\n')
    return project, xdg, user


def test_a_project_made_by_init_keeps_the_users_own_settings(layers):
    """`opendomino init` writes every setting, but a user key only commented out: written, its
    default would hide the user's saved calibration (and paper, theme, ...) in that project."""
    _, xdg, user = layers
    fresh = user.parent.parent.parent / "fresh"
    fresh.mkdir()
    assert run("init", cwd=fresh, xdg=xdg).returncode == 0
    written = (fresh / "opendomino.toml").read_text()
    for key in USER_KEYS:
        assert f"\n# {key} = " in written and f"\n{key} = " not in written, key
    assert "\nsets = " in written and "\ntile_size = " in written        # the project's own, written
    rows = {row["key"]: row for row in json.loads(run("config", "--json", cwd=fresh, xdg=xdg).stdout)}
    assert (rows["back_offset"]["value"], rows["back_offset"]["origin"]) == ("1.5,-2", "user")
    assert (rows["theme"]["value"], rows["theme"]["origin"]) == ("grayscale", "user")
    assert rows["sets"]["origin"] == "project"


def test_each_colour_has_the_origin_of_the_layer_that_set_it_and_is_listed_once(layers):
    """Colours add up over the layers: a colour from the project stays the project's when the command
    line gives another colour, and a colour given in both is listed once, with the value used."""
    project, xdg, _ = layers
    (project / "opendomino.toml").write_text('[colours]\n"A.group1" = "#c0392b"\n"board.dark" = "#555555"\n')
    shown = run("config", "--json", "--colour", "tile.face=#ffffff", "--colour", "A.group1=#000000",
                cwd=project, xdg=xdg)
    assert shown.returncode == 0, shown.stderr
    colours = [(row["key"], row["value"], row["origin"], row["file"]) for row in json.loads(shown.stdout)
               if row["key"].startswith("colours.")]
    assert sorted(colours) == [('colours."A.group1"', "#000000", "command-line", None),
                               ('colours."board.dark"', "#555555", "project", "opendomino.toml"),
                               ('colours."tile.face"', "#ffffff", "command-line", None)]


def test_each_setting_has_the_value_and_origin_of_the_highest_layer_and_the_build_uses_them(layers):
    project, xdg, user = layers
    cli_options = ["--theme", "low-ink", "--layout", "separate"]
    shown = run("config", "--json", *cli_options, cwd=project, xdg=xdg)
    assert shown.returncode == 0, shown.stderr
    rows = {row["key"]: row for row in json.loads(shown.stdout)}
    assert list(rows) == [setting.name for setting in SETTINGS]
    expected = {
        "back_offset": ("1.5,-2", "user", str(user)),         # the user config alone sets it
        "lang": ("ru", "user", str(user)),
        "paper": ("letter", "project", "opendomino.toml"),    # the project wins over the user
        "sets": (["A"], "project", "opendomino.toml"),
        "theme": ("low-ink", "command-line", None),           # the command line wins over both
        "layout": ("separate", "command-line", None),
        "tile_size": ("22x44", "default", None),
        "out": ("output", "default", None),
    }
    for key, (value, origin, file) in expected.items():
        assert (rows[key]["value"], rows[key]["origin"], rows[key]["file"]) == (value, origin, file), key
    assert {key for key, row in rows.items() if row["origin"] != "default"} == set(expected) - {"tile_size", "out"}

    text = run("config", *cli_options, cwd=project, xdg=xdg).stdout.splitlines()
    assert f'user:{user}\tback_offset = "1.5,-2"' in text
    assert 'project:opendomino.toml\tpaper = "letter"' in text and 'command-line\ttheme = "low-ink"' in text
    assert 'default\ttile_size = "22x44"' in text

    # The build made from the layers is the one made from the same values given as options.
    layered = run("tiles", *cli_options, "--out", "layered", cwd=project, xdg=xdg)
    assert layered.returncode == 0, layered.stderr
    explicit = run("tiles", "--config", "opendomino.toml", *cli_options, "--lang", "ru",
                   "--back-offset", "1.5,-2", "--out", "explicit", cwd=project, xdg=project / "no-user-config")
    unshifted = run("tiles", *cli_options, "--back-offset", "0,0", "--out", "unshifted", cwd=project, xdg=xdg)
    assert explicit.returncode == 0 and unshifted.returncode == 0, explicit.stderr + unshifted.stderr
    pdfs = sorted(path.name for path in (project / "layered").glob("*.pdf"))
    assert pdfs == ["tiles-A-backs.pdf", "tiles-A-fronts.pdf"]
    for name in pdfs:
        assert (project / "layered" / name).read_bytes() == (project / "explicit" / name).read_bytes(), name
    backs = project / "layered" / "tiles-A-backs.pdf"
    assert backs.read_bytes() != (project / "unshifted" / "tiles-A-backs.pdf").read_bytes()
    assert (project / "layered" / "tiles-A-fronts.pdf").read_bytes() == \
        (project / "unshifted" / "tiles-A-fronts.pdf").read_bytes()       # the offset moves the backs alone
    box = read_pdf(backs).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER_PT, abs=0.01)


@pytest.mark.parametrize("text, names", [
    ('paper = "b7"\n', ["paper", "unknown paper 'b7'"]),
    ('back_offset = "25,0"\n', ["back_offset", "within 20 mm"]),
    ('paper = \n', ["not valid TOML"]),
    ('out = "elsewhere"\n', ["out belongs to a project", "opendomino.toml"]),
    ('papr = "a4"\n', ["unknown option 'papr'", "paper"]),
])
def test_a_broken_user_config_is_one_line_naming_its_path(tmp_path, text, names):
    user = tmp_path / "xdg" / "opendomino" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text(text)
    result = run("config", cwd=tmp_path, xdg=tmp_path / "xdg")
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"opendomino: error: {user}"), result.stderr
    for name in names:
        assert name in result.stderr, (name, result.stderr)


def test_calibrate_save_stores_the_offset_keeping_the_rest_of_the_file(tmp_path):
    xdg = tmp_path / "xdg"
    saved = run("calibrate", "--save", "0.5,-1", cwd=tmp_path, xdg=xdg)     # no file yet: made
    user = xdg / "opendomino" / "config.toml"
    assert saved.returncode == 0 and str(user) in saved.stdout, saved.stderr
    assert 'back_offset = "0.5,-1"' in user.read_text() and not (tmp_path / "output").exists()
    user.write_text('# the office printer\npaper = "letter"   # US paper\nback_offset = [0.5, -1]\nlang = "ru"\n')
    again = run("calibrate", "--save", "-0.25,1.5", cwd=tmp_path, xdg=xdg)
    assert again.returncode == 0, again.stderr
    assert user.read_text() == '# the office printer\npaper = "letter"   # US paper\nback_offset = "-0.25,1.5"\nlang = "ru"\n'
    shown = run("config", cwd=tmp_path, xdg=xdg).stdout.splitlines()
    assert f'user:{user}\tback_offset = "-0.25,1.5"' in shown
    assert [p.name for p in user.parent.iterdir()] == ["config.toml"]        # no temporary left


@pytest.mark.parametrize("value, message", [("30,0", "within 20 mm"), ("1", "not DX,DY")])
def test_calibrate_save_checks_the_offset_as_back_offset_does(tmp_path, value, message):
    result = run("calibrate", "--save", value, cwd=tmp_path, xdg=tmp_path / "xdg")
    assert result.returncode == 2 and result.stderr.startswith("opendomino: error: --save: ")
    assert message in result.stderr and not (tmp_path / "xdg").exists()


def test_calibrate_save_leaves_a_broken_user_config_alone(tmp_path):
    user = tmp_path / "xdg" / "opendomino" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text('paper = "b7"\n')
    result = run("calibrate", "--save", "1,1", cwd=tmp_path, xdg=tmp_path / "xdg")
    assert result.returncode == 2 and str(user) in result.stderr
    assert user.read_text() == 'paper = "b7"\n'


def test_the_folder_follows_xdg_config_home_else_the_home_config(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert user_config_path() == tmp_path / "opendomino" / "config.toml"
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("HOME", str(tmp_path / "home"))
        for unset in ("", "relative/path"):     # the XDG rule: only an absolute path counts
            monkeypatch.setenv("XDG_CONFIG_HOME", unset)
            assert user_config_path() == tmp_path / "home" / ".config" / "opendomino" / "config.toml"


def test_a_relative_home_gives_way_to_the_systems_entry(monkeypatch):
    """A relative HOME names a folder of the working one, so it is not taken; the system's entry for
    the user is (the note "no home folder is known" was said though the system knew one)."""
    pwd = pytest.importorskip("pwd")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", "relhome")
    if sys.platform.startswith("linux"):
        system_home = Path(pwd.getpwuid(os.getuid()).pw_dir)
        assert user_config_path() == system_home / ".config" / "opendomino" / "config.toml"


def test_the_offset_line_is_replaced_or_added():
    assert with_back_offset("", (1, 2)) == 'back_offset = "1,2"\n'
    assert with_back_offset('lang = "ru"', (1, 2)) == 'lang = "ru"\nback_offset = "1,2"\n'
    assert with_back_offset('  back_offset = "0,0"  # old\n', (0.5, -1)) == 'back_offset = "0.5,-1"\n'


def test_the_user_keys_are_settings_of_the_project_config_too():
    assert set(USER_KEYS) <= {setting.name for setting in SETTINGS}


# No HOME and no password entry for the user (a service, a container started with a bare uid), and
# no XDG_CONFIG_HOME: the lookups fail as they do there (issue 37, item 3).
HOMELESS = ("import pwd, sys\n"
            "def no_entry(uid):\n"
            "    raise KeyError(f'getpwuid(): uid not found: {uid}')\n"
            "pwd.getpwuid = no_entry\n"
            "from generator.entry import main\n"
            "main(sys.argv[1:])\n")


def homeless(*args, cwd) -> subprocess.CompletedProcess:
    env = {name: value for name, value in os.environ.items() if name not in ("HOME", "XDG_CONFIG_HOME")}
    return subprocess.run([sys.executable, "-c", HOMELESS, *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


def test_with_no_home_folder_the_user_config_is_skipped_with_a_note(tmp_path):
    (tmp_path / "opendomino.toml").write_text('paper = "letter"\n')
    shown = homeless("config", "--json", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    note = shown.stderr.splitlines()
    assert len(note) == 1 and note[0].startswith("note: your own settings (opendomino/config.toml) are skipped: ")
    assert "set HOME, or XDG_CONFIG_HOME" in note[0]
    rows = {row["key"]: row for row in json.loads(shown.stdout)}
    assert rows["paper"]["origin"] == "project" and {row["origin"] for row in rows.values()} == {"default", "project"}

    built = homeless("tiles", "--sets", "A", "--out", "kit", cwd=tmp_path)
    assert built.returncode == 0 and built.stderr == shown.stderr, built.stderr
    box = read_pdf(tmp_path / "kit" / "tiles-A.pdf").pages[0].mediabox          # the project's paper
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER_PT, abs=0.01)

    quiet = homeless("-q", "config", cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_with_no_home_folder_calibrate_save_says_where_to_point(tmp_path):
    saved = homeless("calibrate", "--save", "1,1", cwd=tmp_path)
    assert saved.returncode == 2
    assert saved.stderr.splitlines()[-1] == ("opendomino: error: there is no folder for your own settings "
                                             "(opendomino/config.toml): no home folder is known (HOME is unset or "
                                             "relative, and the system lists none for this user); set HOME, or "
                                             "XDG_CONFIG_HOME")
    assert "Traceback" not in saved.stderr and not (tmp_path / "output").exists()


def test_a_relative_home_and_no_system_entry_is_no_home(monkeypatch):
    """A relative HOME is passed over for the system's entry (above); with none either, no home is known."""
    from generator.errors import UserError

    pwd = pytest.importorskip("pwd")

    def no_entry(uid):
        raise KeyError(uid)

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", "relative/home")
    with pytest.raises(UserError, match="no home folder is known"):
        user_config_path()
