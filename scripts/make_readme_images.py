"""Render pages of real builds to PNG for README.md and the user guide (docs/images/): what each
tutorial's reader will see. Needs the test extras, and Debian's chromium for the screenshots (the
rules web site on a phone, the colour studio, a laser sheet and cut lines drawn from their SVG).

Run: python scripts/make_readme_images.py          (builds into a temporary folder first)
     python scripts/make_readme_images.py --cut    (only the cutting-machine pictures)
     python scripts/make_readme_images.py --guide  (only the pictures the guide adds to README's)
     python scripts/make_readme_images.py --studio (only the colour studio, in English and Russian)
     python scripts/render_solids.py               (the 3D-printed tiles; needs opendomino[3d])
"""

from pathlib import Path
import re
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw
import pypdfium2

from generator.imposition.calibration import calibration_pages
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
    ("tokens-mexican-train.pdf", (0,), "tokens-mexican-train.png", 520),
]


MAX_BYTES = 150_000         # a picture of the guide or README at most, so that pages stay light


def save(picture: Image.Image, name: str) -> None:
    """Save as an optimised PNG; one too large for MAX_BYTES is reduced to 256 colours (the pages
    and screenshots hold few), which keeps its look and usually a third of its size."""
    target = IMAGES / name
    picture.save(target, optimize=True)
    if target.stat().st_size > MAX_BYTES:
        picture.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
            target, optimize=True)
    print(f"wrote {target} ({target.stat().st_size // 1000} kB)")


