"""The rules for phones: the offline web site (rules/) and the EPUB 3 e-books.

One job per book writes that book's pages in both languages and its e-books, from one reading of
its rules and one drawing of each of its figures (each figure belongs to one book), so the two
books are made side by side on two cores. One more job writes what the site's pages share: the
contents pages (from the files' front matter alone), the style sheet, the search and the fonts.
The site always holds both books in both languages (its language switch and its contents need
them all); the e-books are those of the books and languages asked for.
"""

from pathlib import Path

from generator.model.texts import LANGUAGES
from generator.settings.build_options import BuildOptions, BuildReport
from generator.words import _

SITE_FOLDER = "rules"


def site_folders(options: BuildOptions) -> list[Path]:
    """The folders the site is written into, if it is asked for."""
    if not _site_langs(options):
        return []
    from generator.books.site.folder import FONT_FOLDER

    return [options.out / SITE_FOLDER, options.out / SITE_FOLDER / FONT_FOLDER]


def epub_name(book: str, lang: str) -> str:
    return f"rules-{book}-{lang}.epub"


def _site_langs(options: BuildOptions) -> tuple[str, ...]:
    return LANGUAGES if "html" in options.rules_formats else ()


def epub_langs(options: BuildOptions, book: str) -> tuple[str, ...]:
    return options.booklet_langs if "epub" in options.rules_formats and book in options.books else ()


def rules_book_langs(options: BuildOptions, book: str) -> tuple[str, ...]:
    """The languages whose rules a book's job reads."""
    wanted = set(_site_langs(options)) | set(epub_langs(options, book))
    return tuple(lang for lang in LANGUAGES if lang in wanted)


def rules_web_jobs(options: BuildOptions) -> list:
    """The jobs of the site and the e-books, each book's first: they take the longest."""
    from generator.rules.source import BOOKS

    jobs = [(build_rules_book, options, (book,)) for book in BOOKS
            if _site_langs(options) or epub_langs(options, book)]
    return jobs + ([(build_rules_site, options, ())] if _site_langs(options) else [])


def build_rules_book(options: BuildOptions, report: BuildReport, book: str) -> None:
    """One book's web pages (both languages) and e-books."""
    from generator.books.html.contents import book_text
    from generator.books.html.figures import FigureArt
    from generator.colour.effective_theme import theme_for

    site_langs, ebook_langs = _site_langs(options), epub_langs(options, book)
    texts = {lang: book_text(book, lang) for lang in rules_book_langs(options, book)}
    art = FigureArt(theme_for(options))
    if site_langs:
        from generator.books.site.folder import write_book_pages

        for path in write_book_pages(options.out / SITE_FOLDER, options.out, list(texts.values()), art):
            report.add(path, {})
    for lang in ebook_langs:
        from generator.books.epub.package import write_epub

        target = options.out / epub_name(book, lang)
        report.add(target, write_epub(texts[lang], art, target))


def build_rules_site(options: BuildOptions, report: BuildReport) -> None:
    """The site's contents pages, style sheet, search and fonts."""
    from generator.books.site.folder import write_shared_files

    for path in write_shared_files(options.out / SITE_FOLDER, options.out):
        report.add(path, {})


def _book_files(options: BuildOptions, book: str) -> str:
    """"the open book's pages in rules/, rules-open-en.epub and rules-open-ru.epub"."""
    made = ([_("the {book} book's pages in {folder}/").format(book=book, folder=SITE_FOLDER)]
            if _site_langs(options) else [])
    made += [epub_name(book, lang) for lang in epub_langs(options, book)]
    return made[0] if len(made) == 1 else _("{first} and {second}").format(first=", ".join(made[:-1]), second=made[-1])


build_rules_book.makes = _book_files
build_rules_site.makes = lambda options: _("the contents, style and fonts of {folder}/").format(folder=SITE_FOLDER)
RULES_WEB_STEPS = (build_rules_book, build_rules_site)
