"""`opendomino check`, the -v/-q flags and summary, and output/manifest.json."""

import hashlib
import json

from conftest import run_cli


def test_check_lists_what_it_checked(tmp_path):
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    for expected in ("set A:", "set B:", "set C:", "figures: 18", "rules (en): 38 files", "rules (ru): 38 files",
                     "classic rules (en): 33 files, 31 games", "classic rules (ru): 33 files, 31 games",
                     "theme classic:", "theme colorblind:", "theme low-ink:", "theme grayscale:",
                     "paper a4:", "boxes: templates/boxes.toml", "print condition: FOGRA39"):
        assert any(expected in line for line in lines), expected
    assert lines[-1] == "all checks passed"
    assert "ok  paper a4: tiles of 22x44 mm fit; sheets of tiles per set: A 1, B 1, C 1" in lines


def test_the_sheets_are_counted_for_each_set_the_project_makes(tmp_path):
    """91 tiles of double-12 take three A4 sheets, not the one of a 32-tile set."""
    (tmp_path / "opendomino.toml").write_text('sets = ["A", "double-12", "triominoes"]\n')
    lines = run_cli("check", cwd=tmp_path).stdout.splitlines()
    assert "ok  paper a4: tiles of 22x44 mm fit; sheets of tiles per set: A 1, double-12 3, triominoes 2" in lines


def test_a_colour_warning_is_a_warn_line_not_ok(tmp_path):
    """A colour check that fails without --strict is a warning: it has a line of its own that says
    warn, not ok, and the last line counts the warnings."""
    result = run_cli("check", "--colour", "tile.digit=#eeeeee", "--colour", "A.group2=#c0392b", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    warned = [line for line in lines if not line.startswith("ok  ")][:-1]
    assert "ok  chosen theme classic with 2 override(s): 5 colour warning(s)" in lines
    assert len(warned) == 5 and all(line.startswith("warn theme classic: ") for line in warned), warned
    assert "tile.digit #eeeeee on tile.face" in warned[0] and "contrast 1.1:1" in warned[0]
    visions = ("normal vision", "deuteranopia", "protanopia", "tritanopia")        # one line each
    assert [next(v for v in visions if v in line) for line in warned[1:]] == list(visions)
    assert all("A.group1 #c8202f and A.group2 #c0392b" in line for line in warned[1:])
    assert lines[-1] == "all checks passed, with 5 warnings"


def test_check_stops_at_a_bad_config(tmp_path):
    (tmp_path / "opendomino.toml").write_text('tile_sise = "22x44"\n')
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1 and "tile_sise" in message and "tile_size" in message


def test_check_stops_at_a_theme_missing_a_colour(tmp_path):
    from generator.files.resources import template_path

    text = template_path("themes", "classic.toml").read_text(encoding="utf-8")
    broken = "\n".join(line for line in text.splitlines() if not line.startswith("dark "))
    (tmp_path / "broken.toml").write_text(broken, encoding="utf-8")
    result = run_cli("check", "--theme", str(tmp_path / "broken.toml"), cwd=tmp_path)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "dark" in result.stderr


def test_quiet_verbose_and_summary(tmp_path):
    normal = run_cli("board", "--out", str(tmp_path))
    assert normal.returncode == 0
    assert normal.stdout.count("\n") == 1 and "wrote 3 file(s)" in normal.stdout and "manifest.json" in normal.stdout
    verbose = run_cli("-v", "board", "--out", str(tmp_path))
    assert "wrote " + str(tmp_path / "board-a3.pdf") in verbose.stdout
    quiet = run_cli("-q", "board", "--out", str(tmp_path), "--tile-size", "26x52")
    assert quiet.returncode == 0 and quiet.stdout == "" and quiet.stderr == ""


def test_quiet_and_verbose_after_the_command_name(tmp_path):
    # Users put the flags after the command; both places work, and the last one given wins.
    quiet = run_cli("board", "-q", "--out", str(tmp_path))
    assert quiet.returncode == 0 and quiet.stdout == "" and quiet.stderr == ""
    verbose = run_cli("board", "--out", str(tmp_path), "-v")
    assert verbose.returncode == 0 and "wrote " + str(tmp_path / "board-a3.pdf") in verbose.stdout
    assert run_cli("sets", "A", "-q").returncode == 0
    last_wins = run_cli("-v", "board", "--out", str(tmp_path), "--quiet")
    assert last_wins.returncode == 0 and last_wins.stdout == ""


def test_manifest_lists_every_file_with_purpose_size_and_checksum(tmp_path):
    result = run_cli("build", "--out", str(tmp_path / "a"))
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    files = {entry["file"]: entry for entry in manifest["files"]}
    written = sorted(p.relative_to(tmp_path / "a").as_posix() for p in (tmp_path / "a").rglob("*")
                     if p.is_file() and p.name != "manifest.json")
    assert sorted(files) == written
    for name, entry in files.items():
        data = (tmp_path / "a" / name).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest() and entry["bytes"] == len(data)
        assert entry["purpose"] != "other file"
        if name.endswith((".pdf", ".epub")):           # the web site's files (rules/) have no pages
            assert entry["pages"] >= 1
    assert "rules/index.html" in files and "rules-open-ru.epub" in files
    assert files["board-a3.pdf"]["page_size_mm"] == [297.0, 420.0]
    assert files["rules-en.pdf"]["page_size_mm"] == [148.0, 210.0]
    assert files["tiles-A.pdf"]["page_size_mm"] == [210.0, 297.0] and files["tiles-A.pdf"]["pages"] == 2
    # A second build with the same inputs: the manifest is byte-identical, so every file is too.
    run_cli("build", "--out", str(tmp_path / "b"))
    assert (tmp_path / "a" / "manifest.json").read_bytes() == (tmp_path / "b" / "manifest.json").read_bytes()
