"""The print-shop target: PDF/X-1a files with bleed, crop marks and page boxes.

`opendomino build --target shop` writes, per set, a gang sheet (fronts, backs) or one page
per tile face (`--shop-layout single`); the board at natural size; and each booklet as its
interior pages in reading order plus a separate cover (the front with the contents inside it, and
the back cover, blank inside). Everything is DeviceCMYK (a theme's stated CMYK exactly, black is 100 % K; colours
given as RGB converted through the run's ICC profile), with no transparency, embedded fonts and
an OutputIntent naming the print condition and embedding that profile.
"""

from pathlib import Path

from generator.art.board import board_geometry
from generator.books.booklet.document import SHOP_BLANKS, booklet_name, booklet_spec, write_booklet
from generator.colour.effective_theme import theme_for
from generator.colour.print_setup import print_setup
from generator.files.atomic import temporary_folder
from generator.imposition.shop_sheets import (
    board_page,
    bounds,
    crop_marks,
    gang_flip,
    gang_pages,
    mark_margin,
    single_pages,
)
from generator.imposition.token_sheets import shop_token_page
from generator.jobs.documents import tiles_title
from generator.model.set_loader import load_set
from generator.model.texts import sheet_text
from generator.scene.shapes import frame
from generator.writers.pdf import PdfOptions, write_pdf
from generator.writers.pdfx import mark_as_pdfx

US_BLEED = 25.4 / 8          # 1/8 in, the American shops' bleed
BLEED = 3.0


def shop_bleed(options) -> float:
    if options.bleed is not None:
        return options.bleed
    return US_BLEED if options.paper == "letter" else BLEED


def write_shop_pdf(pages, target: Path, title: str, options, report, duplex=None, pieces=None) -> None:
    """`pieces`: what a gang sheet's pages hold, for the print order (jobs/shop_order.py)."""
    write_pdf(pages, target, PdfOptions(title=title, duplex=duplex, cmyk=True, lang=options.lang))
    described = mark_as_pdfx(target, print_setup(options).output_intent)
    report.add(target, {**described, "pieces": pieces} if pieces else described)


def build_shop_tiles(options, report) -> None:
    theme, bleed = theme_for(options), shop_bleed(options)
    for name in options.sets:
        tile_set = load_set(name)
        if options.shop_layout == "single":
            pages = single_pages(tile_set, theme, options.tile_size, bleed)
            target = options.out / f"shop-tiles-{name}-single.pdf"
            title = sheet_text(options.lang, "doc_tile_faces", tiles=tiles_title(tile_set, options.lang))
            write_shop_pdf(pages, target, title, options, report)
        else:
            pages = gang_pages(tile_set, theme, options.tile_size, bleed, options.marks)
            target = options.out / f"shop-tiles-{name}.pdf"
            flip = gang_flip(pages[0].width, pages[0].height)
            # Each sheet's fronts and backs hold the same tiles: count the fronts.
            pieces = {"shape": tile_set.shape, "size_mm": _tile_size_mm(tile_set.shape, options.tile_size),
                      "per_sheet": [page.pieces for page in pages[0::2]]}
            write_shop_pdf(pages, target, tiles_title(tile_set, options.lang), options, report, flip, pieces)


def _tile_size_mm(shape: str, size) -> list[float]:
    """A domino's width and height, or a triangle's side (its frame's width)."""
    width, height = frame(shape, size)
    return [width] if shape == "triangle" else [width, height]


def build_shop_board(options, report) -> None:
    page = board_page(board_geometry(options), theme_for(options), shop_bleed(options), options.marks)
    write_shop_pdf([page], options.out / "shop-board.pdf", sheet_text(options.lang, "doc_board"), options, report)


def build_shop_booklet(options, report, lang: str, book: str = "open") -> None:
    spec = booklet_spec(lang, options.paper, theme_for(options), shop_bleed(options), cmyk=True,
                        crop_marks=options.marks == "crop", book=book)
    stem = booklet_name(book, lang)
    # Named like our temporaries, so the next build clears it away if this one is killed; and after
    # the first file it makes, which a message about writing into it names (atomic.intended).
    with temporary_folder(options.out, f"shop-{stem}-interior.pdf") as folder:
        reading = folder / "reading.pdf"
        count = write_booklet(spec, reading)["pages"]
        # The cover: the front, the contents inside it, a blank inside back and the back cover (the
        # reading file's first, second and last pages). The rest goes inside, in order, with blanks
        # after it to make up the sheets of a saddle-stitched book: no game's text falls on the
        # cover's stock, as it did when the book's own padding fell after its last page.
        back = count - 1 - SHOP_BLANKS               # the blank pages after it pad the files
        blanks = list(range(back + 1, count))
        body = list(range(2, back))
        cover = [0, 1, blanks[0], back]
        interior = body + blanks[:-len(body) % 4]
        for part, pages in (("interior", interior), ("cover", cover)):
            target = options.out / f"shop-{stem}-{part}.pdf"
            report.add(target, mark_as_pdfx(reading, print_setup(options).output_intent, pages, target))


def build_shop_tokens(options, report) -> None:
    """shop-tokens-mexican-train.pdf: the hub and the markers with bleed and CutContour die lines."""
    bleed = shop_bleed(options)
    page, trims = shop_token_page(theme_for(options), options.tile_size, options.clearance, bleed,
                                  mark_margin(options.marks))
    if options.marks == "crop":
        page.add(*crop_marks([bounds(trims)], bleed, page))
    page.trim = bounds(trims)
    page.bleed = bounds(trims, bleed)
    write_shop_pdf([page], options.out / "shop-tokens-mexican-train.pdf", sheet_text(options.lang, "doc_tokens"),
                    options, report)
