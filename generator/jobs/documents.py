"""The home kit's drawn files as documents: a file name, its pages (scene drawings) and
its PDF settings. `build` writes them as PDFs; `export` writes the same pages as SVGs.
"""

from msgspec import Struct, field

from generator.colour.effective_theme import theme_for
from generator.errors import UserError
from generator.imposition.paper import paper_named
from generator.model.set_loader import load_set
from generator.model.texts import sheet_text
from generator.scene.drawing import Drawing
from generator.words import _
from generator.writers.pdf import PdfOptions


class Document(Struct):
    name: str
    pages: list[Drawing]
    pdf: PdfOptions = field(default_factory=PdfOptions)


def tile_sheet_name(set_name: str, suffix: str = "") -> str:
    return f"tiles-{set_name}{suffix}.pdf"


def tiles_title(tile_set, lang: str) -> str:
    """The title of a set's tile sheets: an Open Domino set's, or a classic one's."""
    return sheet_text(lang, "doc_tiles_open" if tile_set.has_layout else "doc_tiles_classic", set_name=tile_set.name)


# Each kind of document imports its own art when asked, so `opendomino tiles` loads no board art.

def tile_documents(options, set_name: str) -> list[Document]:
    from generator.imposition.tile_sheets import SheetRequest, tile_sheet_files

    request = SheetRequest(load_set(set_name), theme_for(options), paper_named(options.paper), options.tile_size,
                           options.layout, options.back_offset, options.lang)
    title = tiles_title(request.tile_set, options.lang)
    return [Document(tile_sheet_name(set_name, sheet.suffix), sheet.pages,
                     PdfOptions(title=title, duplex=sheet.duplex, lang=options.lang))
            for sheet in tile_sheet_files(request)]


def board_documents(options, notes: list[str]) -> list[Document]:
    """Full size, one A3 sheet (or a note saying why not), and tiled over home sheets."""
    from generator.art.board import board_geometry
    from generator.imposition.board_sheets import a3_page, natural_page, tiled_pages

    theme, geometry = theme_for(options), board_geometry(options)
    pdf = PdfOptions(title=sheet_text(options.lang, "doc_board"), lang=options.lang)
    documents = [Document("board-full-size.pdf", [natural_page(geometry, theme, options.lang)], pdf)]
    try:
        documents.append(Document("board-a3.pdf", [a3_page(geometry, theme, paper_named("a3"), options.lang)], pdf))
    except UserError as not_fitting:
        notes.append(_("board-a3.pdf skipped: {not_fitting}").format(not_fitting=not_fitting))
    documents.append(Document(f"board-tiled-{options.paper}.pdf",
                              tiled_pages(geometry, theme, paper_named(options.paper), options.lang), pdf))
    return documents


def setup_card_document(options) -> Document:
    from generator.imposition.setup_cards import setup_card

    theme, paper = theme_for(options), paper_named(options.paper)
    return Document("setup-cards.pdf", [setup_card(load_set(name), theme, paper, options.lang) for name in options.sets
                                        if load_set(name).has_layout],
                    PdfOptions(title=sheet_text(options.lang, "doc_setup_cards"), lang=options.lang))


def token_documents(options, notes: list[str]) -> list[Document]:
    """tokens-mexican-train.pdf: the hub and the train markers, or a note where the hub does not
    fit the paper."""
    from generator.imposition.token_sheets import token_page

    try:
        page = token_page(theme_for(options), options.tile_size, options.clearance, paper_named(options.paper),
                          options.lang)
    except UserError as not_fitting:
        notes.append(_("tokens-mexican-train.pdf skipped: {not_fitting}").format(not_fitting=not_fitting))
        return []
    return [Document("tokens-mexican-train.pdf", [page],
                     PdfOptions(title=sheet_text(options.lang, "doc_tokens"), lang=options.lang))]
