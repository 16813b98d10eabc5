"""The rules as an offline web site (issue 31): pages, links, figures, looks, search data, weight.

The site is built once by the real command; the checks read the files it wrote. The browser's
view of the same site is in tests/test_rules_site_browser.py.
"""

from html.parser import HTMLParser
import json
from pathlib import Path
import re
import subprocess
import sys

from conftest import run_cli
import pytest

from generator.books.html.contents import book_text, page_file
from generator.colour.checks import contrast
from generator.colour.values import Colour
from generator.model.set_loader import load_set
from generator.model.sums import group_column_sums
from generator.rules import load_rules
from generator.rules.source import BOOKS

LANGS = ("en", "ru")
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
MAX_PAGE_BYTES = 300_000


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = run_cli("booklet", "--format", "html", "--out", str(out), "--colour", "board.light=#f5e3bc")
    assert result.returncode == 0, result.stderr
    return out / "rules"


class Page(HTMLParser):
    """What a test needs of a page: its language, headings, links, ids, figures and quotes."""

    def __init__(self, path: Path):
        super().__init__()
        self.lang, self.headings, self.links, self.ids, self.svgs, self.quotes = None, [], [], set(), [], []
        self.texts_by_id, self._open_ids, self._in_strong_quote = {}, [], None
        self.hidden_search, self.text, self.facts = False, "", ""
        self._in_facts = False
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        for name in ("href", "src"):
            if name in attrs:
                self.links.append((tag, attrs[name], attrs))
        if "id" in attrs:
            self.ids.add(attrs["id"])
            self._open_ids.append([attrs["id"], tag, ""])
        if tag == "svg":
            self.svgs.append(attrs)
        if tag == "blockquote":
            self.quotes.append(attrs.get("class"))
        if tag == "form" and attrs.get("id") == "search":
            self.hidden_search = "hidden" in attrs
        if tag == "p" and attrs.get("class") == "facts":
            self._in_facts = True

    def handle_data(self, data):
        self.text += data                   # what a reader sees, attributes left out
        if self._in_facts:
            self.facts += data
        for opened in self._open_ids:
            opened[2] += data

    def handle_endtag(self, tag):
        if tag == "p":
            self._in_facts = False
        if self._open_ids and self._open_ids[-1][1] == tag:
            element_id, _, text = self._open_ids.pop()
            self.texts_by_id[element_id] = text


def pages(site: Path) -> list[Path]:
    return sorted(site.glob("*.html"))


def test_a_page_for_every_chapter_and_game_of_both_books_in_both_languages(site):
    expected = {"index.html", "index.ru.html"}
    for book in BOOKS:
        for lang in LANGS:
            for rules_file in load_rules(lang, book=book):
                expected.add(page_file(f"{book}-{rules_file.file_name.removesuffix('.md')}", lang))
    assert {path.name for path in pages(site)} == expected
    assert len(expected) == 2 + 2 * (38 + 31 + 2)       # open: 6 chapters, 32 games; classic: 31 games, 2 chapters


def test_every_page_names_its_language_and_keeps_its_headings_in_order(site):
    for path in pages(site):
        page = Page(path)
        assert page.lang == ("ru" if path.name.endswith(".ru.html") else "en"), path.name
        assert page.headings[0] == 1 and page.headings.count(1) == 1, path.name
        assert all(b - a <= 1 for a, b in zip(page.headings, page.headings[1:])), (path.name, page.headings)


def test_every_link_stays_inside_the_folder_and_lands_on_a_file_and_an_anchor(site):
    ids = {path.name: Page(path).ids for path in pages(site)}
    for path in pages(site):
        for tag, target, _ in Page(path).links:
            assert not re.match(r"[a-z]+:", target) and not target.startswith("//"), (path.name, target)
            file_name, _, anchor = target.partition("#")
            file_name = file_name or path.name
            assert (site / file_name).is_file(), (path.name, target)
            if anchor:
                assert anchor in ids[file_name], (path.name, target)
    css = (site / "style.css").read_text(encoding="utf-8")
    for url in re.findall(r'url\("([^"]+)"\)', css):
        assert not re.match(r"[a-z]+:", url) and (site / url).is_file(), url


