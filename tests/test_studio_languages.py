"""The colour studio and the themes in the reader's language (issue 40): the browser's
Accept-Language or the page's own switch choose English or Russian for the page, its script's
words, the API's answers and errors, the colour checks and a build's error; the themes' descriptions
and what each colour key colours are data in both languages."""

import gettext
import io
import json
import os
from pathlib import Path
import re
import subprocess
import sys
import time
import tomllib
from urllib.parse import unquote
import zipfile

from pypdf import PdfReader
import pytest
from studio_client import call, error_of, running_studio

from generator.colour.key_help import KEY_HELP_FILE, colour_key_help
from generator.colour.theme import COLOUR_SECTIONS, colour_keys, load_theme, theme_names
from generator.colour.values import COLOUR_SYNTAX
from generator.errors import UserError
from generator.files.resources import template_path
from generator.model.texts import sheet_text
from generator.studio.builds import Build, Builds
from generator.studio.language import COOKIE, accepted_language
from generator.words import LOCALE_DIR, speaking

CYRILLIC = re.compile("[А-Яа-яЁё]")
# Words no line of the page's own can hold without being English prose (names such as tile.face,
# classic or double-12-1 stay the same in both languages).
ENGLISH_WORDS = re.compile(r"\b(?:the|a|an|of|to|and|or|in|for|with|is|are|on|by|as|from|not|at|your|each|every|"
                           r"set|tile|tiles|colour|colours|theme|print|preview|check|checks|front|back|board|"
                           r"contrast|build|save|undo|reset|arrow|vision)\b", re.IGNORECASE)
KEY_OR_NAME = re.compile(r"[\w-]+(?:\.[\w-]+)+")       # tile.face, A.group1.arrow: kept as they are
SCREENSHOTS = Path(os.environ.get("STUDIO_SCREENSHOT", "/tmp/opendomino-studio.png")).parent


def english_prose(words: str) -> bool:
    return bool(ENGLISH_WORDS.search(KEY_OR_NAME.sub(" ", words)))


def russian() -> gettext.GNUTranslations:
    """The Russian catalogue read by the standard library alone: what the page should say."""
    with open(LOCALE_DIR / "ru" / "LC_MESSAGES" / "opendomino.mo", "rb") as file:
        return gettext.GNUTranslations(file)


# --- which language ----------------------------------------------------------------------------

@pytest.mark.parametrize(("header", "language"), [
    ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),      # Chromium's, with Russian first
    ("en-US,en;q=0.9,ru;q=0.8", "en"),
    ("de-DE,de;q=0.9,ru;q=0.5,en;q=0.3", "ru"),          # the first *supported* one wins
    ("en;q=0.2, RU;q=0.8", "ru"),                        # by weight, not by place; case does not matter
    ("ru;q=0, en", "en"),                                # q=0: not acceptable
    ("ru;q=0.000", "en"),
    ("ru;q=1.5, en;q=0.5", "en"),                        # a malformed weight leaves its range out
    ("ru;q=abc", "en"),
    ("*;q=0.9, ru;q=0.5", "en"),                         # any language: English, the default
    ("ru-UA;q=0.5, de", "ru"),
    ("de, fr", "en"),
    ("", "en"),
    (None, "en"),
    (",,;;=,q=1", "en"),
    ("x" * 10_000 + ", ru", "en"),                       # only the first 4096 characters are read
])
def test_the_browsers_language_by_its_weights(header, language):
    assert accepted_language(header) == language


def page(studio, *headers) -> tuple[int, dict, str]:
    status, answer_headers, body = call(studio, f"/?token={studio.token}", headers=headers)
    return status, answer_headers, body.decode("utf-8")


@pytest.fixture(scope="module")
def studio():
    with running_studio() as running:
        yield running


