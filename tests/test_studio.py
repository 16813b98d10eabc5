"""The colour studio: its JSON API, its safety, and the page in a real headless browser."""

import io
import json
import os
from pathlib import Path
import re
import time
import zipfile

from conftest import run_cli
import pytest
from studio_client import Studio, call, error_of, running_studio

from generator.colour.icc import CmykConversion, read_profile
from generator.colour.print_setup import default_conversion
from generator.colour.theme import load_theme
from generator.commands.group import progress_of
from generator.files.resources import template_path
from generator.studio import api
from generator.studio.builds import STEPS_SHARE, Build, Builds
from generator.studio.server import make_server
from generator.words import speaking

SCREENSHOT = Path(os.environ.get("STUDIO_SCREENSHOT", "/tmp/opendomino-studio.png"))


@pytest.fixture(scope="module")
def studio():
    with running_studio() as running:
        yield running


def request(studio, path, body=None, content_type="application/json", method=None, raw=None):
    """A request as the studio's own page makes it (its Host, Origin and token)."""
    return call(studio, path, body, content_type=content_type, method=method, raw=raw)


# --- the API, as functions ------------------------------------------------------------------

def test_state_lists_every_key_and_theme():
    state = api.state()
    assert set(state["themes"]) == {"classic", "colorblind", "grayscale", "low-ink"}
    keys = [k["key"] for k in state["keys"]]
    assert "A.group1" in keys and "pips.11" in keys and "board.dark" in keys and len(keys) == 54
    assert state["visions"] == ["normal", "deuteranopia", "protanopia", "tritanopia"]


def test_preview_draws_with_the_chosen_colours_and_runs_the_checks():
    result = api.preview({"theme": "classic", "colours": {"A.group1": "teal"}})
    assert "#008080" in result["svg"]["A1-front"] and "#008080" not in result["svg"]["A2-front"]
    assert {"A1-front", "C2-back", "double-12-1", "board", "setup-card"} <= set(result["svg"])
    # teal is given as RGB: its CMYK is the bundled profile's (FOGRA39L), no longer the naive formula's.
    teal = [round(v, 1) for v in default_conversion().cmyk_of(["#008080"])[0]]
    assert result["colours"]["A.group1"] == {"hex": "#008080", "cmyk": teal} and teal != [100.0, 0.0, 0.0, 49.8]
    low = api.preview({"theme": "classic", "colours": {"tile.digit": "#eeeeee"}})
    failing = [c for c in low["checks"] if not c["passed"]]
    assert failing[0]["rule"] == "digits" and failing[0]["figure"].endswith(":1") and "tile.digit" in failing[0]["keys"]


def test_the_print_preview_draws_the_proofed_colours_and_marks_the_gamut():
    blue = {"theme": "classic", "colours": {"A.group1": "#0000ff"}}
    screen, printed = api.preview(blue), api.preview({**blue, "proof": True})
    shown = printed["print"]["A.group1"]
    assert shown["hex"] == default_conversion().printed_hex(default_conversion().cmyk_of(["#0000ff"]))[0]
    assert shown["marked"] and shown["derived"] and shown["delta_e"] > 15
    assert "#0000ff" in screen["svg"]["A1-front"] and "#0000ff" not in printed["svg"]["A1-front"]
    assert shown["hex"] in printed["svg"]["A1-front"]
    digit = printed["print"]["tile.digit"]                     # stated 100 % K: printable, never marked
    assert not digit["marked"] and not digit["derived"]
    assert printed["checks"] == screen["checks"]               # the checks always judge both forms
    assert api.state()["printing"] == "FOGRA39L Coated (FOGRA39L_coated.icc), relative colorimetric"


def test_the_studio_proofs_with_the_profile_it_was_given():
    gracol = read_profile(template_path("icc", "GRACoL_TR006_coated.icc"))
    printing = CmykConversion(gracol)
    result = api.preview({"theme": "classic", "colours": {"A.group1": "#0000ff"}, "proof": True}, printing)
    assert result["print"]["A.group1"]["hex"] == printing.printed_hex(printing.cmyk_of(["#0000ff"]))[0]
    assert api.state(printing)["printing"].startswith("GRACoL TR006 Coated (GRACoL_TR006_coated.icc)")
    with pytest.raises(api.StudioError, match="proof must be true or false"):
        api.preview({"proof": "yes"})


