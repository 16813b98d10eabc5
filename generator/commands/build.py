"""build, tiles, board and calibrate: the kit, or one part of it, as files to print."""

import time

import click
from msgspec.structs import replace

from generator.colour.effective_theme import theme_for
from generator.commands import completion
from generator.commands.common import (
    kit_options,
    print_options,
    report_written,
    say,
    sets_option,
    start_writing,
    with_sets,
)
from generator.commands.group import cli, progress
from generator.errors import UserError
from generator.model.texts import sheet_text
from generator.settings.build_options import BuildOptions, BuildReport
from generator.settings.config import DEFAULTS
from generator.words import _

BOOKS = ("open", "classic")


def parse_books(text: str) -> tuple[str, ...]:
    """--books: "open", "classic" or both, comma-separated, in the order given."""
    books = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    unknown = [book for book in books if book not in BOOKS]
    if unknown or not books:
        raise UserError(_("--books: {book!r} is not a booklet; "
                          "use open, classic or open,classic").format(book=unknown[0] if unknown else "nothing"))
    return books


@cli.command("build", short_help=_("Write the whole kit into one folder."),
             help=_("Write the whole kit: tile sheets, board, setup cards, rule booklets (or, with --target shop, "
                    "print-shop files)."))
@sets_option
@click.option("--books", "books_text", default=",".join(DEFAULTS.books), show_default=True, metavar=_("BOOKS"),
              shell_complete=completion.comma_list(lambda ctx: BOOKS),
              help=_("Rule booklets: open (Open Domino's games), classic (the classic domino games), or both."))
@click.option("--product", "product_text", default=None, metavar=_("NAME|FILE.toml"), shell_complete=completion.products,
              help=_("With --target shop: only the images a print-on-demand product takes "
                     "(`opendomino products` lists them), or a product file of your own."))
@kit_options
@print_options
def build_command(options: BuildOptions, sets_text, books_text, product_text):
    from generator.jobs.build import build, build_jobs, check_fits

    started = time.monotonic()
    options = replace(with_sets(options, sets_text), books=parse_books(books_text))
    if product_text is not None:
        from generator.settings.products import parse_product
        options = replace(options, product=parse_product(product_text))
    if options.product:
        build_product(options, started)
        return
    say(_("building the {target} kit into {out} ({paper}, tiles {tile_size} mm, "
           "theme {theme}, layout {layout})").format(
        target=options.target, out=options.out, paper=options.paper, tile_size=options.tile_size, theme=options.theme,
        layout=options.layout), level=1)
    check_fits(options)
    previous = start_writing(options.out)
    with progress(len(build_jobs(options)), _("building")) as bar:
        report = build(options, on_step=bar.update)
    if options.target == "shop":
        from generator.jobs.shop_order import write_shop_order

        write_shop_order(options.out, report, previous, options.lang)
    report_written(report, options.out, started, previous, about=_colour_made(options))


def _colour_made(options: BuildOptions) -> str:
    """How a shop build's CMYK was made, for its summary line; nothing for home files (RGB)."""
    if options.target != "shop":
        return ""
    from generator.colour.print_setup import print_setup

    return print_setup(options).conversion.describe()


def build_product(options: BuildOptions, started: float) -> None:
    """The shop build for a print-on-demand product: its images and upload steps only."""
    from generator.jobs.products import product_jobs, run_products

    if options.target != "shop":
        raise UserError(_("--product {product} makes print-on-demand images, which are shop files; "
                          "add --target shop").format(product=options.product))
    say(_("building the images of {product} into {out} (tiles {tile_size} mm, "
          "theme {theme})").format(
        product=options.product, out=options.out, tile_size=options.tile_size, theme=options.theme), level=1)
    jobs = product_jobs(options)
    previous = start_writing(options.out)
    with progress(len(jobs), _("making product images")) as bar:
        report = run_products(options, jobs, bar.update)
    report_written(report, options.out, started, previous)


# The print-shop options: the tile sheets alone and the calibration sheet are home prints only, and
# took them without a word (`tiles --target shop` wrote the home file).
SHOP_ONLY = ("target", "bleed_text", "marks", "shop_layout", "output_condition", "icc_text", "intent", "max_ink_text")


@cli.command("tiles", short_help=_("Write only the tile sheets of the sets."),
             help=_("Write only the tile sheets of the sets (home layouts), nothing else of the kit."))
@sets_option
@kit_options
@print_options(without=SHOP_ONLY)
def tiles_command(options: BuildOptions, sets_text):
    from generator.jobs.build import build_tile_sheets, check_fits

    options = with_sets(options, sets_text)
    check_fits(options)
    previous = start_writing(options.out)
    report = BuildReport()
    with progress(len(options.sets), _("writing tile sheets")) as bar:
        for name in options.sets:           # a set at a time, so that a double-18 set shows its progress
            build_tile_sheets(replace(options, sets=(name,)), report)
            bar.update(1)
    report_written(report, options.out, previous=previous)


@cli.command("calibrate", short_help=_("Measure your printer's back-side offset."),
             help=_("Write calibration.pdf: a two-sided sheet that measures your printer's back-side offset."))
@click.option("--save", "save_text", default=None, metavar="DX,DY",
              help=_("Store the offset you read from calibration.pdf in your user config, for every build on "
                     "this computer (no PDF is written)."))
@kit_options
@print_options(without=SHOP_ONLY)
def calibrate_command(options: BuildOptions, save_text):
    if save_text is not None:
        save_calibration(save_text)
        return
    from generator.imposition.calibration import calibration_pages
    from generator.imposition.paper import paper_named
    from generator.writers.pdf import PdfOptions, write_pdf

    flip = "short" if options.layout == "duplex-short" else "long"
    pages = calibration_pages(paper_named(options.paper), theme_for(options), flip, options.back_offset, options.lang)
    previous = start_writing(options.out)
    target, report = options.out / "calibration.pdf", BuildReport()
    report.add(target, write_pdf(pages, target, PdfOptions(title=sheet_text(options.lang, "doc_calibration"), duplex=flip,
                                                          lang=options.lang)))
    report_written(report, options.out, previous=previous)


def save_calibration(text: str) -> None:
    from generator.settings.options import parse_back_offset
    from generator.settings.user_config import save_back_offset

    offset = parse_back_offset(text, "--save")
    path = save_back_offset(offset)
    say(_("saved back_offset = \"{dx:g},{dy:g}\" in {path}; every build on this computer now shifts "
          "the backs by it (a project's opendomino.toml or --back-offset still wins); run `opendomino calibrate` "
          "to print the sheet again and check").format(dx=offset[0], dy=offset[1], path=path))


@cli.command("board", short_help=_("Write the board: full size, on A3 and tiled."),
             help=_("Write the board: full size, on one A3 sheet, and tiled over home sheets."))
@kit_options
def board_command(options: BuildOptions):
    from generator.jobs.build import build_board

    previous = start_writing(options.out)
    report = BuildReport()
    build_board(options, report)
    report_written(report, options.out, previous=previous)