def test_the_page_is_served_in_the_browsers_language_or_the_switchs(studio):
    status, headers, text = page(studio, ("Accept-Language", "ru-RU,ru;q=0.9,en;q=0.8"))
    assert status == 200 and headers["Content-Language"] == "ru" and '<html lang="ru">' in text
    title = re.search(r"<title>(.*?)</title>", text)[1]
    assert title == russian().gettext("Open Domino Kit: colour studio") and CYRILLIC.search(title)
    _status, headers, text = page(studio, ("Accept-Language", "en-GB,en;q=0.9"))
    assert headers["Content-Language"] == "en" and '<html lang="en">' in text and not CYRILLIC.search(
        text.replace("Русский", ""))                         # the switch names Russian in its own words
    _status, headers, text = page(studio, ("Accept-Language", "en"), ("Cookie", f"other=1; {COOKIE}=ru"))
    assert headers["Content-Language"] == "ru"              # the switch's choice wins over the browser's
    for cookie in (f"{COOKIE}=de", f"{COOKIE}=<script>", f"{COOKIE}=", f'{COOKIE}="ru', "a" * 5000):
        status, headers, text = page(studio, ("Accept-Language", "ru"), ("Cookie", cookie))
        assert status == 200 and headers["Content-Language"] == "ru", cookie     # ignored: the browser decides
    words = json.loads(re.search(r'<script id="words" type="application/json">(.*?)</script>',
                                 page(studio, ("Accept-Language", "ru"))[2], re.S)[1])
    assert words["building"] == russian().gettext("building…") and all(map(CYRILLIC.search, words.values()))


def test_the_switch_takes_en_or_ru_and_refuses_anything_else_in_one_line(studio):
    status, headers, body = call(studio, "/api/language", {"language": "ru"})
    assert status == 200 and json.loads(body) == {"language": "ru"}
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=ru;") and "SameSite=Strict" in cookie and "Path=/" in cookie
    for bad in ({"language": "de"}, {"language": "RU"}, {"language": 5}, {"language": "x" * 1000}, {"lang": "ru"},
                [], None, "ru"):
        status, headers, body = call(studio, "/api/language", raw=json.dumps(bad).encode(),
                                     headers=[("Accept-Language", "ru")])
        message = error_of(body)
        assert status == 400 and "Set-Cookie" not in headers and "\n" not in message, (bad, message)
        assert CYRILLIC.search(message), message             # said in the request's language
    status, _headers, body = call(studio, "/api/language", {"language": "de"})
    assert status == 400 and error_of(body) == "language: 'de'; use one of en, ru"
    assert call(studio, "/api/language", {"language": "ru"}, token=None)[0] == 403       # guarded like the rest
    assert not [line for level, line in studio.log if level == 0]                       # no 500, nothing logged


def test_errors_and_refusals_speak_the_requests_language(studio):
    ru = russian()
    status, _headers, body = call(studio, "/api/preview", {"colours": {"board.dark": "nope"}},
                                  headers=[("Accept-Language", "ru")])
    assert status == 400 and error_of(body).startswith('board.dark: \'nope\' — ')
    assert ru.gettext(COLOUR_SYNTAX) in error_of(body)
    status, headers, body = call(studio, "/api/state", token=None, headers=[("Accept-Language", "ru")])
    assert status == 403 and headers["Content-Language"] == "ru" and CYRILLIC.search(error_of(body))
    status, _headers, body = call(studio, "/?token=wrong", headers=[("Accept-Language", "ru")])
    assert status == 403 and body.decode().startswith("Это цветовая студия Open Domino Kit.")
    status, _headers, body = call(studio, "/api/preview", raw=b"[1]", headers=[("Cookie", f"{COOKIE}=ru")])
    assert status == 400 and error_of(body) == ru.gettext("{field} must be {kind}, not {given}").format(
        field=ru.gettext("the body"), kind=ru.gettext("a JSON object"), given=ru.gettext("a list"))


def test_the_api_says_descriptions_key_help_and_checks_in_the_requests_language(studio):
    status, _headers, body = call(studio, "/api/state", headers=[("Accept-Language", "ru")])
    state = json.loads(body)
    assert status == 200 and state["themes"]["classic"]["description"] == load_theme("classic").description_in("ru")
    assert {k["key"]: k["help"] for k in state["keys"]}["board.dark"] == colour_key_help("board.dark", "ru")
    assert state["vision_names"]["deuteranopia"] == russian().gettext("deuteranopia")
    assert "относительный колориметрический" in state["printing"]
    _status, _headers, body = call(studio, "/api/preview", {"colours": {"tile.digit": "#eeeeee"}},
                                   headers=[("Accept-Language", "ru")])
    preview = json.loads(body)
    (failed, *_rest) = [c for c in preview["checks"] if not c["passed"]]
    assert failed["rule"] == "digits" and failed["rule_name"] == russian().gettext("digits")
    assert failed["message"].startswith("тема my-theme: ") and failed["message"].endswith(failed["detail"])
    assert failed["detail"].endswith(russian().gettext("darken the digits or lighten the face"))
    assert re.fullmatch(r"1\.\d:1", failed["figure"]) and f"{failed['figure']}," in failed["detail"]
    assert CYRILLIC.search(preview["summary"]) and "tile.digit" in preview["summary"]
    # The print preview's line ends its sentence before another may follow.
    assert preview["print_summary"].startswith("Цветопроба: ") and preview["print_summary"].rstrip().endswith(".")
    # A theme saved from the Russian page says in Russian what it is and how to use it, and loads.
    status, _headers, body = call(studio, "/api/theme", {"name": "Клуб", "colours": {"board.dark": "#5a4632"}},
                                  headers=[("Accept-Language", "ru")])
    text = body.decode("utf-8")
    assert status == 200 and text.splitlines()[0] == (
        "# Цветовая тема Open Domino Kit. Используйте её так: opendomino build --theme ЭТОТ-ФАЙЛ.toml")
    assert tomllib.loads(text)["description"] == "сделана в цветовой студии из темы classic"


