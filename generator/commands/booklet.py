"""booklet: only the rule books: the PDF booklets, and with --format the web site and the e-books."""

import click
from msgspec.structs import replace

from generator.commands import completion
from generator.commands.common import kit_options, report_written, start_writing
from generator.commands.group import cli, progress
from generator.model.texts import LANGUAGES
from generator.settings.build_options import RULES_FORMATS, BuildOptions
from generator.settings.options import parse_formats
from generator.words import _


@cli.command("booklet", short_help=_("Write the rule books: PDFs, web site, e-books."),
             help=_("Write the rule books: PDF booklets in reading order and saddle-stitch imposed (A5 on A4, or "
                    "half-Letter on Letter); with --format, also the web site for phones and the EPUB e-books."))
@click.option("--lang", "booklet_lang", type=click.Choice([*LANGUAGES, "all"]), default="all", show_default=True,
              help=_("Which language."))
@click.option("--book", type=click.Choice(["open", "classic", "all"]), default="open", show_default=True,
              help=_("Open Domino's rules (games 1-32), the classic domino games, or both."))
@click.option("--format", "formats_text", default="pdf", show_default=True, metavar=_("FORMATS"),
              shell_complete=completion.comma_list(lambda ctx: (*RULES_FORMATS, "all")),
              help=_("Comma-separated: pdf (booklets to print), html (the offline web site in rules/, always both "
                     "books in both languages), epub (e-books), or all."))
@kit_options(without=("lang",))
def booklet_command(options: BuildOptions, booklet_lang, book, formats_text):
    from generator.jobs.build import booklet_jobs, build_booklet, run_in_folders
    from generator.jobs.rules_site import rules_web_jobs, site_folders

    langs = ("en", "ru") if booklet_lang == "all" else (booklet_lang,)
    books = ("open", "classic") if book == "all" else (book,)
    formats = parse_formats(formats_text, RULES_FORMATS)
    options = replace(options, booklet_langs=langs, books=books, rules_formats=formats)
    jobs = rules_web_jobs(options) + (booklet_jobs(options, build_booklet) if "pdf" in formats else [])
    previous = start_writing(options.out)
    folders = [options.out, *site_folders(options)]
    with progress(len(jobs), _("writing the rule books")) as bar:
        report = run_in_folders(options.out, folders, jobs, bar.update)
    report_written(report, options.out, previous=previous)
