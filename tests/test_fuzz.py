"""Fuzzing: no config file, option value or command line, however odd, gives a traceback.

Every outcome is either a valid value or a UserError (exit status 2 on the command line)
whose message is one line naming the option or key. Everything runs in this process, with
the drawing steps of the commands replaced by stubs, so thousands of cases take seconds.
The runs are derandomized: CI sees the same cases every time.
"""

from contextlib import ExitStack, chdir, redirect_stderr, redirect_stdout
import datetime
import io
import json
import math
from pathlib import Path
import tempfile
import tomllib
from unittest import mock

from hypothesis import HealthCheck, event, example, given, settings, strategies as st
import pytest

from generator import cli as cli_module
from generator.build import BuildReport
from generator.colour_checks import colour_problems
from generator.config import CONFIG_NAME, build_options, read_config
from generator.errors import UserError
from generator.imposition.paper import MAX_SIDE, MIN_SIDE, paper_named
from generator.model.set_loader import OPEN_SET_NAMES, load_set_file, set_file
from generator.options import (MAX_TILE_WIDTH, MIN_TILE_WIDTH, parse_back_offset, parse_bleed, parse_clearance,
                               parse_number, parse_paper, parse_set_names, parse_tile_size)
from generator.resources import template_path
from generator.theme import colour_keys, load_theme, parse_override, theme_for, theme_names


def fuzz(examples: int):
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


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
    "--sets": (parse_set_names, set_lists, lambda v: v and set(v) <= set(OPEN_SET_NAMES) and len(set(v)) == len(v)),
    "--dpi": (lambda text, option: parse_number(text, option, 50, 1200, "dpi", "300", "300 suits print"),
              numbers, lambda v: _finite(v) and 50 <= v <= 1200),
    "--colour": (parse_override, overrides, lambda v: v[0] in COLOUR_KEYS),
}


@pytest.mark.parametrize("option", PARSERS)
@fuzz(400)
@given(data=st.data())
def test_option_parsers(option, data):
    parse, texts, valid = PARSERS[option]
    check_parser(parse, data.draw(texts, label="text"), option, valid)


@fuzz(300)
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
    "output_condition": st.one_of(st.sampled_from(["FOGRA39", "fogra39", "CGATS TR 001", "GRACoL", ""]),
                                  st.text(max_size=8)),
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
            unparsable = ("not valid TOML", "UTF-8", "(--strict)", "nest too deeply")
            if not any(reason in message for reason in unparsable):
                keys = {*tomllib.loads(content.decode()), *COLOUR_KEYS}
                assert any(key and key in message or repr(key)[1:-1] in message for key in keys), \
                    f"{message!r} names no key"


@fuzz(1500)
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
    @fuzz(200)
    @given(text=documents)
    def parse(text):
        tomllib.loads(text)
    parse()


@fuzz(300)
@given(content=st.one_of(st.binary(max_size=60), st.text(max_size=60).map(str.encode),
                         documents.map(lambda text: text.encode("utf-16"))))
@example(b'paper = "\xff\xfe"\n')
@example(b"\x00")
def test_config_bytes(content):
    check_config(content)


# --- whole command lines, in this process ---------------------------------------------------

# Each command's drawing step, replaced so that a valid command line costs nothing. The commands
# import their steps when they run, so each stub replaces the name in the module that defines it.
STUBS = {
    "generator.build.build": lambda options, **_: BuildReport(),
    "generator.build.build_board": lambda options, report: None,
    "generator.build.run_jobs": lambda jobs: [],
    "generator.exports.run_export": lambda options, jobs, update: BuildReport(),
    "generator.build.build_theme_swatches": lambda options, report: None,
    "generator.writers.pdf.write_pdf": lambda *args, **kwargs: None,
    "generator.cli.write_manifest": lambda folder, *args: folder,
}
COMMANDS = ["build", "board", "export", "booklet", "calibrate", "sets", "init", "themes", "check", "preflight"]
OPTIONS = ["--out", "--paper", "--sets", "--tile-size", "--clearance", "--across-notation", "--no-across-notation",
           "--lang", "--theme", "--colour", "--color", "--strict", "--no-strict", "--config", "--layout",
           "--back-offset", "--target", "--bleed", "--marks", "--shop-layout", "--output-condition", "--format",
           "--dpi", "--json", "--force", "-v", "-q", "-h", "--help"]
