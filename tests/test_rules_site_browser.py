"""The rules web site in headless Chromium (issue 31): every page from file:// at a phone's width and
a laptop's, offline, without horizontal scrolling, every link landing; the language switch; the
search; both looks; and the pages without JavaScript.

Screenshots of both looks go to $RULES_SITE_SCREENSHOTS (default /tmp/opendomino-rules-site) for
a person to look at.
"""

from html.parser import HTMLParser
import os
from pathlib import Path
import re
from urllib.parse import unquote, urlsplit

from conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP_CHROMIUM, run_cli
import pytest

VIEWPORTS = ((360, 800), (1280, 800))
SCREENSHOTS = Path(os.environ.get("RULES_SITE_SCREENSHOTS", "/tmp/opendomino-rules-site"))
SHOWN = ("index.html", "open-game-04.html", "open-game-17.ru.html", "classic-game-15-maggins.html")
LOOKS = {"light": "rgb(251, 248, 241)", "dark": "rgb(22, 20, 15)"}      # --ground of site.css in each look

# A face as "family weight style"; text asking for 600 or more is set in the 700 face, as CSS matches it.
PAGE_FACTS = """async () => {
  await document.fonts.ready;
  const face = (family, weight, style) =>
    `${family.split(',')[0].replace(/"/g, '').trim()} ${+weight >= 600 ? 700 : 400} ${style}`;
  const shown = Array.from(document.querySelectorAll('body *')).filter(e => e.getClientRects().length &&
    Array.from(e.childNodes).some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()));
  return {
    lang: document.documentElement.lang,
    overflow: document.scrollingElement.scrollWidth - window.innerWidth,
    links: Array.from(document.querySelectorAll('a[href], link[href], script[src]'), e => e.href || e.src),
    ids: Array.from(document.querySelectorAll('[id]'), e => e.id),
    switchTo: document.querySelector('a.switch').href,
    h1: document.querySelector('h1').textContent,
    declared: Array.from(document.fonts, f => face(f.family, f.weight, f.style)),
    loaded: Array.from(document.fonts).filter(f => f.status === 'loaded').map(f => face(f.family, f.weight, f.style)),
    used: Array.from(new Set(shown.map(e => { const s = getComputedStyle(e); return face(s.fontFamily, s.fontWeight, s.fontStyle); }))),
    // A command's words that the lines break in two (a word laid out in more than one box).
    splitWords: Array.from(document.querySelectorAll('code')).flatMap(code => {
      const found = [], walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent.matchAll(/[^\\s]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index); range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length > 1) found.push(word[0]);
        }
      }
      return found;
    }),
  };
}"""
# Each figure opened large as a tap on it opens it (the address ends in its frame's id): does the frame
# fill the screen, and how large is each <text> of its drawing as drawn (em size through every transform)?
LARGE_FIGURES = """() => Array.from(document.querySelectorAll('figure'), figure => {
  const frame = figure.querySelector('.large');
  if (!frame) return {id: figure.id, frame: false};
  location.hash = frame.id;
  const box = frame.getBoundingClientRect(), screen = document.documentElement;
  const sizes = Array.from(frame.querySelectorAll('svg text'), text => {
    const m = text.getScreenCTM();
    return parseFloat(getComputedStyle(text).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  });
  return {id: figure.id, frame: true, texts: sizes.length, smallest: Math.min(...sizes),
          fills: box.left === 0 && box.top === 0 && box.width === screen.clientWidth && box.height === screen.clientHeight};
})"""
MIN_FIGURE_TEXT = 9         # CSS px at a 360 px wide screen


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = run_cli("booklet", "--format", "html", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "rules"


def offline_context(chromium, site: Path, requests: list, **options):
    """A browser context that notes every request and lets none leave the site's folder."""
    context = chromium.new_context(**options)
    inside = site.as_uri() + "/"

    def guard(route):
        requests.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(inside), guard)
    context.on("request", lambda request: requests.append(request.url))
    return context


def local_file(url: str) -> tuple[Path, str]:
    parts = urlsplit(url)
    assert parts.scheme == "file", url
    return Path(unquote(parts.path)), parts.fragment


PARTS = 4       # the pages in four parts, so that the test workers share them


