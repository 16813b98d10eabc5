"""The magic-layout search measured against a constraint solver (issue 41).

    python benchmarks/layout_solvers.py [--runs 3] [--solver-limit 120]

Two ways to answer the same questions, on this machine, each in a fresh process:
  - the kit's own search (generator/model/layout_catalogue.py): pairings of each group, classed by
    their column sums and joined;
  - OR-Tools' CP-SAT (pip install ortools; Apache-2.0), given the same rules as a model: one 0/1
    variable per tile and cell, every tile in one cell of its group's rows, every cell one tile, the
    [magic] table's sums as linear equations, and the column order fixed by symmetry breaking (row 8's
    tiles in increasing order of their index; for a turned set, the mirror pairs in order).

Questions: the first 50 layouts of A (target 2 s), the exact count of C (target 30 s), the exact count
of A. CP-SAT finds layouts in its own order, which changes between its versions, so it cannot number
them; it counts only by listing every solution. A benchmark, not a test: it prints figures, exits 0.
"""

import argparse
import statistics
import subprocess
import sys
import time

OWN = {
    "find 50 of A": "cat = LayoutCatalogue(load_set('A')); n = sum(1 for _ in zip(range(50), cat.layouts(1)))",
    "count C": "n = LayoutCatalogue(load_set('C')).count().up_to_columns",
    "count A": "n = LayoutCatalogue(load_set('A')).count().up_to_columns",
}
OWN_PRELUDE = ("from generator.model.set_loader import load_set\n"
               "from generator.model.layout_catalogue import LayoutCatalogue\n")

SOLVER = r'''
from ortools.sat.python import cp_model
from generator.model.set_loader import load_set
import sys, time
name, limit, wanted = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
tile_set = load_set(name)
magic = tile_set.magic
model = cp_model.CpModel()
rows = {1: (8, 7), 2: (2, 1)}
place = {}
for group, (upper, lower) in rows.items():
    tiles = sorted(tile_set.group(group), key=lambda t: (t.head, t.tail, t.id))
    cells = [(r, c) for r in (upper, lower) for c in range(1, 9)]
    for i, tile in enumerate(tiles):
        for cell in cells:
            place[group, i, cell] = model.NewBoolVar("")
        model.AddExactlyOne(place[group, i, cell] for cell in cells)
    for cell in cells:
        model.AddExactlyOne(place[group, i, cell] for i in range(len(tiles)))
    rows[group] = (upper, lower, tiles)
def cell_sum(cells, value):
    return sum(value(t) * place[g, i, cell] for g in (1, 2) for i, t in enumerate(rows[g][2])
               for cell in cells if (g, i, cell) in place)
digits = lambda t: t.head + t.tail
for c in range(1, 9):
    if "column_sum" in magic:
        model.Add(cell_sum([(r, c) for r in (8, 7, 2, 1)], digits) == magic["column_sum"])
    if "group_column_sum" in magic:
        for rs in ((8, 7), (2, 1)):
            model.Add(cell_sum([(r, c) for r in rs], digits) == magic["group_column_sum"])
for r in (8, 7, 2, 1):
    cells = [(r, c) for c in range(1, 9)]
    if "row_head_sum" in magic:
        model.Add(cell_sum(cells, lambda t: t.head) == magic["row_head_sum"])
    if "row_tail_sum" in magic:
        model.Add(cell_sum(cells, lambda t: t.tail) == magic["row_tail_sum"])
if magic.get("mirrored_row_sums"):
    for north, south in ((8, 1), (7, 2)):
        for end in ("head", "tail"):
            model.Add(cell_sum([(north, c) for c in range(1, 9)], lambda t: getattr(t, end))
                      == cell_sum([(south, c) for c in range(1, 9)], lambda t: getattr(t, end)))
index = {c: sum(i * place[1, i, (8, c)] for i in range(16)) for c in range(1, 9)}
if magic.get("group2_is_group1_turned"):
    g1, g2 = rows[1][2], rows[2][2]
    for i, t in enumerate(g1):
        j = next(k for k, u in enumerate(g2) if (u.head, u.tail) == (t.head, t.tail))
        for r, c in [(r, c) for r in (8, 7) for c in range(1, 9)]:
            model.Add(place[2, j, (9 - r, 9 - c)] == place[1, i, (r, c)])
    for c in range(1, 4):
        model.Add(index[c] < index[c + 1])
    for c in range(1, 5):
        model.Add(index[c] < index[9 - c])
else:
    for c in range(1, 8):
        model.Add(index[c] < index[c + 1])
class Counter(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__(); self.n = 0
    def on_solution_callback(self):
        self.n += 1
        if wanted and self.n >= wanted:
            self.StopSearch()
solver = cp_model.CpSolver()
solver.parameters.enumerate_all_solutions = True
solver.parameters.max_time_in_seconds = limit
solver.parameters.num_workers = 1
counter = Counter()
start = time.perf_counter()
status = solver.Solve(model, counter)
print(counter.n, round(time.perf_counter() - start, 3), solver.StatusName(status))
'''


def timed(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--solver-limit", type=float, default=120.0, help="seconds CP-SAT may take per question")
    args = parser.parse_args()
    print("own search (median wall of a fresh process, import included):")
    for question, code in OWN.items():
        runs = [timed(OWN_PRELUDE + code) for _ in range(args.runs)]
        print(f"  {question:14s} {statistics.median(runs):7.2f} s")
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("CP-SAT: not installed (pip install ortools) — skipped")
        return
    print(f"CP-SAT, one worker, at most {args.solver_limit:.0f} s (solutions, seconds in the solver, status):")
    for question, name, wanted in (("find 50 of A", "A", 50), ("count C", "C", 0), ("count A", "A", 0)):
        result = subprocess.run([sys.executable, "-c", SOLVER, name, str(args.solver_limit), str(wanted)],
                                capture_output=True, text=True, check=True)
        print(f"  {question:14s} {result.stdout.strip()}")


if __name__ == "__main__":
    main()
