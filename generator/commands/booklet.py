"""booklet: only the rule booklets."""

import click
from msgspec.structs import replace

from generator.commands.common import kit_options, report_written, start_writing
from generator.commands.group import cli
from generator.settings.build_options import BuildOptions, BuildReport


@cli.command("booklet")
@click.option("--lang", "booklet_lang", type=click.Choice(["ru", "en", "all"]), default="all", show_default=True,
              help="Which language.")
@click.option("--book", type=click.Choice(["open", "classic", "all"]), default="open", show_default=True,
              help="Open Domino's rules (games 1-32), the classic domino games, or both.")
@kit_options(without=("lang",))
def booklet_command(options: BuildOptions, booklet_lang, book):
    """Write the rule booklets: reading order and saddle-stitch imposed (A5 on A4, or half-Letter on Letter)."""
    from generator.jobs.build import booklet_jobs, build_booklet, run_jobs

    langs = ("en", "ru") if booklet_lang == "all" else (booklet_lang,)
    books = ("open", "classic") if book == "all" else (book,)
    options = replace(options, booklet_langs=langs, books=books)
    previous = start_writing(options.out)
    report = BuildReport()
    for part in run_jobs(booklet_jobs(options, build_booklet)):
        report.merge(part)
    report_written(report, options.out, previous=previous)
