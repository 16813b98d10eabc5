"""mutmut 2's hook, copied into the scratch copy by run.py: each mutant runs only the tests that ran
its line (the coverage map, MUTATION_MAP); a module-level name or a class field runs the tests of
the lines that use it; a line the map does not know runs the whole selection. MUTMUT_FULL=1 runs
the whole selection always (the second pass over the survivors)."""
import json
import os
import re
import shlex
import sqlite3
import sys

LINES = json.loads(open(os.environ["MUTATION_MAP"]).read()) if os.environ.get("MUTATION_MAP") else {}
# the test files the kit's geometry runs through, cheapest first (the later ones build whole kits)
ORDER = ["tests/test_outline.py", "tests/test_layouts.py", "tests/test_backs_match_fronts.py", "tests/test_cut.py",
         "tests/test_icc.py", "tests/test_tile_sheets.py", "tests/test_shop.py"]
DEFINES = re.compile(r"^\s*([A-Za-z_][A-Za-z_0-9]*)\s*(?::[^=]*)?=(?!=)")
DEF = re.compile(r"^(\s*)(?:async\s+)?def\s")


def tests_for(filename: str, line_number: int, source_lines: list[str]) -> set[str]:
    lines = LINES.get(filename, {})
    tests = set(lines.get(str(line_number), ()))
    tests |= callers(lines, line_number, source_lines)
    defined = DEFINES.match(source_lines[line_number - 1])
    # A module-level name is set once, at import, under whichever test imported the module first:
    # the map's tests for its line are that one test's, so the tests of the lines using it count too.
    at_import = defined and not source_lines[line_number - 1][:1].isspace()
    if defined and (not tests or at_import):
        name = re.compile(rf"\b{re.escape(defined[1])}\b")
        for number, text in enumerate(source_lines, 1):
            if number != line_number and name.search(text):
                tests |= set(lines.get(str(number), ()))
    return tests


def callers(lines: dict, line_number: int, source_lines: list[str]) -> set[str]:
    """For a line of a function's signature (its defaults are evaluated at import, under whichever test
    imported the module first): the tests that ran the function's body."""
    start = line_number
    while start > 0 and not DEF.match(source_lines[start - 1]):
        if start < line_number and source_lines[start - 1].split("#")[0].rstrip().endswith(":"):
            return set()                        # a block closed above this line: not in a signature
        start -= 1
        if line_number - start > 6:
            return set()
    if start == 0:
        return set()
    indent = len(DEF.match(source_lines[start - 1])[1])
    body = start
    while body <= len(source_lines) and not source_lines[body - 1].split("#")[0].rstrip().endswith(":"):
        body += 1
    if body < line_number:
        return set()                            # the signature closed above this line: it is the body
    tests = set()
    for number in range(body + 1, len(source_lines) + 1):
        text = source_lines[number - 1]
        if text.strip() and len(text) - len(text.lstrip()) <= indent:
            break
        tests |= set(lines.get(str(number), ()))
    return tests


def cheap_first(test: str) -> tuple:
    """Quick tests before the ones behind a whole build, so that a mutant they catch costs little."""
    file = test.partition("::")[0]
    return (ORDER.index(file) if file in ORDER else len(ORDER), test)


def chosen(selection: list[str], test: str) -> bool:
    """Whether the module's selection (pytest arguments: paths, node ids, --deselect ID) runs `test`."""
    paths = [a for i, a in enumerate(selection) if a.startswith("tests/") and selection[i - 1] != "--deselect"]
    left_out = [a for i, a in enumerate(selection) if i and selection[i - 1] == "--deselect"]
    covers = lambda prefix: test == prefix or test.startswith(prefix + "::") or test.startswith(prefix + "[")
    return any(map(covers, paths)) and not any(map(covers, left_out))


def register_missing(filename: str) -> None:
    """mutmut 2 leaves some mutants of a statement's later lines out of its cache, then dies on
    them: add their rows (once per process)."""
    from mutmut import Context, list_mutations

    if filename in _registered:
        return
    _registered.add(filename)
    with sqlite3.connect(".mutmut-cache") as db:
        row = db.execute("select id from SourceFile where filename = ?", (filename,)).fetchone()
        if row is None:
            return
        with open(filename) as f:
            mutants = list_mutations(Context(source=f.read(), filename=filename, dict_synonyms=[]))
        for mutant in mutants:
            found = db.execute("select id from Line where sourcefile = ? and line = ? and line_number = ?",
                               (row[0], mutant.line, mutant.line_number)).fetchone()
            line = found[0] if found else db.execute("insert into Line (sourcefile, line, line_number) values (?, ?, ?)",
                                                     (row[0], mutant.line, mutant.line_number)).lastrowid
            if not db.execute('select id from Mutant where line = ? and "index" = ?', (line, mutant.index)).fetchone():
                db.execute('insert into Mutant (line, "index", tested_against_hash, status) values (?, ?, ?, ?)',
                           (line, mutant.index, "", "untested"))


_registered: set[str] = set()


def init():
    if "--paths-to-mutate" in sys.argv and os.path.exists(".mutmut-cache"):
        register_missing(sys.argv[sys.argv.index("--paths-to-mutate") + 1])


def pre_mutation(context):
    register_missing(context.filename)
    if os.environ.get("MUTMUT_FULL"):
        return
    head, _, selection = context.config.test_command.partition(" -p no:cacheprovider ")
    selection = shlex.split(selection)
    tests = [t for t in tests_for(context.filename, context.current_line_index + 1, context.source.split("\n"))
             if chosen(selection, t)]
    if tests:
        context.config.test_command = f"{head} -p no:cacheprovider " + " ".join(
            shlex.quote(t) for t in sorted(tests, key=cheap_first))
