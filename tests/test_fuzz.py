"""Fuzzing: no config file, option value or command line, however odd, gives a traceback.

Every outcome is either a valid value or a UserError (exit status 2 on the command line)
whose message is one line naming the option or key. Everything runs in this process, with
the drawing steps of the commands replaced by stubs, so thousands of cases take seconds.
The runs are derandomized: CI sees the same cases every time.
"""

from contextlib import ExitStack, chdir, contextmanager, redirect_stderr, redirect_stdout
import datetime
import io
import json
import math
import os
from pathlib import Path
import re
import socket
import string
import subprocess
import tempfile
import time
import tomllib
from unittest import mock

from conftest import run_cli
from fuzzing import fuzz, places_written, sandbox, watched
from hypothesis import event, example, given
from hypothesis import strategies as st
import icc_edits
import pytest

from generator.colour.checks import colour_problems
from generator.colour.effective_theme import theme_for
from generator.colour.theme import colour_keys, load_theme, parse_override, theme_names
from generator.commands import main as cli_module
from generator.errors import UserError
from generator.files.bounded_read import KINDS
from generator.files.manifest import set_aside, verify_folder, write_manifest
from generator.files.resources import parse_toml, template_path
from generator.imposition.paper import MAX_SIDE, MIN_SIDE, paper_named
from generator.jobs.build import BuildReport
from generator.model.set_loader import OPEN_SET_NAMES, known_set_names, load_set_file, set_file
from generator.settings.config import CONFIG_NAME, build_options, read_config
from generator.settings.environment import check_environment
from generator.settings.options import (
    MAX_TILE_WIDTH,
    MIN_TILE_WIDTH,
    parse_back_offset,
    parse_bleed,
    parse_clearance,
    parse_number,
    parse_paper,
    parse_set_names,
    parse_tile_size,
)
from generator.settings.web_address import parse_base_url
from generator.writers import pdf_date

# --- what users type ------------------------------------------------------------------------

NUMBER_WORDS = ["0", "-0", "0.0", "1", "2", "3", "10", "22", "44", "-1", "-22", ".5", "5.", "1e3", "1e999",
                "-1e999", "nan", "NaN", "-nan", "inf", "-inf", "+inf", "Infinity", "1_0", "1,5", "", " ",
                "\u0663", "\uff12\uff12", "0x10", "1e-400", "9" * 400, "22 ", "\t44\n"]
numbers = st.one_of(
    st.sampled_from(NUMBER_WORDS),
    st.integers(-10**40, 10**40).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.floats(-100, 100).map(lambda v: f"{v:g}"),
    st.text(max_size=6),
)
SEPARATORS = ["x", "X", "\u00d7", " x ", "*", ",", "", "xx", "x\n"]
sizes = st.builds(lambda a, sep, b: f"{a}{sep}{b}", numbers, st.sampled_from(SEPARATORS), numbers)
pairs = st.builds(lambda a, sep, b: f"{a}{sep}{b}", numbers, st.sampled_from([",", ", ", ";", " ", ",,"]), numbers)

PAPER_WORDS = ["a4", "A4", "letter", "Letter", "a3", "a5", "legal", "200x280", "90x90", "1200x1200", "89x300",
               "1201x300", "0x0", "-210x297", "nanx297", "210x297x1", "a4 "]
papers = st.one_of(st.sampled_from(PAPER_WORDS), sizes)
TILE_WORDS = ["22x44", "10x15", "10x25", "60x150", "60x90", "9.99x20", "60.01x120", "22x32.9", "22x55.1",
              "0x0", "-22x44", "nanxnan", "infxinf", "22X44", "22\u00d744", "22x44mm"]
tile_sizes = st.one_of(st.sampled_from(TILE_WORDS), sizes)
set_lists = st.one_of(
    st.lists(st.sampled_from([*OPEN_SET_NAMES, "a", "b", "c", "D", "", " ", "AB", "\u0410", "\u00df"]), max_size=5)
    .map(",".join),
    st.text(max_size=8),
)
COLOUR_WORDS = ["#c0392b", "#C39", "#c0392", "#gggggg", "teal", "Teal", "notacolour", "transparent",
                "rgb(10 20 30)", "rgb(10,20,30,0.5)", "rgba(0,0,0,0)", "hsl(120 50% 50%)", "hsl(nan 0% 0%)",
                "rgb(1e999 0 0)", "rgb(-inf 0 0)", "lch(50% 1e308 30)", "lab(1e400 0 0)", "oklch(50% 0.2 nan)",
                "color(display-p3 1e308 -1e308 0)", "color(srgb none none none)", "color(--xyz 1 1 1)",
                "cmyk(0,0,0,40)", "cmyk(0%,0%,0%,40%)", "cmyk(0,0,0)", "cmyk(1e999,0,0,0)", "cmyk(nan,0,0,0)",
                "cmyk(-1,0,0,0)", "cmyk(101,0,0,0)", "CMYK(0,0,0,100)", "cmyk", "", " "]
colour_values = st.one_of(
    st.sampled_from(COLOUR_WORDS),
    st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}"),
    st.builds(lambda *v: f"cmyk({','.join(v)})", numbers, numbers, numbers, numbers),
    st.builds(lambda f, *v: f"{f}({' '.join(v)})", st.sampled_from(["rgb", "hsl", "hwb", "lab", "lch", "oklch",
                                                                   "color"]), numbers, numbers, numbers),
    st.text(max_size=12),
)


def near_misses(word: str):
    """Typos of a key or option: a letter dropped, doubled, swapped or changed, other case or separators."""
    return st.one_of(
        st.just(word.upper()), st.just(word.replace("_", "-")), st.just(word.replace("-", "_")),
        st.just(word + "s"), st.just(" " + word),
        st.integers(0, max(len(word) - 1, 0)).map(lambda i: word[:i] + word[i + 1:]),
        st.integers(0, max(len(word) - 1, 0)).map(lambda i: word[:i] + word[i] + word[i:]),
        st.integers(0, max(len(word) - 2, 0)).map(lambda i: word[:i] + word[i + 1:i + 2] + word[i] + word[i + 2:]),
        st.tuples(st.integers(0, max(len(word) - 1, 0)), st.characters())
        .map(lambda p: word[:p[0]] + p[1] + word[p[0] + 1:]),
    )


COLOUR_KEYS = colour_keys()
colour_key_texts = st.one_of(
    st.sampled_from(COLOUR_KEYS),
    st.sampled_from(COLOUR_KEYS).map(lambda k: k + ".circle"),
    st.sampled_from(COLOUR_KEYS).flatmap(near_misses),
    st.text(max_size=10),
)
overrides = st.one_of(
    st.builds(lambda k, v: f"{k}={v}", colour_key_texts, colour_values),
    st.text(max_size=12),
)


# --- the option parsers -----------------------------------------------------------------------

def one_line_naming(error: UserError, name: str) -> str:
    message = str(error)
    assert message.strip(), "empty error message"
    assert "\n" not in message and "\r" not in message, f"not one line: {message!r}"
    assert name in message, f"{message!r} does not name {name}"
    return message


