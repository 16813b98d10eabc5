"""Exports for designers and digital tabletops: every tile as PNG and SVG, every sheet page as SVG,
Tabletop Simulator files and sprite atlases (generator/jobs/tabletop.py).

    png/A/A1-13-front.png   png/A/A1-13-back.png     a tile's face and back with bleed, at --dpi
    svg/A/A1-13-front.svg   svg/A/A1-13-back.svg     the same pictures as SVG (mm units)
    svg/tiles-A-1.svg ...                            one SVG per page of each sheet PDF of the build
    tts/...                                          deck sheets, board, saved object (--format tts)
    atlas/A.png atlas/A.json                         one sprite sheet per set and its index (--format atlas)

A tile picture is the tile plus `bleed` mm of background on every side, so its size is
(width + 2 bleed) x (height + 2 bleed) mm with the head at the top; a tile's file name is its
stable id (set, group, head digit, tail digit). A sheet page's SVG is named after the PDF the
build writes and the page number (no number for a one-page PDF). The work is split into jobs
that run on two processes (generator.jobs.build.iter_jobs).
"""

from pathlib import Path
from typing import Callable

from generator.art.tile import tile_back, tile_front
from generator.colour.effective_theme import theme_for
from generator.colour.theme import Theme
from generator.jobs import tabletop
from generator.jobs.build import BuildOptions, BuildReport, makes, run_in_folders
from generator.jobs.documents import board_documents, setup_card_document, tile_documents, token_documents
from generator.model.set_loader import load_set
from generator.model.tiles import Tile, TileSet
from generator.scene.drawing import Drawing, placed
from generator.scene.shapes import frame
from generator.scene.sizes import TileSize
from generator.settings.build_options import DEFAULT_FORMATS, FORMATS, SOLID_FORMATS, ExportOptions  # noqa: F401
from generator.words import _
from generator.writers.png import write_png
from generator.writers.svg import write_svg

SIDES = {"front": tile_front, "back": tile_back}
TILES_PER_JOB = 8


def tile_picture(tile: Tile, tile_set: TileSet, theme: Theme, size: TileSize, side: str, bleed: float) -> Drawing:
    """A tile's front or back with `bleed` mm of background all round, the trimmed tile (its frame:
    a triangle's is 44 x 38.1 mm for a 44 mm side) in the middle."""
    art = SIDES[side](tile, tile_set, theme, size, bleed)
    trim_width, trim_height = frame(tile_set.shape, size)
    width, height = trim_width + 2 * bleed, trim_height + 2 * bleed
    picture = Drawing(width, height, trim=(bleed, bleed, trim_width, trim_height), bleed=(0.0, 0.0, width, height))
    picture.add(placed(art, bleed, bleed))
    return picture


def tile_file(folder: Path, fmt: str, tile: Tile, side: str) -> Path:
    """png/A/A1-13-front.png: format, set, then the tile's id and side."""
    return folder / fmt / tile.set_name / f"{tile.id}-{side}.{fmt}"


@makes(lambda options, settings, set_name, tile_ids: _("the pictures of tiles {first} to {last}").format(
    first=tile_ids[0], last=tile_ids[-1]))
def export_tiles(options: BuildOptions, report: BuildReport, settings: ExportOptions, set_name: str,
                 tile_ids: tuple[str, ...]) -> None:
    """One job: both sides of some tiles of one set, in every requested format."""
    tile_set, theme = load_set(set_name), theme_for(options)
    for tile in (t for t in tile_set.tiles if t.id in tile_ids):
        for side in SIDES:
            picture = tile_picture(tile, tile_set, theme, options.tile_size, side, settings.bleed)
            if "png" in settings.formats:
                target = tile_file(options.out, "png", tile, side)
                report.add(target, write_png(picture, target, settings.dpi))
            if "svg" in settings.formats:
                target = tile_file(options.out, "svg", tile, side)
                report.add(target, write_svg(picture, target))


