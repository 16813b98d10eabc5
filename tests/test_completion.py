"""Shell completion, driven as bash, zsh and fish drive it: the real command started with
_OPENDOMINO_COMPLETE, COMP_WORDS and COMP_CWORD set, and its answer read as the shell reads it.

Expected names come from the data each option's check reads (so names a later change adds are
expected too), plus a few literal spot checks.
"""

import os
from pathlib import Path
import shlex
import subprocess
import sys

import click
from click.shell_completion import BashComplete
from conftest import run_cli
import pytest
from test_classic_sets import GOOD

from generator.colour.output_conditions import output_conditions
from generator.colour.theme import colour_keys, theme_names
from generator.commands.build import BOOKS
from generator.commands.main import cli
from generator.imposition.machines import machine_names
from generator.imposition.paper import PAPERS
from generator.model.set_loader import known_set_names
from generator.settings.build_options import FORMATS, RULES_FORMATS, SOLID_FORMATS
from generator.settings.config import DEFAULTS
from generator.settings.products import bundled_product_names


def complete(line: str, shell: str = "bash", cwd=None) -> list[str]:
    """What the shell would offer for the last word of `line` (a trailing space: a new, empty word)."""
    words = shlex.split(line)
    incomplete = "" if line.endswith(" ") else words[-1]
    env = {**os.environ, "_OPENDOMINO_COMPLETE": f"{shell}_complete", "COMP_WORDS": line}
    env["COMP_CWORD"] = incomplete if shell == "fish" else str(len(words) if line.endswith(" ") else len(words) - 1)
    result = run_cli(env=env, cwd=cwd, timeout=60)
    assert result.returncode == 0 and not result.stderr, result.stderr
    lines = result.stdout.splitlines()
    if shell == "zsh":          # type, value, help: three lines per item
        return [f"{kind},{value}" for kind, value in zip(lines[::3], lines[1::3])]
    return [entry.split("\t")[0] for entry in lines]      # fish adds a tab and help to some


def values(line: str, **how) -> list[str]:
    return [entry.partition(",")[2] for entry in complete(line, **how)]


# --- spot checks, as a user types -------------------------------------------------------------------

@pytest.mark.parametrize("line, expected", [
    ("opendomino build --theme cl", ["classic"]),
    ("opendomino build --theme low", ["low-ink"]),
    ("opendomino build --paper le", ["letter"]),
    ("opendomino build --sets double-1", ["double-12", "double-15", "double-18"]),
    ("opendomino tiles --sets a,b,c", ["a,b,C", "a,b,chinese"]),
    ("opendomino cut --machine si", ["silhouette"]),
    ("opendomino build --product tgc-domino-d", ["tgc-domino-deck"]),
    ("opendomino products mpc", ["mpc-domino-cards"]),
    ("opendomino booklet --book cl", ["classic"]),
    ("opendomino booklet --lang r", ["ru"]),
    ("opendomino booklet --format pdf,e", ["pdf,epub"]),
    ("opendomino build --books open,", ["open,classic"]),
    ("opendomino build --layout duplex", ["duplex-long", "duplex-short"]),
    ("opendomino build --lang e", ["en"]),
    ("opendomino export --format png,s", ["png,svg", "png,stl"]),
    ("opendomino build --output-condition fogra", ["FOGRA39", "FOGRA51"]),
    ("opendomino build --colour board.d", ["board.dark="]),
    ("opendomino sets double-9,ch", ["double-9,chinese"]),
    ("opendomino build --tile-size 22", ["22x44"]),
    ("opendomino export --tile-size to", ["tournament"]),
    ("opendomino export --format png,3", ["png,3mf"]),
])
def test_spot_checks(line, expected, tmp_path):
    assert values(line, cwd=tmp_path) == expected


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_get_the_same_answers(shell, tmp_path):
    assert complete("opendomino build --theme cl", shell, cwd=tmp_path) == ["plain,classic"]
    assert values("opendomino build --sets A,B,", shell=shell, cwd=tmp_path) == \
        values("opendomino build --sets A,B,", cwd=tmp_path)
    assert values("opendomino cut --machine ", shell=shell, cwd=tmp_path) == list(machine_names())


