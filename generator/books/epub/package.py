"""One e-book: a cover (its image drawn by the kit, what reading apps show in their libraries), a
title page, the contents (the EPUB navigation document), a page per chapter and game with the same
HTML as the web site, and a colophon with the fonts' licence.

Everything that could vary between two builds is fixed: the identifier is a UUID derived from
the book and the language, the date is SOURCE_DATE_EPOCH's (as in the PDFs), and the archive's
members come in one order with one date (generator/writers/zip_archive.py).
"""

from pathlib import Path
import time
import uuid

from msgspec import Struct

from generator.books.html.bodies import part_bodies
from generator.books.html.contents import BookText
from generator.books.html.figures import FigureArt, image_href
from generator.books.html.fonts import EMPHASIS_FACES, LICENCE_FILE, TEXT_FACES, font_face_css, font_files
from generator.books.html.templates import bundled_text, markup, render
from generator.books.texts import booklet_text
from generator.writers.pdf_date import has_source_epoch, source_epoch
from generator.writers.zip_archive import Member, compressed, write_zip

FOLDER = "EPUB"
FONT_FOLDER = "fonts"
PAGE_ENDING = ".xhtml"
COVER_IMAGE = "cover.jpg"
_IDENTIFIER_SPACE = uuid.UUID("5c3f6a8e-2f1d-4e6b-9a0c-0d0a11d0e0b5")     # ours: rules e-books of the kit


class Item(Struct, frozen=True):
    id: str
    href: str
    media_type: str
    data: bytes
    properties: str = ""
    in_spine: bool = False


def book_identifier(book: str, lang: str) -> str:
    return f"urn:uuid:{uuid.uuid5(_IDENTIFIER_SPACE, f'{book}/{lang}')}"


def epub_date() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(source_epoch()))


def _file(key: str) -> str:
    return key + PAGE_ENDING


def _page(template: str, lang: str, title: str, **values) -> bytes:
    return render(f"epub/{template}", lang=lang, title=title, **values).encode("utf-8")


def pack_fonts() -> None:
    """Compress every font an e-book may embed, once: the e-books of this process reuse it."""
    for _, data in font_files(TEXT_FACES + EMPHASIS_FACES):
        compressed(data)


def _items(book: BookText, bodies: dict, art: FigureArt) -> list[Item]:
    # Here: the cover brings Skia and Pillow, which a build of the site alone never needs.
    from generator.books.epub.cover import cover_jpeg

    lang, contents = book.lang, book.contents
    roles = TEXT_FACES + (EMPHASIS_FACES if any("<em>" in body for body in bodies.values()) else ())
    style = font_face_css(roles, FONT_FOLDER) + bundled_text("book_html", "book.css")
    items = [Item("cover", "cover.xhtml", "application/xhtml+xml",
                  _page("cover.xhtml.j2", lang, contents.title, image=COVER_IMAGE), in_spine=True),
             Item("title", "title.xhtml", "application/xhtml+xml",
                  _page("title.xhtml.j2", lang, contents.title, book=contents,
                        edition=booklet_text(lang, "ebook_edition")), in_spine=True),
             Item("nav", "nav.xhtml", "application/xhtml+xml",
                  _page("nav.xhtml.j2", lang, booklet_text(lang, "contents"), cover=booklet_text(lang, "ebook_cover"),
                        links=[{"href": _file(p.key), "heading": p.heading} for p in contents.parts]),
                  properties="nav", in_spine=True)]
    for index, part in enumerate(contents.parts, start=1):
        body = bodies[part.key]
        items.append(Item(f"part-{index}", _file(part.key), "application/xhtml+xml",
                          _page("part.xhtml.j2", lang, part.heading, part=part, facts=book.facts(part), body=markup(body)),
                          properties="svg" if "<svg" in body else "", in_spine=True))
    fonts = font_files(roles)
    licence = next(data for name, data in fonts if name == LICENCE_FILE).decode("utf-8")
    items.append(Item("colophon", "colophon.xhtml", "application/xhtml+xml",
                      _page("colophon.xhtml.j2", lang, booklet_text(lang, "ebook_colophon_title"),
                            made=booklet_text(lang, "ebook_colophon"), licence=licence), in_spine=True))
    items.append(Item("style", "style.css", "text/css", style.encode("utf-8")))
    items.append(Item("cover-image", COVER_IMAGE, "image/jpeg", cover_jpeg(contents, art.theme),
                      properties="cover-image"))
    shown = sorted({figure_id for part in contents.parts for figure_id in book.rules[part.key].figures_placed})
    items += [Item(f"figure-{figure_id}", image_href(figure_id), "image/svg+xml", art.image(figure_id))
              for figure_id in shown]
    items += [Item(f"font-{index}", f"{FONT_FOLDER}/{name}", "font/ttf", data)
              for index, (name, data) in enumerate(fonts, start=1) if name != LICENCE_FILE]
    return items


def write_epub(book: BookText, art: FigureArt, target: Path) -> dict:
    """Write the e-book of one book in one language, its figures drawn by `art`. Returns what the
    manifest says of it."""
    items = _items(book, part_bodies(book, art, PAGE_ENDING, images=True), art)
    package = render("epub/package.opf.j2", lang=book.lang, identifier=book_identifier(book.book, book.lang),
                     title=book.contents.title, subtitle=book.contents.subtitle, date=epub_date(),
                     published=has_source_epoch(), items=items,
                     accessibility=booklet_text(book.lang, "ebook_accessibility", book.book))
    members = [Member("mimetype", b"application/epub+zip", compress=False),
               Member("META-INF/container.xml", bundled_text("epub", "container.xml").encode("utf-8")),
               Member(f"{FOLDER}/package.opf", package.encode("utf-8"))]
    # A JPEG is compressed already: stored as it is. An SVG is text, and compresses well.
    members += [Member(f"{FOLDER}/{item.href}", item.data, compress=item.media_type != "image/jpeg")
                for item in items]
    write_zip(target, members)
    return {"pages": len([item for item in items if item.in_spine])}
