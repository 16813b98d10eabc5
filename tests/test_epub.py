"""The rule books as EPUB 3 e-books (issue 31): package, navigation, figures, fonts, metadata,
byte-identical rebuilds, and epubcheck's verdict."""

import io
import os
from pathlib import Path
import re
import shutil
import subprocess
import sys
import tomllib
import uuid
import xml.etree.ElementTree as ET
import zipfile

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageStat
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


# What EPUB Accessibility 1.1 asks a book to declare so that a store or a reader can tell who can
# read it (schema.org's properties; the values from its vocabularies), as DAISY's Ace checks.
ACCESS_MODES = {"textual", "visual"}
FEATURES = {"alternativeText", "longDescription", "structuralNavigation", "tableOfContents", "readingOrder",
            "displayTransformability", "describedMath", "MathML", "printPageNumbers", "pageNavigation",
            "index", "ttsMarkup", "highContrastDisplay", "largePrint", "captions", "transcript", "none"}
# epub:type -> the DPUB-ARIA role that says the same to assistive technology.
ROLES = {"chapter": "doc-chapter", "toc": "doc-toc", "colophon": "doc-colophon"}


def test_each_ebook_declares_who_can_read_it_and_its_parts_roles(ebooks):
    for name in EPUBS:
        lang = name.removesuffix(".epub").rsplit("-", 1)[1]
        archive = zipfile.ZipFile(ebooks / name)
        declared = {}
        for meta in package(archive).find("opf:metadata", NS).findall("opf:meta", NS):
            declared.setdefault(meta.get("property"), []).append(meta.text)
        assert set(declared["schema:accessMode"]) == ACCESS_MODES, name
        for sufficient in declared["schema:accessModeSufficient"]:
            assert set(sufficient.split(",")) <= ACCESS_MODES, sufficient
        assert {"structuralNavigation", "tableOfContents", "alternativeText"} <= set(declared["schema:accessibilityFeature"])
        assert set(declared["schema:accessibilityFeature"]) <= FEATURES
        assert declared["schema:accessibilityHazard"] == ["none"]
        (summary,) = declared["schema:accessibilitySummary"]
        assert len(summary) > 80 and bool(re.search("[а-яё]", summary)) == (lang == "ru"), summary
        typed = 0
        for member in archive.namelist():
            if member.endswith(".xhtml"):
                for element in ET.fromstring(archive.read(member)).iter():
                    kind = element.get(f"{{{NS['epub']}}}type")
                    if kind in ROLES and element.tag != f"{{{NS['x']}}}a":
                        assert element.get("role") == ROLES[kind], (name, member, kind)
                        typed += 1
        assert typed >= 10, name


def test_every_part_is_a_page_in_reading_order_and_in_the_navigation(ebooks):
    for name in EPUBS:
        book, lang = name.removeprefix("rules-").removesuffix(".epub").split("-")
        archive = zipfile.ZipFile(ebooks / name)
        root = package(archive)
        items = {item.get("id"): item for item in root.find("opf:manifest", NS)}
        spine = [items[ref.get("idref")].get("href") for ref in root.find("opf:spine", NS)]
        parts = book_text(book, lang).contents.parts
        assert spine == ["cover.xhtml", "title.xhtml", "nav.xhtml", *[f"{p.key}.xhtml" for p in parts], "colophon.xhtml"]
        nav = ET.fromstring(archive.read("EPUB/nav.xhtml"))
        toc = next(n for n in nav.iter(f"{{{NS['x']}}}nav") if n.get(f"{{{NS['epub']}}}type") == "toc")
        links = [(a.get("href"), a.text) for a in toc.iter(f"{{{NS['x']}}}a")]
        assert links == [(f"{p.key}.xhtml", p.heading) for p in parts]
        assert [i for i in items.values() if i.get("properties") == "nav"][0].get("href") == "nav.xhtml"
        for href in spine:                       # every page is well-formed XHTML in the book's language
            page = ET.fromstring(archive.read(f"EPUB/{href}"))
            assert page.get("lang") == lang and page.get("{http://www.w3.org/XML/1998/namespace}lang") == lang


def _ink(image: Image.Image) -> Image.Image:
    """Where a picture differs from its commonest colour (its ground) by more than half its darkest ink."""
    grey = image.convert("L")
    ground = max(grey.getcolors(256), key=lambda count: count[0])[1]
    darkest = grey.getextrema()[0]
    return grey.point(lambda value: 255 if abs(value - ground) > (ground - darkest) / 2 else 0)


