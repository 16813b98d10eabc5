"""Side by side: which renderer should write our PNGs? (issue: a maintained renderer for PNG)

    python benchmarks/png_renderers.py [--dpi 300] [--runs 3]

Each candidate draws the same 192 pictures (every face and back of sets A, B and C, 3 mm bleed)
at the same resolution, in a fresh process, and writes them as PNG files through Pillow:

  skia      generator/writers/png.py: the scene drawn on a Skia canvas (skia-python)
  resvg     the scene written as SVG by our SVG writer, rendered by resvg (resvg-py)
  pdfium    the scene written as PDF by our PDF writer, rendered by PDFium (pypdfium2)
  hand      the hand-written Pillow rasteriser this replaced (read from git, where it is there)

It reports wall time (median of --runs), peak memory of the process, and the pixel difference of
each candidate's images from PDFium's rendering of the same drawing written as PDF (the test's
reference): the mean absolute difference per channel, the worst tile's, and the share of pixels
off by more than 64. A benchmark: it prints figures and always exits 0.
"""

import argparse
import io
import json
import os
from pathlib import Path
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CHECKOUT = Path(__file__).resolve().parent.parent
HAND_COMMIT = "880f622"            # the last commit with the hand-written rasteriser
CANDIDATES = ("skia", "resvg", "pdfium", "hand")


def pictures(dpi: float):
    from generator.colour.theme import load_theme
    from generator.jobs.exports import SIDES, tile_picture
    from generator.model.set_loader import load_set
    from generator.scene.sizes import TileSize

    theme = load_theme("classic")
    for name in ("A", "B", "C"):
        tile_set = load_set(name)
        for tile in tile_set.tiles:
            for side in SIDES:
                yield f"{tile.id}-{side}", tile_picture(tile, tile_set, theme, TileSize(), side, 3.0)


def _pdf_bytes(drawing) -> bytes:
    from generator.writers.pdf import write_pdf
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "one.pdf"
        write_pdf([drawing], target)
        return target.read_bytes()


def renderer(name: str):
    """drawing, dpi -> PIL RGB image, for each candidate."""
    if name == "skia":
        from generator.writers.png import render
        return render
    if name == "pdfium":
        import pypdfium2

        def render_pdfium(drawing, dpi):
            document = pypdfium2.PdfDocument(_pdf_bytes(drawing))
            try:
                return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
            finally:
                document.close()
        return render_pdfium
    if name == "resvg":
        from PIL import Image
        import resvg_py

        from generator.files.resources import font_path
        from generator.scene.fonts import FONT_FILES
        from generator.writers.svg import svg_text
        fonts = [str(font_path(f)) for f in FONT_FILES.values()]

        def render_resvg(drawing, dpi):
            data = resvg_py.svg_to_bytes(svg_string=svg_text(drawing), dpi=dpi, skip_system_fonts=True,
                                         font_files=fonts, background="#ffffff",
                                         width=round(drawing.width / 25.4 * dpi))
            return Image.open(io.BytesIO(bytes(data))).convert("RGB")
        return render_resvg
    if name == "hand":
        source = subprocess.run(["git", "-C", str(CHECKOUT), "show", f"{HAND_COMMIT}:generator/writers/png.py"],
                                capture_output=True, text=True)
        if source.returncode != 0:
            return None
        namespace = {"__name__": "hand_png"}
        exec(compile(source.stdout, "hand_png.py", "exec"), namespace)
        return namespace["render"]
    raise ValueError(name)


def run_one(name: str, dpi: float, folder: Path) -> dict:
    """Render every picture with one candidate, write the PNGs; time and peak memory of this process."""
    render = renderer(name)
    if render is None:
        return {"skipped": f"{HAND_COMMIT} is not in this checkout's history"}
    started = time.perf_counter()
    for key, drawing in pictures(dpi):
        render(drawing, dpi).save(folder / f"{key}.png", "PNG", dpi=(dpi, dpi))
    wall = time.perf_counter() - started
    return {"wall": wall, "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}


def differences(folder: Path, reference: Path) -> dict:
    from PIL import Image, ImageChops
    means, offs = [], []
    for path in sorted(folder.glob("*.png")):
        ours = Image.open(path).convert("RGB")
        theirs = Image.open(reference / path.name).convert("RGB")
        width, height = min(ours.width, theirs.width), min(ours.height, theirs.height)
        diff = ImageChops.difference(ours.crop((0, 0, width, height)), theirs.crop((0, 0, width, height)))
        histogram, pixels = diff.histogram(), width * height
        means.append(max(sum(v * n for v, n in enumerate(histogram[256 * k:256 * (k + 1)])) / pixels
                         for k in range(3)))
        worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
        offs.append(sum(worst.histogram()[65:]) / pixels)
    return {"mean": statistics.mean(means), "worst": max(means), "off64": statistics.mean(offs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dpi", type=float, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)        # internal: one candidate, one run
    args = parser.parse_args()
    if args.one:
        name, folder = json.loads(args.one)
        print(json.dumps(run_one(name, args.dpi, Path(folder))))
        return
    with tempfile.TemporaryDirectory(prefix="png-renderers-") as scratch:
        scratch = Path(scratch)
        results = {}
        for name in CANDIDATES:
            walls, peak = [], 0
            for run in range(args.runs):
                folder = scratch / name
                folder.mkdir(exist_ok=True)
                output = subprocess.run([sys.executable, __file__, "--dpi", str(args.dpi), "--one",
                                         json.dumps([name, str(folder)])], capture_output=True, text=True,
                                        cwd=CHECKOUT, env={**os.environ, "PYTHONPATH": str(CHECKOUT)})
                if output.returncode != 0:
                    raise SystemExit(output.stderr)
                result = json.loads(output.stdout)
                if "skipped" in result:
                    break
                walls.append(result["wall"])
                peak = max(peak, result["peak"])
            results[name] = {"wall": statistics.median(walls), "peak": peak} if walls else None
        print(f"192 tile pictures (28 x 50 mm) at {args.dpi:g} dpi, median of {args.runs} run(s), one process each\n")
        print(f"{'renderer':<10}{'wall':>9}{'per tile':>10}{'peak memory':>13}{'mean diff':>11}{'worst':>8}{'off>64':>9}")
        for name, result in results.items():
            if result is None:
                print(f"{name:<10} skipped (no {HAND_COMMIT} in git history)")
                continue
            diff = differences(scratch / name, scratch / "pdfium")
            print(f"{name:<10}{result['wall']:>8.2f}s{result['wall'] / 192 * 1e3:>8.1f}ms"
                  f"{result['peak'] / 1e6:>10.0f} MB{diff['mean']:>11.2f}{diff['worst']:>8.2f}"
                  f"{diff['off64'] * 100:>8.2f}%")
        print("\ndiff: from PDFium's rendering of the same drawing written as PDF, per channel, 0-255; "
              "off>64: share of pixels off by more than 64 in some channel")


if __name__ == "__main__":
    main()
