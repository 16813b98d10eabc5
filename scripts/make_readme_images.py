"""Render a few pages of a real build to PNG for README.md (needs the test extras).

Run: python scripts/make_readme_images.py   (builds into a temporary folder first)
"""

from pathlib import Path
import tempfile

from PIL import Image
import pypdfium2

from generator.jobs.build import BuildOptions, build

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


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        build(BuildOptions(out=out, sets=("A", "B", "C", "double-12", "chinese", "picture", "triominoes")))
        for file_name, page_indices, image_name, width in PICTURES:
            document = pypdfium2.PdfDocument(out / file_name)
            pages = [document[i].render(scale=width / document[i].get_width()).to_pil().convert("RGB")
                     for i in page_indices]
            picture = Image.new("RGB", (sum(p.width for p in pages) + 8 * (len(pages) - 1),
                                        max(p.height for p in pages)), "#888888")
            x = 0
            for page in pages:
                picture.paste(page, (x, 0))
                x += page.width + 8
            picture.save(IMAGES / image_name, optimize=True)
            print(f"wrote {IMAGES / image_name}")


if __name__ == "__main__":
    main()
