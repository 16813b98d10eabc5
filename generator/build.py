"""The main job: write every file of the kit into one folder."""

from dataclasses import dataclass, field
from pathlib import Path

from generator.art.board import BoardGeometry
from generator.art.tile import TileSize
from generator.atomic import remove_stale_temporaries
from generator.errors import UserError
from generator.imposition.board_sheets import a3_page, natural_page, tiled_pages
from generator.imposition.duplex_sheets import duplex_pages
from generator.imposition.paper import paper_named
from generator.imposition.setup_cards import setup_card
from generator.model.set_loader import SET_NAMES, load_set
from generator.theme import theme_for
from generator.writers.pdf import PdfOptions, write_pdf


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    paper: str = "a4"
    sets: tuple[str, ...] = SET_NAMES
    tile_size: TileSize = field(default_factory=TileSize)
    clearance: float = 2.0
    across_notation: bool = True
    theme: str = "classic"
    lang: str = "en"


@dataclass
class BuildReport:
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def tile_sheet_name(set_name: str) -> str:
    return f"tiles-{set_name}.pdf"


def build_tile_sheets(options: BuildOptions, report: BuildReport) -> None:
    theme = theme_for(options)
    paper = paper_named(options.paper)
    for name in options.sets:
        tile_set = load_set(name)
        pages = duplex_pages(tile_set, theme, paper, options.tile_size, options.lang)
        target = options.out / tile_sheet_name(name)
        write_pdf(pages, target, PdfOptions(title=f"Open Domino: set {name} tiles", duplex="long"))
        report.written.append(target)


def board_geometry(options: BuildOptions) -> BoardGeometry:
    return BoardGeometry(options.tile_size, options.clearance, across_notation=options.across_notation)


def build_board(options: BuildOptions, report: BuildReport) -> None:
    theme = theme_for(options)
    geometry = board_geometry(options)
    title = "Open Domino: board"
    target = options.out / "board-full-size.pdf"
    write_pdf([natural_page(geometry, theme, options.lang)], target, PdfOptions(title=title))
    report.written.append(target)
    try:
        page = a3_page(geometry, theme, paper_named("a3"), options.lang)
    except UserError as not_fitting:
        report.notes.append(f"board-a3.pdf skipped: {not_fitting}")
    else:
        target = options.out / "board-a3.pdf"
        write_pdf([page], target, PdfOptions(title=title))
        report.written.append(target)
    target = options.out / f"board-tiled-{options.paper}.pdf"
    write_pdf(tiled_pages(geometry, theme, paper_named(options.paper), options.lang), target,
              PdfOptions(title=title))
    report.written.append(target)


def build_setup_cards(options: BuildOptions, report: BuildReport) -> None:
    theme = theme_for(options)
    paper = paper_named(options.paper)
    pages = [setup_card(load_set(name), theme, paper, options.lang) for name in options.sets]
    target = options.out / "setup-cards.pdf"
    write_pdf(pages, target, PdfOptions(title="Open Domino: setup cards"))
    report.written.append(target)


def build(options: BuildOptions) -> BuildReport:
    remove_stale_temporaries(options.out)
    report = BuildReport()
    build_tile_sheets(options, report)
    build_board(options, report)
    build_setup_cards(options, report)
    return report