def check_parser(parse, text, option, valid):
    """`parse(text, option)` gives a value `valid` accepts, or a one-line UserError naming the option."""
    try:
        value = parse(text, option)
    except UserError as error:
        message = one_line_naming(error, option)
        assert message.startswith(option), f"{message!r} does not start with {option}"
        return
    assert valid(value), f"{text!r} gave {value!r}"


def _finite(*values) -> bool:
    return all(math.isfinite(v) for v in values)


def _valid_tile(tile) -> bool:
    return _finite(tile.width, tile.height) and MIN_TILE_WIDTH <= tile.width <= MAX_TILE_WIDTH \
        and 1.5 * tile.width <= tile.height <= 2.5 * tile.width


def _valid_paper(name) -> bool:
    paper = paper_named(name)
    return _finite(paper.width, paper.height) and all(MIN_SIDE <= side <= MAX_SIDE
                                                       for side in (paper.width, paper.height))


PARSERS = {
    "--tile-size": (parse_tile_size, tile_sizes, _valid_tile),
    "--paper": (parse_paper, papers, _valid_paper),
    "--clearance": (parse_clearance, numbers, lambda v: _finite(v) and 0 <= v <= 10),
    "--bleed": (parse_bleed, numbers, lambda v: _finite(v) and 0 <= v <= 10),
    "--back-offset": (parse_back_offset, pairs, lambda v: _finite(*v) and all(abs(c) <= 20 for c in v)),
    # Any set the kit knows is a valid answer: hypothesis also tries string constants it finds in
    # the loaded modules, such as "DOUBLE-3", so the case generated depends on what was imported.
    "--sets": (parse_set_names, set_lists, lambda v: v and set(v) <= set(known_set_names()) and len(set(v)) == len(v)),
    "--dpi": (lambda text, option: parse_number(text, option, 50, 1200, "dpi", "300", "300 suits print"),
              numbers, lambda v: _finite(v) and 50 <= v <= 1200),
    "--colour": (parse_override, overrides, lambda v: v[0] in COLOUR_KEYS),
}


@pytest.mark.parametrize("option", PARSERS)
@fuzz(400, "options")
@given(data=st.data())
def test_option_parsers(option, data):
    parse, texts, valid = PARSERS[option]
    check_parser(parse, data.draw(texts, label="text"), option, valid)


@fuzz(300, "options")
@given(text=st.text(max_size=20))
def test_any_text_in_any_parser(text):
    for option, (parse, _, valid) in PARSERS.items():
        check_parser(parse, text, option, valid)


# --- the config file --------------------------------------------------------------------------

def toml_string(text: str) -> str:
    escaped = []
    for ch in text:
        if ch in '"\\':
            escaped.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            escaped.append(f"\\u{ord(ch):04x}")
        else:
            escaped.append(ch)
    return '"' + "".join(escaped) + '"'


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def toml_document(table: dict) -> str:
    """One line per key; tables inline, so any nesting stays one line."""
    return "".join(f"{toml_string(key)} = {toml_value(value)}\n" for key, value in table.items())


scalars = st.one_of(
    st.booleans(), st.integers(), st.sampled_from([0, -1, 2**63, -(2**63) - 1, 10**100]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=10),
    st.dates(), st.datetimes(), st.times(),
)
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
numbers_in_toml = st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=True, allow_infinity=True),
                            numbers)
PLAUSIBLE = {
    "out": st.one_of(st.sampled_from(["kit", "", ".", "a/b", "..", "out\x00put"]), st.text(max_size=8)),
    "paper": papers,
    "sets": st.one_of(set_lists, st.lists(st.sampled_from([*OPEN_SET_NAMES, "D", "a", 1, ""]), max_size=4)),
    "tile_size": tile_sizes,
    "clearance": numbers_in_toml,
    "across_notation": st.one_of(st.booleans(), st.sampled_from(["true", "yes", 1])),
    "lang": st.sampled_from(["en", "ru", "EN", "de", "", 1]),
    "theme": st.one_of(st.sampled_from([*theme_names(), "Classic", "classik", "missing.toml", "", ".toml",
                                        "themes/classic", "../themes/classic"]), st.text(max_size=8)),
    "strict": st.one_of(st.booleans(), st.sampled_from(["true", 0])),
    "layout": st.sampled_from(["duplex-long", "duplex-short", "gutterfold", "separate", "duplex", "", 3]),
    "back_offset": st.one_of(pairs, st.lists(numbers_in_toml, max_size=3)),
    "target": st.sampled_from(["home", "shop", "Shop", "print", ""]),
    "bleed": st.one_of(st.just("auto"), numbers_in_toml),
    "marks": st.sampled_from(["crop", "none", "None", "bleed", True]),
    "shop_layout": st.sampled_from(["sheets", "single", "sheet", ""]),
    "output_condition": st.one_of(st.sampled_from(["FOGRA39", "fogra39", "CGATS TR 001", "GRACoL", "", "auto"]),
                                  st.text(max_size=8)),
    "icc": st.one_of(st.sampled_from(["auto", "Auto", "missing.icc", "", ".", "opendomino.toml"]), st.text(max_size=8)),
    "intent": st.sampled_from(["perceptual", "relative", "Saturation", "absolute", "relative colorimetric", "", 1]),
    "max_ink": st.one_of(st.sampled_from(["auto", "300%", "99", "400.5", "nan"]), numbers_in_toml),
}
KEYS = [*PLAUSIBLE, "colours"]
colour_tables = st.one_of(
    st.dictionaries(colour_key_texts, st.one_of(colour_values, junk), max_size=4),
    st.dictionaries(st.sampled_from(OPEN_SET_NAMES), st.dictionaries(st.sampled_from(["group1", "group2", "group3"]),
                                                                colour_values, max_size=2), max_size=2),
    junk,
)
entries = st.one_of(
    *(st.tuples(st.just(key), st.one_of(values, junk)) for key, values in PLAUSIBLE.items()),
    st.tuples(st.just("colours"), colour_tables),
    st.tuples(st.sampled_from(KEYS).flatmap(near_misses), junk),
)
documents = st.lists(entries, max_size=6).map(lambda items: toml_document(dict(items)))


def check_config(content: bytes):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / CONFIG_NAME
        path.write_bytes(content)
        try:
            options = build_options(read_config(path), {})
            theme_for(options)                      # the merged theme, as every command makes it
            paper_named(options.paper)
            event("config: valid")
        except UserError as error:
            message = str(error)
            event("config error: " + (message.split(":")[1].split() or [""])[0])
            assert "\n" not in message and "\r" not in message, f"not one line: {message!r}"
            assert CONFIG_NAME in message, f"{message!r} does not name the file"
            unparsable = ("not valid TOML", "UTF-8", "(--strict)", "nest too deeply",
                          "a number here has at most", "a key here has at most")   # (generator/files/toml_guard.py)
            if not any(reason in message for reason in unparsable):
                keys = {*tomllib.loads(content.decode()), *COLOUR_KEYS}
                assert any(key and key in message or repr(key)[1:-1] in message for key in keys), \
                    f"{message!r} names no key"


@pytest.mark.long
@fuzz(1500, "files")
@given(text=documents)
@example('tile_size = "0x0"\n')
@example('paper = "nanxnan"\n')
@example('clearance = nan\n')
@example('bleed = -inf\n')
@example('back_offset = [1e400, 0]\n')
@example('"colours" = {"A.group1" = "lch(50% 1e308 30)"}\n')
@example('colours = 5\n')
@example('out = "a\\u0000b"\n')
def test_config_documents(text):
    check_config(text.encode("utf-8"))