def _first_line(mask: Image.Image) -> Image.Image:
    """The first run of rows with ink from the top, cropped to its ink."""
    rows = [mask.crop((0, y, mask.width, y + 1)).getbbox() is not None for y in range(mask.height)]
    top = rows.index(True)
    bottom = rows.index(False, top)
    left, upper, right, lower = mask.crop((0, top, mask.width, bottom)).getbbox()
    return mask.crop((left, top + upper, right, top + lower))


def _likeness(line: Image.Image, text: str, height: int = 24) -> float:
    """How alike the line of ink and `text` set in PT Sans Bold by FreeType (not by our Skia) are,
    both scaled to the same box: their correlation, 1 for the same picture."""
    font = ImageFont.truetype(str(FONTS / "PTSans-Bold.ttf"), 200)
    left, top, right, bottom = font.getbbox(text)
    canvas = Image.new("L", (right + 20, bottom + 20), 0)
    ImageDraw.Draw(canvas).text((10, 10), text, font=font, fill=255)
    size = (round(line.width * height / line.height), height)
    seen, set_ = (picture.resize(size, Image.Resampling.BOX) for picture in (line, canvas.crop(canvas.getbbox())))
    mean_seen, mean_set = ImageStat.Stat(seen).mean[0], ImageStat.Stat(set_).mean[0]
    a = [value - mean_seen for value in seen.tobytes()]
    b = [value - mean_set for value in set_.tobytes()]
    return sum(x * y for x, y in zip(a, b)) / (sum(x * x for x in a) * sum(y * y for y in b)) ** 0.5