def test_the_language_switch_of_every_page_lands_on_the_same_part(site):
    for path in pages(site):
        page = Page(path)
        switch = next(attrs for tag, _, attrs in page.links if "switch" in attrs.get("class", ""))
        other = "en" if page.lang == "ru" else "ru"
        key = path.name.removesuffix(".ru.html").removesuffix(".html")
        assert switch["href"] == page_file(key, other) and switch["lang"] == other, path.name


def test_figures_are_inline_svg_named_by_their_caption_and_drawn_in_the_theme(site):
    for book in BOOKS:
        for lang in LANGS:
            text = book_text(book, lang)
            for part in text.contents.parts:
                page = Page(site / page_file(part.key, lang))
                placed = text.rules[part.key].figures_placed
                assert [svg["aria-labelledby"] for svg in page.svgs] == [f"{f}-caption" for f in placed], part.key
                for figure_id in placed:
                    assert figure_id in page.ids
                    assert page.texts_by_id[f"{figure_id}-caption"].strip(), (part.key, figure_id)
                assert all(svg["role"] == "img" and "viewbox" in svg for svg in page.svgs)
    equipment = (site / "open-chapter-10-equipment.html").read_text(encoding="utf-8")
    figure_1a = equipment[equipment.index('id="fig-1a"'):equipment.index("</figure>", equipment.index('id="fig-1a"'))]
    sums = [int(n) for n in re.findall(r">(\d+)</text>", figure_1a)]
    for group in (1, 2):                     # the column sums are computed from the set, and drawn
        row = group_column_sums(load_set("A"), group)
        assert any(sums[i:i + len(row)] == list(row) for i in range(len(sums))), group
    assert 'fill="#f5e3bc"' in figure_1a     # the --colour given to the command