def page_picture(pdf: Path, index: int, width: int) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    return document[index].render(scale=width / document[index].get_width()).to_pil().convert("RGB")


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
    save(picture.resize((picture.width // 2, picture.height // 2), Image.LANCZOS), "rules-site-phone.png")


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
    save(side_by_side(shown, 8, "#888888"), image_name)


def cut_pictures() -> None:
    """A Silhouette Print & Cut sheet (PDF page) and a laser sheet (its SVG, drawn by chromium), both
    with --corner-radius 2."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        options = BuildOptions(out=out, sets=("A",), tile_size=TileSize(), corner_radius=2.0)
        cut(options, CutOptions(machine="silhouette"))
        sheet = page_picture(out / "silhouette" / "print-and-cut-A-a4.pdf", 0, 520)
        save(sheet, "print-and-cut-A4.png")
        cut_lines = (out / "silhouette" / "print-and-cut-A-a4-1.svg").read_text(encoding="utf-8")
        save(svg_over_picture(sheet, cut_lines.replace('stroke-width="0.1"', 'stroke-width="0.5"')),
             "print-and-cut-with-cut-lines.png")
        cut(options, CutOptions(machine="laser", kerf=0.15, board=False))
        draw_svg(out / "laser" / "laser-A-1.svg", IMAGES / "laser-A.png", 640, 427)
        print(f"wrote {IMAGES / 'laser-A.png'}")


def draw_svg(svg: Path, target: Path, width: int, height: int) -> None:
    """An SVG file drawn by chromium, `width` pixels wide on a white page `height` pixels high."""
    page = svg.with_suffix(".html")
    page.write_text(f'<html><body style="margin:0;background:#fff"><img src="{svg.name}" '
                    f'style="width:{width}px;height:auto;display:block"></body></html>')
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser is None:
        sys.exit("chromium is needed to draw an SVG")
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                    f"--screenshot={target}", f"--window-size={width},{height}", page.as_uri()],
                   check=True, capture_output=True)


# --- the guide's pictures: what each tutorial's reader sees --------------------------------------

CALIBRATION_SHIFT = (0.5, -1.0)    # mm, DX right and DY down: the printer error the picture shows
CALIBRATION_DPI = 600


def calibration_picture(out: Path) -> None:
    """calibration.pdf held to the light: the front's rulers, and the back's crosshair showing
    through it, mirrored (the sheet flips on its long edge) and shifted as a printer with the error
    CALIBRATION_SHIFT puts it; cropped to the first target, where the tutorial reads DX and DY."""
    from PIL import ImageChops, ImageOps

    from generator.colour.theme import load_theme
    from generator.imposition.calibration import calibration_layout
    from generator.imposition.paper import paper_named
    from generator.writers.pdf import write_pdf

    paper = paper_named("a4")
    write_pdf(calibration_pages(paper, load_theme("classic"), "long"), out / "calibration.pdf")
    width = round(paper.width / 25.4 * CALIBRATION_DPI)
    front, back = (page_picture(out / "calibration.pdf", i, width) for i in (0, 1))
    per_mm = width / paper.width
    seen = Image.new("RGB", back.size, "white")
    seen.paste(ImageOps.mirror(back), (round(CALIBRATION_SHIFT[0] * per_mm), round(CALIBRATION_SHIFT[1] * per_mm)))
    seen = seen.point(lambda level: round(255 - (255 - level) * 0.5))      # paper lets half the ink show through
    x, y = calibration_layout(paper, "long").targets[0]
    box = tuple(round(v * per_mm) for v in (x - 13, y - 14, x + 17, y + 16))
    picture = ImageChops.multiply(front, seen).crop(box)
    save(picture.resize((420, round(420 * picture.height / picture.width)), Image.LANCZOS),
         "calibration-through-the-light.png")


def shop_picture(out: Path) -> None:
    """Page 1 of shop-tiles-A.pdf: the gang sheet of fronts with bleed and crop marks."""
    from generator.jobs.shop import build_shop_tiles
    from generator.settings.build_options import BuildReport

    build_shop_tiles(BuildOptions(out=out, sets=("A",), target="shop"), BuildReport())
    save(page_picture(out / "shop-tiles-A.pdf", 0, 560), "shop-tiles-A.png")


def swatches_picture(out: Path) -> None:
    from generator.jobs.build import build_theme_swatches
    from generator.settings.build_options import BuildReport

    for lang, name in (("en", "theme-swatches.png"), ("ru", "theme-swatches-ru.png")):
        folder = out / f"swatches-{lang}"
        folder.mkdir(exist_ok=True)
        build_theme_swatches(BuildOptions(out=folder, lang=lang), BuildReport())
        save(page_picture(folder / "theme-swatches.pdf", 0, 900), name)


def svg_over_picture(picture: Image.Image, svg: str) -> Image.Image:
    """The SVG (in the page's own size) drawn by chromium on a transparent ground over the picture."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                              args=["--no-sandbox", "--disable-gpu"])
        page = chromium.new_page(viewport={"width": picture.width, "height": picture.height})
        svg = re.sub(r'width="[^"]*" height="[^"]*"', f'width="{picture.width}" height="{picture.height}"', svg, 1)
        page.set_content(f'<html><body style="margin:0;background:transparent">{svg}</body></html>')
        shot = Path(tempfile.mkdtemp()) / "svg.png"
        page.screenshot(path=str(shot), omit_background=True)
        chromium.close()
    return Image.alpha_composite(picture.convert("RGBA"), Image.open(shot).convert("RGBA")).convert("RGB")


STUDIO_VIEW = {"width": 1400, "height": 1000}
STUDIO_LANGUAGES = (("en-GB", ""), ("ru-RU", "-ru"))      # the browser's locale; what its pictures' names add


def studio_pictures() -> None:
    """The colour studio as the tutorials use it, in an English and a Russian browser: set A's group
    1 turned green under a theme name; then the print preview with a pure blue that no press prints."""
    from playwright.sync_api import sync_playwright

    from generator.studio.server import make_server, page_url, serve_in_thread

    server = make_server("127.0.0.1", 0, log=lambda message, level=0: None)
    serve_in_thread(server)
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                                  args=["--no-sandbox", "--disable-gpu"])
            for (locale, suffix), (colour, proof, name) in ((language, picture) for language in STUDIO_LANGUAGES
                                                            for picture in (("#1a9641", False, "studio"),
                                                                            ("#0000ff", True, "studio-print-preview"))):
                name = f"{name}{suffix}.png"
                page = chromium.new_context(viewport=STUDIO_VIEW, bypass_csp=True, locale=locale).new_page()
                page.goto(page_url(server))
                page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
                page.fill("#name", "Club colours")
                page.fill("#text-A\\.group1", colour)
                page.press("#text-A\\.group1", "Enter")
                page.wait_for_function(f"document.getElementById('pic-A1-front').src.includes('%23{colour[1:]}')")
                if proof:
                    page.check("#proof")
                    page.wait_for_selector("#gamut-summary:not([hidden])")
                shot = Path(tempfile.mkdtemp()) / name
                page.screenshot(path=str(shot))
                save(Image.open(shot).convert("RGB").resize((1120, 800), Image.LANCZOS), name)
            chromium.close()
    finally:
        server.shutdown()
        server.server_close()
        server.builds.close()


def tabletop_picture(out: Path) -> None:
    """A Tabletop Simulator deck sheet of double-12: 69 tiles and the hidden card."""
    from generator.jobs.exports import export_jobs, run_export
    from generator.settings.build_options import ExportOptions

    options = BuildOptions(out=out / "export", sets=("double-12",))
    run_export(options, export_jobs(options, ExportOptions(formats=("tts",))))
    sheet = Image.open(out / "export" / "tts" / "double-12-faces-1.png").convert("RGB")
    save(sheet.resize((640, round(640 * sheet.height / sheet.width)), Image.LANCZOS), "tts-deck-sheet.png")


def guide_pictures() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        calibration_picture(out)
        shop_picture(out)
        swatches_picture(out)
        tabletop_picture(out)
    studio_pictures()


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    if "--cut" in sys.argv[1:]:
        cut_pictures()
        return
    if "--studio" in sys.argv[1:]:
        studio_pictures()
        return
    if "--guide" in sys.argv[1:]:
        guide_pictures()
        cut_pictures()
        return
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        build(BuildOptions(out=out, sets=("A", "B", "C", "double-12", "chinese", "picture", "triominoes")))
        for file_name, page_indices, image_name, width in PICTURES:
            save(side_by_side([page_picture(out / file_name, i, width) for i in page_indices], 8, "#888888"),
                 image_name)
        phone_screenshots(out / "rules")
    with tempfile.TemporaryDirectory() as folder:
        product_picture(Path(folder))
    cut_pictures()
    guide_pictures()


if __name__ == "__main__":
    main()