def pages_of_part(site: Path, part: int) -> list[str]:
    """Every PARTS-th page pair (a page and its twin in the other language stay together)."""
    names = sorted(path.name for path in site.glob("*.html"))
    pairs = sorted({name.removesuffix(".html").removesuffix(".ru") for name in names})
    mine = set(pairs[part::PARTS])
    return [name for name in names if name.removesuffix(".html").removesuffix(".ru") in mine]


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(value for name, value in attrs if name == "id" and value)


def ids_in(path: Path) -> set[str]:
    """The ids a page's HTML gives its elements (a link's anchor in a page this part did not open)."""
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.ids


def texts_in_figures(path: Path) -> int:
    """How many <text> elements the page's figures hold, as written (each one measured on the phone)."""
    page = path.read_text(encoding="utf-8")
    return sum(len(re.findall(r"<text[ >]", figure)) for figure in re.findall(r"<figure .*?</figure>", page, re.S))


def widths_for(index: int) -> tuple[tuple[int, int], ...]:
    """Both screens for every page, the one it is loaded at first: a page's layout is seen as it
    loads at one width and as the screen turns to the other, and each width is the loading one for
    every other page (the site runs no script that lays a page out, so the final layout at a width
    does not depend on how the page got there)."""
    return VIEWPORTS if index % 2 == 0 else VIEWPORTS[::-1]


@pytest.mark.parametrize("part", range(PARTS))
def test_every_page_loads_offline_fits_the_screen_and_links_land(site, chromium, part):
    names = pages_of_part(site, part)
    requests: list[str] = []
    context = offline_context(chromium, site, requests)
    page = context.new_page()
    facts, figures = {}, {}
    for index, name in enumerate(names):
        for turn, (width, height) in enumerate(widths_for(index)):
            page.set_viewport_size({"width": width, "height": height})
            if turn == 0:
                page.goto((site / name).as_uri())
            facts[name] = page.evaluate(PAGE_FACTS)
            assert facts[name]["overflow"] <= 0, (width, name, facts[name]["overflow"])
            assert facts[name]["splitWords"] == [], (width, name)          # `--random` never as `--` / `random`
        page.set_viewport_size({"width": 360, "height": 800})     # then each figure opened on the phone
        figures[name] = page.evaluate(LARGE_FIGURES)
    context.close()
    assert set(figures) == set(names)
    for name, opened in figures.items():        # every figure's every number readable on a phone
        for figure in opened:
            assert figure["frame"] and figure["fills"], (name, figure)
            assert figure["smallest"] >= MIN_FIGURE_TEXT, (name, figure)
    counted = [figure for opened in figures.values() for figure in opened]      # all of them were seen
    assert len(counted) == sum((site / name).read_text(encoding="utf-8").count("<figure ") for name in names)
    assert sum(figure["texts"] for figure in counted) == sum(texts_in_figures(site / name) for name in names) > 0
    outside = [url for url in requests if not url.startswith(site.as_uri() + "/")]
    assert not outside, outside
    assert len(requests) >= len(names)          # the pages, their style sheet, scripts and fonts
    for name, seen in facts.items():
        assert seen["lang"] == ("ru" if name.endswith(".ru.html") else "en")
        for url in seen["links"]:
            path, anchor = local_file(url)
            assert path.is_file() and site in path.parents, (name, url)
            if anchor:
                ids = facts[path.name]["ids"] if path.name in facts else ids_in(path)
                assert anchor in ids, (name, url)
        twin = local_file(seen["switchTo"])[0].name
        assert twin.removesuffix(".ru.html").removesuffix(".html") == \
            name.removesuffix(".ru.html").removesuffix(".html")
        assert facts[twin]["lang"] != seen["lang"]
        # Text is set only in the faces the style sheet declares (no face made up by the browser)
        assert set(seen["used"]) <= set(seen["declared"]), (name, set(seen["used"]) - set(seen["declared"]))


FONTS_LOADED = """async () => { await document.fonts.ready;
  return Array.from(document.fonts).map(f => [`${f.family} ${f.weight} ${f.style}`, f.status === 'loaded']); }"""


def test_every_face_declared_is_set_on_some_page_and_every_font_shipped_declared(site, chromium):
    """Every face the style sheet declares (so every font shipped) is set on some page: pages are
    opened until each has been seen loaded."""
    context = offline_context(chromium, site, [], viewport={"width": 1280, "height": 800})
    page = context.new_page()
    declared, loaded = set(), set()
    for name in sorted(path.name for path in site.glob("*.html")):
        page.goto((site / name).as_uri())
        faces = page.evaluate(FONTS_LOADED)
        declared |= {face for face, _ in faces}
        loaded |= {face for face, done in faces if done}
        if declared and loaded == declared:
            break
    context.close()
    assert loaded == declared
    assert len(declared) == len(list(site.glob("fonts/*.ttf")))


