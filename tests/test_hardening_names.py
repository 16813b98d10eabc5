"""File names that are not UTF-8 (issue 37, item 7), each case kept as a regression test.

Linux allows any bytes in a name; Python carries the bytes that are not UTF-8 as lone surrogates,
which a strict UTF-8 stream refuses (the stdout of a system whose UTF-8 locale is installed, or
PYTHONIOENCODING=utf-8:strict anywhere). Every path the kit shows (its messages, the summary, `-v`,
`config`, manifest.json) writes such a byte as \\xff, and the command runs as with any other name.
"""

import json
import os
from pathlib import Path
import subprocess
import sys

import pytest
from test_classic_sets import GOOD

from generator.errors import printable, readable
from generator.files.manifest import write_manifest
from generator.files.resources import template_path
from generator.settings.build_options import BuildOptions, BuildReport

SHOWN = "\\xff\\xfe"        # what a person reads for the bytes FF FE


def named(rest: str) -> str:
    """A name that starts with the bytes FF FE, as Python holds it (and hands it to a command)."""
    return os.fsdecode(b"\xff\xfe" + rest.encode())


def strict(*args, cwd) -> tuple[int, str, str]:
    """`opendomino ARGS` writing to strict UTF-8 streams; what it wrote must be UTF-8 too."""
    result = subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, cwd=cwd,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"}, timeout=120)
    return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Good and broken inputs, each named with the bytes FF FE."""
    folder = tmp_path_factory.mktemp("names")
    inputs = {".icc": template_path("icc", "FOGRA39L_coated.icc").read_bytes(),
              "-theme.toml": template_path("themes", "classic.toml").read_bytes(),
              "-set.toml": GOOD.encode(), "-project.toml": b'paper = "letter"\n',
              "-broken.toml": b"nonsense = 1\n", "-file": b"x"}
    for rest, data in inputs.items():
        (folder / named(rest)).write_bytes(data)
    return folder


@pytest.mark.parametrize("argv, shown", [
    (["check", "--icc", named("-missing.icc")], f"--icc: {SHOWN}-missing.icc: file not found"),
    (["check", "--theme", named("-broken.toml")], f"{SHOWN}-broken.toml"),
    (["check", "--config", named("-broken.toml")], f"{SHOWN}-broken.toml: unknown option 'nonsense'"),
    (["check", "--set-file", named("-broken.toml")], f"{SHOWN}-broken.toml: unknown key 'nonsense'"),
    (["board", "--out", named("-file")], f"cannot write to {SHOWN}-file: it is a file"),
])
def test_an_error_names_the_file_with_its_bytes_escaped(folder, argv, shown):
    status, out, err = strict(*argv, cwd=folder)
    assert status == 2 and out == "", err
    assert err.count("\n") == 1 and err.startswith("opendomino: error: ") and shown in err, err


def test_check_the_summary_and_the_manifest_show_the_names(folder):
    status, out, err = strict("check", "--icc", named(".icc"), "--theme", named("-theme.toml"),
                              "--set-file", named("-set.toml"), "--config", named("-project.toml"), cwd=folder)
    assert status == 0, err
    assert f"profile {SHOWN}.icc (FOGRA39L Coated) embedded" in out and "all checks passed" in out

    kit = folder / named("-kit")
    kit.mkdir()
    (kit / named("-mine.pdf")).write_bytes(b"a file of the user's")
    status, out, err = strict("board", "-v", "--theme", named("-theme.toml"), "--out", named("-kit"), cwd=folder)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[:3] == [f"wrote {SHOWN}-kit/{name}" for name in ("board-full-size.pdf", "board-a3.pdf",
                                                                   "board-tiled-a4.pdf")]
    assert lines[-1].startswith("wrote 3 file(s), ") and \
        lines[-1].endswith(f" MB, to {SHOWN}-kit; list and checksums in {SHOWN}-kit/manifest.json")
    manifest = json.loads((kit / "manifest.json").read_bytes().decode("utf-8"))
    assert manifest["foreign"] == [f"{SHOWN}-mine.pdf"]
    status, out, err = strict("verify", "-v", "--out", named("-kit"), cwd=folder)
    assert status == 0 and out.splitlines() == [f"foreign  {SHOWN}-mine.pdf (not in the manifest)",
                                                f"{SHOWN}-kit matches its manifest: 3 file(s); "
                                                "1 other file(s) not in it"], err


def test_config_shows_the_names(folder):
    options = ["--config", named("-project.toml"), "--theme", named("-theme.toml"), "--icc", named(".icc"),
               "--set-file", named("-set.toml"), "--out", named("-out")]
    status, out, err = strict("config", *options, cwd=folder)
    assert status == 0, err
    lines = out.splitlines()
    for line in (f'project:{SHOWN}-project.toml\tpaper = "letter"', f'command-line\ttheme = "{SHOWN}-theme.toml"',
                 f'command-line\ticc = "{SHOWN}.icc"', f'command-line\tset_files = ["{SHOWN}-set.toml"]',
                 f'command-line\tout = "{SHOWN}-out"'):
        assert line in lines, (line, lines)

    status, out, err = strict("config", "--json", *options, cwd=folder)
    assert status == 0, err
    rows = {row["key"]: row for row in json.loads(out)}
    assert (rows["paper"]["origin"], rows["paper"]["file"]) == ("project", f"{SHOWN}-project.toml")
    assert (rows["theme"]["value"], rows["icc"]["value"], rows["out"]["value"]) == \
        (f"{SHOWN}-theme.toml", f"{SHOWN}.icc", f"{SHOWN}-out")
    assert rows["set_files"]["value"] == [f"{SHOWN}-set.toml"]


def test_the_manifest_names_a_profile_with_its_bytes_escaped(folder, tmp_path):
    """A print-shop file's entry names the profile that made its CMYK."""
    from generator.jobs.shop import build_shop_tokens

    report = BuildReport()
    build_shop_tokens(BuildOptions(out=tmp_path, target="shop", icc=folder / named(".icc")), report)
    manifest = json.loads(write_manifest(tmp_path, report).read_bytes().decode("utf-8"))
    assert [entry["output_profile"] for entry in manifest["files"]] == [f"{SHOWN}.icc"]


def test_each_byte_that_is_not_utf8_is_written_as_a_person_reads_it():
    assert readable(named(".icc")) == f"{SHOWN}.icc"
    assert readable("тема\ud800.toml") == "тема\\ud800.toml"         # a lone surrogate of another kind
    assert printable(named("\n.toml")) == f"{SHOWN}\\n.toml"
    assert readable(Path(named("-kit")) / "manifest.json") == f"{SHOWN}-kit/manifest.json"
