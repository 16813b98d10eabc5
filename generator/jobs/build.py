"""The main job: write every file of the kit into one folder.

Each step imports what it draws with when it runs, so that a command imports only what it needs.
A build with several steps runs them in forked workers on two cores. What the workers draw with
(reportlab, the fonts, the art; for booklets also platypus, markdown-it, pypdf and the figures; for
the rules web site and e-books Jinja2 and its templates) is loaded once before they are forked, and
they share it. When a build makes booklets and other files, the other files are drawn in a worker
of their own while the booklets' libraries load, and the rules (booklets, web pages, e-books) then
run in a pool of two.
"""

from collections import Counter
import functools
import gc
from pathlib import Path
from typing import Callable

from msgspec.structs import replace

from generator.errors import raise_if_stopped
from generator.files.atomic import check_not_symlinked, prepare_folder, remove_stale_temporaries
from generator.imposition.paper import paper_named
from generator.imposition.tile_grid import plan_sheets
from generator.jobs.rules_site import (
    RULES_WEB_STEPS,
    build_rules_book,
    epub_langs,
    rules_book_langs,
    rules_web_jobs,
    site_folders,
)
from generator.model.set_loader import register_set_file
from generator.model.texts import sheet_text
from generator.settings.build_options import BuildOptions, BuildReport
from generator.words import _, ngettext


def makes(describe):
    """A step's decorator: `describe(options, *extra)` names what the step writes, for a message
    about the step (a worker that died while making it)."""
    def mark(step):
        step.makes = describe
        return step
    return mark


def job_title(job) -> str:
    """What a job (step, options, extra) makes, e.g. "rules-en.pdf and rules-en-booklet.pdf"."""
    step, options, extra = job
    describe = getattr(step, "makes", None)
    return describe(options, *extra) if describe else step.__name__.replace("_", " ")


def _sets(options: BuildOptions) -> str:
    return ngettext("set {names}", "sets {names}", len(options.sets)).format(names=", ".join(options.sets))


def _booklet_files(options: BuildOptions, lang: str, book: str = "open", shop: bool = False) -> str:
    from generator.books.booklet.document import booklet_name

    stem = booklet_name(book, lang)
    first, second = ((f"shop-{stem}-interior.pdf", f"shop-{stem}-cover.pdf") if shop
                     else (f"{stem}.pdf", f"{stem}-booklet.pdf"))
    return _("{first} and {second}").format(first=first, second=second)


def _write(documents, options: BuildOptions, report: BuildReport) -> None:
    from generator.writers.pdf import write_pdf

    for document in documents:
        target = options.out / document.name
        report.add(target, write_pdf(document.pages, target, document.pdf))


@makes(lambda options: _("the tile sheets of {sets}").format(sets=_sets(options)))
def build_tile_sheets(options: BuildOptions, report: BuildReport) -> None:
    from generator.jobs.documents import tile_documents

    for name in options.sets:
        _write(tile_documents(options, name), options, report)


@makes(lambda options: _("the board's PDFs"))
def build_board(options: BuildOptions, report: BuildReport) -> None:
    from generator.jobs.documents import board_documents

    _write(board_documents(options, report.notes), options, report)


@makes(lambda options: "setup-cards.pdf")
def build_setup_cards(options: BuildOptions, report: BuildReport) -> None:
    """setup-cards.pdf: one card per set with a starting layout (classic sets have none)."""
    from generator.jobs.documents import setup_card_document

    document = setup_card_document(options)
    if document.pages:
        _write([document], options, report)


def build_theme_swatches(options: BuildOptions, report: BuildReport) -> None:
    """theme-swatches.pdf: every bundled theme's tiles, backs and board corner on one page."""
    from generator.colour.theme import load_theme, theme_names
    from generator.imposition.swatches import swatch_page
    from generator.writers.pdf import PdfOptions, write_pdf

    page = swatch_page([load_theme(name) for name in theme_names()], paper_named(options.paper), options.lang)
    target = options.out / "theme-swatches.pdf"
    report.add(target, write_pdf([page], target, PdfOptions(title=sheet_text(options.lang, "swatch_title"),
                                                            lang=options.lang)))