# --- every name the kit knows, from the data the checks read --------------------------------------

def _choices(command: str, option: str) -> list[str]:
    param = next(p for p in cli.commands[command].params if option in p.opts)
    return list(param.type.choices)


@pytest.mark.parametrize("line, names", [
    ("opendomino build --theme ", theme_names()),
    ("opendomino board --paper ", list(PAPERS)),
    ("opendomino build --sets ", list(known_set_names())),
    ("opendomino sets ", list(known_set_names())),
    ("opendomino cut --machine ", list(machine_names())),
    ("opendomino build --product ", bundled_product_names()),
    ("opendomino products ", bundled_product_names()),
    ("opendomino build --output-condition ", list(output_conditions())),
    ("opendomino build --colour ", [f"{key}=" for key in colour_keys()]),
    ("opendomino build --books ", list(BOOKS)),
    ("opendomino booklet --format ", [*RULES_FORMATS, "all"]),
    ("opendomino export --format ", [*FORMATS, *SOLID_FORMATS, "all"]),
    ("opendomino booklet --book ", _choices("booklet", "--book")),
    ("opendomino booklet --lang ", _choices("booklet", "--lang")),
    ("opendomino build --lang ", _choices("build", "--lang")),
    ("opendomino build --layout ", _choices("build", "--layout")),
    ("opendomino themes --paper ", _choices("themes", "--paper")),
    ("opendomino build --intent ", _choices("build", "--intent")),
    ("opendomino build --target ", _choices("build", "--target")),
])
def test_every_name_the_kit_reads_completes(line, names, tmp_path):
    assert values(line, cwd=tmp_path) == names


def test_tile_sizes_are_the_default_and_every_named_size():
    """The named sizes are those --tile-size's check reads (templates/tile_sizes.toml)."""
    from generator.settings.tile_presets import tile_presets

    names = [str(DEFAULTS.tile_size), *tile_presets()]
    assert {"mini", "standard", "professional", "tournament", "open-domino"} <= set(names)
    assert values("opendomino build --tile-size ") == names


def test_a_list_completes_its_last_item_keeps_the_rest_and_offers_no_name_twice():
    offered = values("opendomino build --sets A,double-6,")
    assert offered == [f"A,double-6,{name}" for name in known_set_names() if name not in ("A", "double-6")]
    assert values("opendomino export --format png,svg,tts,atlas,3mf,stl,") == ["png,svg,tts,atlas,3mf,stl,all"]


# --- files ---------------------------------------------------------------------------------------------

def test_theme_and_set_files_and_folders_complete_beside_the_names(tmp_path):
    (tmp_path / "club.toml").write_text("x")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "dark.toml").write_text("x")
    assert complete("opendomino build --theme ", cwd=tmp_path) == \
        [f"plain,{name}" for name in theme_names()] + ["plain,club.toml", "dir,mine/"]
    assert complete("opendomino build --theme mine/", cwd=tmp_path) == ["plain,mine/dark.toml"]
    assert complete("opendomino build --set-file c", cwd=tmp_path) == ["plain,club.toml"]
    assert complete("opendomino build --out ", cwd=tmp_path) == ["dir,"]           # the shell lists folders
    assert complete("opendomino build --config ", cwd=tmp_path) == ["file,"]       # and files


def test_the_set_of_a_set_file_named_before_completes_in_sets(tmp_path):
    (tmp_path / "club.toml").write_text(GOOD, encoding="utf-8")
    assert values("opendomino build --set-file club.toml --sets A,cl", cwd=tmp_path) == ["A,club-4"]


