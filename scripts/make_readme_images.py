"""Render a few pages of a real build to PNG for README.md (needs the test extras, and Debian's
chromium for the phone screenshots of the rules web site).

Run: python scripts/make_readme_images.py          (builds into a temporary folder first)
     python scripts/make_readme_images.py --cut    (only the cutting-machine pictures; needs chromium)
     python scripts/render_solids.py               (the 3D-printed tiles; needs opendomino[3d])
"""

from pathlib import Path
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw
import pypdfium2

from generator.jobs.build import BuildOptions, build
from generator.jobs.cut import cut
from generator.jobs.products import product_jobs, run_products
from generator.scene.sizes import TileSize
from generator.settings.build_options import CutOptions
from generator.settings.products import load_product

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
    picture = side_by_side(shots, 24, "#888888")
    picture = picture.resize((picture.width // 2, picture.height // 2), Image.LANCZOS)
    picture.save(IMAGES / "rules-site-phone.png", optimize=True)
    print(f"wrote {IMAGES / 'rules-site-phone.png'}")


# One print-on-demand product's images, with its trim (red) and safe (blue) lines drawn over them
# for the README only: (product, sets, images under the product's folder, output name, width of one).
PRODUCT_PICTURE = ("tgc-domino-deck", ("A", "double-12"),
                   ("A1/01-A1-13.png", "A1/back.png", "A2/back.png", "double-12/91-double-12-12-12.png",
                    "double-12/back.png"), "product-tgc-domino-deck.png", 240)


def product_picture(folder: Path) -> None:
    name, sets, files, image_name, width = PRODUCT_PICTURE
    options = BuildOptions(out=folder, sets=sets, target="shop", product=name)
    run_products(options, product_jobs(options))
    product = load_product(name)
    pixels_per_mm = product.dpi / 25.4
    shown = []
    for file_name in files:
        image = Image.open(folder / name / file_name).convert("RGB")
        draw = ImageDraw.Draw(image)
        for inset, colour in ((0.0, "#d0021b"), (product.safe_inset, "#1f6fd0")):
            left = (product.pixels[0] - product.trim[0] * pixels_per_mm) / 2 + inset * pixels_per_mm
            top = (product.pixels[1] - product.trim[1] * pixels_per_mm) / 2 + inset * pixels_per_mm
            draw.rectangle((left, top, product.pixels[0] - left, product.pixels[1] - top), outline=colour, width=3)
        shown.append(image.resize((width, round(width * image.height / image.width)), Image.LANCZOS))
    side_by_side(shown, 8, "#888888").save(IMAGES / image_name, optimize=True)
    print(f"wrote {IMAGES / image_name}")


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
        phone_screenshots(out / "rules")
    with tempfile.TemporaryDirectory() as folder:
        product_picture(Path(folder))
    cut_pictures()


if __name__ == "__main__":
    main()