def test_generated_documents_are_valid_toml():
    @fuzz(200, None)
    @given(text=documents)
    def parse(text):
        tomllib.loads(text)
    parse()


@fuzz(300, "files")
@given(content=st.one_of(st.binary(max_size=60), st.text(max_size=60).map(str.encode),
                         documents.map(lambda text: text.encode("utf-16"))))
@example(b'paper = "\xff\xfe"\n')
@example(b"\x00")
def test_config_bytes(content):
    check_config(content)


@fuzz(40, "files")
@given(text=documents, argv=st.sampled_from([["config"], ["check"], ["build", "--sets", "A"], ["calibrate", "--save",
                                                                                            "1,-0.5"]]))
@example(text='sets = ["A"]\n', argv=["config"])
@example(text='back_offset = [1, 2]\n', argv=["calibrate", "--save", "1,-0.5"])
def test_user_config_documents(text, argv):
    """The user's own config.toml (in $XDG_CONFIG_HOME/opendomino): read by every command, and
    rewritten by calibrate --save. A value is taken, or one line names the file by its whole path."""
    with sandbox() as box, mock.patch.dict(os.environ, box.environment()):
        path = box.root / "config" / "opendomino" / "config.toml"
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
        allowed = [*places_written(argv, box.work), *([path.parent] if "--save" in argv else [])]
        with watched(box, allowed):
            status, _, err = run_in_process(argv, cwd=box.work)
    event(f"exit status {status}")
    assert status in (0, 2) and "Traceback" not in err, (status, err)
    if status == 2:
        assert str(path) in one_error(err), err


# --- whole command lines, in this process ---------------------------------------------------

# Each command's drawing step, replaced so that a valid command line costs nothing. The commands
# import their steps when they run, so each stub replaces the name in the module that defines it.
STUBS = {
    "generator.jobs.build.build": lambda options, **_: BuildReport(),
    "generator.jobs.build.build_board": lambda options, report: None,
    "generator.jobs.build.run_jobs": lambda jobs: [],
    "generator.jobs.build.iter_jobs": lambda jobs: iter(()),       # booklet's jobs (and any run in folders)
    "generator.jobs.exports.run_export": lambda options, jobs, update: BuildReport(),
    "generator.jobs.products.run_products": lambda options, jobs, update: BuildReport(),
    "generator.jobs.build.build_theme_swatches": lambda options, report: None,
    "generator.writers.pdf.write_pdf": lambda *args, **kwargs: None,
    "generator.commands.common.write_manifest": lambda folder, *args: folder,
}
COMMANDS = ["build", "board", "export", "booklet", "calibrate", "sets", "init", "themes", "check", "preflight",
            "products"]
OPTIONS = ["--out", "--paper", "--sets", "--tile-size", "--clearance", "--across-notation", "--no-across-notation",
           "--lang", "--theme", "--colour", "--color", "--strict", "--no-strict", "--config", "--layout",
           "--back-offset", "--target", "--bleed", "--marks", "--shop-layout", "--output-condition", "--format",
           "--dpi", "--json", "--force", "--product", "-v", "-q", "-h", "--help"]
values = st.one_of(numbers, sizes, papers, tile_sizes, set_lists, overrides, st.text(max_size=10),
                   st.sampled_from([*theme_names(), "grayscal", "en", "ru", "all", "png", "svg", "shop", "home",
                                    "single", "none", "separate", "FOGRA39", "A", "b", "D", CONFIG_NAME,
                                    "tgc-domino-deck", "tgc-triangle-tile", "triominoes", "x.toml"]))
options = st.one_of(st.sampled_from(OPTIONS), st.sampled_from(OPTIONS).flatmap(near_misses))


def argument(text: str) -> str:
    """As argv can hold it (no NUL), and with no "/" so that `init PATH` writes into the scratch folder."""
    return text.replace("\x00", "").replace("/", "_")


tokens = st.one_of(options, values, st.builds(lambda o, v: f"{o}={v}", st.sampled_from(OPTIONS), values)).map(argument)
command_lines = st.builds(
    lambda head, command, rest: [*head, command, *rest],
    st.lists(st.sampled_from(["-v", "-vv", "-q", "--version"]), max_size=1),
    st.one_of(st.sampled_from(COMMANDS), st.sampled_from(COMMANDS).flatmap(near_misses)),
    st.lists(tokens, max_size=6),
)


@contextmanager
def as_a_process_of_its_own():
    """Undoes what a command run in this process leaves behind, as a process of its own would not
    keep it: the sets its --set-file registered (a later run would find their files gone)."""
    from generator.model import set_loader

    registered = dict(set_loader._user_set_files)
    try:
        yield
    finally:
        if set_loader._user_set_files != registered:       # (else the sets loaded stay cached: far quicker)
            set_loader._user_set_files.clear()
            set_loader._user_set_files.update(registered)
            set_loader.load_set.cache_clear()


