"""The message catalogues (generator/locale/): the template holds every message of the code, the
Russian catalogue translates each one (none left empty or fuzzy, every placeholder kept), and the
compiled .mo the kit reads says what the .po says. Babel extracts again; the standard library's
gettext and GNU msgfmt read the results independently."""

import gettext
import importlib.util
from pathlib import Path
import re
import shutil
import subprocess

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
LOCALE = CHECKOUT / "generator" / "locale"
RUSSIAN_PO = LOCALE / "ru" / "LC_MESSAGES" / "opendomino.po"
RUSSIAN_MO = RUSSIAN_PO.with_suffix(".mo")
# str.format fields ({path}, {count:g}, {value!r}) and %-style ones (click's %(prog)s)
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z_0-9]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})|%\((\w+)\)[sd]")


@pytest.fixture(scope="module")
def tool():
    pytest.importorskip("babel", reason="Babel extracts the messages: install the test extras")
    spec = importlib.util.spec_from_file_location("update_catalogues", CHECKOUT / "scripts" / "update_catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def russian(tool):
    return tool.read_catalog(RUSSIAN_PO, "ru")


def _ids(catalog) -> set:
    return {message.id for message in catalog if message.id}


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _fields(text: str) -> set[str]:
    return {name or percent for name, percent in FIELD.findall(text)}


def test_the_template_holds_every_message_of_the_code_and_of_click(tool):
    code = tool.extracted()
    template = tool.read_catalog(tool.TEMPLATE)
    behind, gone = _ids(code) - _ids(template), _ids(template) - _ids(code)
    assert not behind and not gone, ("run scripts/update_catalogues.py: " f"{len(behind)} messages of the code are "
                                     f"not in the template, e.g. {sorted(map(str, behind))[:3]}; {len(gone)} in it "
                                     f"are gone from the code, e.g. {sorted(map(str, gone))[:3]}")
    assert len(_ids(code)) > 400
    assert any("click" in location for message in code for location, _ in message.locations)


def test_no_two_plural_messages_share_their_singular(tool):
    """gettext finds a plural message by its singular alone, and the catalogue keeps one entry per
    singular: ngettext("{count} stack", "{count} stacks of {most}") beside ngettext("{count} stack",
    "{count} stacks of up to {most}") would say one of them in the other's words. Read from the code
    as Babel extracts it, before the catalogue merges anything."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(CHECKOUT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    plurals = {}
    for _file, _line, message, _comments, _context in extract_from_dir(CHECKOUT / "generator", method_map,
                                                                       options_map):
        if isinstance(message, tuple):
            plurals.setdefault(message[0], set()).add(message[1])
    assert len(plurals) > 20
    shared = {singular: sorted(forms) for singular, forms in plurals.items() if len(forms) > 1}
    assert not shared, shared


def test_the_russian_catalogue_translates_every_message_of_the_template(tool, russian):
    assert _ids(russian) == _ids(tool.read_catalog(tool.TEMPLATE)), "run scripts/update_catalogues.py"
    fuzzy = [message.id for message in russian if message.id and message.fuzzy]
    empty = [message.id for message in russian if message.id and not all(_strings(message))]
    assert not fuzzy, f"{len(fuzzy)} fuzzy messages (check the translation, then remove the flag): {fuzzy[:3]}"
    assert not empty, f"{len(empty)} messages without a translation: {empty[:3]}"
    assert russian.num_plurals == 3


def test_every_translation_keeps_the_placeholders_of_its_message(russian):
    """A translation may move {path} or {count}, never drop or invent one: str.format would fail
    (or say less) at run time. A plural's every form holds the plural's fields, as GNU msgfmt asks:
    in Russian the "singular" form says 21 and 31 too."""
    wrong = []
    for message in russian:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            allowed, needed = _fields(message.id[0]) | _fields(message.id[1]), _fields(message.id[1])
        else:
            allowed = needed = _fields(message.id)
        wrong += [(message.id, string) for string in _strings(message)
                  if not needed <= _fields(string) <= allowed]
    assert not wrong, f"{len(wrong)} translations change the placeholders: {wrong[:3]}"


def test_the_compiled_catalogue_says_what_the_po_says(russian):
    """The .mo, read by the standard library as the kit reads it, holds each translation of the .po."""
    with open(RUSSIAN_MO, "rb") as file:
        compiled = gettext.GNUTranslations(file)
    for message in russian:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n, form in ((1, 0), (2, 1), (5, 2)):
                assert compiled.ngettext(*message.id, n) == message.string[form], message.id
        else:
            assert compiled.gettext(message.id) == message.string, message.id
    assert len(compiled._catalog) == len(_ids(russian)) + 1 + sum(       # + the header; a form per plural
        len(message.string) - 1 for message in russian if isinstance(message.id, tuple))


def test_gnu_msgfmt_accepts_the_russian_catalogue(tmp_path):
    """GNU gettext's own checks: the header, the plural expression, every plural form present."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (Debian's gettext package; .ci/run installs it)")
    result = subprocess.run([msgfmt, "--check", "--statistics", "-o", str(tmp_path / "ru.mo"), str(RUSSIAN_PO)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr
    with open(tmp_path / "ru.mo", "rb") as theirs, open(RUSSIAN_MO, "rb") as ours:
        assert gettext.GNUTranslations(theirs)._catalog == gettext.GNUTranslations(ours)._catalog


def _russian_plural(n: int) -> int:
    """The rule as a Russian grammar states it, written independently of the catalogue's header."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


@pytest.mark.parametrize(("count", "word"), [(1, "файл"), (2, "файла"), (5, "файлов"), (11, "файлов"),
                                              (21, "файл"), (22, "файла"), (25, "файлов"), (112, "файлов")])
def test_a_count_of_files_takes_the_russian_plural_form(count, word):
    """The summary line a command ends with, as the Russian catalogue says it for each count."""
    from generator.commands.common import files_written
    from generator.words import speaking
    with speaking("ru"):
        said = files_written(count, 2.5, Path("out"))
    assert re.search(rf"\b{count}\s+{word}(?=[\s,])", said), said
    with open(RUSSIAN_MO, "rb") as file:
        plural = gettext.GNUTranslations(file).plural
    assert all(plural(n) == _russian_plural(n) for n in range(0, 1000))


def test_no_function_that_says_a_message_rebinds_the_underscore():
    """`_` is gettext's name in every module: a function that also unpacks into `_` (x, _ = pair)
    would call that value instead of translating, and fail the first time it speaks."""
    import ast

    wrong = []
    for path in (CHECKOUT / "generator").rglob("*.py"):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            own = [node for node in _own_nodes(function)]
            rebinds = any(isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
                          for node in own)
            says = any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                       for node in own)
            if rebinds and says:
                wrong.append(f"{path.relative_to(CHECKOUT)}:{function.lineno} {function.name}")
    assert not wrong, wrong


def _own_nodes(function):
    """The nodes of a function's own scope: not those of the functions, classes and comprehensions
    inside it, which have their own `_`."""
    import ast

    waiting = list(ast.iter_child_nodes(function))
    while waiting:
        node = waiting.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
                             ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        yield node
        waiting += ast.iter_child_nodes(node)
