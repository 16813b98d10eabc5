"""The command line as a user meets it."""

import json

from conftest import run_cli
import pytest


def test_build_writes_the_tile_sheets(tmp_path):
    result = run_cli("build", "--out", str(tmp_path / "kit"), "--sets", "a,c", "--paper", "letter")
    assert result.returncode == 0, result.stderr
    names = {p.name for p in (tmp_path / "kit").iterdir()}
    assert {"tiles-A.pdf", "tiles-C.pdf", "board-tiled-letter.pdf", "setup-cards.pdf"} <= names
    assert "tiles-B.pdf" not in names


def test_build_defaults_to_output_folder(tmp_path):
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert {"tiles-A.pdf", "tiles-B.pdf", "tiles-C.pdf"} <= {p.name for p in (tmp_path / "output").iterdir()}


def test_sets_table_shows_sums():
    result = run_cli("sets", "A")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert any(line.split()[:9] == ["8", "3/1", "1/4", "5/6", "0/0", "2/2", "4/5", "0/3", "6/2"]
               for line in lines)
    assert any(line.split()[:8] == ["24"] * 8 for line in lines)
    assert "Validation: OK" in result.stdout


def test_sets_json():
    result = run_cli("sets", "--json")
    tiles = json.loads(result.stdout)
    # Every set: A, B and C (32 each), then the classic ones.
    assert len(tiles) == 96 + 10 + 28 + 55 + 91 + 136 + 190 + 32 + 28 + 56
    open_tiles = [t for t in tiles if t["set"] in ("A", "B", "C")]
    assert len(open_tiles) == 96 and all(set(t) == {"set", "group", "head", "tail", "row", "column", "id"}
                                         for t in open_tiles)
    first = next(t for t in tiles if t["set"] == "B" and t["row"] == 8 and t["column"] == 1)
    assert (first["group"], first["head"], first["tail"]) == (1, 5, 4)
    # A classic set has no starting layout: no row or column, and no group.
    classic = [t for t in tiles if t["set"] == "double-9"]
    assert len(classic) == 55 and all(set(t) == {"set", "group", "head", "tail", "id"} and t["group"] is None
                                      for t in classic)
    assert len({t["id"] for t in tiles}) == len(tiles)


@pytest.mark.parametrize("args, names", [
    (["build", "--tile-size", "5x5"], "--tile-size"),
    (["build", "--tile-size", "nanxnan"], "--tile-size"),
    (["build", "--tile-size", "-22x44"], "--tile-size"),
    (["build", "--tile-size", "70x140"], "--tile-size"),
    (["build", "--sets", "A,Q"], "'Q'"),
    (["build", "--paper", "a5"], "--paper"),
    (["build", "--bogus"], "--bogus"),
    (["sets", "Z"], "Z"),
    (["frobnicate"], "frobnicate"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path, args, names):
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and names in lines[0] and "Traceback" not in result.stderr


def test_unwritable_output_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run_cli("build", "--out", str(blocker / "sub"))
    assert result.returncode == 2 and "--out" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_help():
    result = run_cli("--help")
    assert result.returncode == 0 and "build" in result.stdout and "sets" in result.stdout


@pytest.mark.parametrize("args", [("sets", "A"), ("--version",), ("build", "--tile-size", "5x5"), ("build", "--help"),
                                  ("layouts", "check", "--set", "B"), ("themes",), ("config",)])
def test_a_command_through_the_test_command_server_is_the_command_in_a_fresh_interpreter(tmp_path, args):
    """The tests' command server (tests/command_server.py) forks its commands from an interpreter that
    has loaded the kit: each must say and exit exactly as `python -m generator` started anew."""
    assert run_cli(*args, cwd=tmp_path).__dict__ | {"args": None} == \
        run_cli(*args, cwd=tmp_path, fresh=True).__dict__ | {"args": None}


def test_the_command_servers_children_speak_the_language_their_config_chooses(tmp_path):
    """Help texts are translated as the command modules load: the server never loads those, so a
    config file's ui_lang reaches the help as in a fresh interpreter."""
    (tmp_path / "opendomino.toml").write_text('ui_lang = "ru"\n', encoding="utf-8")
    served, fresh = run_cli("build", "--help", cwd=tmp_path), run_cli("build", "--help", cwd=tmp_path, fresh=True)
    assert (served.returncode, served.stdout, served.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert served.stdout.startswith("Использование: opendomino build"), served.stdout[:400]
    assert "Комплекты" in served.stdout, served.stdout[:400]