def run_in_process(argv: list[str], stubs: dict = STUBS, cwd: Path | None = None) -> tuple[int, str, str]:
    """`opendomino ARGV` in `cwd` (else a fresh scratch folder), its drawing steps replaced by
    `stubs`: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with ExitStack() as stack:
        stack.enter_context(as_a_process_of_its_own())
        stack.enter_context(chdir(cwd or stack.enter_context(tempfile.TemporaryDirectory())))
        for target, stub in stubs.items():
            stack.enter_context(mock.patch(target, stub))
        stack.enter_context(redirect_stdout(out))
        stack.enter_context(redirect_stderr(err))
        try:
            cli_module.main(argv)
        except SystemExit as exit_:
            status = exit_.code
        else:
            status = 0
    return status, out.getvalue(), err.getvalue()


def check_command_line(argv):
    """In a sandbox (working folder, home and XDG folders): nothing changes outside the places
    the command line names for writing."""
    with sandbox() as box, mock.patch.dict(os.environ, box.environment()):
        allowed = places_written(argv, box.work)
        if "--save" in argv:            # calibrate --save stores the printer's offset in the user config
            allowed.append(box.root / "config" / "opendomino")
        with watched(box, allowed):
            status, _, err = run_in_process(argv, cwd=box.work)
    event(f"exit status {status}")
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err, err
    if status == 2:
        lines = err.splitlines()
        errors = [line for line in lines if line.startswith("opendomino: error: ")]
        assert len(errors) == 1 and lines[-1] == errors[0], f"{argv}: not one error line: {err!r}"
        if all(token.strip() for token in argv):      # (a blank argument has no name to show)
            named = {part for token in argv for part in (token, *token.split("=", 1)) if part.strip()}
            named |= {"-" + letter for token in argv if token[:1] == "-" != token[1:2]
                      for letter in token[1:]}                            # click reads -h0 as -h -0
            named = {" ".join(part.split()) for part in named} | {repr(part)[1:-1] for part in named}
            assert any(part in errors[0] for part in named) or "Missing argument '" in errors[0], \
                f"{argv}: {errors[0]!r} names nothing given"


@pytest.mark.long
@fuzz(1500, "options")
@given(argv=command_lines)
@example(["build", "--tile-size", "0x0"])
@example(["build", "--tile-size", "nanxnan"])
@example(["build", "--paper", "-210x297"])
@example(["build", "--colour", "A.group1=lch(50% 1e308 30)"])
@example(["build", "--sets", "D"])
@example(["sets", "D"])
@example(["init", "--force"])
@example(["export", "--dpi", "1e999"])
def test_command_lines(argv):
    check_command_line(argv)


# --- set files and theme files -----------------------------------------------------------------

DROP = object()


def leaf_paths(value, path=()):
    """Every key path into a parsed TOML file: tables, lists and their items."""
    paths = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            paths += leaf_paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            paths += leaf_paths(inner, (*path, index))
    return paths


def mutated(data: dict, changes) -> dict:
    """A deep copy of `data` with each (path, new value) applied; DROP deletes the key or item."""
    data = tomllib.loads(toml_document(data))
    for path, new in changes:
        *parents, last = path
        holder = data
        try:
            for step in parents:
                holder = holder[step]
            if isinstance(holder, dict) != isinstance(last, str):
                continue                                # an earlier change made it a list, or a table
            if new is DROP:
                del holder[last]
            else:
                holder[last] = new
        except (KeyError, IndexError, TypeError):      # an earlier change removed the way there
            pass
    return data


def file_mutations(data: dict, plausible):
    change = st.tuples(st.sampled_from(leaf_paths(data)), st.one_of(st.just(DROP), plausible, junk))
    return st.lists(change, min_size=1, max_size=3).map(lambda changes: toml_document(mutated(data, changes)))


def check_data_file(text: str, name: str, load):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        try:
            return load(path)
        except UserError as error:
            event("error: " + " ".join(str(error).split()[1:3]))
            one_line_naming(error, name)


SETS = {name: tomllib.loads(set_file(name).read_text(encoding="utf-8")) for name in OPEN_SET_NAMES}
CELLS = [(row, column) for row in ("8", "7", "2", "1") for column in range(8)]
tile_texts = st.builds(lambda a, sep, b: f"{a}{sep}{b}", st.integers(-1, 10), st.sampled_from(["/", " / ", "-"]),
                       st.integers(-1, 10))


def rearranged(data: dict, swaps, turns) -> dict:
    """The layout with cells swapped and tiles turned: the same tiles, so the composition holds."""
    data = tomllib.loads(toml_document(data))
    layout = data["layout"]
    for (row, column), (other_row, other_column) in swaps:
        layout[row][column], layout[other_row][other_column] = layout[other_row][other_column], layout[row][column]
    for row, column in turns:
        layout[row][column] = "/".join(reversed(layout[row][column].split("/")))
    return data


rearranged_sets = st.builds(rearranged, st.sampled_from(list(SETS.values())),
                            st.lists(st.tuples(st.sampled_from(CELLS), st.sampled_from(CELLS)), max_size=2),
                            st.lists(st.sampled_from(CELLS), max_size=2)).map(toml_document)


@fuzz(600, "files")
@given(text=st.one_of(rearranged_sets, *(file_mutations(data, st.one_of(tile_texts, st.integers(-2, 8)))
                                         for data in SETS.values())))
def test_set_files(text):
    check_data_file(text, "X.toml", load_set_file)


CLASSIC_SETS = [tomllib.loads(path.read_text(encoding="utf-8"))
                for path in sorted(template_path("sets", "classic").glob("*.toml"))]
classic_values = st.one_of(tile_texts, st.integers(-2, 20), st.lists(tile_texts, max_size=4), st.sampled_from(
    ["pips", "numerals", "chinese", "symbols", "triangle", "domino", "club-4", "C", "sun"]))


@fuzz(150, "files")
@given(text=st.one_of(*(file_mutations(data, classic_values) for data in CLASSIC_SETS)),
       argv=st.sampled_from([["sets", "--set-file", "X.toml"], ["sets", "--set-file", "X.toml", "--list"],
                             ["config", "--set-file", "X.toml"]]))
def test_classic_set_files(text, argv):
    """The classic format of a set file (the double-N, Chinese and triomino sets), as `--set-file`
    reads it: a set the kit shows, or one line naming the file."""
    with sandbox() as box, mock.patch.dict(os.environ, box.environment()):
        (box.work / "X.toml").write_text(text, encoding="utf-8")
        with watched(box, places_written(argv, box.work)):
            status, _, err = run_in_process(argv, stubs={}, cwd=box.work)
    event(f"exit status {status}")
    assert status in (0, 2) and "Traceback" not in err, (status, err)
    if status == 2:
        one_error(err)


THEME_DATA = tomllib.loads(template_path("themes", "classic.toml").read_text(encoding="utf-8"))
theme_colours = st.one_of(colour_values, st.fixed_dictionaries({}, optional={
    "hex": st.one_of(st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}"), st.text(max_size=8)),
    "cmyk": st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 105)),
                     max_size=5)}))


def load_and_check_theme(path: Path):
    theme = load_theme.__wrapped__(str(path))       # not cached: every example is a new file
    colour_problems(theme)
    return theme


@pytest.mark.long
@fuzz(600, "files")
@given(text=file_mutations(THEME_DATA, st.one_of(theme_colours, st.sampled_from(["solid", "hollow", "dashed"]))))
def test_theme_files(text):
    check_data_file(text, "club.toml", load_and_check_theme)


PRODUCTS = {name: tomllib.loads(template_path("shops", f"{name}.toml").read_text(encoding="utf-8"))
            for name in ("tgc-domino-deck", "tgc-triangle-tile", "mpc-domino-cards")}
product_values = st.one_of(st.floats(-10, 2000), st.integers(-10, 20000), st.lists(st.floats(0, 5), max_size=3),
                           st.sampled_from(["rectangle", "triangle", "png", "sRGB", "deck", "slots", "in", "mm"]))


def load_product_file(path: Path):
    from generator.settings.products import read_product_file

    return read_product_file(path)


@fuzz(400, "products and machines")
@given(text=st.one_of(*(file_mutations(data, product_values) for data in PRODUCTS.values())))
def test_product_files(text):
    check_data_file(text, "club.toml", load_product_file)


MACHINES = {path.stem: tomllib.loads(path.read_text(encoding="utf-8"))
            for path in sorted(template_path("machines").glob("*.toml"))}
machine_values = st.one_of(st.floats(-10, 3000), st.integers(-10, 5000), st.sampled_from(
    ["laser", "print-and-cut", "print-then-cut", "a4", "letter", "300x200", "#FF0000", "CUT", "Type 1", ""]),
    st.lists(st.sampled_from(["a4", "letter", "a3", 1]), max_size=3))


def cut_with_machine_file(text: str, name: str) -> tuple[int, str]:
    """`opendomino cut --machine NAME` with the kit's machine file NAME.toml replaced by `text`
    (a machine is added by adding a file to templates/machines/); its drawing steps stubbed."""
    from generator.imposition import machines

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / f"{name}.toml").write_text(text, encoding="utf-8")

        def template(*parts):
            return Path(folder, *parts[1:]) if parts[:1] == ("machines",) else template_path(*parts)

        machines.load_machine.cache_clear()
        try:
            with mock.patch.object(machines, "template_path", template):
                status, _, err = run_in_process(["cut", "--machine", name, "--sets", "A", "--out", "out"],
                                                stubs={**STUBS, "generator.jobs.cut.run_cut": lambda *a: BuildReport()},
                                                cwd=Path(folder))
        finally:
            machines.load_machine.cache_clear()
    assert status in (0, 2) and "Traceback" not in err, (status, err)
    if status == 2:         # the file named, or an option the file's values do not allow (--paper, --sheet)
        line = one_error(err)
        assert f"{name}.toml" in line or line.startswith("opendomino: error: --"), line
    return status, err


BROKEN_MACHINES = [      # what the first campaign found: each once a KeyError or ValueError traceback
    ("cricut", {"title": DROP}, "title = None"),
    ("silhouette", {"marks": {"square": "5"}}, "square = '5'"),
    ("laser", {"operations": {"score": DROP}}, "[score] is missing"),
    ("laser", {"gap": float("nan")}, "gap = nan"),
]


@pytest.mark.parametrize("name, change, said", BROKEN_MACHINES)
def test_a_broken_machine_file_is_named_in_one_line(name, change, said):
    data = tomllib.loads(toml_document(MACHINES[name]))
    for key, value in change.items():
        if isinstance(value, dict):
            for inner, new in value.items():
                data[key].pop(inner) if new is DROP else data[key].__setitem__(inner, new)
        else:
            data.pop(key) if value is DROP else data.__setitem__(key, value)
    status, err = cut_with_machine_file(toml_document(data), name)
    assert status == 2 and f"templates/machines/{name}.toml" in err and said in err, err


@fuzz(200, "products and machines")
@given(data=st.data(), name=st.sampled_from(sorted(MACHINES)))
def test_machine_files(data, name):
    text = data.draw(file_mutations(MACHINES[name], machine_values), label="text")
    status, _ = cut_with_machine_file(text, name)
    event(f"exit status {status}")


# --- classes of input that escaped the fuzzing before (issue: hardening) -------------------------

def nested(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    return "{a = " * depth + "1" + "}" * depth


@fuzz(60, "files")
@given(depth=st.integers(1, 6000), kind=st.sampled_from(["array", "table"]), key=st.sampled_from(["x", "colours",
                                                                                                  "paper", "board"]))
@example(depth=5000, kind="array", key="x")
def test_nesting_depth(depth, kind, key):
    text = f"{key} = {nested(depth, kind)}\n"
    check_config(text.encode())
    check_data_file(text, "club.toml", load_and_check_theme)


@fuzz(300, "files")
@given(section=st.sampled_from([key for key, value in THEME_DATA.items() if isinstance(value, dict)]),
       value=st.one_of(scalars, st.lists(scalars, max_size=3), st.text(max_size=6)))
@example(section="board", value=1)
@example(section="tile", value=[1])
@example(section="board", value="red")
def test_theme_sections_of_any_type(section, value):
    data = {**THEME_DATA, section: value}
    check_data_file(toml_document(data), "club.toml", load_and_check_theme)


long_names = st.builds(lambda part, count: part * count, st.sampled_from(["x", "ё", "日", "ab"]),
                       st.integers(80, 400))


@fuzz(200, "options")
@given(name=long_names, where=st.sampled_from(["out", "init", "theme", "config", "config-out"]),
       deeper=st.booleans())
def test_long_path_names(name, where, deeper):
    path = f"{name}/kit" if deeper else name
    with tempfile.TemporaryDirectory() as folder:
        if where == "config-out":
            Path(folder, CONFIG_NAME).write_text(f"out = {toml_string(path)}\n", encoding="utf-8")
            argv = ["build"]
        else:
            argv = {"out": ["build", "--out", path], "init": ["init", path],
                    "theme": ["check", "--theme", path + ".toml"], "config": ["build", "--config", path]}[where]
        status, _, err = run_in_process(argv, cwd=Path(folder))
    long_enough = len(name.encode()) > (255 - 32 if where == "init" and not deeper else 255)
    assert status == (2 if long_enough or where in ("theme", "config") else 0), (argv[:2], status, err)
    if status == 2:
        assert err.count("\n") == 1 and err.startswith("opendomino: error: ") and "Traceback" not in err, err


safe_names = st.text(st.characters(whitelist_categories=("Ll", "Lu", "Nd"), whitelist_characters="-_.() "),
                     min_size=1, max_size=12).filter(
    # (a file named png or svg at the top would be where the test puts those folders)
    lambda n: n.strip(". ") == n and n not in ("manifest.json", "png", "svg"))


@fuzz(150, "files")
@given(files=st.dictionaries(st.tuples(st.sampled_from(["", "png/", "svg/A/"]), safe_names),
                             st.binary(max_size=64), max_size=5),
       previous=st.lists(st.one_of(junk, st.fixed_dictionaries({"file": st.text(max_size=8)}, optional={
           "bytes": st.integers(), "sha256": st.text(max_size=8)})), max_size=3))
def test_foreign_files_in_the_output_folder(files, previous):
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for (sub, name), data in files.items():
            (out / sub).mkdir(parents=True, exist_ok=True)
            (out / sub / name).write_bytes(data)
        (out / "manifest.json").write_text(json.dumps({"generator": "opendomino", "files": previous}, default=str))
        ours = out / "ours.pdf"
        ours.write_bytes(b"%PDF-1.4 ours")
        report = BuildReport()
        report.add(ours, {"pages": 1})
        write_manifest(out, report, set_aside(out))
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        assert [entry["file"] for entry in manifest["files"]] == ["ours.pdf"]
        # No entry generated here is one the kit writes (a 64-digit sha256), so a manifest with any
        # is foreign: kept under another name, and listed as foreign (issue 26).
        kept = {"manifest.foreign.json"} if previous else set()
        assert set(manifest.get("foreign", [])) == {f"{sub}{name}" for sub, name in files} | kept


def _small_shop_pdf() -> bytes:
    from generator.colour.values import Colour
    from generator.scene.drawing import Drawing, Rect, Style
    from generator.writers.pdf import PdfOptions, write_pdf
    from generator.writers.pdfx import mark_as_pdfx

    page = Drawing(40, 30, trim=(5, 5, 30, 20), bleed=(2, 2, 36, 26))
    page.add(Rect(2, 2, 36, 26, Style(fill=Colour("#c0392b"))))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "small.pdf"
        write_pdf([page], path, PdfOptions(cmyk=True))
        mark_as_pdfx(path)
        return path.read_bytes()


SMALL_PDF = _small_shop_pdf()


@fuzz(400, "files")
@given(cut=st.integers(0, len(SMALL_PDF)),
       flips=st.lists(st.tuples(st.integers(0, len(SMALL_PDF) - 1), st.integers(0, 255)), max_size=12),
       splice=st.binary(max_size=40))
@example(cut=len(SMALL_PDF) - 10, flips=[], splice=b"")
def test_corrupted_pdfs_for_preflight(cut, flips, splice):
    from generator.jobs.preflight import preflight

    data = bytearray(SMALL_PDF)
    for position, value in flips:
        data[position] = value
    data = bytes(data[:cut]) + splice
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.pdf"
        path.write_bytes(data)
        try:
            checks = preflight(path)
            event("read: " + ("all pass" if all(c.passed for c in checks) else "some fail"))
        except UserError as error:
            event("unreadable")
            assert "\n" not in str(error) and "damaged.pdf" in str(error)


# --- issue 26: sizes, kinds of file, huge numbers, deep and dotted keys, foreign manifests, ---------
# --- SOURCE_DATE_EPOCH, hostile --base-url ------------------------------------------------------

# The user's own files, and the command line that reads each (FILE stands for its path).
USER_FILES = {"config": ["check", "--config", "FILE"], "theme": ["check", "--theme", "FILE"],
              "set": ["sets", "--set-file", "FILE"]}


def one_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: ") and "Traceback" not in err, err
    return lines[0]


def run_with_file(kind: str, path: Path) -> tuple[int, str]:
    argv = [str(path) if arg == "FILE" else arg for arg in USER_FILES[kind]]
    status, _, err = run_in_process(argv, stubs={}, cwd=path.parent)
    return status, err


@fuzz(60, "files")
@given(kind=st.sampled_from(sorted(KINDS)),
       over=st.one_of(st.integers(1, 16), st.integers(17, 10**7), st.sampled_from([10**9, 3 * 10**9, 2**40])))
@example(kind="set", over=3 * 10**9)
@example(kind="manifest", over=1)
def test_files_over_their_size_limit(kind, over):
    """A (sparse) file over its kind's limit is refused at once, by name, with the limit."""
    from generator.files.bounded_read import read_bytes

    limit = KINDS[kind].limit
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("manifest.json" if kind == "manifest" else f"{kind}-x.toml")
        with open(path, "wb") as handle:
            handle.truncate(limit + over)
        # CPU seconds of this process: another process's load does not add to them, a parser gone
        # quadratic does.
        started = time.process_time()
        if kind in USER_FILES:
            status, err = run_with_file(kind, path)
            assert status == 2 and path.name in one_error(err) and "at most" in err, err
        elif kind == "manifest":
            with pytest.raises(UserError, match="more than a manifest can be"):
                verify_folder(Path(folder))
            with pytest.raises(UserError, match="more than a manifest can be"):
                set_aside(Path(folder))
        else:
            with pytest.raises(UserError, match=f"more than {KINDS[kind].noun} can be"):
                read_bytes(path, kind)
        assert time.process_time() - started < 1.0
        event(f"{kind}: refused")


