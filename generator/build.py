"""The main job: write every file of the kit into one folder."""

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
import multiprocessing
import os
from pathlib import Path

from generator.art.tile import TileSize
from generator.atomic import prepare_folder, remove_stale_temporaries
from generator.booklet.document import booklet_name, booklet_spec, write_booklet
from generator.errors import UserError
from generator.imposition.token_sheets import token_page
from generator.documents import board_documents, setup_card_document, tile_documents
from generator.imposition.paper import paper_named
from generator.imposition.saddle_stitch import impose_saddle_stitch
from generator.imposition.swatches import swatch_page
from generator.imposition.tile_grid import plan_sheets
from generator.model.set_loader import OPEN_SET_NAMES, register_set_file
from generator.shop import build_shop_board, build_shop_booklet, build_shop_tiles, build_shop_tokens
from generator.theme import load_theme, theme_for, theme_names
from generator.workers import stop_workers, worker_start
from generator.writers.pdf import PdfOptions, write_pdf


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    paper: str = "a4"
    sets: tuple[str, ...] = OPEN_SET_NAMES
    tile_size: TileSize = field(default_factory=TileSize)
    clearance: float = 2.0
    across_notation: bool = True
    theme: str = "classic"        # a bundled theme's name or a theme .toml file
    lang: str = "en"
    colour_overrides: tuple[tuple[str, str], ...] = ()   # (key, colour text), applied by theme_for
    strict: bool = False          # a failing colour check stops the build
    booklet_langs: tuple[str, ...] = ("en", "ru")
    books: tuple[str, ...] = ("open",)   # rule booklets: "open" (Open Domino), "classic" (the classic games)
    layout: str = "duplex-long"   # tile sheets: duplex-long, duplex-short, gutterfold, separate
    back_offset: tuple[float, float] = (0.0, 0.0)   # mm, as read from `opendomino calibrate`
    target: str = "home"          # "home" files to print yourself, or "shop" PDF/X-1a files
    bleed: float | None = None    # shop bleed in mm; None = 3 mm, or 1/8 in with Letter paper
    marks: str = "crop"           # shop crop marks: "crop" or "none"
    shop_layout: str = "sheets"   # shop tiles: "sheets" (gang sheets) or "single" (a page per face)
    output_condition: str = "FOGRA39"
    set_files: tuple[Path, ...] = ()   # sets of the user's own; each is made along with `sets`


@dataclass
class BuildReport:
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    described: dict[str, dict] = field(default_factory=dict)    # str(path) -> what its writer knew

    def add(self, path: Path, description: dict) -> None:
        """A file written, with the writer's description of it for the manifest."""
        self.written.append(path)
        self.described[str(path)] = description

    def merge(self, other: "BuildReport") -> None:
        self.written += other.written
        self.notes += other.notes
        self.described.update(other.described)


def _write(documents, options: BuildOptions, report: BuildReport) -> None:
    for document in documents:
        target = options.out / document.name
        report.add(target, write_pdf(document.pages, target, document.pdf))


def build_tile_sheets(options: BuildOptions, report: BuildReport) -> None:
    for name in options.sets:
        _write(tile_documents(options, name), options, report)


def build_board(options: BuildOptions, report: BuildReport) -> None:
    _write(board_documents(options, report.notes), options, report)


def build_setup_cards(options: BuildOptions, report: BuildReport) -> None:
    """setup-cards.pdf: one card per set with a starting layout (classic sets have none)."""
    document = setup_card_document(options)
    if document.pages:
        _write([document], options, report)


def build_theme_swatches(options: BuildOptions, report: BuildReport) -> None:
    """theme-swatches.pdf: every bundled theme's tiles, backs and board corner on one page."""
    page = swatch_page([load_theme(name) for name in theme_names()], paper_named(options.paper))
    target = options.out / "theme-swatches.pdf"
    report.add(target, write_pdf([page], target, PdfOptions(title="Open Domino: colour themes")))


def build_booklet(options: BuildOptions, report: BuildReport, lang: str, book: str = "open") -> None:
    """rules-LANG.pdf (rules-classic-LANG.pdf, …) in reading order, and …-booklet.pdf imposed for
    saddle stitching."""
    spec = booklet_spec(lang, options.paper, theme_for(options), book=book)
    stem = booklet_name(book, lang)
    reading = options.out / f"{stem}.pdf"
    report.add(reading, write_booklet(spec, reading))
    imposed = options.out / f"{stem}-booklet.pdf"
    report.add(imposed, impose_saddle_stitch(reading, imposed, paper_named(spec.page.sheet)))


def _run_job(job) -> BuildReport:
    step, options, extra = job
    report = BuildReport()
    step(options, report, *extra)
    return report


def build_tokens(options: BuildOptions, report: BuildReport) -> None:
    """tokens-mexican-train.pdf: the hub and the train markers (a note instead if the hub does not fit)."""
    try:
        page = token_page(theme_for(options), options.tile_size, paper_named(options.paper), options.lang)
    except UserError as not_fitting:
        report.notes.append(f"tokens-mexican-train.pdf skipped: {not_fitting}")
        return
    target = options.out / "tokens-mexican-train.pdf"
    report.add(target, write_pdf([page], target, PdfOptions(title="Dominoes: Mexican Train hub and markers")))


def booklet_jobs(options: BuildOptions, step) -> list:
    """One job per booklet, each book in each language."""
    return [(step, options, (lang, book)) for book in options.books for lang in options.booklet_langs]


def build_jobs(options: BuildOptions) -> list:
    """The steps of a build. The booklets, the slowest parts, come first so they start at once."""
    if options.target == "shop":
        jobs = booklet_jobs(options, build_shop_booklet)
        return jobs + [(build_shop_tiles, options, ()), (build_shop_board, options, ()), (build_shop_tokens, options, ())]
    jobs = booklet_jobs(options, build_booklet)
    return jobs + [(build_tile_sheets, options, ()), (build_board, options, ()), (build_setup_cards, options, ()),
                   (build_tokens, options, ())]


def with_set_files(options: BuildOptions) -> BuildOptions:
    """The options with every --set-file loaded and its set added to `sets`."""
    names = [register_set_file(path) for path in options.set_files]
    return replace(options, sets=tuple(dict.fromkeys((*options.sets, *names))))


def check_fits(options: BuildOptions) -> None:
    """Tiles too large for the paper: say so before drawing anything."""
    if options.target == "home":
        plan_sheets(paper_named(options.paper), options.tile_size, halves=2 if options.layout == "gutterfold" else 1)


def build(options: BuildOptions, on_step=None) -> BuildReport:
    """Every file of the kit; `on_step(report)` is called as each step finishes."""
    options = with_set_files(options)
    check_fits(options)
    prepare_folder(options.out)
    remove_stale_temporaries(options.out)
    report = BuildReport()
    for part in iter_jobs(build_jobs(options)):
        report.merge(part)
        if on_step:
            on_step(part)
    return report


def run_jobs(jobs: list) -> list[BuildReport]:
    """Run build steps on up to two processes where the platform can fork; results in job order."""
    return list(iter_jobs(jobs))


def iter_jobs(jobs: list):
    """As run_jobs, but yield each job's report as soon as it and the jobs before it are done.

    The workers die with the command: killed, interrupted or failed, it takes them along
    (generator.workers), so none is left writing or holding the terminal's output open.
    """
    if len(jobs) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield from (_run_job(job) for job in jobs)
        return
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(max_workers=2, mp_context=context, initializer=worker_start,
                               initargs=(os.getpid(),))
    try:
        yield from pool.map(_run_job, jobs)
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown(wait=True)
