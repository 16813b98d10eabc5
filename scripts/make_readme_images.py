"""Render a few pages of a real build to PNG for README.md (needs the test extras).

Run: python scripts/make_readme_images.py          (builds into a temporary folder first)
     python scripts/make_readme_images.py --cut    (only the cutting-machine pictures; needs chromium)
     python scripts/render_solids.py               (the 3D-printed tiles; needs opendomino[3d])
"""

from pathlib import Path
import shutil
import subprocess
import sys
import tempfile

from PIL import Image
import pypdfium2

from generator.jobs.build import BuildOptions, build
from generator.jobs.cut import cut
from generator.scene.sizes import TileSize
from generator.settings.build_options import CutOptions

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
PICTURES = [  # (file, page indices shown side by side, output name, width of one page in pixels)
    ("tiles-A.pdf", (0,), "tiles-A-fronts.png", 520),
    ("tiles-B.pdf", (1,), "tiles-B-backs.png", 520),
    ("tiles-C.pdf", (0,), "tiles-C-fronts.png", 520),
    ("setup-cards.pdf", (0,), "setup-card-A.png", 520),
    ("board-tiled-a4.pdf", (0,), "board-tiled-sheet-1.png", 620),
    ("rules-en.pdf", (15, 16), "booklet-spread.png", 420),
    ("tiles-double-12.pdf", (0,), "tiles-double-12-fronts.png", 520),
    ("tiles-chinese.pdf", (0, 1), "tiles-chinese.png", 420),
    ("tiles-picture.pdf", (0,), "tiles-picture-fronts.png", 520),
    ("tiles-triominoes.pdf", (0,), "tiles-triominoes-fronts.png", 520),
]


def side_by_side(pictures, gap: int, background: str) -> Image.Image:
    """The pictures in a row, `gap` pixels apart, top-aligned."""
    row = Image.new("RGB", (sum(p.width for p in pictures) + gap * (len(pictures) - 1),
                            max(p.height for p in pictures)), background)
    x = 0
    for picture in pictures:
        row.paste(picture, (x, 0))
        x += picture.width + gap
    return row


def cut_pictures() -> None:
    """A Silhouette Print & Cut sheet (PDF page) and a laser sheet (its SVG, drawn by chromium), both
    with --corner-radius 2."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        options = BuildOptions(out=out, sets=("A",), tile_size=TileSize(), corner_radius=2.0)
        cut(options, CutOptions(machine="silhouette"))
        document = pypdfium2.PdfDocument(out / "silhouette" / "print-and-cut-A-a4.pdf")
        document[0].render(scale=520 / document[0].get_width()).to_pil().convert("RGB").save(
            IMAGES / "print-and-cut-A4.png", optimize=True)
        print(f"wrote {IMAGES / 'print-and-cut-A4.png'}")
        cut(options, CutOptions(machine="laser", kerf=0.15, board=False))
        page = out / "laser.html"
        page.write_text('<html><body style="margin:0;background:#fff"><img src="laser/laser-A-1.svg" '
                        'style="width:640px;height:auto;display:block"></body></html>')
        browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if browser is None:
            sys.exit("chromium is needed to draw the laser SVG")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={IMAGES / 'laser-A.png'}", "--window-size=640,427", page.as_uri()],
                       check=True, capture_output=True)
        print(f"wrote {IMAGES / 'laser-A.png'}")


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    if "--cut" in sys.argv[1:]:
        cut_pictures()
        return
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        build(BuildOptions(out=out, sets=("A", "B", "C", "double-12", "chinese", "picture", "triominoes")))
        for file_name, page_indices, image_name, width in PICTURES:
            document = pypdfium2.PdfDocument(out / file_name)
            pages = [document[i].render(scale=width / document[i].get_width()).to_pil().convert("RGB")
                     for i in page_indices]
            side_by_side(pages, 8, "#888888").save(IMAGES / image_name, optimize=True)
            print(f"wrote {IMAGES / image_name}")
    cut_pictures()


if __name__ == "__main__":
    main()