def _non_regular(path: Path, what: str) -> None:
    if what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    elif what == "device":
        path.symlink_to("/dev/zero")            # endless: read whole, it would fill the memory
    else:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()


NON_REGULAR = ["fifo", "folder", "device", "socket"]
MANIFEST_COMMANDS = [["tiles", "--sets", "A"], ["themes"], ["calibrate"], ["export", "--format", "svg", "--sets", "A"],
                     ["verify"], ["board"], ["booklet", "--lang", "en"], ["build", "--books", "open"]]
NON_REGULAR_CASES = ([("manifest", "fifo", command) for command in MANIFEST_COMMANDS]
                     + [("manifest", what, command) for what in NON_REGULAR[1:] for command in (["calibrate"], ["verify"])]
                     + [(kind, what, USER_FILES[kind]) for kind in USER_FILES for what in NON_REGULAR])


@pytest.mark.parametrize("kind, what, argv", NON_REGULAR_CASES,
                         ids=[f"{kind}-{what}-{argv[0]}" for kind, what, argv in NON_REGULAR_CASES])
def test_files_that_are_not_regular(kind, what, argv):
    """In a subprocess with a timeout: a FIFO once hung five commands for ever."""
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:    # a short path: a socket's is limited to 108 bytes
        folder = Path(folder)
        if kind == "manifest":
            (folder / "output").mkdir()
            path = folder / "output" / "manifest.json"
        else:
            path = folder / "in.toml"
        _non_regular(path, what)
        command = [str(path) if arg == "FILE" else arg for arg in argv]
        try:
            result = run_cli(*command, cwd=folder, timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{command} hung on a {what} named {path.name}")
        line = one_error(result.stderr)
        assert result.returncode == 2 and path.name in line, result.stderr
        if not (what == "folder" and "--config" in argv):          # (click says "is a directory" itself)
            assert {"fifo": "named pipe (FIFO)", "folder": "a folder", "device": "character device",
                    "socket": "a socket"}[what] in line, line
        if kind == "manifest":
            assert [p.name for p in (folder / "output").iterdir()] == ["manifest.json"]   # nothing written


def integer_literals(min_digits: int, max_digits: int):
    """TOML numbers with many digits: decimal with sign and underscores, hex, octal, binary, float."""
    digits = st.integers(min_digits, max_digits)
    return st.one_of(
        st.builds(lambda n, sign: sign + "1" + "0" * (n - 1), digits, st.sampled_from(["", "+", "-"])),
        st.builds(lambda n: "1_" * (n // 2) + "1", digits),
        st.builds(lambda n, prefix: prefix + "1" * n, digits, st.sampled_from(["0x", "0o", "0b"])),
        st.builds(lambda n: "0x" + "f" * n, digits),
        st.builds(lambda n: "1." + "5" * n, digits),
        st.builds(lambda n: "1e" + "9" * n, digits),
    )


BASE_FILES = {"config": "", "theme": template_path("themes", "classic.toml").read_text(encoding="utf-8"),
              "set": template_path("sets", "classic", "double-6.toml").read_text(encoding="utf-8")}
VALUE_LINES = {kind: [i for i, line in enumerate(text.splitlines()) if re.match(r"^\s*[\w\"-]+\s*=", line)]
               for kind, text in BASE_FILES.items()}


def with_value(kind: str, index: int, literal: str) -> str:
    """The kind's base file with the value of one of its `key = value` lines replaced."""
    if kind == "config":
        return f"clearance = {literal}\n"
    lines = BASE_FILES[kind].splitlines()
    line = lines[VALUE_LINES[kind][index % len(VALUE_LINES[kind])]]
    lines[VALUE_LINES[kind][index % len(VALUE_LINES[kind])]] = line.split("=", 1)[0] + f"= {literal}"
    return "\n".join(lines) + "\n"


@fuzz(150, "files")
@given(kind=st.sampled_from(sorted(USER_FILES)), index=st.integers(0, 200),
       literal=st.one_of(integer_literals(65, 6000), integer_literals(1, 64)),
       in_list=st.booleans())
@example(kind="config", index=0, literal="1" + "0" * 5000, in_list=False)
@example(kind="theme", index=3, literal="0x" + "f" * 5000, in_list=False)
@example(kind="set", index=1, literal="9" * 4301, in_list=True)
def test_huge_integers_anywhere(kind, index, literal, in_list):
    text = with_value(kind, index, f"[{literal}, 1]" if in_list else literal)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{kind}-{index}.toml"
        path.write_text(text, encoding="utf-8")
        status, err = run_with_file(kind, path)
    # As generator/files/toml_guard.py counts them: the longest run of digits (underscores included)
    # after a sign and a 0x, 0o or 0b prefix; a float's "1." starts a new run.
    digits = max(len(run) for run in re.findall(r"[0-9a-fA-F_]+", re.sub(r"^[+-]?(0[xob])?", "", literal)))
    if status == 2:
        line = one_error(err)
        assert path.name in line, line
        event("refused: digits" if "digits" in line else "refused: other")
    else:
        assert status == 0 and "Traceback" not in err, err
        event("accepted")
    if digits > 64:
        assert status == 2 and "a number here has at most 64" in err, err


KEY_FORMS = {
    "bare": lambda n: "a." * (n - 1) + "a = 1\n",
    "quoted": lambda n: '"a".' * (n - 1) + '"a" = 1\n',
    "spaced": lambda n: "a . " * (n - 1) + "a = 1\n",
    "header": lambda n: "[" + "a." * (n - 1) + "a]\nx = 1\n",
    "array header": lambda n: "[[" + "a." * (n - 1) + "a]]\nx = 1\n",
    "inline": lambda n: "x = {" + "a." * (n - 1) + "a = 1}\n",
}
NEST_FORMS = {
    "array": lambda n: "x = " + "[" * n + "]" * n + "\n",
    "table": lambda n: "x = " + "{a = " * n + "1" + "}" * n + "\n",
    "mixed": lambda n: "x = " + "[{a = " * (n // 2) + "1" + "}]" * (n // 2) + "\n",
    "unclosed": lambda n: "x = " + "[" * n + "\n",
}


@fuzz(120, "files")
@given(form=st.sampled_from(sorted(KEY_FORMS) + sorted(NEST_FORMS)),
       size=st.one_of(st.integers(1, 40), st.integers(41, 2000), st.integers(2000, 100_000)))
@example(form="bare", size=100_000)
@example(form="header", size=100_000)
@example(form="array", size=100_000)
def test_deep_and_dotted_keys(form, size):
    """Answered in well under a second however many parts or levels: refused beyond the bound,
    parsed (or a plain syntax error) within it."""
    text = (KEY_FORMS.get(form) or NEST_FORMS[form])(size)
    started = time.process_time()
    try:
        parse_toml(text, "deep.toml")
        event("parsed")
    except UserError as error:
        message = str(error)
        assert "\n" not in message and message.startswith("deep.toml"), message
        event("refused: " + ("bound" if "at most" in message or "nest too deeply" in message else "syntax"))
    assert time.process_time() - started < 1.0, (form, size)
    if form in KEY_FORMS and size > 32 or form in ("array", "table") and size > 32:
        with pytest.raises(UserError, match="at most 32|nest too deeply"):
            parse_toml(text, "deep.toml")


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3),
                           max_leaves=8)
entry_like = st.fixed_dictionaries({}, optional={
    "file": st.one_of(st.sampled_from(["a.pdf", "../a.pdf", "/etc/passwd", "", "a\\b.pdf", "sub/../../x"]),
                      json_values),
    "bytes": st.one_of(st.integers(-5, 20), json_values),
    "sha256": st.one_of(st.just("0" * 64), st.text(max_size=70), json_values)})
manifest_like = st.fixed_dictionaries({}, optional={
    "generator": st.one_of(st.just("opendomino"), json_values),
    "files": st.one_of(st.lists(st.one_of(entry_like, json_values), max_size=3), json_values),
    "foreign": json_values})
manifest_bytes = st.one_of(
    st.one_of(json_values, manifest_like).map(lambda value: json.dumps(value).encode()),
    st.binary(max_size=40),
    st.sampled_from([b"", b"{", b"[" * 100_000, b'{"files": [{"file": "a.pdf", "bytes": ' + b"9" * 5000 + b"}]}",
                     "\ufeff{}".encode(), b"\xff\xfe{\x00}\x00"]),
)


@fuzz(300, "files")
@given(data=manifest_bytes, ours=st.booleans())
def test_foreign_manifests(data, ours):
    """Whatever manifest.json holds: verify answers in one line, a command sets it aside (kept
    byte for byte) and goes on, and the manifest it writes then verifies."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        if ours:                                      # a file the kit wrote, so the entry can be real
            (out / "a.pdf").write_bytes(b"%PDF-1.4 a")
        (out / "manifest.json").write_bytes(data)
        try:
            result = verify_folder(out)
            event("verify: ours")
        except UserError as error:
            assert "\n" not in str(error) and "manifest.json" in str(error)
            event("verify: " + ("foreign" if "not a manifest" in str(error) else "other"))
        warned = []
        previous = set_aside(out, warned.append)
        assert len(warned) <= 1 and not (out / "manifest.json").exists()
        if warned:
            assert (out / "manifest.foreign.json").read_bytes() == data
        report = BuildReport()
        if ours:
            report.add(out / "a.pdf", {"pages": 1})
        write_manifest(out, report, previous)
        result = verify_folder(out)
        assert result.matches and (not warned or "manifest.foreign.json" in result.foreign)


def _real_manifest(out: Path) -> dict:
    """The manifest the kit writes for a folder with one PDF of its own and one foreign file."""
    (out / "a.pdf").write_bytes(b"%PDF-1.4 a")
    (out / "notes.txt").write_text("mine")
    report = BuildReport()
    report.add(out / "a.pdf", {"pages": 1, "page_size_mm": [210.0, 297.0]})
    write_manifest(out, report)
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


@fuzz(200, "files")
@given(changes=st.lists(st.tuples(st.integers(0, 50), st.one_of(st.just(DROP), json_values)), min_size=1, max_size=3))
def test_our_manifest_with_wrong_types_inside(changes):
    """The kit's own manifest with values of the wrong type (or none) at any depth."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        data = _real_manifest(out)
        for index, new in changes:
            paths = leaf_paths(data)
            *parents, last = paths[index % len(paths)]
            holder = data
            for step in parents:
                holder = holder[step]
            if new is DROP:
                del holder[last]
            else:
                holder[last] = new
        (out / "manifest.json").write_text(json.dumps(data))
        try:
            result = verify_folder(out)
            event("verify: " + ("matches" if result.matches else "differs"))
        except UserError as error:
            assert "\n" not in str(error) and "manifest.json" in str(error)
            event("verify: refused")
        warned = []
        previous = set_aside(out, warned.append)
        assert len(warned) <= 1 and (bool(warned) != bool(previous) or not previous)
        write_manifest(out, BuildReport(), previous)
        assert verify_folder(out).matches


@fuzz(200, "environment")
@given(text=st.one_of(st.text(max_size=20), st.text(string.digits, max_size=6000),
                      st.text("0123456789\u0660\u0663\u00b2\u00b3\u2460 +-_.e", max_size=16),
                      st.integers(-10**15, 10**15).map(str)))
@example(text="9" * 5000)
@example(text="\u00b2")
def test_source_date_epoch(text):
    text = text.replace("\x00", "")              # (the environment cannot hold a NUL)
    with mock.patch.dict(os.environ, {"SOURCE_DATE_EPOCH": text}):
        try:
            check_environment()
            accepted = True
        except UserError as error:
            accepted = False
            message = str(error)
            assert "\n" not in message and message.startswith("SOURCE_DATE_EPOCH=") and len(message) < 300
        epoch = pdf_date.source_epoch()            # never raises, whatever the text
        date = pdf_date.pdf_date()
    assert re.fullmatch(r"D:\d{14}\+00'00'", date)
    if accepted and text.strip():
        assert epoch == int(text.strip()) and 0 <= epoch < pdf_date.END_OF_YEAR_9999
    event("accepted" if accepted else "refused")


HOSTILE = "\n\r\t\x00\x7f\u202e\u202d\u200b\u200e\u2066\ufeff \u00a0\"'<>\\`{}|^"
url_parts = st.builds(
    lambda scheme, user, host, port, path, tail: f"{scheme}{user}{host}{port}{path}{tail}",
    st.sampled_from(["https://", "http://", "HTTPS://", "ftp://", "javascript:", "https:", "//", "https:///", ""]),
    st.sampled_from(["", "user@", "user:pw@", ":@"]),
    st.one_of(st.sampled_from(["example.org", "Example.ORG", "bücher.de", "", "[::1]", "[::1", "127.0.0.1",
                               "exa mple.org", "-bad-.org", "a" * 300 + ".org", "xn--bcher-kva.de", "."]),
              st.text(max_size=12)),
    st.one_of(st.just(""), st.integers(-10, 10**6).map(lambda p: f":{p}"), st.text(max_size=6).map(lambda t: ":" + t)),
    st.one_of(st.sampled_from(["", "/", "/dom/", "/Dómino", "/a b", "/%41", "/../.."]), st.text(max_size=12)),
    st.one_of(st.sampled_from(["", "?x=1", "#top", "\n", "/\u202e"]), st.text(HOSTILE, max_size=3)),
)


plausible_urls = st.builds(
    lambda scheme, host, port, path: f"{scheme}{host}{port}{path}",
    st.sampled_from(["https://", "http://", "HTTPS://", "Http://"]),
    st.sampled_from(["example.org", "Example.ORG", "bücher.de", "[::1]", "127.0.0.1", "a-b.example.org", "localhost",
                     "пример.рф", "xn--bcher-kva.de", "example.org."]),
    st.one_of(st.sampled_from(["", ":80", ":443", ":8080", ":65535", ":65536", ":0", ":080"]),
              st.integers(0, 70000).map(lambda p: f":{p}")),
    st.one_of(st.sampled_from(["", "/", "/dom/", "/Dómino/", "/a%20b/", "/~me/tts", "/a;b=c/"]),
              st.text(string.ascii_letters + string.digits + "/-._~%!$&()*+,;=:@", max_size=12).map(lambda t: "/" + t)),
)


@fuzz(600, "options")
@given(text=st.one_of(url_parts, plausible_urls, st.text(max_size=30),
                      st.text(HOSTILE + "https:/.example", max_size=30)))
@example(text="https://example.org/x\n")
@example(text="https://exa\u202emple.org/")
@example(text="https://example.org:99999/")
def test_hostile_base_urls(text):
    from urllib.parse import urlsplit

    try:
        url = parse_base_url(text)
    except UserError as error:
        message = str(error)
        assert message.startswith("--base-url: ") and all(ch.isprintable() for ch in message), repr(message)
        event("refused")
        return
    parts = urlsplit(url)
    assert parts.scheme in ("http", "https") and parts.hostname and not parts.query and not parts.fragment
    assert parts.username is None and (parts.port is None or 1 <= parts.port <= 65535)
    assert all(33 <= ord(ch) < 127 for ch in url), url
    assert parse_base_url(url) == url                       # normalised: a second pass changes nothing
    event("accepted")


# --- issue 37: output profiles damaged inside their tag tables -------------------------------------

PROFILES = [path for path in (template_path("icc", "FOGRA39L_coated.icc"),
                              Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")) if path.is_file()]
SIGNATURES = [b"A2B0", b"A2B1", b"A2B2", b"B2A0", b"B2A1", b"B2A2", b"desc", b"targ", b"wtpt", b"bkpt", b"gamt"]


def damaged(source: Path, edits) -> bytes:
    """The profile with `edits` made in its header, tag table or tag data. Tags are chosen by their
    place in the real profile's table (modulo its length), so that an earlier edit cannot make a
    later one run wild."""
    data = bytearray(source.read_bytes())
    tags = icc_edits.entries(bytes(data))
    table_end = icc_edits.TABLE + 4 + 12 * len(tags)
    for kind, tag, *rest in edits:
        _, offset, size = tags[tag % len(tags)]
        if kind in ("header", "table", "data"):
            start, end = {"header": (0, icc_edits.TABLE), "table": (icc_edits.TABLE, table_end),
                          "data": (offset, offset + size)}[kind]
            for position, flip in rest[0]:
                at = start + position % (end - start)
                if at < len(data):
                    data[at] ^= flip
        elif kind == "cut":
            data = bytearray(icc_edits.cut_to(bytes(data), min(len(data), offset + size // 2)))
        else:
            field = {"rename": 0, "move": 1, "resize": 2}[kind]
            data = bytearray(icc_edits.with_field(bytes(data), tag % len(tags), field, rest[0]))
    return bytes(data)


tag_indices = st.integers(0, 63)
four_bytes = st.integers(0, 2**32 - 1).map(lambda n: n.to_bytes(4, "big"))
profile_edits = st.lists(st.one_of(
    st.tuples(st.sampled_from(["header", "table", "data", "data"]), tag_indices,
              st.lists(st.tuples(st.integers(0, 2**20), st.integers(1, 255)), min_size=1, max_size=8)),
    st.tuples(st.just("rename"), tag_indices, st.one_of(st.sampled_from(SIGNATURES), st.binary(min_size=4, max_size=4))),
    st.tuples(st.sampled_from(["move", "resize"]), tag_indices, four_bytes),
    st.tuples(st.just("cut"), tag_indices)), min_size=1, max_size=4)


def forget_profiles() -> None:
    """Every profile and transform read so far (each damaged profile is read once: memory stays flat)."""
    from generator.colour import icc, print_setup

    icc._READ.clear()
    for cached in (icc._transform, icc._converted, icc._printed, print_setup._setup):
        cached.cache_clear()


def check_damaged_profile(source: Path, edits, command: tuple[str, ...], intent: str) -> None:
    for kind, *_ in edits:
        event(f"edit: {kind}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "shop.icc"
        path.write_bytes(damaged(source, edits))
        try:
            status, _, err = run_in_process([*command, "--icc", str(path), "--intent", intent], cwd=Path(folder))
        finally:
            forget_profiles()
    event(f"exit status {status}")
    assert status in (0, 2) and "Traceback" not in err, (status, err)
    if status == 2:
        assert one_error(err).startswith(f"opendomino: error: --icc: {path}"), err


damaged_runs = dict(source=st.sampled_from(PROFILES), edits=profile_edits,
                    command=st.sampled_from([("config",), ("check",), ("build", "--target", "shop", "--sets", "A")]),
                    intent=st.sampled_from(["perceptual", "relative", "saturation", "absolute"]))


@fuzz(20, "profiles")
@given(**damaged_runs)
def test_profiles_damaged_inside(source, edits, command, intent):
    check_damaged_profile(source, edits, command, intent)


@pytest.mark.slow
@fuzz(600, "profiles")
@given(**damaged_runs)
def test_profiles_damaged_inside_many(source, edits, command, intent):
    check_damaged_profile(source, edits, command, intent)
