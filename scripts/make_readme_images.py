"""Render a few pages of a real build to PNG for README.md (needs the test extras).

Run: python scripts/make_readme_images.py   (builds into a temporary folder first)
"""

from pathlib import Path
import tempfile

import pypdfium2

from generator.build import BuildOptions, build

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
PICTURES = [  # (file, page index, output name, width in pixels)
    ("tiles-A.pdf", 0, "tiles-A-fronts.png", 520),
    ("tiles-B.pdf", 1, "tiles-B-backs.png", 520),
    ("tiles-C.pdf", 0, "tiles-C-fronts.png", 520),
    ("setup-cards.pdf", 0, "setup-card-A.png", 520),
    ("board-tiled-a4.pdf", 0, "board-tiled-sheet-1.png", 620),
]


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        build(BuildOptions(out=out))
        for file_name, page_index, image_name, width in PICTURES:
            page = pypdfium2.PdfDocument(out / file_name)[page_index]
            scale = width / page.get_width()
            page.render(scale=scale).to_pil().convert("RGB").save(IMAGES / image_name, optimize=True)
            print(f"wrote {IMAGES / image_name}")


if __name__ == "__main__":
    main()
