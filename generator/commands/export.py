"""export: pictures and files for designers and digital tables."""

import time

import click

from generator.commands import completion
from generator.commands.common import kit_options, report_written, sets_option, start_writing, with_sets
from generator.commands.group import cli, progress
from generator.settings.build_options import FORMATS as EXPORT_FORMATS
from generator.settings.build_options import BuildOptions, ExportOptions
from generator.settings.options import parse_bleed, parse_formats, parse_number


@cli.command("export")
@click.option("--format", "export_format", default="png,svg", show_default=True, metavar="FORMATS",
              shell_complete=completion.comma_list(lambda ctx: (*EXPORT_FORMATS, "all")),
              help="Comma-separated: png (tile pictures), svg (tiles and sheet pages), tts (Tabletop Simulator), "
                   "atlas (a sprite sheet and JSON index per set), or all.")
@click.option("--dpi", "dpi_text", default="300", show_default=True,
              help="Resolution of the tile PNGs and atlases, 50-1200.")
@click.option("--bleed", "bleed_text", default="3", show_default=True,
              help="Background in mm around each tile picture, 0-10 (0: the bare tile).")
@click.option("--base-url", "base_url", default=None, metavar="URL",
              help="TTS: the https:// address where you will upload the images (else file:/// addresses).")
@sets_option
@kit_options
def export_command(options: BuildOptions, export_format, dpi_text, bleed_text, base_url, sets_text):
    """Pictures for designers and digital tables: PNG, SVG, Tabletop Simulator, sprite atlases (not part of build)."""
    from generator.jobs.exports import export_jobs, run_export
    from generator.settings.web_address import parse_base_url

    started = time.monotonic()
    options = with_sets(options, sets_text)
    settings = ExportOptions(
        formats=parse_formats(export_format, EXPORT_FORMATS),
        dpi=parse_number(dpi_text, "--dpi", 50, 1200, "dpi", "300", "300 suits print, 150 screens and tabletops"),
        bleed=parse_bleed(bleed_text), base_url=parse_base_url(base_url))
    jobs = export_jobs(options, settings)
    previous = start_writing(options.out)
    with progress(len(jobs), "exporting") as bar:
        report = run_export(options, jobs, bar.update)
    report_written(report, options.out, started, previous)