def sheet_documents(options: BuildOptions, part: str) -> list[tuple[str, list[Drawing]]]:
    """(PDF name, pages) of the sheet files `opendomino build` draws: part "tiles-A", "board",
    "setup-cards" or "tokens"."""
    if part.startswith("tiles-"):
        documents = tile_documents(options, part.removeprefix("tiles-"))
    elif part == "setup-cards":
        documents = [setup_card_document(options)]
    elif part == "tokens":
        documents = token_documents(options, notes=[])      # the build notes a hub too large for the paper
    else:
        documents = board_documents(options, notes=[])      # the build notes a skipped A3 board
    return [(document.name, document.pages) for document in documents]


def page_file(folder: Path, pdf_name: str, number: int, count: int) -> Path:
    stem = Path(pdf_name).stem
    return folder / "svg" / (f"{stem}.svg" if count == 1 else f"{stem}-{number}.svg")


@makes(lambda options, part: _("the SVG pages of {part}").format(part=part))
def export_sheets(options: BuildOptions, report: BuildReport, part: str) -> None:
    """One job: the SVG of every page of some sheet files."""
    for pdf_name, pages in sheet_documents(options, part):
        for number, page in enumerate(pages, start=1):
            target = page_file(options.out, pdf_name, number, len(pages))
            report.add(target, write_svg(page, target))


@makes(lambda options, set_name: _("the Tabletop Simulator deck of set {name}").format(name=set_name))
def export_tts_deck(options: BuildOptions, report: BuildReport, set_name: str) -> None:
    tabletop.write_deck_images(options, set_name, report)


@makes(lambda options, settings: _("the Tabletop Simulator board and saved object"))
def export_tts_table(options: BuildOptions, report: BuildReport, settings: ExportOptions) -> None:
    tabletop.write_board_image(options, report)
    tabletop.write_saved_object(options, report, settings.base_url)


@makes(lambda options, settings, set_name: _("the sprite atlas of set {name}").format(name=set_name))
def export_atlas(options: BuildOptions, report: BuildReport, settings: ExportOptions, set_name: str) -> None:
    tabletop.write_atlas(options, set_name, report, settings.dpi)


def export_jobs(options: BuildOptions, settings: ExportOptions) -> list:
    """The export split into jobs for generator.jobs.build.iter_jobs: a few tiles each, and the sheets."""
    jobs = []
    if {"png", "svg"} & set(settings.formats):
        for name in options.sets:
            ids = [tile.id for tile in load_set(name).tiles]
            jobs += [(export_tiles, options, (settings, name, tuple(ids[i:i + TILES_PER_JOB])))
                     for i in range(0, len(ids), TILES_PER_JOB)]
    if "svg" in settings.formats:
        parts = [f"tiles-{name}" for name in options.sets] + ["board", "setup-cards", "tokens"]
        jobs += [(export_sheets, options, (part,)) for part in parts]
    if "tts" in settings.formats:
        jobs += [(export_tts_deck, options, (name,)) for name in options.sets]
        jobs.append((export_tts_table, options, (settings,)))
    if "atlas" in settings.formats:
        for name in options.sets:
            tabletop.check_atlas(options, name, settings.dpi)
        jobs += [(export_atlas, options, (settings, name)) for name in options.sets]
    if set(SOLID_FORMATS) & set(settings.formats):
        from generator.jobs.prints3d import prints3d_jobs

        jobs += prints3d_jobs(options, settings)
    return jobs


def run_export(options: BuildOptions, jobs: list, job_done: Callable[[int], None] = lambda n: None) -> BuildReport:
    """Run the jobs, calling job_done(1) after each; the files written, in job order."""
    folders = [options.out / fmt / name for fmt in ("png", "svg") for name in ("", *options.sets)]
    folders += [options.out / tabletop.TTS_FOLDER, options.out / tabletop.ATLAS_FOLDER]
    folders += [options.out / fmt for fmt in SOLID_FORMATS]           # 3mf/, stl/
    return run_in_folders(options.out, folders, jobs, job_done)


def with_warnings(report: BuildReport, settings: ExportOptions) -> BuildReport:
    """The report with what its steps found said as warnings: the 3D tiles' thin features."""
    if report.findings:
        from generator.jobs.prints3d import thin_warnings

        report.warnings += thin_warnings(report.findings, settings.solids.min_feature)
    return report


def export(options: BuildOptions, settings: ExportOptions = ExportOptions()) -> BuildReport:
    return with_warnings(run_export(options, export_jobs(options, settings)), settings)