def test_a_figure_of_tiles_tells_them_in_words_to_a_screen_reader(site):
    """A drawing is one image to a screen reader: each figure that shows tiles on the board is
    described by a hidden list of its rows (aria-describedby), each tile top/bottom as South sees
    it, which must be the tiles of its file in templates/figures, row by row."""
    import tomllib

    checked = 0
    for path in sorted((TEMPLATES / "figures").glob("fig-*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data["kind"] not in ("position", "catalogue"):          # the figures of tiles on the board
            continue
        figure_id = data["id"]
        home = next(page_path for page_path in sorted(site.glob("open-*.html"))
                    if f'<figure class="figure" id="{figure_id}"' in page_path.read_text(encoding="utf-8"))
        for lang, ending in (("en", ".html"), ("ru", ".ru.html")):
            html = (site / home.name.replace(".html", ending)).read_text(encoding="utf-8")
            start = html.index(f'<figure class="figure" id="{figure_id}"')
            figure = html[start:html.index("</figure>", start)]
            assert f'aria-describedby="{figure_id}-tiles"' in figure and f'id="{figure_id}-tiles"' in figure, figure_id
            told = re.findall(r"<li>(.*?)</li>", figure[figure.index(f'id="{figure_id}-tiles"'):])
            rows = {int(re.match(r"\D*(\d+)", line)[1]): line for line in told}
            wanted = {int(row): names for row, names in data["rows"].items() if any(names)}
            assert sorted(rows) == sorted(wanted), (figure_id, lang, told)
            for row, names in wanted.items():
                listed = re.findall(r"(\d+/\d+)(?: (?:in column|на вертикали) (\d))?", rows[row].split(":", 1)[1])
                columns = [int(column) if column else index for index, (_, column) in enumerate(listed, start=1)]
                assert [name for name, _ in listed] == [name for name in names if name], (figure_id, lang, row)
                assert columns == [index for index, name in enumerate(names, start=1) if name], (figure_id, lang, row)
                assert ("arrows " if lang == "en" else "стрелки ") in rows[row]
            checked += 1
    assert checked >= 2 * 10


def test_marked_suggestions_keep_their_mark(site):
    for book in BOOKS:
        for lang in LANGS:
            for rules_file in load_rules(lang, book=book):
                key = f"{book}-{rules_file.file_name.removesuffix('.md')}"
                quotes = sum(1 for token in rules_file.tokens if token.type == "blockquote_open")
                page = Page(site / page_file(key, lang))
                assert page.quotes == ["suggestion"] * quotes, key
    marker = {"en": "Suggested clarification.", "ru": "Предлагаемое уточнение."}
    for name, lang in (("open-game-17.html", "en"), ("open-game-17.ru.html", "ru")):
        html = (site / name).read_text(encoding="utf-8")
        assert f'<blockquote class="suggestion">\n<p><strong>{marker[lang]}</strong>' in html


def test_variants_are_numbered_as_the_rules_refer_to_them(site):
    """Game 4 speaks of "variant 3": on every page with variants, they are an ordered list, one
    item per variant, right under the Variants heading."""
    heading = {"en": "Variants", "ru": "Варианты"}
    for book in BOOKS:
        for lang in LANGS:
            for rules_file in load_rules(lang, book=book):
                if not rules_file.variants:
                    continue
                html = (site / page_file(f"{book}-{rules_file.file_name.removesuffix('.md')}", lang)).read_text(
                    encoding="utf-8")
                after = html.split(f">{heading[lang]}</h2>", 1)[1]
                assert after.lstrip().startswith("<ol>"), rules_file.file_name
                depth, items = 0, 0            # the list's own items, not those of a list inside one
                for tag in re.finditer(r"<(/?)(ol|ul|li)\b", after):
                    closing, name = tag.groups()
                    if name in ("ol", "ul"):
                        depth += -1 if closing else 1
                        if depth == 0:
                            break
                    elif name == "li" and not closing and depth == 1:
                        items += 1
                assert items == len(rules_file.variants), rules_file.file_name


def test_a_game_named_by_its_number_is_a_link_to_it_and_a_figure_on_the_page_is_linked_there(site):
    """On a phone a reader follows "game 16" rather than go back to the contents; a verb or another
    noun before a number («игроку 6 очков») is no game."""
    pages = {name: (site / name).read_text(encoding="utf-8") for name in (
        "classic-game-17-pyaternoe.html", "classic-game-17-pyaternoe.ru.html", "open-game-11.ru.html",
        "open-chapter-30-families.html", "classic-game-22-shestyornoy-matador.ru.html", "open-game-01.html")}
    # Each link named by the game's heading, which holds the number it shows: a screen reader's list
    # of links reads "16. Bergen", not "16".
    assert '(game <a href="classic-game-16-bergen.html" aria-label="16. Bergen">16</a>)' in \
        pages["classic-game-17-pyaternoe.html"]
    assert '(игра <a href="classic-game-16-bergen.ru.html" aria-label="16. Берген">16</a>)' in \
        pages["classic-game-17-pyaternoe.ru.html"]
    assert re.search(r'в\xa0игре <a href="open-game-10.ru.html" aria-label="Игра 10\. [^"]+">10</a>', pages["open-game-11.ru.html"])
    families = pages["open-chapter-30-families.html"]          # "games 10, 12 and 13": each number
    assert all(re.search(f'<a href="open-game-{n:02d}.html" aria-label="Game {n}\\. [^"]+">{n}</a>', families)
               for n in (10, 12, 13))
    assert "игроку 6 очков" in pages["classic-game-22-shestyornoy-matador.ru.html"]
    # In a heading the links keep their numbers as names: a heading is named by its links' names,
    # and "Moving (games 1–9)" read "Moving (games Game 1. … – Game 9. …)".
    heading = re.search(r"<h2[^>]*>Moving \(games .*?</h2>", families)[0]
    assert "<a href=" in heading and "aria-label" not in heading, heading
    for page in pages.values():
        assert not re.search(r"<h[1-6][^>]*>(?:(?!</h).)*aria-label", page), page[:80]
    # Fig. 1(A) is drawn on game 1's own page: its link goes there, not to the equipment chapter.
    assert 'href="#fig-1a"' in pages["open-game-01.html"]
    assert not re.search(r'href="open-chapter-[^"]*#fig-1a"', pages["open-game-01.html"])


def test_russian_pages_name_the_sets_in_russian(site):
    """The line under a game's heading names its sets as the Russian text does ("дубль-9"), never by
    the command line's Latin names; ids and file names may keep those."""
    basics = Page(site / "classic-chapter-10-basics.ru.html").text
    named = set()
    for path in site.glob("*.ru.html"):
        page = Page(path)
        assert "double-" not in page.text, path.name
        if page.facts:
            sets = page.facts.split(" · ")[1].removeprefix("Комплекты: ").removeprefix("Наборы: ").split(", ")
            named.update(name for name in sets if name not in ("A", "B", "C"))
    assert {"дубль-6", "дубль-9", "дубль-12", "дубль-15", "детское домино", "треугольное домино"} <= named
    assert all(name in basics for name in named), named


def _looks(css: str) -> dict[str, dict[str, str]]:
    """The variables of the light look (the first :root) and the dark one (inside the media query)."""
    dark_start = css.index("@media (prefers-color-scheme: dark)")
    light = dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-f]{6})", css[:dark_start]))
    dark = dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-f]{6})", css[dark_start:css.index("}", css.index("}", dark_start) + 1)]))
    return {"light": light, "dark": dark}