def test_the_language_switch_lands_on_the_same_game(site, chromium):
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto((site / "classic-game-02-kozyol.html").as_uri())
    assert page.inner_text("h1") == "2. Kozyol (the goat)"
    page.click("a.switch")
    assert page.url.endswith("/classic-game-02-kozyol.ru.html") and page.inner_text("h1") == "2. Козёл"
    page.goto((site / "open-game-17.ru.html").as_uri())
    page.click("a.switch")
    assert page.url.endswith("/open-game-17.html") and page.inner_text("h1") == "Game 17. Remove your own"
    context.close()


def _results(page, query: str) -> list[str]:
    page.fill("#search-box", query)
    return [href for href in page.eval_on_selector_all("#search-results a", "links => links.map(a => a.href)")]


def test_the_search_finds_games_by_name_other_name_and_number(site, chromium):
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    assert page.is_visible("#search-box")
    assert [u.rsplit("/", 1)[1] for u in _results(page, "Mexican")] == ["classic-game-27-mexican-train.html"]
    kozyol = [u.rsplit("/", 1)[1] for u in _results(page, "Козёл")]
    assert kozyol[0] == "classic-game-02-kozyol.html" and "classic-game-03-morskoy-kozyol.html" in kozyol
    assert [u.rsplit("/", 1)[1] for u in _results(page, "17")] == ["open-game-17.html", "classic-game-17-pyaternoe.html"]
    assert page.inner_text("#search-results").startswith("17. Remove your own")
    assert _results(page, "no such game") == [] and page.is_visible("#search-none")
    _results(page, "козел")                                     # ё typed as е, in lower case
    page.press("#search-box", "Enter")
    page.wait_for_url("**/classic-game-02-kozyol.html")
    page.goto((site / "open-game-01.ru.html").as_uri())      # a Russian page links to Russian pages
    assert [u.rsplit("/", 1)[1] for u in _results(page, "Mexican train")] == ["classic-game-27-mexican-train.ru.html"]
    assert page.inner_text("#search-results").startswith("27. Мексиканский поезд")
    context.close()


def test_the_search_finds_a_game_as_its_heading_or_its_file_names_it(site, chromium):
    """"Game 17" and "Игра 17" (as the headings write the number, in either language, any case),
    "#17", "№ 17", and a page's file name with or without its ending, on an English and a Russian page."""
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800})
    page = context.new_page()
    for index, ending in (("index.html", ".html"), ("index.ru.html", ".ru.html")):
        page.goto((site / index).as_uri())
        both = [f"open-game-17{ending}", f"classic-game-17-pyaternoe{ending}"]
        for query in ("Game 17", "game 17", "GAME17", "Игра 17", "игра №17", "#17", "№ 17"):
            assert [u.rsplit("/", 1)[1] for u in _results(page, query)] == both, (index, query)
        for query in ("open-game-17", "open-game-17.ru.html", "OPEN-GAME-17.html"):
            assert [u.rsplit("/", 1)[1] for u in _results(page, query)] == [f"open-game-17{ending}"], (index, query)
        assert [u.rsplit("/", 1)[1] for u in _results(page, "classic-game-02")] == [f"classic-game-02-kozyol{ending}"]
        assert _results(page, "Game 99") == [] and page.is_visible("#search-none")
    page.fill("#search-box", "")
    page.locator("#search-box").press_sequentially("Игра 17")       # typed key by key, on the Russian index
    page.wait_for_function("document.querySelectorAll('#search-results a').length === 2")
    assert page.inner_text("#search-results").startswith("17. Сними свои")
    page.press("#search-box", "Enter")
    page.wait_for_url("**/open-game-17.ru.html")
    assert page.inner_text("h1") == "Игра 17. Сними свои"
    context.close()


