"""The rule books as EPUB 3 e-books (issue 31): package, navigation, figures, fonts, metadata,
byte-identical rebuilds, and epubcheck's verdict."""

from concurrent.futures import ThreadPoolExecutor
import os
from pathlib import Path
import re
import shutil
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
import zipfile

import pytest

from generator.books.epub.package import book_identifier
from generator.books.html.contents import book_text
from generator.scene.fonts import missing_glyphs

EPUBS = ("rules-open-en.epub", "rules-open-ru.epub", "rules-classic-en.epub", "rules-classic-ru.epub")
EPOCH = "1700000000"        # 2023-11-14T22:13:20Z
NS = {"opf": "http://www.idpf.org/2007/opf", "dc": "http://purl.org/dc/elements/1.1/",
      "x": "http://www.w3.org/1999/xhtml", "svg": "http://www.w3.org/2000/svg", "epub": "http://www.idpf.org/2007/ops"}
FONTS = Path(__file__).resolve().parent.parent / "templates" / "fonts"


def _make(out: Path) -> Path:
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    result = subprocess.run([sys.executable, "-m", "generator", "booklet", "--format", "epub", "--book", "all",
                             "--out", str(out)], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def ebooks(tmp_path_factory) -> Path:
    return _make(tmp_path_factory.mktemp("ebooks"))


def package(archive: zipfile.ZipFile) -> ET.Element:
    return ET.fromstring(archive.read("EPUB/package.opf"))


def test_the_four_ebooks_and_nothing_else(ebooks):
    assert sorted(p.name for p in ebooks.iterdir()) == sorted([*EPUBS, "manifest.json"])


def test_mimetype_comes_first_stored_and_the_archive_has_fixed_dates(ebooks):
    for name in EPUBS:
        data = (ebooks / name).read_bytes()
        assert data[30:38] == b"mimetype" and data[38:58] == b"application/epub+zip"
        archive = zipfile.ZipFile(ebooks / name)
        first = archive.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert archive.testzip() is None


def test_metadata_title_language_identifier_and_date(ebooks):
    for name in EPUBS:
        book, lang = name.removeprefix("rules-").removesuffix(".epub").split("-")
        root = package(zipfile.ZipFile(ebooks / name))
        metadata = root.find("opf:metadata", NS)
        identifier = metadata.find("dc:identifier", NS).text
        assert identifier == book_identifier(book, lang) and uuid.UUID(identifier.removeprefix("urn:uuid:"))
        # Independently of the function that wrote it: RFC 4122's URN form (lower-case hex, 8-4-4-4-12)
        # of a name-based UUID (version 5, SHA-1), as README says it is derived, not drawn at random.
        parsed = uuid.UUID(identifier.removeprefix("urn:uuid:"))
        assert identifier == f"urn:uuid:{parsed}" and re.fullmatch(r"urn:uuid:[0-9a-f-]{36}", identifier)
        assert parsed.variant == uuid.RFC_4122 and parsed.version == 5
        assert root.get("unique-identifier") == metadata.find("dc:identifier", NS).get("id")
        assert metadata.find("dc:language", NS).text == lang
        assert metadata.find("dc:title", NS).text == book_text(book, lang).contents.title
        assert metadata.find("dc:date", NS).text == "2023-11-14T22:13:20Z"
        modified = [m.text for m in metadata.findall("opf:meta", NS) if m.get("property") == "dcterms:modified"]
        assert modified == ["2023-11-14T22:13:20Z"]
    identifiers = {package(zipfile.ZipFile(ebooks / name)).find("opf:metadata/dc:identifier", NS).text for name in EPUBS}
    assert len(identifiers) == 4


def test_every_part_is_a_page_in_reading_order_and_in_the_navigation(ebooks):
    for name in EPUBS:
        book, lang = name.removeprefix("rules-").removesuffix(".epub").split("-")
        archive = zipfile.ZipFile(ebooks / name)
        root = package(archive)
        items = {item.get("id"): item for item in root.find("opf:manifest", NS)}
        spine = [items[ref.get("idref")].get("href") for ref in root.find("opf:spine", NS)]
        parts = book_text(book, lang).contents.parts
        assert spine == ["title.xhtml", "nav.xhtml", *[f"{p.key}.xhtml" for p in parts], "colophon.xhtml"]
        nav = ET.fromstring(archive.read("EPUB/nav.xhtml"))
        toc = next(n for n in nav.iter(f"{{{NS['x']}}}nav") if n.get(f"{{{NS['epub']}}}type") == "toc")
        links = [(a.get("href"), a.text) for a in toc.iter(f"{{{NS['x']}}}a")]
        assert links == [(f"{p.key}.xhtml", p.heading) for p in parts]
        assert [i for i in items.values() if i.get("properties") == "nav"][0].get("href") == "nav.xhtml"
        for href in spine:                       # every page is well-formed XHTML in the book's language
            page = ET.fromstring(archive.read(f"EPUB/{href}"))
            assert page.get("lang") == lang and page.get("{http://www.w3.org/XML/1998/namespace}lang") == lang


def test_figures_are_inline_svg_and_their_pages_say_so(ebooks):
    for name in EPUBS:
        book, lang = name.removeprefix("rules-").removesuffix(".epub").split("-")
        text = book_text(book, lang)
        archive = zipfile.ZipFile(ebooks / name)
        items = {item.get("href"): item for item in package(archive).find("opf:manifest", NS)}
        for part in text.contents.parts:
            page = ET.fromstring(archive.read(f"EPUB/{part.key}.xhtml"))
            svgs = list(page.iter(f"{{{NS['svg']}}}svg"))
            assert [svg.get("aria-labelledby") for svg in svgs] == [
                f"{f}-caption" for f in text.rules[part.key].figures_placed]
            assert ("svg" in (items[f"{part.key}.xhtml"].get("properties") or "")) == bool(svgs)
            ids = {element.get("id") for element in page.iter() if element.get("id")}
            for link in page.iter(f"{{{NS['x']}}}a"):          # a figure on another page: its file and anchor
                target, _, anchor = link.get("href").partition("#")
                if target:
                    other = ET.fromstring(archive.read(f"EPUB/{target}"))
                    assert anchor in {e.get("id") for e in other.iter() if e.get("id")}
                else:
                    assert anchor in ids


def test_the_bundled_fonts_are_embedded_and_cover_every_character(ebooks):
    for name in EPUBS:
        archive = zipfile.ZipFile(ebooks / name)
        items = [item for item in package(archive).find("opf:manifest", NS) if item.get("media-type") == "font/ttf"]
        embedded = {Path(item.get("href")).name for item in items}
        assert embedded == {"PTSerif-Regular.ttf", "PTSerif-Bold.ttf", "PTSans-Regular.ttf", "PTSans-Bold.ttf"}
        for font in embedded:
            assert archive.read(f"EPUB/fonts/{font}") == (FONTS / font).read_bytes()
        css = archive.read("EPUB/style.css").decode()
        assert all(f'url("fonts/{font}")' in css for font in embedded)
        text = "".join("".join(ET.fromstring(archive.read(n)).itertext())
                       for n in archive.namelist() if n.endswith(".xhtml"))
        assert not missing_glyphs("serif", text) and not missing_glyphs("sans-bold", text)
        if name.endswith("-ru.epub"):
            assert "Ж" in text or "ж" in text           # Cyrillic, drawn by the embedded fonts


def test_rebuilt_ebooks_are_byte_identical(ebooks, tmp_path):
    again = _make(tmp_path)
    for name in EPUBS:
        assert (again / name).read_bytes() == (ebooks / name).read_bytes(), name


def test_the_booklet_command_makes_only_the_asked_ebooks(ebooks, tmp_path):
    later = {**os.environ, "SOURCE_DATE_EPOCH": str(int(EPOCH) + 86400)}
    result = subprocess.run([sys.executable, "-m", "generator", "booklet", "--format", "epub", "--lang", "ru",
                             "--book", "classic", "--out", str(tmp_path)], capture_output=True, text=True, env=later)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json", "rules-classic-ru.epub"]
    # The book keeps its identifier whatever else a run makes and whenever it runs (a day later
    # here): a reader's library sees a new edition of the same book, not another book.
    alone, with_others = (package(zipfile.ZipFile(folder / "rules-classic-ru.epub")) for folder in (tmp_path, ebooks))
    assert alone.find("opf:metadata/dc:date", NS).text != with_others.find("opf:metadata/dc:date", NS).text
    assert alone.find("opf:metadata/dc:identifier", NS).text == with_others.find("opf:metadata/dc:identifier", NS).text


def epubcheck_command() -> list[str]:
    """epubcheck as Debian installs it: /usr/bin/epubcheck is the jar itself, run by java."""
    jar, java = shutil.which("epubcheck"), shutil.which("java")
    if jar is None or java is None:
        pytest.skip("epubcheck (and java) not installed: install Debian's epubcheck package (.ci/run does)")
    # A short run: the client compiler only, one garbage collector thread (about half the time).
    return [java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", str(Path(jar).resolve())]


def test_epubcheck_reports_no_error_and_no_warning(ebooks):
    command = epubcheck_command()

    def check(name):            # one Java process per book, two side by side: a book takes 5-10 s
        return subprocess.run([*command, str(ebooks / name)], capture_output=True, text=True)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for result in pool.map(check, EPUBS):
            report = result.stdout + result.stderr
            assert result.returncode == 0, report
            assert "No errors or warnings detected" in report, report
            assert "0 fatals / 0 errors / 0 warnings" in report, report