# --- every option that takes a value offers something, or takes a number or an address -------------

FREE_FORM = {"--tile-size", "--clearance", "--corner-radius", "--back-offset", "--bleed", "--max-ink", "--dpi",
             "--base-url", "--sheet", "--kerf", "--host", "--port"}
NUMBER_METAVARS = {"MM", "N", "WxH", "PERCENT", "DX,DY", "URL"}


def _options_taking_values():
    for name, command in cli.commands.items():
        for param in command.params:
            if isinstance(param, click.Option) and (param.is_flag or param.count):
                continue
            yield name, param


def test_every_option_that_takes_a_name_completes(tmp_path, monkeypatch):
    """A new option that takes a name must complete too (numbers and addresses are the user's own)."""
    monkeypatch.chdir(tmp_path)
    for name in ("mine.toml", "shop.icc"):        # a file of each kind an option takes
        (tmp_path / name).write_text("x")
    silent = []
    for command, param in _options_taking_values():
        label = param.opts[0] if isinstance(param, click.Option) else param.name
        if label in FREE_FORM or getattr(param, "metavar", None) in NUMBER_METAVARS:
            continue
        args = [command, *([label] if isinstance(param, click.Option) else [])]
        if not BashComplete(cli, {}, "opendomino", "_OPENDOMINO_COMPLETE").get_completions(args, ""):
            silent.append(f"{command} {label}")
    assert not silent, f"options that complete nothing: {silent}"