def test_a_tap_opens_a_figure_large_to_scroll_and_close_or_back_closes_it(site, chromium):
    """The Mexican Train hub's slot numbers, 3.6 px in the column of a 360 px screen, read at 12 px."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto((site / "classic-game-27-mexican-train.html").as_uri())
    figure, frame = "#line-mexican-train", "#line-mexican-train-large"
    inline = page.evaluate(f"document.querySelector('{figure} svg').getBoundingClientRect().width")
    assert inline < 360 and not page.is_visible(f"{frame} .close")
    for close in ("link", "back"):
        page.locator(f"{figure} svg").click(force=True)          # where the drawing is: the link covers it
        page.wait_for_url(f"**{frame}")
        opened = page.evaluate(f"""() => {{ const frame = document.querySelector('{frame}');
          return {{position: getComputedStyle(frame).position, scrolls: frame.scrollWidth > frame.clientWidth,
                   drawing: frame.querySelector('svg').getBoundingClientRect().width}}; }}""")
        assert opened["position"] == "fixed" and opened["scrolls"] and opened["drawing"] > 2.5 * inline, opened
        assert page.is_visible(f"{frame} .close") and not page.is_visible(f"{frame} .open span")
        page.screenshot(path=str(SCREENSHOTS / f"figure-large-{close}.png"))
        if close == "link":
            page.click(f"{frame} .close")
            page.wait_for_function(f"!location.hash.endsWith('{frame}')")
        else:
            page.go_back()
        assert page.evaluate(f"getComputedStyle(document.querySelector('{frame}')).position") == "relative"
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        if close == "link":             # Close went back, so Back now leaves the page, never reopens the figure
            page.go_back()
            assert not page.url.endswith(frame)
            page.go_forward()
            assert not page.url.endswith(frame)
            assert page.evaluate(f"getComputedStyle(document.querySelector('{frame}')).position") == "relative"
    context.close()


def test_a_figure_opened_from_the_keyboard_holds_the_focus_and_gives_it_back(site, chromium):
    """Enter on Enlarge puts the focus on Close, Tab keeps it there (the page behind is covered), and
    Escape closes the frame with the focus back on Enlarge; so does Close."""
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto((site / "classic-game-27-mexican-train.html").as_uri())
    frame = "#line-mexican-train-large"
    focused = "() => document.activeElement.className + ' ' + (document.activeElement.closest('.large') || {}).id"
    for close in ("Escape", "Enter"):
        page.focus(f"{frame} a.open")
        page.keyboard.press("Enter")
        page.wait_for_url(f"**{frame}")
        page.wait_for_function("document.activeElement.matches('.large a.close')")   # the page's hashchange handler
        assert page.evaluate(focused) == "close line-mexican-train-large"
        # A modal dialog to a screen reader, named by the figure's caption.
        assert page.evaluate(f"""() => {{ const frame = document.querySelector('{frame}');
            return [frame.getAttribute('role'), frame.getAttribute('aria-modal'),
                    document.getElementById(frame.getAttribute('aria-labelledby')).tagName]; }}""") == \
            ["dialog", "true", "FIGCAPTION"]
        for key in ("Tab", "Shift+Tab", "Tab"):
            page.keyboard.press(key)
            assert page.evaluate(focused) == "close line-mexican-train-large", key
        page.keyboard.press(close)                  # Escape, or Enter on the focused Close
        page.wait_for_function(f"!location.hash.endsWith('{frame}')")
        page.wait_for_function("document.activeElement.matches('.large a.open')")
        assert page.evaluate(f"getComputedStyle(document.querySelector('{frame}')).position") == "relative"
        assert page.evaluate(focused) == "open line-mexican-train-large", close
        assert page.get_attribute(frame, "role") is None
    # A page opened at a frame's address: the focus on Close once the page has loaded.
    page.goto((site / f"classic-game-27-mexican-train.ru.html{frame}").as_uri().replace("%23", "#"))
    page.wait_for_function("document.activeElement.matches('.large a.close')")
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement.matches('.large a.open')")
    # A figure's tiles told in words for a screen reader take no room on the screen.
    page.goto((site / "open-game-04.html").as_uri())
    told = page.evaluate("""() => { const text = document.getElementById(
        document.querySelector('#fig-4 svg').getAttribute('aria-describedby')).getBoundingClientRect();
        return [text.width, text.height]; }""")
    assert max(told) <= 1, told
    context.close()


def test_the_search_says_when_nothing_is_found_and_its_hint_is_readable(site, chromium):
    """"Nothing found" is a status a screen reader announces (there, empty, before it is said); the
    hint in the empty box has 4.5:1 on the box in both looks."""
    from generator.colour.checks import contrast
    from generator.colour.values import Colour

    for look in LOOKS:
        context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800}, color_scheme=look)
        page = context.new_page()
        page.goto((site / "index.ru.html").as_uri())
        assert page.get_attribute("#search-none", "role") == "status" and page.inner_text("#search-none") == ""
        assert _results(page, "zzzz") == [] and page.inner_text("#search-none") == "Игры с таким названием или номером нет."
        assert _results(page, "17") and page.inner_text("#search-none") == ""
        rgb = page.evaluate("""() => [getComputedStyle(document.getElementById('search-box'), '::placeholder').color,
                                      getComputedStyle(document.getElementById('search-box')).backgroundColor]""")
        hint, box = (Colour("#%02x%02x%02x" % tuple(int(n) for n in re.findall(r"\d+", colour)[:3])) for colour in rgb)
        assert contrast(hint, box) >= 4.5, (look, rgb)
        context.close()


def test_both_looks_follow_the_system_and_are_photographed(site, chromium):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for look, ground in LOOKS.items():
        for width, height in VIEWPORTS:
            context = offline_context(chromium, site, [], viewport={"width": width, "height": height},
                                      color_scheme=look)
            page = context.new_page()
            for name in SHOWN:
                page.goto((site / name).as_uri())
                page.evaluate("document.fonts.ready")
                assert page.evaluate("getComputedStyle(document.body).backgroundColor") == ground
                page.screenshot(path=str(SCREENSHOTS / f"{name.removesuffix('.html')}-{width}-{look}.png"),
                                full_page=True)
            context.close()


def test_figure_text_is_set_in_the_bundled_fonts(site, chromium):
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto((site / "open-chapter-10-equipment.html").as_uri())
    page.evaluate("document.fonts.ready")
    loaded = page.evaluate("Array.from(document.fonts).filter(f => f.status === 'loaded')"
                           ".map(f => f.family.replace(/\"/g, '') + ' ' + f.weight)")
    assert "PT Sans 700" in loaded and "PT Serif 400" in loaded     # the sums' digits and the text
    family = page.evaluate("getComputedStyle(document.querySelector('#fig-1a text')).fontFamily")
    assert family.startswith('"PT Sans"')
    context.close()


def test_pages_read_fine_without_javascript(site, chromium):
    context = offline_context(chromium, site, [], viewport={"width": 360, "height": 800}, java_script_enabled=False)
    page = context.new_page()
    page.goto((site / "index.ru.html").as_uri())
    assert not page.is_visible("#search") and page.is_visible("a[href='open-game-17.ru.html']")
    page.click("a[href='open-game-17.ru.html']")
    assert page.inner_text("h1") == "Игра 17. Сними свои" and page.is_visible("main p")
    context.close()


LAYOUT = """() => ({h1: document.querySelector('h1').textContent,
  overflow: document.scrollingElement.scrollWidth - window.innerWidth,
  height: document.scrollingElement.scrollHeight,
  boxes: Array.from(document.querySelectorAll('main > *'), e => { const r = e.getBoundingClientRect();
                                                                  return [e.tagName, r.x, r.y, r.width, r.height]; })})"""


def test_the_desktop_chromium_lays_the_pages_out_as_the_headless_shell_does(site, chromium):
    """The other browser tests drive the headless shell; a reader opens the site in the desktop
    browser. Both lay out the pages shown alike, to the pixel, at a phone's width and a laptop's."""
    if DESKTOP_CHROMIUM is None or DESKTOP_CHROMIUM == CHROMIUM:
        pytest.skip("the desktop chromium is not installed beside the headless shell (.ci/run installs both)")
    desktop = chromium.browser_type.launch(executable_path=DESKTOP_CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    laid_out = {}
    for browser in (chromium, desktop):
        for width, height in VIEWPORTS:
            context = offline_context(browser, site, [], viewport={"width": width, "height": height})
            page = context.new_page()
            for name in SHOWN:
                page.goto((site / name).as_uri())
                page.evaluate("document.fonts.ready")
                laid_out.setdefault((name, width), []).append(page.evaluate(LAYOUT))
            context.close()
    desktop.close()
    for (name, width), (shell, full) in laid_out.items():
        assert full["overflow"] <= 0 and len(full["boxes"]) > 3, (name, width, full["overflow"])
        assert full == shell, (name, width)