def test_text_has_a_contrast_of_at_least_4_5_in_both_looks():
    site_css = (TEMPLATES / "site" / "site.css").read_text(encoding="utf-8")
    looks = _looks(site_css)
    assert looks["light"].keys() == looks["dark"].keys()
    for look, values in looks.items():
        inks = {k: Colour(v) for k, v in values.items() if k.startswith("--text")}
        grounds = {k: Colour(v) for k, v in values.items() if k.startswith("--ground")}
        assert len(inks) >= 3 and len(grounds) >= 2
        for ink_name, ink in inks.items():
            for ground_name, ground in grounds.items():
                ratio = contrast(ink, ground)
                assert ratio >= 4.5, f"{look}: {ink_name} on {ground_name} is {ratio:.2f}:1"
    # Every colour of text and background the style sheets set is one of those variables.
    for sheet in (site_css, (TEMPLATES / "book_html" / "book.css").read_text(encoding="utf-8")):
        for prop, value in re.findall(r"(?<![\w-])(color|background(?:-color)?):\s*([^;}]+)", sheet):
            expected = "var(--text" if prop == "color" else "var(--ground"
            assert value.strip().startswith(expected), f"{prop}: {value}"


def test_no_page_weighs_more_than_300_kB(site):
    sizes = {path.name: path.stat().st_size for path in pages(site)}
    heaviest = max(sizes, key=sizes.get)
    assert sizes[heaviest] <= MAX_PAGE_BYTES, (heaviest, sizes[heaviest])


def test_the_search_list_holds_every_game_by_both_names_and_the_script_is_small(site):
    script = (site / "games.js").read_text(encoding="utf-8")
    data = json.loads(script.removeprefix("window.RULES_GAMES = ").rstrip().removesuffix(";"))
    games = {game[0]: game for game in data["games"]}
    assert len(games) == 32 + 31
    kozyol = games["classic-game-02-kozyol"]
    assert kozyol[1] == 2 and "Козёл" in kozyol[4] and "kozyol" in kozyol[4]
    assert kozyol[3] == {"en": "2. Kozyol (the goat)", "ru": "2. Козёл"}
    assert data["books"]["open"] == {"en": "Open Domino", "ru": "Открытое домино"}
    assert (site / "search.js").stat().st_size < 4000
    assert len(script.encode()) < 16_000