def test_a_build_reports_in_the_language_of_the_page_that_started_it():
    with running_studio(builds=Builds(("tiles", "--sets", "nope"))) as studio:
        status, _headers, body = call(studio, "/api/build", {}, headers=[("Accept-Language", "ru")])
        assert status == 202
        deadline = time.monotonic() + 120
        while (state := json.loads(call(studio, f"/api/build/{json.loads(body)['id']}")[2]))["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert state["state"] == "failed" and state["message"].startswith("opendomino: error: --sets: "), state
    assert CYRILLIC.search(state["message"]) and "nope" in state["message"]
    done = Build("1", Path("unused"), state="done", files=21, seconds=2.5)
    with speaking("ru"):
        said = done.message()
    assert said == russian().ngettext("{count} file in {seconds:.1f} s", "{count} files in {seconds:.1f} s",
                                      21).format(count=21, seconds=2.5) and said.startswith("21 файл ")
    assert done.message() == "21 files in 2.5 s"


def test_a_build_prints_its_sheets_in_the_language_of_the_page_that_started_it():
    """A Russian page's kit has Russian sheets: its build's config holds the page's `lang`."""
    with running_studio(builds=Builds(("tiles", "--sets", "A"))) as studio:
        status, _headers, body = call(studio, "/api/build", {}, headers=[("Accept-Language", "ru")])
        assert status == 202
        build = json.loads(body)["id"]
        deadline = time.monotonic() + 120
        while (state := json.loads(call(studio, f"/api/build/{build}")[2]))["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert state["state"] == "done", state
        status, _headers, zipped = call(studio, f"/api/build/{build}/kit.zip")
    assert status == 200
    with zipfile.ZipFile(io.BytesIO(zipped)) as kit:
        tiles = next(name for name in kit.namelist() if name.endswith("tiles-A.pdf"))
        text = PdfReader(io.BytesIO(kit.read(tiles))).pages[0].extract_text()
    caption = sheet_text("ru", "fronts_duplex-long", set_label="{label}").split(" · ", 1)[1]
    assert caption in " ".join(text.split()), text          # «ЛИЦЕВАЯ сторона · печать с двух сторон, …»


# --- in a browser --------------------------------------------------------------------------------

def _visit(chromium, studio, locale: str) -> dict:
    """The page as a browser of `locale` shows it after a colour that fails a check and one that is
    refused: its visible lines and the words of its attributes."""
    context = chromium.new_context(locale=locale, viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(f"{studio.url}?token={studio.token}")
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    page.fill("#text-tile\\.digit", "#eeeeee")
    page.press("#text-tile\\.digit", "Enter")
    page.wait_for_selector("#checks li.fail[data-rule='digits']")
    page.fill("#text-board\\.dark", "nope")
    page.press("#text-board\\.dark", "Enter")
    page.wait_for_selector("#error-board\\.dark")      # under the refused colour's own field
    error = page.inner_text("#error-board\\.dark")
    page.check("#proof")                               # a change the API takes: the error goes
    page.wait_for_function("document.getElementById('gamut-summary').textContent !== ''")
    seen = page.evaluate("""() => ({
        lang: document.documentElement.lang, title: document.title,
        lines: document.body.innerText.split('\\n').map((line) => line.trim()).filter(Boolean),
        attributes: [...document.querySelectorAll('[title], [aria-label], img[alt], option')].map(
            (e) => e.tagName === 'OPTION' ? e.textContent : (e.getAttribute('aria-label') || e.title || e.alt)),
        digits: document.querySelector("#checks li.fail[data-rule='digits']").innerText,
        figures: document.getElementById('checks-tile.digit').innerText})""")
    page.screenshot(path=str(SCREENSHOTS / f"opendomino-studio-{locale}.png"))
    context.close()
    return {**seen, "error": error}


@pytest.fixture(scope="module")
def both_pages(studio, chromium) -> dict[str, dict]:
    return {language: _visit(chromium, studio, locale) for language, locale in (("ru", "ru-RU"), ("en", "en-GB"))}


def test_a_russian_browser_sees_page_controls_checks_and_errors_in_russian(both_pages):
    ru, seen, english = russian(), both_pages["ru"], both_pages["en"]
    assert seen["lang"] == "ru" and seen["title"] == ru.gettext("Open Domino Kit: colour studio")
    for words in ("Colour studio", "Start from theme", "Undo", "Save theme", "Build kit", "Print preview",
                  "Tile faces", "normal vision", "deuteranopia", "solid arrow"):
        assert any(ru.gettext(words) in line for line in seen["lines"] + seen["attributes"]), words
    assert load_theme("classic").description_in("ru") in seen["lines"]
    assert ru.gettext("darken the digits or lighten the face") in seen["digits"]
    assert f"✗ {ru.gettext('digits')} " in seen["figures"]
    assert seen["error"].startswith('board.dark: \'nope\' — ') and CYRILLIC.search(seen["error"])
    # No sentence of the English page is left: a line both pages show holds names and figures only.
    shared = set(seen["lines"]) & set(english["lines"])
    assert not [line for line in shared if english_prose(line)], shared
    left = [words for words in seen["attributes"] if english_prose(words) and words != "English"]
    assert not left, left


def test_an_english_browser_gets_english(both_pages):
    seen = both_pages["en"]
    assert seen["lang"] == "en" and seen["title"] == "Open Domino Kit: colour studio"
    assert "Colour studio" in seen["lines"] and "contrast" in seen["digits"] and "✗ digits " in seen["figures"]
    assert seen["error"].startswith('board.dark: \'nope\' is not a colour')
    assert not [line for line in seen["lines"] if CYRILLIC.search(line)]
    assert [words for words in seen["attributes"] if CYRILLIC.search(words)] == ["Русский"]    # the switch


def test_the_switch_changes_the_language_and_is_remembered(studio, chromium):
    context = chromium.new_context(locale="en-GB", viewport={"width": 360, "height": 800}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(90_000)
    address = f"{studio.url}?token={studio.token}"
    page.goto(address)
    assert page.get_attribute("html", "lang") == "en"
    assert page.get_attribute("[data-language=en]", "aria-pressed") == "true"
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    page.fill("#text-A\\.group1", "#1a9641")                    # work that the switch must not lose
    page.press("#text-A\\.group1", "Enter")
    page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%231a9641')")
    page.fill("#name", "Club Green")
    with page.expect_navigation():
        page.click("[data-language=ru]")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert page.inner_text("h1") == russian().gettext("Colour studio")
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.includes('%231a9641')")
    assert page.input_value("#text-A\\.group1") == "#1a9641" and page.input_value("#name") == "Club Green"
    assert page.is_enabled("#undo")
    # The preview's setup card, and a build's sheets, speak the page's language.
    card = unquote(page.get_attribute("#pic-setup-card", "src"))
    assert sheet_text("ru", "setup_title", set_name="A") in card
    assert page.get_attribute("[data-language=ru]", "aria-pressed") == "true"
    page.reload()
    assert page.get_attribute("html", "lang") == "ru"                         # remembered over a reload
    other = context.new_page()
    other.goto(address)
    assert other.get_attribute("html", "lang") == "ru"                        # and in a new tab
    other.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    assert other.inner_text("#theme-description") == load_theme("classic").description_in("ru")
    with other.expect_navigation():
        other.click("[data-language=en]")
    other.wait_for_function("document.documentElement.lang === 'en'")
    assert other.inner_text("h1") == "Colour studio"
    context.close()


# --- the themes and the colour keys, as data -------------------------------------------------------

def test_every_colour_key_is_explained_in_every_language_and_nothing_else():
    data = tomllib.loads(template_path(KEY_HELP_FILE).read_text(encoding="utf-8"))
    entries = {f"{section}.{key}" for section, table in data.items() for key in table}
    expected = ({f"{section}.{key}" for section, keys in COLOUR_SECTIONS.items() if section not in ("pips", "picture")
                 for key in keys} | {"pips.each", "picture.each", "group.circle", "group.arrow"})
    assert entries == expected
    for table in data.values():
        for texts in table.values():
            assert set(texts) == {"en", "ru"} and CYRILLIC.search(texts["ru"]) and not CYRILLIC.search(texts["en"])
    for key in colour_keys():
        english, russian_help = colour_key_help(key, "en"), colour_key_help(key, "ru")
        assert english and CYRILLIC.search(russian_help) and "{" not in english + russian_help, key
    assert colour_key_help("A.group2.arrow", "en") == "the arrow of set A, group 2"
    assert colour_key_help("pips.11", "en") == "the pips of 11 on double-9 and larger sets"
    with speaking("ru"):
        said = colour_key_help("board.dark")
    assert said == colour_key_help("board.dark", "ru") != colour_key_help("board.dark", "en")


def test_every_bundled_theme_is_described_in_both_languages():
    for name in theme_names():
        theme = load_theme(name)
        assert set(theme.descriptions) == {"en", "ru"}, name
        assert CYRILLIC.search(theme.description_in("ru")) and not CYRILLIC.search(theme.description_in("en"))
        with speaking("ru"):
            assert theme.description == theme.description_in("ru")
        assert theme.description == theme.description_in("en")


def _own_theme(tmp_path: Path, description_line: str) -> Path:
    text = template_path("themes", "classic.toml").read_text(encoding="utf-8")
    text = re.sub(r"^description\.en = .*\ndescription\.ru = .*$", lambda _match: description_line, text, flags=re.M)
    path = tmp_path / "club.toml"
    path.write_text(text.replace('name = "classic"', 'name = "club"'), encoding="utf-8")
    return path


@pytest.mark.parametrize(("line", "english", "in_russian"), [
    ('description = "Our club\'s green and gold."', "Our club's green and gold.", "Our club's green and gold."),
    ('description = { en = "Green and gold.", ru = "Зелёный и золотой." }', "Green and gold.", "Зелёный и золотой."),
    ('description = { ru = "Зелёный и золотой." }', "Зелёный и золотой.", "Зелёный и золотой."),
    ("", "", ""),
])
def test_a_users_theme_may_describe_itself_in_one_language_or_several(tmp_path, line, english, in_russian):
    theme = load_theme.__wrapped__(str(_own_theme(tmp_path, line)))
    assert theme.description_in("en") == english and theme.description_in("ru") == in_russian


@pytest.mark.parametrize(("line", "words"), [
    ('description = { fr = "Vert." }', "club.toml: description: unknown key 'fr'"),
    ('description = { en = "two\\nlines" }', "club.toml: description must be one line of text"),
    ("description = 5", "club.toml: description must be one line of text"),
    ('description = { en = ["a"] }', "club.toml: description must be one line of text"),
])
def test_a_wrong_description_is_one_line_naming_the_file(tmp_path, line, words):
    with pytest.raises(UserError) as caught:
        load_theme.__wrapped__(str(_own_theme(tmp_path, line)))
    assert str(caught.value).startswith(words) and "\n" not in str(caught.value)


def test_the_themes_command_lists_them_in_the_messages_language_and_the_sheet_does_not_change(tmp_path):
    runs = {}
    for language, lang in (("ru", "ru_RU.UTF-8"), ("en", "C.UTF-8")):
        environment = {**os.environ, "LANG": lang, "LC_ALL": "", "LANGUAGE": "", "SOURCE_DATE_EPOCH": "0"}
        runs[language] = subprocess.run([sys.executable, "-m", "generator", "themes", "--out",
                                         str(tmp_path / language)], capture_output=True, text=True, env=environment,
                                        timeout=120)
        assert runs[language].returncode == 0, runs[language].stderr
    for name in theme_names():
        for language in ("ru", "en"):
            line = next(line for line in runs[language].stdout.splitlines() if line.startswith(f"{name} "))
            assert load_theme(name).description_in(language) in line, (language, line)
    sheets = [(tmp_path / language / "theme-swatches.pdf").read_bytes() for language in ("ru", "en")]
    assert sheets[0] == sheets[1]