def test_the_vision_toggle_uses_the_checks_simulation():
    normal = api.preview({"theme": "classic"})["svg"]["A1-front"]
    seen = api.preview({"theme": "classic", "vision": "deuteranopia"})["svg"]["A1-front"]
    assert normal != seen and "#c8202f" in normal and "#c8202f" not in seen


@pytest.mark.parametrize("body, words", [
    ([1, 2], "JSON object"),
    ({"theme": "pink"}, "not a bundled theme"),
    ({"colours": {"A.gruop1": "#000000"}}, "did you mean A.group1"),
    ({"colours": {"A.group1": "rgb(0 0 0 / 0.5)"}}, "transparent"),
    ({"arrow_styles": {"A.group1": "dotted"}}, "use solid or hollow"),
    ({"vision": "x-ray"}, "vision"),
    ({"path": "/etc/passwd"}, "unknown field 'path'"),
    ({"name": "abc\n"}, "Name of your theme: write 1 to 60 characters on one line"),
    ({"name": ""}, "Name of your theme: write 1 to 60 characters on one line"),
    ({"name": "   "}, "not only spaces"),
])
def test_bad_values_are_refused_with_one_line(body, words):
    with pytest.raises(api.StudioError) as caught:
        api.preview(body)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_saved_theme_builds_unchanged(tmp_path):
    name, text = api.theme_file({"theme": "colorblind", "colours": {"A.group1": "cmyk(0,90,80,10)"},
                                 "arrow_styles": {"B.group2": "hollow"}, "name": "Club Colours"})
    assert name == "club-colours.toml"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    theme = load_theme.__wrapped__(str(path))
    assert theme.group("A", 1).circle.cmyk == (0, 90, 80, 10) and theme.group("B", 2).arrow_style == "hollow"
    result = run_cli("tiles", "--sets", "A", "--theme", str(path), "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr


def test_a_name_that_looks_like_a_path_only_names_the_theme():
    name, text = api.theme_file({"name": "../../evil"})
    assert name == "evil.toml" and 'name = "../../evil"' in text


# --- the server -----------------------------------------------------------------------------

def test_the_server_answers_and_refuses(studio):
    status, headers, body = request(studio, f"/?token={studio.token}")
    assert status == 200 and b"Colour studio" in body and "default-src 'self'" in headers["Content-Security-Policy"]
    status, _, body = request(studio, "/api/preview", {"theme": "classic", "colours": {"A.group1": "nope"}})
    assert status == 400 and "not a colour" in error_of(body)
    assert request(studio, "/api/preview", raw=b"{not json")[0] == 400
    assert request(studio, "/api/preview", {"theme": "classic"}, content_type="text/plain")[0] == 415
    assert request(studio, "/api/preview", raw=b"{" + b" " * 70000 + b"}")[0] == 413
    for path in ("/static/../server.py", "/static/app.js/../../api.py", "/etc/passwd", "/api/build/1/../../x"):
        assert request(studio, path)[0] == 404, path
    assert request(studio, "/api/state", method="DELETE")[0] == 405


def test_the_server_listens_on_loopback_only():
    server = make_server()
    try:
        assert server.server_address[0] == "127.0.0.1"
    finally:
        server.server_close()
        server.builds.close()


def test_a_build_runs_in_a_fresh_folder_and_gives_a_zip(studio):
    status, _, body = request(studio, "/api/build", {"theme": "grayscale", "name": "grey"})
    assert status == 202
    build = json.loads(body)
    assert request(studio, "/api/build", {"theme": "classic"})[0] == 409          # one at a time
    deadline = time.monotonic() + 120
    seen = []
    while time.monotonic() < deadline:
        state = json.loads(request(studio, f"/api/build/{build['id']}")[2])
        seen.append(state["progress"])
        if state["state"] != "running":
            break
        time.sleep(0.2)
    assert state["state"] == "done", state
    assert seen == sorted(seen) and seen[-1] == 1.0
    status, headers, body = request(studio, f"/api/build/{build['id']}/kit.zip")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert "open-domino-kit/tiles-A.pdf" in names and "open-domino-kit/manifest.json" in names
    assert not Path("output").exists() or not any(Path("output").glob("*grey*"))


def _progress_seen(studio, build_id: str) -> tuple[dict, list[float]]:
    """Poll a build as the page does until it ends: its last state and every progress value seen."""
    seen = []
    while True:
        state = json.loads(request(studio, f"/api/build/{build_id}")[2])
        seen.append(state["progress"])
        if state["state"] != "running":
            return state, seen
        time.sleep(0.05)


def test_build_progress_is_the_builds_own_count_of_steps():
    """Three sets, three steps: a client sees only their shares (never a count of files), in order,
    ending at 1.0; however slow the machine, nothing it does can make a value go back."""
    with running_studio(builds=Builds(("tiles", "--sets", "A,B,C"))) as studio:
        status, _, body = request(studio, "/api/build", {"theme": "classic"})
        assert status == 202
        state, seen = _progress_seen(studio, json.loads(body)["id"])
    assert state["state"] == "done", state
    assert seen == sorted(seen) and seen[-1] == 1.0, seen
    steps = {round(STEPS_SHARE * done / 3, 3) for done in range(4)}
    assert set(seen) <= steps | {1.0}, seen


def test_a_build_never_shows_less_than_it_showed():
    build = Build("1", Path("unused"))
    for line in ("progress 2/5", "wrote 3 file(s)", "progress 1/5", "progress 1/0", "progress x/5"):
        share = progress_of(line)
        if share is not None:
            build.advance(share)
    assert build.progress() == pytest.approx(STEPS_SHARE * 2 / 5)
    build.state = "done"
    assert build.progress() == 1.0


def test_a_failed_build_says_its_error():
    with running_studio(builds=Builds(("tiles", "--sets", "nope"))) as studio:
        state, seen = _progress_seen(studio, json.loads(request(studio, "/api/build", {})[2])["id"])
    assert state["state"] == "failed" and seen == [0.0] * len(seen), state
    assert state["message"].startswith("opendomino: error: --sets: ") and "nope" in state["message"], state


def test_the_command_prints_its_address_and_refuses_a_bad_port():
    result = run_cli("studio", "--port", "70000", "--no-browser")
    assert result.returncode == 2 and "--port" in result.stderr and result.stderr.count("\n") == 1


# --- in a real browser ----------------------------------------------------------------------

def test_the_page_for_the_keyboard_and_screen_readers(studio, chromium):
    """What a screen reader and a keyboard need: a skip link first; results said as they change
    (live regions); Undo keeping the focus once it has nothing left to undo; every control named,
    the language buttons by what they show; headings in order; each picture named once."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(f"{studio.url}?token={studio.token}")
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    page.keyboard.press("Tab")                                     # the first stop: the skip link
    assert page.evaluate("document.activeElement.className") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "checks-heading"
    for region in ("#summary", "#gamut-summary", "#build-message"):
        assert page.get_attribute(region, "role") == "status", region
    page.fill("#text-A\\.group1", "#1a9641")
    page.press("#text-A\\.group1", "Enter")
    page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%231a9641')")
    page.focus("#undo")
    page.keyboard.press("Enter")                                   # the one step undone: nothing left
    page.wait_for_function("!document.getElementById('pic-A1-front').src.includes('%231a9641')")
    assert page.evaluate("document.activeElement.id") == "undo" and page.get_attribute("#undo", "aria-disabled") == "true"
    page.keyboard.press("Enter")                                   # nothing to undo: nothing happens
    assert page.is_hidden("#error")
    seen = page.evaluate("""() => ({
        pickers: [...document.querySelectorAll('input[type=color]')].map((picker) => [picker.id,
            (document.getElementById(picker.getAttribute('aria-labelledby')) || {}).textContent || '']),
        switches: [...document.querySelectorAll('#languages button')].map((b) => [b.textContent.trim(), b.getAttribute('aria-label')]),
        headings: [...document.querySelectorAll('h1, h2, h3, h4')].map((h) => +h.tagName[1]),
        pictures: [...document.querySelectorAll('#preview figure')].map((f) => [f.querySelector('img').alt,
            f.querySelector('figcaption').textContent, f.querySelector('figcaption').getAttribute('aria-hidden')]),
        rows: [...document.querySelectorAll('#preview .pictures')].map((row) => [row.tabIndex, row.getAttribute('role'),
            (document.getElementById(row.getAttribute('aria-labelledby')) || {}).textContent]),
    })""")
    context.close()
    assert len(seen["pickers"]) >= 50
    for picker, name in seen["pickers"]:                           # the key, and what it colours
        key = picker.removeprefix("pick-")
        assert name.startswith(key) and len(name) > len(key) + 5, (picker, name)
    assert seen["switches"] == [["EN", None], ["RU", None]]
    assert seen["headings"][0] == 1 and all(b - a <= 1 for a, b in zip(seen["headings"], seen["headings"][1:])), seen["headings"]
    # Each picture an image named by its caption, which a screen reader then skips: heard once.
    assert all(alt == caption and hidden == "true" for alt, caption, hidden in seen["pictures"]), seen["pictures"]
    captions = [caption for _, caption, _ in seen["pictures"]]
    # The rows of pictures scroll sideways on a phone: each a named stop the keyboard can scroll.
    assert seen["rows"] == [[0, "group", "Tiles"], [0, "group", "Classic set, board corner, setup card"]], seen["rows"]
    assert "double-12, tile 2" in captions and not [c for c in captions if re.fullmatch(r"[\w-]+-\d+", c)], captions


@pytest.mark.long
def test_the_page_in_a_headless_browser(studio, chromium, tmp_path):
    # bypass_csp: the page's policy forbids eval, which is how Playwright's waits run their test.
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True,
                                   bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(90_000)     # a shared two-core machine may be slow; the steps are what is tested
    page.goto(f"{studio.url}?token={studio.token}")
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    before = page.get_attribute("#pic-A1-front", "src")
    assert "%23c8202f" in before                                   # the classic red circle

    page.fill("#text-A\\.group1", "#1a9641")
    page.press("#text-A\\.group1", "Enter")
    page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%231a9641')")
    assert "%23c8202f" not in page.get_attribute("#pic-A1-front", "src")
    assert page.input_value("#pick-A\\.group1") == "#1a9641"

    page.fill("#text-tile\\.digit", "#eeeeee")                     # digits that nobody can read
    page.press("#text-tile\\.digit", "Enter")
    page.wait_for_selector("#checks li.fail[data-rule='digits']")
    assert "contrast" in page.inner_text("#checks li.fail[data-rule='digits']")
    assert "failing" in page.get_attribute(".key[data-key='tile.digit']", "class")
    assert "✗ digits" in page.inner_text("#checks-tile\\.digit")

    dark = page.input_value("#text-board\\.dark")
    page.fill("#text-board\\.dark", "not a colour")               # refused, and nothing changes
    page.press("#text-board\\.dark", "Enter")
    # The message under the field, which is marked and shows the colour in use again; it is in view.
    page.wait_for_selector("#error-board\\.dark")
    assert page.inner_text("#error-board\\.dark").startswith("board.dark: 'not a colour' is not a colour")
    assert page.get_attribute("#text-board\\.dark", "aria-invalid") == "true"
    assert page.input_value("#text-board\\.dark") == dark and page.is_hidden("#error")
    box = page.locator("#error-board\\.dark").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 1000
    page.fill("#text-board\\.dark", "")                           # emptied: the colour in use comes back
    page.press("#text-board\\.dark", "Enter")
    assert page.input_value("#text-board\\.dark") == dark

    # A colour picker's drag sends many input events: they make one step for Undo.
    group = page.input_value("#text-B\\.group1")
    for colour in ("#111111", "#222222", "#333333"):
        page.eval_on_selector("#pick-B\\.group1", "(picker, colour) => { picker.value = colour; "
                              "picker.dispatchEvent(new Event('input')); }", colour)
    page.dispatch_event("#pick-B\\.group1", "change")
    page.wait_for_function("document.getElementById('pic-B1-front').src.includes('%23333333')")
    page.click("#undo")
    page.wait_for_function(f"document.getElementById('text-B.group1').value === '{group}'")

    page.fill("#name", "Club Green")                               # named before an undo: the name stays
    page.dispatch_event("#name", "change")
    page.click("#undo")                                            # undo the unreadable digits
    page.wait_for_function("!document.querySelector('#checks li.fail[data-rule=\"digits\"]')")
    assert page.input_value("#name") == "Club Green"

    page.check("#vision-deuteranopia")
    page.wait_for_function("!document.getElementById('pic-A1-front').src.includes('%231a9641')")
    page.check("#vision-normal")
    page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%231a9641')")

    with page.expect_download() as download_info:
        page.click("#save")
    saved = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(saved)

    # The kit, fetched with the token; built from the keyboard: the button keeps the focus, unavailable
    # (aria-disabled, not `disabled`, which would drop the focus) until the build has ended.
    page.focus("#build")
    page.keyboard.press("Enter")
    assert page.get_attribute("#build", "aria-disabled") == "true"
    page.wait_for_selector("#download:not([hidden])", timeout=180_000)
    assert page.evaluate("document.activeElement.id") == "build" and page.get_attribute("#build", "aria-disabled") == "false"
    assert page.get_attribute("#build-message", "role") == "status"
    with page.expect_download() as kit_info:
        page.click("#download")
    kit = tmp_path / kit_info.value.suggested_filename
    kit_info.value.save_as(kit)
    page.screenshot(path=str(SCREENSHOT), full_page=False)
    context.close()
    assert kit.name == "open-domino-kit.zip"
    assert "open-domino-kit/tiles-A.pdf" in zipfile.ZipFile(kit).namelist()
    assert saved.name == "club-green.toml"
    theme = load_theme.__wrapped__(str(saved))
    assert theme.group("A", 1).circle.hex == "#1a9641" and theme.colour("tile.digit").hex == "#000000"
    result = run_cli("tiles", "--sets", "A", "--theme", str(saved), "--out", str(tmp_path / "kit"))
    assert result.returncode == 0, result.stderr


PROOF_SCREENSHOT = SCREENSHOT.with_name(SCREENSHOT.stem + "-print-preview.png")


def test_the_print_preview_in_a_headless_browser(studio, chromium):
    """The toggle redraws every picture as the profile prints it and marks the colour that is out of gamut."""
    conversion = default_conversion()
    printed_blue = conversion.printed_hex(conversion.cmyk_of(["#0000ff"]))[0]
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{studio.url}?token={studio.token}")
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    assert "FOGRA39L Coated" in page.inner_text("#printing")
    assert not page.is_visible("#print-A\\.group1")                # only in the print preview
    page.fill("#text-A\\.group1", "#0000ff")
    page.press("#text-A\\.group1", "Enter")
    page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%230000ff')")

    page.check("#proof")
    page.wait_for_function(f"document.getElementById('pic-A1-front').src.includes('%23{printed_blue[1:]}')")
    assert "%230000ff" not in page.get_attribute("#pic-A1-front", "src")
    yellow = conversion.printed_hex([load_theme("classic").group("A", 2).circle.cmyk])[0]    # stated CMYK, printed
    assert f"%23{yellow[1:]}" in page.get_attribute("#pic-A2-front", "src")
    mark = page.inner_text("#print-A\\.group1")
    assert re.search(r"⚠ prints ΔE (1[5-9]|2\d)\.\d away \(out of gamut\)", mark), mark
    assert "marked" in page.get_attribute(".key[data-key='A.group1']", "class")
    assert "marked" not in page.get_attribute(".key[data-key='tile.digit']", "class")
    assert "⚠" not in page.inner_text("#print-tile\\.digit")       # 100 % K is printable as stated
    summary = page.inner_text("#gamut-summary")
    assert "A.group1 (ΔE" in summary and page.is_visible("#gamut-summary")
    chip = page.eval_on_selector("#print-A\\.group1 .chip", "e => getComputedStyle(e).backgroundColor")
    assert chip == "rgb({}, {}, {})".format(*(int(printed_blue[i:i + 2], 16) for i in (1, 3, 5)))
    page.screenshot(path=str(PROOF_SCREENSHOT), full_page=False)

    page.uncheck("#proof")                                          # and back to the screen colours
    page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%230000ff')")
    assert not page.is_visible("#gamut-summary")
    context.close()


FITS = """() => {
    const panel = document.getElementById('controls').getBoundingClientRect();
    const inside = (id) => { const box = document.getElementById(id).getBoundingClientRect();
                             return box.left >= panel.left - 0.5 && box.right <= panel.right + 0.5; };
    const controls = document.getElementById('controls'), described = document.getElementById('theme-description');
    return {page: document.documentElement.scrollWidth <= innerWidth,
            panel: controls.scrollWidth <= controls.clientWidth,
            menu: inside('theme'), description: inside('theme-description') &&
                  described.scrollWidth <= described.clientWidth && described.offsetHeight > 0};
}"""


# The last colour of the list scrolled to, as a user changing it would: its picture, A1's front, must be
# on the screen at once, not covered, and so must the colour's own row.
SEEN_WHILE_CHANGED = """() => {
    const row = [...document.querySelectorAll('.key')].pop();
    row.scrollIntoView({block: 'end'});
    const shown = (element) => { const box = element.getBoundingClientRect();
                                 const x = (box.left + Math.min(box.right, innerWidth)) / 2, y = (box.top + box.bottom) / 2;
                                 return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && x < innerWidth
                                        && element.contains(document.elementFromPoint(x, y)); };
    return {picture: shown(document.getElementById('pic-A1-front')), colour: shown(row.querySelector('input[type=text]'))};
}"""


@pytest.mark.parametrize(("locale", "language"), [("en-GB", "en"), ("ru-RU", "ru")])
def test_the_page_fits_a_phone_and_a_laptop(studio, chromium, locale, language):
    """At 360 and 1280 px, in English and in Russian (whose words are longer): no sideways scrolling
    of the page or of the controls; the theme menu and each theme's description, shown whole below
    it, inside the panel; the tiles' pictures in sight while the last colour of the list is changed."""
    with speaking(language):
        themes = api.state()["themes"]
    context = chromium.new_context(locale=locale, viewport={"width": 360, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(f"{studio.url}?token={studio.token}")
    page.wait_for_function("document.getElementById('pic-A1-front')?.src.startsWith('data:image/svg')")
    assert page.get_attribute("html", "lang") == language
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for name in [*sorted(set(themes) - {"classic"}), "classic"]:
            page.select_option("#theme", name)
            page.wait_for_function("([id, text]) => document.getElementById(id).textContent === text",
                                   arg=["theme-description", themes[name]["description"]])
            fits = page.evaluate(FITS)
            assert fits == {"page": True, "panel": True, "menu": True, "description": True}, (width, name)
        page.wait_for_function("document.getElementById('pic-A1-front').src.includes('%23c8202f')")   # classic's
        assert page.evaluate(FITS) == {"page": True, "panel": True, "menu": True, "description": True}, width
        assert page.evaluate(SEEN_WHILE_CHANGED) == {"picture": True, "colour": True}, width
        named = f"{width}px" if language == "en" else f"{language}-{width}px"
        page.screenshot(path=str(SCREENSHOT.with_name(f"{SCREENSHOT.stem}-{named}.png")), full_page=False)
    context.close()


def test_without_a_browser_the_studio_says_to_open_its_address(tmp_path):
    """A server with no display and no browser: the studio still serves, and says on stderr that
    the page must be opened by hand, instead of leaving the user waiting for a window."""
    import select
    import signal
    import subprocess
    import sys

    environment = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environment.update(BROWSER=str(tmp_path / "no-such-browser"), PATH=str(tmp_path))   # nor a console one
    process = subprocess.Popen([sys.executable, "-m", "generator", "studio"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment)
    try:
        assert process.stdout.readline().startswith("colour studio at http://127.0.0.1:")
        # The line comes once the browser lookup fails: waited for, with a deadline that only a hung studio meets.
        assert select.select([process.stderr], [], [], 60)[0], "the studio said nothing about the browser"
        assert process.stderr.readline() == "no browser could be opened here: open the address above in one\n"
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0 and "colour studio stopped" in out and err == ""


def test_ctrl_c_stops_the_studio_cleanly():
    import signal
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "generator", "studio", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("colour studio at http://127.0.0.1:"), line
    url = line.split()[3]
    port, token = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]{43})", url).groups()
    printed = Studio(None, url, token, int(port), [])
    assert request(printed, "/api/state")[0] == 200
    assert call(printed, "/api/state", token=None)[0] == 403
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 0 and "colour studio stopped" in out and err == ""
