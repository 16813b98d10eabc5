"""CPU time of the cut files of the default sets (issue 30: under 0.5 s beyond the build's own drawing).

    python benchmarks/cut_files.py [--runs 5] [--json]

For each machine (silhouette, cricut, laser) it runs the steps of `opendomino cut` for sets A, B and C
in this process (the libraries loaded once first, as a command's workers have them) and splits the
CPU time in two:
  - drawing: what the build draws anyway, the tiles' art written as pages or pictures (the Print & Cut
    PDF, the Print Then Cut PNGs), measured around the PDF and PNG writers;
  - cut files: everything else: layout, outlines, registration marks, the engraving's outlines, the
    DXF and SVG files. This is the figure the target is about.
The laser's board (three pieces) is included. The minimum over the runs is reported.
"""

import argparse
from contextlib import contextmanager
import json
from pathlib import Path
import sys
import tempfile
import time

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.jobs import cut as cut_jobs  # noqa: E402
from generator.settings.build_options import BuildOptions, CutOptions  # noqa: E402
from generator.writers import pdf, png  # noqa: E402

TARGET = 0.5        # s of CPU, all machines' cut files of the default sets


class DrawingClock:
    """Adds up the CPU spent inside the PDF and PNG writers while installed."""

    def __init__(self):
        self.seconds = 0.0

    @contextmanager
    def installed(self):
        originals = (pdf.write_pdf, png.write_png)

        def timed(function):
            def wrapper(*args, **kwargs):
                start = time.process_time()
                try:
                    return function(*args, **kwargs)
                finally:
                    self.seconds += time.process_time() - start
            return wrapper

        pdf.write_pdf, png.write_png = timed(pdf.write_pdf), timed(png.write_png)
        try:
            yield self
        finally:
            pdf.write_pdf, png.write_png = originals


def measure(machine: str, folder: Path) -> tuple[float, float]:
    options = BuildOptions(out=folder)
    settings = CutOptions(machine=machine)
    clock = DrawingClock()
    with clock.installed():
        start = time.process_time()
        report = cut_jobs.BuildReport()
        for step, job_options, extra in cut_jobs.cut_jobs(options, settings):
            step(job_options, report, *extra)
        total = time.process_time() - start
    return total - clock.seconds, clock.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        for machine in ("silhouette", "cricut", "laser"):
            measure(machine, Path(scratch) / "warm-up")          # imports, fonts, caches
            runs = [measure(machine, Path(scratch) / f"{machine}-{run}") for run in range(args.runs)]
            results[machine] = {"cut_files_cpu": min(r[0] for r in runs), "drawing_cpu": min(r[1] for r in runs)}
    total = sum(r["cut_files_cpu"] for r in results.values())
    for machine, result in results.items():
        print(f"{machine:<11} cut files {result['cut_files_cpu']:.3f} s CPU   drawing {result['drawing_cpu']:.3f} s CPU")
    print(f"all machines: cut files {total:.3f} s CPU beyond the drawing  "
          f"{'PASS' if total < TARGET else 'MISS'} (target < {TARGET} s)")
    if args.json:
        print(json.dumps({"machines": results, "cut_files_cpu": total, "target": TARGET}))


if __name__ == "__main__":
    main()
