"""Render a few pages of a real build to PNG for README.md (needs the test extras, and Debian's
chromium for the phone screenshots of the rules web site).

Run: python scripts/make_readme_images.py   (builds into a temporary folder first)
"""

from pathlib import Path
import shutil
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


# The rules web site on a phone (360 x 800 CSS pixels, 2 device pixels each): a game page in the
# light look, and the same game further down, at its figure, in the dark look.
PHONE = {"width": 360, "height": 800}
PHONE_SHOTS = (("open-game-04.html", "light", None), ("open-game-04.ru.html", "dark", "#fig-4"))


def phone_screenshots(site: Path) -> None:
    from playwright.sync_api import sync_playwright

    shots = []
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                              args=["--no-sandbox", "--disable-gpu"])
        for page_name, look, anchor in PHONE_SHOTS:
            context = chromium.new_context(viewport=PHONE, device_scale_factor=2, color_scheme=look)
            page = context.new_page()
            page.goto((site / page_name).as_uri() + (anchor or ""))
            page.evaluate("document.fonts.ready")
            shot = Path(tempfile.mkdtemp()) / "shot.png"
            page.screenshot(path=str(shot))
            shots.append(Image.open(shot).convert("RGB"))
            context.close()
        chromium.close()
    picture = Image.new("RGB", (sum(s.width for s in shots) + 24 * (len(shots) - 1), shots[0].height), "#888888")
    for index, shot in enumerate(shots):
        picture.paste(shot, (index * (shot.width + 24), 0))
    picture = picture.resize((picture.width // 2, picture.height // 2), Image.LANCZOS)
    picture.save(IMAGES / "rules-site-phone.png", optimize=True)
    print(f"wrote {IMAGES / 'rules-site-phone.png'}")


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
        phone_screenshots(out / "rules")


if __name__ == "__main__":
    main()