def test_each_ebook_has_a_cover_drawn_with_its_title_and_tiles(ebooks):
    titles = {name: book_text(*name.removeprefix("rules-").removesuffix(".epub").split("-")).contents.title
              for name in EPUBS}
    face = tomllib.loads((FONTS.parent / "themes" / "classic.toml").read_text(encoding="utf-8"))["tile"]["face"]["hex"]
    face = tuple(int(face[i:i + 2], 16) for i in (1, 3, 5))         # the build's theme: the default one
    for name in EPUBS:
        archive = zipfile.ZipFile(ebooks / name)
        root = package(archive)
        covers = [item for item in root.find("opf:manifest", NS) if "cover-image" in (item.get("properties") or "").split()]
        assert len(covers) == 1 and covers[0].get("media-type") == "image/jpeg", name
        data = archive.read(f"EPUB/{covers[0].get('href')}")
        Image.open(io.BytesIO(data)).verify()
        image = Image.open(io.BytesIO(data)).convert("RGB")
        assert image.size == (1600, 2560)                   # 1:1.6, as e-book shops ask
        # The first page shows it, named by the title; readers of EPUB 2 find it by the old meta.
        first = root.find("opf:spine", NS)[0].get("idref")
        page = ET.fromstring(archive.read(f"EPUB/{first}.xhtml"))
        img = next(page.iter(f"{{{NS['x']}}}img"))
        assert img.get("src") == covers[0].get("href") and img.get("alt") == titles[name]
        assert [m.get("content") for m in root.iter(f"{{{NS['opf']}}}meta") if m.get("name") == "cover"] == [covers[0].get("id")]
        # Its first line of ink reads as the book's title, not as another book's or language's.
        line = _first_line(_ink(image))
        likeness = {title: _likeness(line, title) for title in titles.values()}
        assert likeness[titles[name]] > 0.85, (name, likeness)
        assert all(value < 0.5 for title, value in likeness.items() if title != titles[name]), (name, likeness)
        # Below it, the kit's tiles: their face colour covers a good part of the middle of the picture.
        middle = image.crop((0, image.height // 4, image.width, image.height * 4 // 5))
        off = ImageChops.difference(middle, Image.new("RGB", middle.size, face)).split()
        near = ImageChops.lighter(ImageChops.lighter(*off[:2]), off[2]).point(lambda value: 255 if value <= 6 else 0)
        assert ImageStat.Stat(near).mean[0] / 255 > 0.05, name


def test_figures_are_images_a_reader_can_zoom_with_their_text_drawn(ebooks):
    """E-readers zoom an image, never inline SVG, and a figure's smallest numbers need zooming on a
    phone: each figure is an SVG image in the package, named by the figure, described by its title,
    its text drawn as outlines (an image cannot use the book's fonts), so no page holds inline SVG."""
    from generator.model.figures import figure as figure_by_id

    for name in EPUBS:
        book, lang = name.removeprefix("rules-").removesuffix(".epub").split("-")
        text = book_text(book, lang)
        archive = zipfile.ZipFile(ebooks / name)
        items = {item.get("href"): item for item in package(archive).find("opf:manifest", NS)}
        shown = set()
        for part in text.contents.parts:
            page = ET.fromstring(archive.read(f"EPUB/{part.key}.xhtml"))
            assert not list(page.iter(f"{{{NS['svg']}}}svg"))
            assert "svg" not in (items[f"{part.key}.xhtml"].get("properties") or "")
            figures = [element for element in page.iter(f"{{{NS['x']}}}figure")]
            placed = text.rules[part.key].figures_placed
            assert [figure.get("id") for figure in figures] == list(placed)
            for figure in figures:
                img = figure.find("x:img", NS)
                assert img.get("src") == f"figures/{figure.get('id')}.svg", name
                assert img.get("alt") == figure_by_id(figure.get("id")).title[lang]
                if figure_by_id(figure.get("id")).placements:     # its tiles in words, for a screen reader
                    told = figure.find(f"x:div[@id='{img.get('aria-describedby')}']", NS)
                    assert told is not None and len(told.findall("x:ul/x:li", NS)) >= 2, figure.get("id")
            shown |= set(placed)
            ids = {element.get("id") for element in page.iter() if element.get("id")}
            for link in page.iter(f"{{{NS['x']}}}a"):   # a figure on another page: its file and anchor; a game: its file
                target, _, anchor = link.get("href").partition("#")
                if target:
                    other = ET.fromstring(archive.read(f"EPUB/{target}"))
                    assert anchor in {e.get("id") for e in other.iter() if e.get("id")} or \
                        (not anchor and re.fullmatch(r"(open|classic)-game-\d\d[-a-z]*\.xhtml", target)), target
                else:
                    assert anchor in ids
        images = {href for href, item in items.items() if item.get("media-type") == "image/svg+xml"}
        assert images == {f"figures/{figure_id}.svg" for figure_id in shown}, name
        for href in images:
            drawing = ET.fromstring(archive.read(f"EPUB/{href}"))
            assert drawing.tag == f"{{{NS['svg']}}}svg" and drawing.get("width").endswith("mm")
            assert not list(drawing.iter(f"{{{NS['svg']}}}text")), href
            assert archive.getinfo(f"EPUB/{href}").compress_type == zipfile.ZIP_DEFLATED
    assert shown                # the last book has figures (the classic book's dominoes)


def test_a_figures_outlined_text_stands_where_chromium_sets_the_font(chromium, tmp_path):
    """The e-book's figure, its text as outlines, against the web site's same figure with real text
    that Chromium sets in the bundled font: drawn at the same size, they differ only by how text
    and paths are smoothed. Set A's layout has every kind of text a figure holds: upside-down
    column numbers, sums, row numbers and arrows."""
    from generator.books.html.figures import FigureArt
    from generator.colour.theme import load_theme
    from generator.files.resources import font_path

    art = FigureArt(load_theme("classic"))
    (tmp_path / "fig.svg").write_bytes(art.image("fig-1a"))
    faces = "".join(f'@font-face {{ font-family: "PT Sans"; font-weight: {weight}; src: url("{font_path(file).as_uri()}"); }}'
                    for weight, file in (("normal", "PTSans-Regular.ttf"), ("bold", "PTSans-Bold.ttf")))
    (tmp_path / "page.html").write_text(
        f'<!DOCTYPE html><html><head><style>{faces} body {{ margin: 0; }} div, img {{ width: 900px; display: block; }}'
        f' svg {{ width: 900px; height: auto; display: block; }}</style></head><body>'
        f'<div id="text">{art.svg("fig-1a")}</div><img id="outlines" src="fig.svg"></body></html>', encoding="utf-8")
    page = chromium.new_page()
    page.goto((tmp_path / "page.html").as_uri())
    page.wait_for_function("document.fonts.status === 'loaded' && document.getElementById('outlines').complete")
    text, outlines = (Image.open(io.BytesIO(page.locator(f"#{which}").screenshot())).convert("L")
                      for which in ("text", "outlines"))
    page.close()
    assert text.size == outlines.size
    # A pixel of the outlines differs when it is darker or lighter than every pixel around the same
    # place in Chromium's text: Chromium puts glyphs on whole pixels, so edges may move by one.
    # Measured at 900 px wide: 78 such pixels; the text 0.2 mm aside, 154; regular for bold, 223;
    # the serif font, 391.
    darker = ImageChops.subtract(text.filter(ImageFilter.MinFilter(3)), outlines)
    lighter = ImageChops.subtract(outlines, text.filter(ImageFilter.MaxFilter(3)))
    differ = ImageChops.lighter(darker, lighter).point(lambda value: 255 if value > 48 else 0)
    assert ImageStat.Stat(differ).sum[0] / 255 <= 120, ImageStat.Stat(differ).sum[0] / 255


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
        assert {Path(url).name for url in re.findall(r'url\("([^"]+)"\)', css)} == embedded
        text = "".join("".join(ET.fromstring(archive.read(n)).itertext())
                       for n in archive.namelist() if n.endswith(".xhtml"))
        assert not missing_glyphs("serif", text) and not missing_glyphs("sans-bold", text)
        if name.endswith("-ru.epub"):
            assert "Ж" in text or "ж" in text           # Cyrillic, drawn by the embedded fonts


def test_russian_ebooks_name_the_sets_in_russian(ebooks):
    for name in ("rules-open-ru.epub", "rules-classic-ru.epub"):
        archive = zipfile.ZipFile(ebooks / name)
        for member in archive.namelist():
            if member.endswith((".xhtml", ".opf")):
                shown = "".join(ET.fromstring(archive.read(member)).itertext())
                assert "double-" not in shown, (name, member)
    facts = ET.fromstring(zipfile.ZipFile(ebooks / "rules-classic-ru.epub").read("EPUB/classic-game-27-mexican-train.xhtml"))
    assert "Наборы: дубль-9, дубль-12" in "".join(facts.itertext())


def test_without_source_date_epoch_an_ebook_states_no_publication_date(default_kit):
    """The fixed stand-in date (2000-01-01) is no date of publication: only the modification date,
    which EPUB 3 requires, carries it."""
    for name in EPUBS:
        metadata = package(zipfile.ZipFile(default_kit / name)).find("opf:metadata", NS)
        assert metadata.find("dc:date", NS) is None, name
        modified = [m.text for m in metadata.findall("opf:meta", NS) if m.get("property") == "dcterms:modified"]
        assert modified == ["2000-01-01T00:00:00Z"], name


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


def epubcheck_jar() -> tuple[str, str]:
    """epubcheck as Debian installs it: /usr/bin/epubcheck is the jar itself, run by java."""
    jar, java = shutil.which("epubcheck"), shutil.which("java")
    if jar is None or java is None:
        pytest.skip("epubcheck (and java) not installed: install Debian's epubcheck package (.ci/run does)")
    return java, str(Path(jar).resolve())


# A short run: the client compiler only, one garbage collector thread (about half the time).
JAVA_OPTIONS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
CHECK_ALL = Path(__file__).resolve().parent / "epubcheck" / "CheckAll.java"


def epubcheck_reports(paths: list[Path]) -> dict[str, tuple[int, str]]:
    """Each book's (status, report) from EPUBCheck: all books in one Java process where Java can
    run a source file (a JDK: a third of the CPU of one process a book), else a process each."""
    java, jar = epubcheck_jar()
    together = subprocess.run([java, *JAVA_OPTIONS, "-cp", jar, str(CHECK_ALL), *map(str, paths)],
                              capture_output=True, text=True)
    parts = re.split(r"^=== (?!status )(.+)\n", together.stdout, flags=re.M)[1:]
    if len(parts) == 2 * len(paths):
        reports = {}
        for book, text in zip(parts[::2], parts[1::2]):
            status = re.search(r"^=== status (\d+)$", text, re.M)
            reports[Path(book).name] = (int(status[1]) if status else -1, text + together.stderr)
        return reports
    return {path.name: _one_book(java, jar, path) for path in paths}        # a JRE without the compiler


def _one_book(java: str, jar: str, path: Path) -> tuple[int, str]:
    result = subprocess.run([java, *JAVA_OPTIONS, "-jar", jar, str(path)], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


@pytest.mark.long
def test_epubcheck_reports_no_error_and_no_warning(ebooks):
    reports = epubcheck_reports([ebooks / name for name in EPUBS])
    assert sorted(reports) == sorted(EPUBS)
    for name, (status, report) in reports.items():
        assert status == 0, (name, report)
        assert "No errors or warnings detected" in report, (name, report)
        assert "0 fatals / 0 errors / 0 warnings" in report, (name, report)