def test_completion_loads_no_drawing_library(tmp_path):
    """Completion starts like --help: no reportlab, no skia, whatever is completed."""
    code = ("import os, sys\nfrom generator.commands.main import main\n"
            "for line, word in [('opendomino build --theme ', 3), ('opendomino build --sets A,', 3), "
            "('opendomino build --product ', 3), ('opendomino cut --machine ', 3), ('opendomino build --tile-size ', 3), "
            "('opendomino build --colour ', 3), ('opendomino build --output-condition ', 3)]:\n"
            "    os.environ.update(_OPENDOMINO_COMPLETE='bash_complete', COMP_WORDS=line, COMP_CWORD=str(word))\n"
            "    try:\n        main([])\n    except SystemExit:\n        pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'skia', 'numpy', 'PIL', 'pypdf'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout


def test_the_guide_says_how_to_turn_completion_on_in_each_shell():
    page = (Path(__file__).resolve().parent.parent / "docs" / "how-to" / "shell-completion.md").read_text(encoding="utf-8")
    for shell in ("bash", "zsh", "fish"):
        assert f"_OPENDOMINO_COMPLETE={shell}_source opendomino" in page, shell


# --- whatever the shell sends, an answer or nothing, never a traceback (issue 37, items 1 and 2) ----

NO_SUCH_USER = "opendomino-no-such-user-37"
PATH_OPTIONS = ("--icc", "--theme", "--config", "--set-file", "--out")


@pytest.fixture
def no_such_user():
    import pwd

    try:
        pwd.getpwnam(NO_SUCH_USER)
    except KeyError:
        return f"~{NO_SUCH_USER}/"
    pytest.skip(f"this machine has a user named {NO_SUCH_USER}")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_path_under_an_unknown_user_offers_nothing(tmp_path, shell, no_such_user):
    """`--icc ~nosuchuser/` once printed pathlib's RuntimeError into the shell."""
    assert complete(f"opendomino build --icc {no_such_user}", shell, cwd=tmp_path) in ([], [""])


def request(monkeypatch, capsys, variables: dict) -> tuple[int, str, str]:
    """main() asked for completions with exactly these variables (beside _OPENDOMINO_COMPLETE):
    its exit status, stdout and stderr."""
    from generator.commands.main import main

    for name in ("COMP_WORDS", "COMP_CWORD"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as done:
        main([])
    out, err = capsys.readouterr()
    return done.value.code, out, err


def test_no_option_that_takes_a_path_offers_anything_under_an_unknown_user(monkeypatch, capsys, no_such_user):
    """--config and --out only ask the shell to complete files or folders itself (it expands ~user
    or not); the others offer nothing."""
    for shell in ("bash", "zsh", "fish"):
        monkeypatch.setenv("_OPENDOMINO_COMPLETE", f"{shell}_complete")
        for option in PATH_OPTIONS:
            word = no_such_user if shell == "fish" else "3"
            status, out, err = request(monkeypatch, capsys, {"COMP_WORDS": f"opendomino build {option} {no_such_user}",
                                                             "COMP_CWORD": word})
            assert (status, err) == (0, ""), (shell, option, err)
            assert "plain" not in out and (option in ("--config", "--out") or out.strip() == ""), (shell, option, out)


# What a broken shell setup, another program or a user's experiment may leave in the variables.
MISSING = [{}, {"COMP_WORDS": "opendomino build --theme "}, {"COMP_CWORD": "1"}]
GARBLED = [{"COMP_WORDS": "opendomino build", "COMP_CWORD": "x"},
           {"COMP_WORDS": "opendomino build", "COMP_CWORD": ""},
           {"COMP_WORDS": "opendomino build", "COMP_CWORD": "9" * 40},
           {"COMP_WORDS": "opendomino build", "COMP_CWORD": "-7"},
           {"COMP_WORDS": "opendomino \"build --theme '", "COMP_CWORD": "2"},
           {"COMP_WORDS": "opendomino build --theme \udcff\udcfe", "COMP_CWORD": "3"},
           {"COMP_WORDS": "opendomino build --sets A,\udcff --set-file \udcff.toml --sets ", "COMP_CWORD": "6"},
           {"COMP_WORDS": "\t \x1b[2J", "COMP_CWORD": "0"},
           {"COMP_WORDS": "opendomino " * 2000, "COMP_CWORD": "2000"}]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_malformed_request_is_answered_quietly(monkeypatch, capsys, shell):
    monkeypatch.setenv("_OPENDOMINO_COMPLETE", f"{shell}_complete")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "not a number")       # the command's to refuse, not completion's
    for variables in MISSING + GARBLED:
        status, out, err = request(monkeypatch, capsys, variables)
        assert status in (0, 1) and err == "", (variables, status, err)
        assert "Traceback" not in out and "Error" not in out, (variables, out)
        if variables in MISSING or (variables["COMP_CWORD"] == "x" and shell != "fish"):
            assert out == "" and status == 1, (variables, out)


@pytest.mark.parametrize("instruction", ["bash_nonsense", "nonsense_complete", "zsh_", "_complete"])
def test_an_unknown_instruction_is_answered_with_nothing(monkeypatch, capsys, instruction):
    monkeypatch.setenv("_OPENDOMINO_COMPLETE", instruction)
    assert request(monkeypatch, capsys, {"COMP_WORDS": "opendomino b", "COMP_CWORD": "1"}) == (1, "", "")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_shell_gets_nothing_from_a_malformed_request(tmp_path, shell):
    """The command as the shell starts it: no variable that says what was typed."""
    env = {name: value for name, value in os.environ.items() if name not in ("COMP_WORDS", "COMP_CWORD")}
    result = run_cli(cwd=tmp_path, env={**env, "_OPENDOMINO_COMPLETE": f"{shell}_complete"}, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "")


def test_a_file_name_that_is_not_utf8_is_left_to_the_shell(tmp_path):
    """click answers in UTF-8, which cannot carry the name's bytes: the other names still come."""
    (tmp_path / "club.toml").write_text("x")
    with open(os.fsencode(tmp_path) + b"/\xff\xfe.toml", "w"):
        pass
    assert values("opendomino build --theme ", cwd=tmp_path) == [*theme_names(), "club.toml"]
    assert values("opendomino build --set-file ", cwd=tmp_path) == ["club.toml"]