@makes(_booklet_files)
def build_booklet(options: BuildOptions, report: BuildReport, lang: str, book: str = "open") -> None:
    """rules-LANG.pdf (rules-classic-LANG.pdf, …) in reading order, and …-booklet.pdf imposed for
    saddle stitching."""
    from generator.books.booklet.document import booklet_name, booklet_spec, write_booklet
    from generator.books.texts import booklet_text
    from generator.colour.effective_theme import theme_for
    from generator.writers.pdf_booklet import impose_saddle_stitch

    spec = booklet_spec(lang, options.paper, theme_for(options), book=book)
    if spec.page.sheet != options.paper:
        report.notes.append(_("rule booklets: {page} pages imposed on {sheet} sheets (booklets come on a4 or "
                              "letter; --paper {paper} is neither)").format(page=spec.page.name,
                                                                             sheet=spec.page.sheet, paper=options.paper))
    stem = booklet_name(book, lang)
    reading = options.out / f"{stem}.pdf"
    report.add(reading, write_booklet(spec, reading))
    imposed = options.out / f"{stem}-booklet.pdf"
    title = sheet_text(lang, "doc_imposed", title=booklet_text(lang, "title", book))
    report.add(imposed, impose_saddle_stitch(reading, imposed, paper_named(spec.page.sheet), title))


def _run_job(job) -> BuildReport:
    step, options, extra = job
    report = BuildReport()
    step(options, report, *extra)
    return report


@makes(lambda options: "tokens-mexican-train.pdf")
def build_tokens(options: BuildOptions, report: BuildReport) -> None:
    """tokens-mexican-train.pdf: the hub and the train markers (a note instead if the hub does not fit)."""
    from generator.jobs.documents import token_documents

    _write(token_documents(options, report.notes), options, report)


@makes(lambda options: _("the print-shop tile sheets of {sets}").format(sets=_sets(options)))
def build_shop_tiles(options: BuildOptions, report: BuildReport) -> None:
    from generator.jobs import shop
    shop.build_shop_tiles(options, report)


@makes(lambda options: "shop-board.pdf")
def build_shop_board(options: BuildOptions, report: BuildReport) -> None:
    from generator.jobs import shop
    shop.build_shop_board(options, report)


@makes(lambda options: "shop-tokens-mexican-train.pdf")
def build_shop_tokens(options: BuildOptions, report: BuildReport) -> None:
    from generator.jobs import shop
    shop.build_shop_tokens(options, report)


@makes(functools.partial(_booklet_files, shop=True))
def build_shop_booklet(options: BuildOptions, report: BuildReport, lang: str, book: str = "open") -> None:
    from generator.jobs import shop
    shop.build_shop_booklet(options, report, lang, book)


def booklet_jobs(options: BuildOptions, step) -> list:
    """One job per booklet, each book in each language."""
    return [(step, options, (lang, book)) for book in options.books for lang in options.booklet_langs]


def build_jobs(options: BuildOptions) -> list:
    """The steps of a build. The rules (the web site and the booklets), the slowest parts, come first so
    they start at once. Print-shop builds make no site and no e-books: those are not for a printer."""
    if options.target == "shop":
        jobs = booklet_jobs(options, build_shop_booklet)
        return jobs + [(build_shop_tiles, options, ()), (build_shop_board, options, ()), (build_shop_tokens, options, ())]
    jobs = rules_web_jobs(options) + (booklet_jobs(options, build_booklet) if "pdf" in options.rules_formats else [])
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
    """Every file of the kit; `on_step(1)` is called as each step finishes."""
    options = with_set_files(options)
    check_fits(options)
    prepare_folder(options.out)
    return run_in_folders(options.out, [options.out, *site_folders(options)], build_jobs(options),
                          on_step or (lambda done: None))


def run_in_folders(out: Path, folders: list[Path], jobs: list, job_done: Callable[[int], None]) -> BuildReport:
    """Run jobs that write into `folders` below `out`, which are first checked and cleared of a killed
    run's temporaries; the files written, in job order."""
    for folder in folders:
        check_not_symlinked(out, folder)      # never write through a link out of --out
        remove_stale_temporaries(folder)
    report = BuildReport()
    try:
        for part in iter_jobs(jobs):
            report.merge(part)
            job_done(1)
    except BaseException:
        for folder in folders:
            remove_stale_temporaries(folder)        # what a dead or stopped worker was writing
        raise
    return report


def run_jobs(jobs: list) -> list[BuildReport]:
    """Run build steps on up to two processes where the platform can fork; results in job order."""
    return list(iter_jobs(jobs))


def _load_for_drawing() -> None:
    """What every step draws with (reportlab's canvas, the fonts, the tile, board and figure art),
    loaded before any worker is forked so that all of them share it."""
    from generator.art.figure import figure_drawing  # noqa: F401
    from generator.scene.fonts import register_families

    register_families()         # every font role, and the families platypus picks from