values = st.one_of(numbers, sizes, papers, tile_sizes, set_lists, overrides, st.text(max_size=10),
                   st.sampled_from([*theme_names(), "grayscal", "en", "ru", "all", "png", "svg", "shop", "home",
                                    "single", "none", "separate", "FOGRA39", "A", "b", "D", CONFIG_NAME]))
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


def run_in_process(argv: list[str], stubs: dict = STUBS, cwd: Path | None = None) -> tuple[int, str, str]:
    """`opendomino ARGV` in `cwd` (else a fresh scratch folder), its drawing steps replaced by
    `stubs`: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with ExitStack() as stack:
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
    status, _, err = run_in_process(argv)
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


@fuzz(1500)
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


@fuzz(600)
@given(text=st.one_of(rearranged_sets, *(file_mutations(data, st.one_of(tile_texts, st.integers(-2, 8)))
                                         for data in SETS.values())))
def test_set_files(text):
    check_data_file(text, "X.toml", load_set_file)


THEME_DATA = tomllib.loads(template_path("themes", "classic.toml").read_text(encoding="utf-8"))
theme_colours = st.one_of(colour_values, st.fixed_dictionaries({}, optional={
    "hex": st.one_of(st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}"), st.text(max_size=8)),
    "cmyk": st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 105)),
                     max_size=5)}))


def load_and_check_theme(path: Path):
    theme = load_theme.__wrapped__(str(path))       # not cached: every example is a new file
    colour_problems(theme)
    return theme


@fuzz(600)
@given(text=file_mutations(THEME_DATA, st.one_of(theme_colours, st.sampled_from(["solid", "hollow", "dashed"]))))
def test_theme_files(text):
    check_data_file(text, "club.toml", load_and_check_theme)


# --- classes of input that escaped the fuzzing before (issue: hardening) -------------------------

def nested(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    return "{a = " * depth + "1" + "}" * depth


@fuzz(60)
@given(depth=st.integers(1, 6000), kind=st.sampled_from(["array", "table"]), key=st.sampled_from(["x", "colours",
                                                                                                  "paper", "board"]))
@example(depth=5000, kind="array", key="x")
def test_nesting_depth(depth, kind, key):
    text = f"{key} = {nested(depth, kind)}\n"
    check_config(text.encode())
    check_data_file(text, "club.toml", load_and_check_theme)


@fuzz(300)
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


@fuzz(200)
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


@fuzz(150)
@given(files=st.dictionaries(st.tuples(st.sampled_from(["", "png/", "svg/A/"]), safe_names),
                             st.binary(max_size=64), max_size=5),
       previous=st.lists(st.one_of(junk, st.fixed_dictionaries({"file": st.text(max_size=8)}, optional={
           "bytes": st.integers(), "sha256": st.text(max_size=8)})), max_size=3))
def test_foreign_files_in_the_output_folder(files, previous):
    from generator.manifest import set_aside, write_manifest

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for (sub, name), data in files.items():
            (out / sub).mkdir(parents=True, exist_ok=True)
            (out / sub / name).write_bytes(data)
        (out / "manifest.json").write_text(json.dumps({"files": previous}, default=str))
        ours = out / "ours.pdf"
        ours.write_bytes(b"%PDF-1.4 ours")
        report = BuildReport()
        report.add(ours, {"pages": 1})
        write_manifest(out, report, set_aside(out))
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        assert [entry["file"] for entry in manifest["files"]] == ["ours.pdf"]
        assert set(manifest.get("foreign", [])) == {f"{sub}{name}" for sub, name in files}


def _small_shop_pdf() -> bytes:
    from generator.scene import Drawing, Rect, Style
    from generator.colour import Colour
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


@fuzz(400)
@given(cut=st.integers(0, len(SMALL_PDF)),
       flips=st.lists(st.tuples(st.integers(0, len(SMALL_PDF) - 1), st.integers(0, 255)), max_size=12),
       splice=st.binary(max_size=40))
@example(cut=len(SMALL_PDF) - 10, flips=[], splice=b"")
def test_corrupted_pdfs_for_preflight(cut, flips, splice):
    from generator.preflight import preflight

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
