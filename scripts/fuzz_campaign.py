"""Run every fuzz test at a campaign's size and print what its cases did, class by class.

    PYTHONPATH=. python scripts/fuzz_campaign.py [--scale 1] [--counts FILE] [--log FILE]

Each class of input gets its own multiple of the tests' normal number of cases (WEIGHTS, times
--scale): cheap in-process classes by the thousand, subprocess, signal and HTTP classes by the
hundred. The cases are counted by the tests themselves (tests/fuzzing.py appends one line per case
to the file OPENDOMINO_FUZZ_COUNTS names), not estimated. Exit status 0 when every case passed
and pytest did too. At --scale 1 it runs about 90,000 cases; on a busy two-core machine that
takes about half an hour.
"""

import argparse
from collections import Counter
import os
from pathlib import Path
import subprocess
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing import CLASSES, COUNTS_VARIABLE, OUTCOMES, SCALE_VARIABLE, tmp_is_watched  # noqa: E402

# Multiples of each class's normal number of cases (at scale 1 the normal suite runs a handful of
# each subprocess case, hundreds of each in-process one).
WEIGHTS = {"options": 2, "files": 2, "profiles": 30, "products and machines": 4, "environment": 100,
           "completion": 50, "signals": 100, "studio HTTP": 10}


def variable(kind: str) -> str:
    return f"{SCALE_VARIABLE}_{kind.upper().replace(' ', '_')}"


def table(counts: Counter, by_test: Counter) -> str:
    names = ["cases", *OUTCOMES[1:]]
    rows = [("class", *names), *((kind, sum(counts[kind, o] for o in OUTCOMES), *(counts[kind, o] for o in OUTCOMES[1:]))
                                 for kind in CLASSES)]
    rows.append(("total", *(sum(row[i] for row in rows[1:]) for i in range(1, len(names) + 1))))
    width = max(len(str(row[0])) for row in rows)
    lines = ["  ".join([str(row[0]).ljust(width), *(str(cell).rjust(11) for cell in row[1:])]) for row in rows]
    lines.append("")
    lines += [f"  {kind:<22} {test:<70} {count:>7}" for (kind, test), count in sorted(by_test.items())]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every class's weight")
    parser.add_argument("--counts", type=Path, help="the file the tests count cases in (default: a new one)")
    parser.add_argument("--log", type=Path, help="pytest's output (default: beside the counts)")
    parser.add_argument("pytest_args", nargs="*", help="more for pytest, e.g. -k signal")
    args = parser.parse_args()
    counts_path = args.counts or Path(tempfile.mkdtemp(prefix="opendomino-campaign-")) / "counts.tsv"
    counts_path.parent.mkdir(parents=True, exist_ok=True)
    counts_path.write_text("")
    log_path = args.log or counts_path.with_name("pytest.log")
    env = {**os.environ, COUNTS_VARIABLE: str(counts_path),
           **{variable(kind): f"{weight * args.scale:g}" for kind, weight in WEIGHTS.items()}}
    started = time.monotonic()
    with open(log_path, "w") as log:
        status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "fuzz and not slow",
                                  "tests", *args.pytest_args], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    seconds = time.monotonic() - started
    counts, by_test = Counter(), Counter()
    for line in counts_path.read_text(encoding="utf-8").splitlines():
        kind, outcome, test = line.split("\t")
        counts[kind, outcome] += 1
        by_test[kind, test] += 1
    print(table(counts, by_test))
    print(f"\nwall time {seconds / 60:.1f} min; pytest exit status {status}; "
          f"/tmp {'watched (each subprocess has its own)' if tmp_is_watched() else 'NOT watched (needs root on Linux)'}")
    print(f"counts: {counts_path}\npytest's output: {log_path}")
    clean = status == 0 and all(counts[kind, outcome] == 0 for kind in CLASSES for outcome in OUTCOMES[1:])
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