def _load_for_booklets(jobs) -> None:
    """What every worker that sets the rules needs, loaded once before the workers are forked so
    that they share it instead of each loading it again: markdown-it and the figures; for the PDF
    booklets platypus and pypdf, for the web site and the e-books Jinja2 and its templates; the
    rules that two jobs read, and the fonts that two e-book jobs pack. Each booklet worker loads
    the hyphenation dictionary of its own language (pyphen parses it on first use)."""
    from generator.model.figures import load_figures
    from generator.rules import load_rules
    from generator.scene.fonts import register_families

    steps = {job[0] for job in jobs}
    if {build_booklet, build_shop_booklet} & steps:
        from generator.books.booklet.document import write_booklet  # noqa: F401
        from generator.writers.pdf_booklet import impose_saddle_stitch  # noqa: F401
    if set(RULES_WEB_STEPS) & steps:
        from generator.books.epub.package import pack_fonts
        from generator.books.html.bodies import part_bodies  # noqa: F401
        from generator.books.html.templates import environment
        from generator.books.site.folder import write_book_pages  # noqa: F401

        environment()
        if sum(1 for step, options, extra in jobs if step is build_rules_book and epub_langs(options, *extra)) > 1:
            pack_fonts()
            from generator.books.epub.cover import cover_jpeg  # noqa: F401 - Skia, for every cover, loaded once
    register_families()
    load_figures()          # every booklet draws from them
    for book, lang in _shared_rules(jobs):
        load_rules(lang, book=book)


def _rules_read(job) -> set[tuple[str, str]]:
    """The (book, language) rules a job reads."""
    step, options, extra = job
    if step in (build_booklet, build_shop_booklet):
        lang, book = extra
        return {(book, lang)}
    if step is build_rules_book:
        return {(extra[0], lang) for lang in rules_book_langs(options, extra[0])}
    return set()


def _shared_rules(jobs) -> list[tuple[str, str]]:
    """Rules that two or more jobs read (a book's PDF booklet and its web pages): worth parsing
    once before the workers fork. Rules only one job reads are parsed in that job, on its core."""
    counts = Counter(pair for job in jobs for pair in _rules_read(job))
    return sorted(pair for pair, count in counts.items() if count > 1)


BOOKLET_STEPS = (*RULES_WEB_STEPS, build_booklet, build_shop_booklet)     # the steps that set the rules text


def iter_jobs(jobs: list):
    """As run_jobs, but yield each job's report as soon as it and the jobs before it are done.

    The workers die with the command: killed, interrupted or failed, it takes them along
    (generator.jobs.workers), so none is left writing or holding the terminal's output open. A worker
    that dies first gives WorkerLost, naming its step, and the others are stopped.
    """
    if len(jobs) < 2:
        yield from _in_this_process(jobs)
        return
    # Loaded here: a one-step command (tiles, board) never pays for the process module's imports.
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        yield from _in_this_process(jobs)
        return
    from generator.jobs.workers import Workers

    workers = Workers(multiprocessing.get_context("fork"), _run_job, jobs, job_title)
    try:
        _start_workers(workers, jobs)
        raise_if_stopped()          # a Ctrl-C lost while they loaded (a library's `except:`, a finaliser)
        done, next_index = {}, 0
        for index, report in workers.results():
            done[index] = report
            raise_if_stopped()
            while next_index in done:
                yield done.pop(next_index)
                next_index += 1
    except BaseException:
        workers.stop()
        raise


def _in_this_process(jobs: list):
    for job in jobs:
        raise_if_stopped()
        yield _run_job(job)


def _start_workers(workers, jobs: list) -> None:
    """Fork the workers: two for the booklets, or two for the other steps when there are no
    booklets. With both, the second core would idle while the booklets' libraries load: the
    other steps run there meanwhile, in a worker forked once what they share with the booklets
    is loaded."""
    booklets = [index for index, job in enumerate(jobs) if job[0] in BOOKLET_STEPS]
    others = [index for index in range(len(jobs)) if index not in booklets]
    # Frozen, the objects loaded so far are never visited by a garbage collection: a worker's
    # collections then leave the pages it shares with us untouched, uncopied.
    try:
        if booklets and others:
            _load_for_drawing()
            gc.freeze()
            workers.start(others, processes=1)
        if booklets:
            _load_for_booklets([jobs[index] for index in booklets])
        gc.freeze()
        workers.start(booklets or others, processes=2)
    finally:
        gc.unfreeze()       # every worker is forked by now; the command collects as usual again
