"""The main job: write every file of the kit into one folder."""

from dataclasses import dataclass, field
from pathlib import Path

from generator.art.tile import TileSize
from generator.atomic import remove_stale_temporaries
from generator.imposition.duplex_sheets import duplex_pages
from generator.imposition.paper import paper_named
from generator.model.set_loader import SET_NAMES, load_set
from generator.theme import load_theme
from generator.writers.pdf import PdfOptions, write_pdf


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    paper: str = "a4"
    sets: tuple[str, ...] = SET_NAMES
    tile_size: TileSize = field(default_factory=TileSize)
    theme: str = "classic"
    lang: str = "en"


def tile_sheet_name(set_name: str) -> str:
    return f"tiles-{set_name}.pdf"


def build_tile_sheets(options: BuildOptions) -> list[Path]:
    theme = load_theme(options.theme)
    paper = paper_named(options.paper)
    written = []
    for name in options.sets:
        tile_set = load_set(name)
        pages = duplex_pages(tile_set, theme, paper, options.tile_size, options.lang)
        target = options.out / tile_sheet_name(name)
        write_pdf(pages, target, PdfOptions(title=f"Open Domino: set {name} tiles", duplex="long"))
        written.append(target)
    return written


def build(options: BuildOptions) -> list[Path]:
    remove_stale_temporaries(options.out)
    return build_tile_sheets(options)