def test_the_fonts_travel_unmodified_with_their_licence(site):
    for font in ("PTSans-Regular.ttf", "PTSans-Bold.ttf", "PTSerif-Regular.ttf", "PTSerif-Bold.ttf",
                 "LICENSE-PT-fonts.txt"):
        assert (site / "fonts" / font).read_bytes() == (TEMPLATES / "fonts" / font).read_bytes()
    css = (site / "style.css").read_text(encoding="utf-8")
    assert 'font-family: "PT Sans"; font-weight: 700' in css and 'url("fonts/PTSans-Bold.ttf")' in css


def test_only_the_fonts_the_style_sheet_names_are_shipped(site):
    """Each font file is named by an @font-face rule and each rule's file is there; which faces the
    pages really set text in, Chromium tells (tests/test_rules_site_browser.py)."""
    css = (site / "style.css").read_text(encoding="utf-8")
    named = re.findall(r'@font-face \{[^}]*url\("fonts/([^"]+)"\)', css)
    assert len(named) == len(set(named)) == 4
    assert sorted(named) == sorted(path.name for path in (site / "fonts").glob("*.ttf"))
    assert "italic" not in css                   # no rules text uses emphasis


def test_the_same_inputs_give_the_same_bytes(site, tmp_path):
    result = run_cli("booklet", "--format", "html", "--out", str(tmp_path), "--colour", "board.light=#f5e3bc",
                     fresh=True)        # another interpreter, another hash seed
    assert result.returncode == 0, result.stderr
    again = tmp_path / "rules"
    names = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(again).as_posix() for p in again.rglob("*") if p.is_file())
    assert all((site / name).read_bytes() == (again / name).read_bytes() for name in names)


def test_a_page_of_an_earlier_build_that_this_one_did_not_write_is_removed(tmp_path):
    stale = tmp_path / "rules" / "open-game-99.html"
    stale_font = tmp_path / "rules" / "fonts" / "PTSerif-Italic.ttf"
    stale_font.parent.mkdir(parents=True)
    stale.write_text("old")
    stale_font.write_bytes(b"a face the pages no longer use")
    kept = tmp_path / "rules" / "my-notes.txt"
    kept.write_text("mine")
    assert run_cli("booklet", "--format", "html", "--out", str(tmp_path)).returncode == 0
    assert not stale.exists() and not stale_font.exists() and kept.read_text() == "mine"
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    purposes = {entry["file"]: entry["purpose"] for entry in manifest["files"]}
    assert "web site" in purposes["rules/index.html"] and "rules/my-notes.txt" in manifest["foreign"]


def test_a_bad_format_is_one_line_and_status_2(tmp_path):
    result = run_cli("booklet", "--format", "pdf,docx", "--out", str(tmp_path))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("opendomino: error: --format: unknown format 'docx'")
    assert not any(tmp_path.iterdir())


def test_start_up_and_the_pdf_booklets_never_load_the_template_engine(tmp_path):
    code = ("import sys; from generator.commands.main import main\n"
            "for args in (['--help'], ['booklet', '--help'], ['-q', 'booklet', '--lang', 'en', '--out', sys.argv[1]]):\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'markupsafe')))")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout


def test_the_contents_read_from_front_matter_alone_are_those_of_the_whole_books():
    from generator.books.html.contents import book_contents

    for book in BOOKS:
        for lang in LANGS:
            assert book_contents(book, lang) == book_text(book, lang).contents


def test_many_files_written_at_once_leave_no_temporary_when_one_cannot_be_written(tmp_path):
    from generator.errors import UserError
    from generator.files.atomic import write_files

    (tmp_path / "taken").mkdir()
    with pytest.raises(UserError, match="taken"):
        write_files({tmp_path / "a.html": b"a", tmp_path / "taken": b"b", tmp_path / "c.html": b"c"})
    assert not list(tmp_path.glob(".*")), "a temporary was left behind"
    write_files({tmp_path / "a.html": b"new a", tmp_path / "fonts" / "b.ttf": b"b"})
    assert (tmp_path / "a.html").read_bytes() == b"new a" and (tmp_path / "fonts" / "b.ttf").read_bytes() == b"b"
