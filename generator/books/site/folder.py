"""Write the site into one folder that opens from file:// with no network: each book's pages in
both languages, and the files the pages share (the contents pages, the style sheet, the search,
the fonts).

All pages lie in the one folder, the fonts in a folder below it: browsers that treat every file
as its own origin still load a font from the page's folder or below it, not from above.
A book's pages and the fonts that an earlier build wrote and this one did not (a part since
renamed, a face no page uses) are removed, so the folder holds one build.
"""

from pathlib import Path

from generator.books.html.bodies import part_bodies
from generator.books.html.contents import BookText, every_contents, page_ending, page_file
from generator.books.html.figures import FigureArt
from generator.books.html.fonts import TEXT_FACES, font_face_css, font_files
from generator.books.html.templates import bundled_text
from generator.books.site.pages import INDEX_KEY, index_page, part_page
from generator.books.site.search_index import games_script
from generator.files.atomic import check_not_symlinked, write_files
from generator.model.texts import LANGUAGES

FONT_FOLDER = "fonts"


def book_pages(books: list[BookText], art: FigureArt) -> dict[str, bytes]:
    """File name -> bytes of each part's page: one book in each of its languages."""
    files = {}
    for book in books:
        bodies = part_bodies(book, art, page_ending(book.lang), large_figures=True)
        for part in book.contents.parts:
            files[page_file(part.key, book.lang)] = part_page(book, part, bodies[part.key]).encode("utf-8")
    return files


def shared_files() -> dict[str, bytes]:
    """Relative path -> bytes of what every page shares: the contents pages, style, search, fonts."""
    contents = every_contents()
    files = {page_file(INDEX_KEY, lang): index_page(lang, [c for c in contents if c.lang == lang]).encode("utf-8")
             for lang in LANGUAGES}
    style = font_face_css(TEXT_FACES, FONT_FOLDER) + bundled_text("book_html", "book.css") + bundled_text("site", "site.css")
    files["style.css"] = style.encode("utf-8")
    files["search.js"] = bundled_text("site", "search.js").encode("utf-8")
    files["figures.js"] = bundled_text("site", "figures.js").encode("utf-8")
    files["games.js"] = games_script(contents).encode("utf-8")
    for name, data in font_files(TEXT_FACES):
        files[f"{FONT_FOLDER}/{name}"] = data
    return files


def write_book_pages(folder: Path, root: Path, books: list[BookText], art: FigureArt) -> list[Path]:
    """Write one book's pages into `folder` (inside the output folder `root`); returns their paths."""
    written = _write(folder, root, book_pages(books, art))
    _remove_stale(folder.glob(f"{books[0].book}-*.html"), written)
    return written


def write_shared_files(folder: Path, root: Path) -> list[Path]:
    written = _write(folder, root, shared_files())
    _remove_stale((folder / FONT_FOLDER).glob("*.ttf"), written)     # a face the pages no longer use
    return written


def _remove_stale(found, written: list[Path]) -> None:
    for stale in sorted(set(found) - set(written)):
        stale.unlink()


def _write(folder: Path, root: Path, files: dict[str, bytes]) -> list[Path]:
    check_not_symlinked(root, folder / FONT_FOLDER)
    targets = {folder / relative: data for relative, data in files.items()}
    write_files(targets)
    return list(targets)
