"""How well the booklets fill their pages: the empty height at the foot of every text page.

    python benchmarks/booklet_fill.py [FOLDER]

Reads rules-*.pdf (reading order) from FOLDER (default: build them into a scratch folder with
`opendomino booklet --book all --lang all`), renders every page with pdfium and finds the lowest
inked row inside the text frame. The empty height below it is what a reader sees as a blank foot
of the page. Reports per booklet: pages, the sum of empty heights in pages' worth, and the pages
more than a third empty, which are the ones a reader notices. The cover, the contents and the last
page are left out: they end where their content ends by design.
"""

from pathlib import Path
import subprocess
import sys
import tempfile

import pypdfium2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from generator.books.booklet.styles import MARGINS  # noqa: E402

SCALE = 100 / 72          # 100 dpi
MM = 72 / 25.4
INK = 200                 # a grey level darker than this is ink


def empty_heights(pdf: Path) -> list[float]:
    """mm of empty frame at the foot of each page (index 0 = page 1)."""
    document = pypdfium2.PdfDocument(str(pdf))
    heights = []
    for page in document:
        image = page.render(scale=SCALE, grayscale=True).to_pil()
        width, height = image.size
        pixels_per_mm = SCALE * MM
        top = int(MARGINS["top"] * pixels_per_mm)
        bottom = height - int(MARGINS["bottom"] * pixels_per_mm)
        left, right = int(MARGINS["inner"] * pixels_per_mm), width - int(MARGINS["inner"] * pixels_per_mm)
        frame = image.crop((left, top, right, bottom)).point(lambda v: 255 if v < INK else 0)
        box = frame.getbbox()
        lowest = box[3] if box else 0
        heights.append((frame.height - lowest) / pixels_per_mm)
    return heights


def report(folder: Path) -> None:
    frame_height = 210.0 - MARGINS["top"] - MARGINS["bottom"]
    for pdf in sorted(folder.glob("rules-*.pdf")):
        if pdf.stem.endswith("-booklet"):          # the saddle-stitch imposition
            continue
        heights = empty_heights(pdf)
        contents_end = 2
        body = list(enumerate(heights, start=1))[contents_end:-1]
        total = sum(h for _, h in body)
        noticed = [(page, h) for page, h in body if h > frame_height / 3]
        print(f"{pdf.name:<24} {len(heights):3d} pages, empty at the foot: {total / frame_height:5.2f} pages' worth "
              f"({total:6.0f} mm); more than a third empty: "
              + (", ".join(f"p.{page} {h:.0f} mm" for page, h in noticed) or "none"))


def main() -> None:
    if len(sys.argv) > 1:
        report(Path(sys.argv[1]))
        return
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([sys.executable, "-m", "generator", "-q", "booklet", "--book", "all", "--lang", "all",
                        "--out", scratch], check=True, cwd=Path(__file__).resolve().parent.parent)
        report(Path(scratch))


if __name__ == "__main__":
    main()
