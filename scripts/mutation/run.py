"""Mutation testing of one module with mutmut 2: which small changes to the code no test notices.

    python scripts/mutation/run.py generator/imposition/mirror.py -- tests/test_layouts.py
    python scripts/mutation/run.py generator/colour/icc.py --lines 172-272 -- tests/test_icc.py -k "not bad_profiles"

After `--`: the pytest arguments that choose the tests for the module (run single-process, -x). It
works in mutants/<module>/, a copy of the tracked files (git ignores mutants/; the copy and mutmut's
cache there are kept, so a second run only tries what is new):
1. a coverage map: which test ran each line, in-process or in a command it started, or which
   module-scoped fixture did (its output is read by every test that uses it);
2. mutmut 2 mutates the copy's file on disk (so the commands the tests start see the mutant too);
   each mutant runs only the tests of its line, through a pytest server that has imported the heavy
   libraries once and forks for each mutant;
3. every survivor is tried again against the whole selection;
4. the counts, then each survivor's diff. `--lines` mutates only those lines (e.g. one concern of a
   module); `--no-retry` skips step 3 when time is short. Decorators are not mutated (mutmut 2 fails
   on them; a removed @property breaks every test, a removed @cache only costs time). Needs the extra `mutation` (pip install '.[mutation]').
"""

import argparse
import difflib
import json
import os
from pathlib import Path
import shlex
import shutil
import sqlite3
import subprocess
import sys
import time

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYTEST = ["-x", "-q", "-n", "0", "-p", "no:cacheprovider"]


def copy_project(scratch: Path) -> None:
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        target = scratch / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    shutil.copy2(HERE / "mutmut_config.py", scratch / "mutmut_config.py")


def coverage_map(scratch: Path, tests: list[str]) -> Path:
    """{file: {line: [test ids]}} for the selection, written to scratch/.mutation/map.json."""
    import coverage

    work = scratch / ".mutation"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    rc = work / "coveragerc"
    rc.write_text("[run]\nsource = generator\nparallel = true\npatch = subprocess\ncontext = ${MUTMAP_CONTEXT}\n")
    env = dict(os.environ, PYTHONPATH=f"{scratch}{os.pathsep}{HERE}", MUTMAP_CONTEXT="",
               COVERAGE_FILE=str(work / "coverage"), MUTMAP_FIXTURES=str(work / "fixtures.json"),
               OPENDOMINO_TEST_FRESH_COMMANDS="1")      # each command its own interpreter, its own coverage
    subprocess.run([sys.executable, "-m", "coverage", "run", f"--rcfile={rc}", "-m", "pytest", "-q", "-n", "0",
                    "-p", "no:cacheprovider", "-p", "mutmap_plugin", *tests], cwd=scratch, env=env)
    parts = [str(p) for p in work.glob("coverage.*")]
    subprocess.run([sys.executable, "-m", "coverage", "combine", f"--rcfile={rc}",
                    f"--data-file={work / 'coverage'}", *parts], cwd=scratch, env=env, check=True,
                   capture_output=True)
    users = json.loads((work / "fixtures.json").read_text())
    data = coverage.CoverageData(basename=str(work / "coverage"))
    data.read()
    lines: dict[str, dict[str, set]] = {}
    for path in data.measured_files():
        name = os.path.relpath(path, scratch)
        for number, contexts in data.contexts_by_lineno(path).items():
            tests = lines.setdefault(name, {}).setdefault(str(number), set())
            for context in contexts:
                if context.startswith("fixture:"):
                    tests.update(users.get(context.removeprefix("fixture:"), ()))
                elif "::" in context:
                    tests.add(context)
    out = work / "map.json"
    out.write_text(json.dumps({f: {n: sorted(t) for n, t in ls.items() if t} for f, ls in lines.items()}))
    return out


def lines_patch(scratch: Path, module: str, first: int, last: int) -> Path:
    """A diff that 'adds' lines first..last, for mutmut's --use-patch-file."""
    new = (scratch / module).read_text().splitlines(keepends=True)
    old = new[:first - 1] + new[last:]
    patch = scratch / ".mutation" / "lines.patch"
    patch.write_text("".join(difflib.unified_diff(old, new, f"a/{module}", f"b/{module}")))
    return patch


def statuses(scratch: Path, module: str) -> dict[int, str]:
    with sqlite3.connect(scratch / ".mutmut-cache") as db:
        return dict(db.execute("select m.id, m.status from Mutant m join Line l on m.line = l.id "
                               "join SourceFile s on l.sourcefile = s.id where s.filename = ?", (module,)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("module", help="the file to mutate, e.g. generator/imposition/mirror.py")
    parser.add_argument("--lines", help="only these lines, FIRST-LAST")
    parser.add_argument("--no-retry", action="store_true",
                        help="leave the survivors at the tests of their lines (step 3 costs the whole selection each)")
    parser.add_argument("tests", nargs="+", help="after --: pytest arguments choosing the tests")
    args = parser.parse_args()
    scratch = ROOT / "mutants" / Path(args.module).stem
    copy_project(scratch)
    started = time.monotonic()
    env = dict(os.environ, PYTHONPATH=str(scratch), MUTATION_MAP=str(coverage_map(scratch, args.tests)))
    socket_path = scratch / ".mutation" / "pytest.sock"
    server = subprocess.Popen([sys.executable, str(HERE / "warm_pytest.py"), "serve", str(socket_path)], cwd=scratch,
                              env=env, start_new_session=True)
    try:
        while not socket_path.exists():
            time.sleep(0.2)
        runner = shlex.join([sys.executable, "-S", str(HERE / "warm_pytest.py"), "run", str(socket_path), *PYTEST,
                             *args.tests])
        command = [sys.executable, "-m", "mutmut", "run", "--paths-to-mutate", args.module, "--runner", runner,
                   "--no-progress", "--disable-mutation-types", "decorator"]   # mutmut 2 loses track of those lines
        if args.lines:
            first, last = (int(v) for v in args.lines.split("-"))
            command += ["--use-patch-file", str(lines_patch(scratch, args.module, first, last))]
        subprocess.run(command, cwd=scratch, env=env, stdout=subprocess.DEVNULL)
        for number, status in statuses(scratch, args.module).items():     # the survivors, on every test chosen
            if status == "bad_survived" and not args.no_retry:
                subprocess.run([*command[:4], str(number), *command[4:]], cwd=scratch, stdout=subprocess.DEVNULL,
                               env=dict(env, MUTMUT_FULL="1"))
    finally:
        server.terminate()
    found = statuses(scratch, args.module)
    counts = {s: list(found.values()).count(s) for s in sorted(set(found.values()))}
    print(f"{args.module}: {len(found)} mutants, {counts} in {time.monotonic() - started:.0f} s")
    for number, status in found.items():
        if status == "bad_survived":
            shown = subprocess.run([sys.executable, "-m", "mutmut", "show", str(number)], cwd=scratch,
                                   capture_output=True, text=True).stdout
            print(f"--- survivor {number}\n{shown}")


if __name__ == "__main__":
    main()
