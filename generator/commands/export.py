"""export: pictures and files for designers and digital tables."""

import time

import click

from generator.commands import completion
from generator.commands.common import kit_options, report_written, sets_option, start_writing, with_sets
from generator.commands.group import cli, progress, say
from generator.settings.build_options import FORMATS as EXPORT_FORMATS
from generator.settings.build_options import SOLID_FORMATS, BuildOptions, ExportOptions, SolidOptions
from generator.settings.options import parse_extent, parse_formats, parse_number, parse_whole_number
from generator.words import _


def parse_plate(text: str) -> tuple[float, float]:
    return parse_extent(text, "--plate", "220x220", 50, 1000, _("give your printer's bed size in mm"))


def parse_relief_depth(text: str) -> float:
    return parse_number(text, "--relief-depth", 0.2, 5, _("mm"), "1", _("1 mm is usual: five layers of 0.2 mm"))


def parse_solid_options(edge_text, depth_text, relief, plate_text, min_feature_text, filaments_text) -> SolidOptions:
    edge = None if edge_text is None else parse_number(edge_text, "--edge-radius", 0, 5, _("mm"), "1",
                                                          _("domino models round their edges by 0.4-2 mm"))
    return SolidOptions(
        edge_radius=edge,
        relief_depth=parse_relief_depth(depth_text),
        relief=relief,
        plate=parse_plate(plate_text),
        min_feature=parse_number(min_feature_text, "--min-feature", 0.1, 2, _("mm"), "0.4",
                                 _("give your nozzle's width, 0.4 mm on most printers")),
        filaments=parse_whole_number(filaments_text, "--filaments", 1, 16, "4",
                                     _("give how many colours your printer holds, 1 for one")))


@cli.command("export", short_help=_("Pictures, tabletop files and 3D-printable tiles."),
             help=_("Pictures for designers and digital tables: PNG, SVG, Tabletop Simulator, sprite atlases; "
                    "tiles to 3D-print as 3MF and STL (not part of build)."))
@click.option("--format", "export_format", default="png,svg", show_default=True, metavar=_("FORMATS"),
              shell_complete=completion.comma_list(lambda ctx: (*EXPORT_FORMATS, *SOLID_FORMATS, "all")),
              help=_("Comma-separated: png (tile pictures), svg (tiles and sheet pages), tts (Tabletop Simulator), "
                     "atlas (a sprite sheet and JSON index per set), or all of these; 3mf and stl (tiles to "
                     "3D-print, with opendomino[3d])."))
@click.option("--dpi", "dpi_text", default="300", show_default=True, metavar="N",
              help=_("Resolution of the tile PNGs and atlases, 50-1200."))
@click.option("--bleed", "bleed_text", default="3", show_default=True, metavar=_("MM"),
              help=_("Background in mm around each tile picture, 0-10 (0: the bare tile)."))
@click.option("--base-url", "base_url", default=None, metavar="URL",
              help=_("TTS: the http(s):// address where you will upload the images (else file:/// addresses)."))
@click.option("--edge-radius", "edge_text", default=None, metavar=_("MM"),
              help=_("3D: round the tiles' top and bottom edges.  [default: 0.4 mm up to 5 mm thick, 1 up to 9, "
                     "else 2; less where the features come closer to the edge]"))
@click.option("--relief-depth", "depth_text", default="1", show_default=True, metavar=_("MM"),
              help=_("3D: how deep the features go into the face (or stand above it); the back's marks half as deep."))
@click.option("--relief", type=click.Choice(["recessed", "raised"]), default="recessed", show_default=True,
              help=_("3D: features cut into the face and filled flush by inlays, or standing on it."))
@click.option("--plate", "plate_text", default="220x220", show_default=True, metavar=_("WxH"),
              help=_("3D: the printer's build plate in mm; tiles fill as many plates as they need."))
@click.option("--min-feature", "min_feature_text", default="0.4", show_default=True, metavar=_("MM"),
              help=_("3D: the narrowest feature or wall that prints (your nozzle's width); narrower ones are named "
                     "in a warning."))
@click.option("--filaments", "filaments_text", default="4", show_default=True, metavar="N",
              help=_("3D: colours your printer holds; 1 makes the bodies alone, features recessed or raised."))
@sets_option
@kit_options
def export_command(options: BuildOptions, export_format, dpi_text, bleed_text, base_url, edge_text, depth_text,
                   relief, plate_text, min_feature_text, filaments_text, sets_text):
    from generator.jobs.exports import export_jobs, run_export, with_warnings
    from generator.settings.web_address import parse_base_url

    started = time.monotonic()
    options = with_sets(options, sets_text)
    formats = parse_formats(export_format, EXPORT_FORMATS, named_only=SOLID_FORMATS)
    if set(formats) & set(SOLID_FORMATS):
        from generator.solids.library import manifold3d

        manifold3d()                # missing: the one line that says how to install it
    settings = ExportOptions(
        formats=formats,
        dpi=parse_number(dpi_text, "--dpi", 50, 1200, "dpi", "300", _("300 suits print, 150 screens and tabletops")),
        bleed=parse_number(bleed_text, "--bleed", 0, 10, _("mm"), "3",
                           _("3 mm of background lets a picture be trimmed; 0 gives the bare tile")),
        base_url=parse_base_url(base_url),
        solids=parse_solid_options(edge_text, depth_text, relief, plate_text, min_feature_text, filaments_text))
    jobs = export_jobs(options, settings)
    previous = start_writing(options.out)
    with progress(len(jobs), _("exporting")) as bar:
        report = with_warnings(run_export(options, jobs, bar.update), settings)
    report_written(report, options.out, started, previous)
    for line in report.instructions:
        say(line)
