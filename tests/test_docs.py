"""The user guide (docs/, built with MkDocs).

- Every tutorial's shell blocks run as written and in order, in a fresh empty folder per tutorial,
  with `opendomino` on PATH as a user has it. A block is left out only when an HTML comment
  `<!-- not-run: REASON -->` stands right before it, for one of three reasons: installation, the
  studio (it waits for a browser) and shell-completion set-up. A `text` block after a run block
  shows what it prints, and it does print that.
- The Russian tutorials (NAME.ru.md) run the same commands as the English ones, under a Russian
  locale, so that the output they show is the Russian the kit prints.
- `mkdocs build --strict` passes (a broken link, anchor, image or page is an error), and the built
  guide has at least 25 pages, fetches nothing from the web, and names every command, option and
  file key that the kit's code accepts.
- README.md stays a front door: at most 250 lines, its links lead to files that exist.
"""

import html
import os
from pathlib import Path
import re
import subprocess
import sys
import tomllib

from conftest import made_once
from msgspec import Struct
from msgspec.structs import replace
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RUSSIAN = ".ru"                                           # page.ru.md: the Russian page (mkdocs-static-i18n)
TUTORIALS = sorted(path for path in (DOCS / "tutorials").glob("*.md")
                   if path.name != "index.md" and not path.stem.endswith(RUSSIAN))
RUSSIAN_TUTORIALS = sorted(path for path in (DOCS / "tutorials").glob(f"*{RUSSIAN}.md")
                           if path.name != f"index{RUSSIAN}.md")
RUSSIAN_PAGES = ("index", "tutorials/index", "tutorials/first-set-at-home", "tutorials/studio-colours")
RUN_LANGUAGES = ("sh", "bash", "console")
NOT_RUN_REASONS = ("installation", "studio", "completion")
_NOT_RUN = re.compile(r"^<!--\s*not-run:\s*(.*?)\s*-->$")
_FENCE = re.compile(r"^(\s*)(`{3,})\s*([\w+-]*)")        # a block may be indented inside a list


class Block(Struct, frozen=True):
    page: str
    line: int                 # of the opening fence, 1-based
    language: str
    code: str
    not_run: str | None       # the reason given in the comment before it, if any
    shows: str = ""           # a `text` block that follows it (before any other shell block): what it prints

    def commands(self) -> str:
        """What a reader types: the whole block, or a console block's `$ ` lines."""
        if self.language != "console":
            return self.code
        return "\n".join(line[2:] for line in self.code.splitlines() if line.startswith("$ "))


def shell_blocks(page: Path) -> list[Block]:
    """The page's fenced blocks in a shell language, in order, each with its not-run reason."""
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks, index = [], 0
    while index < len(lines):
        fence = _FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        indent, ticks, language = fence.groups()
        end = next(i for i in range(index + 1, len(lines)) if lines[i].strip().startswith(ticks))
        before = next((lines[i].strip() for i in range(index - 1, -1, -1) if lines[i].strip()), "")
        reason = _NOT_RUN.match(before)
        code = "\n".join(line.removeprefix(indent) for line in lines[index + 1:end])
        if language in RUN_LANGUAGES:
            blocks.append(Block(page.name, index + 1, language, code, reason[1] if reason else None))
        elif language == "text" and blocks and not blocks[-1].shows:
            blocks[-1] = replace(blocks[-1], shows=code)
        index = end + 1
    return blocks


def test_there_are_the_tutorials_the_issue_asks_for():
    names = {path.stem for path in TUTORIALS}
    assert {"first-set-at-home", "print-shop", "cutting-machine", "3d-print", "studio-colours"} <= names
    assert {path.stem for path in RUSSIAN_TUTORIALS} >= {"first-set-at-home.ru", "studio-colours.ru"}
    assert all((DOCS / f"{page}{RUSSIAN}.md").exists() for page in RUSSIAN_PAGES)


@pytest.mark.parametrize("page", RUSSIAN_TUTORIALS, ids=lambda page: page.stem)
def test_a_russian_tutorial_runs_the_commands_of_the_english_one(page):
    english = page.with_name(page.name.replace(f"{RUSSIAN}.md", ".md"))
    said = [(block.commands(), block.not_run) for block in shell_blocks(page)]
    assert said == [(block.commands(), block.not_run) for block in shell_blocks(english)]
    text = page.read_text(encoding="utf-8")
    assert len(re.findall("[А-Яа-яЁё]", text)) > len(re.findall("[A-Za-z]", text)), "not written in Russian"


def test_blocks_are_left_out_only_for_installation_the_studio_and_completion():
    for page in sorted(DOCS.rglob("*.md")):
        for block in shell_blocks(page):
            assert block.not_run in (None, *NOT_RUN_REASONS), f"{page.name}:{block.line}: {block.not_run!r}"
        text = page.read_text(encoding="utf-8")
        for comment in re.findall(r"<!--\s*not-run.*?-->", text):       # a comment that is not before a block
            assert _NOT_RUN.match(comment), f"{page.name}: {comment}"
    for page in TUTORIALS + RUSSIAN_TUTORIALS:
        assert any(block.not_run is None for block in shell_blocks(page)), f"{page.name} runs nothing"


def _run_tutorial(page: Path, folder: Path) -> list[tuple[Block, subprocess.CompletedProcess]]:
    """Each block of the tutorial in order, in `folder`, stopping at the first that fails; a Russian
    one under a Russian locale (the tests' own environment says English: LC_ALL, LANGUAGE)."""
    folder.mkdir()
    bin_folder = Path(sys.executable).parent
    environment = {**os.environ,
                   "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
                   "XDG_CONFIG_HOME": str(folder.parent / f"{folder.name}-config")}     # a user config of its own
    if page.stem.endswith(RUSSIAN):
        environment.update(LANG="ru_RU.UTF-8", LC_ALL="", LANGUAGE="")
    results = []
    for block in shell_blocks(page):
        if block.not_run:
            continue
        result = subprocess.run(["bash", "-e", "-u", "-o", "pipefail", "-c", block.commands()], cwd=folder,
                                env=environment, capture_output=True, text=True, timeout=300)
        results.append((block, result))
        if result.returncode != 0:
            break
    return results


def _printed(shown: str, printed: list[str]) -> bool:
    """A line a page shows is one the command printed; "…" in it stands for what the page leaves out."""
    pieces = [piece.strip() for piece in shown.split("…") if piece.strip()]
    return any(all(piece in line for piece in pieces) for line in printed)


@pytest.mark.parametrize("page", TUTORIALS + RUSSIAN_TUTORIALS, ids=lambda page: page.stem)
def test_a_tutorial_runs_as_written_from_an_empty_folder(tmp_path, page):
    """Each tutorial in a test of its own: the workers share them out, and each runs once."""
    assert (Path(sys.executable).parent / "opendomino").exists(), "install the kit: python -m pip install ."
    runs = _run_tutorial(page, tmp_path / page.stem)
    for block, result in runs:
        assert result.returncode == 0, (f"{block.page}:{block.line}: exit status {result.returncode}\n"
                                        f"{block.commands()}\n--- stderr ---\n{result.stderr[-2000:]}")
        assert "Traceback" not in result.stderr, f"{block.page}:{block.line}\n{result.stderr[-2000:]}"
        printed = (result.stdout + result.stderr).splitlines()
        missing = [line for line in block.shows.splitlines() if not _printed(line, printed)]
        assert not missing, (block.page, block.line, missing, printed)
    assert len(runs) == sum(1 for block in shell_blocks(page) if not block.not_run)
    assert any((tmp_path / page.stem).rglob("manifest.json")), "the tutorial made no kit"


# --- the built guide -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def guide(tmp_path_factory) -> Path:
    """The guide built with `mkdocs build --strict` into a temporary folder."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install '.[docs]' (the test extra has it)")
    pytest.importorskip("material", reason="mkdocs-material is not installed: pip install '.[docs]'")
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1",
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}

    def build_guide(folder: Path) -> None:
        result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder / "site")],
                                cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr[-4000:]

    return made_once(tmp_path_factory, "guide", build_guide) / "site"     # once for the whole run


def page_text(site: Path, page: str) -> str:
    """The visible text of a built page, tags removed and entities read."""
    body = (site / page).read_text(encoding="utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_the_guide_has_at_least_25_pages_in_four_parts(guide):
    pages = [path for path in guide.rglob("*.html") if path.name != "404.html"
             and not {"assets", "search"} & set(path.relative_to(guide).parts)]
    assert len(pages) >= 25, len(pages)
    for part, least in (("tutorials", 5), ("how-to", 10), ("reference", 8), ("explanation", 6)):
        assert len(list((guide / part).glob("*.html"))) >= least + 1, part       # + its index


def test_the_guide_names_nothing_on_the_web_to_load(guide):
    """Offline: no page or style sheet names a web font, script or style from a CDN or an analytics
    service. (Material's script bundle holds two fallbacks it loads only when asked: a polyfill for
    browsers without ResizeObserver, and mermaid for diagrams, which the guide has none of; the
    browser test below shows that nothing is fetched.)"""
    banned = ("fonts.googleapis", "fonts.gstatic", "cdn.", "unpkg", "jsdelivr", "googletagmanager",
              "google-analytics", "cdnjs", "polyfill.io")
    for path in guide.rglob("*"):
        if path.suffix in (".html", ".css"):
            text = path.read_text(encoding="utf-8", errors="replace")
            for word in banned:
                assert word not in text, f"{path.relative_to(guide)}: {word}"
            assert not re.search(r"<(script|link|img|iframe)\b[^>]*(src|href)=\"(https?:)?//", text), path.name
            assert not re.search(r"@import|url\(\s*[\"']?(https?:)?//", text), path.name


def test_the_guide_in_a_browser_asks_for_nothing_outside_itself(guide, chromium):
    """Chromium opens pages of each part from the disk: every request stays inside the built site."""
    asked = []
    context = chromium.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.on("request", lambda request: asked.append(request.url))
    for name in ("index.html", "tutorials/first-set-at-home.html", "how-to/letter-paper.html",
                 "reference/commands.html", "explanation/the-game.html", "ru/index.html",
                 "ru/tutorials/first-set-at-home.html"):
        page.goto((guide / name).as_uri(), wait_until="load")
        assert page.title().endswith("Open Domino Kit"), name
        if name.startswith("ru/"):           # Russian words are longer: still nothing to scroll sideways
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
    context.close()
    outside = [url for url in asked if not url.startswith((guide.as_uri(), "data:", "blob:"))]
    assert not outside, outside
    assert len(asked) > 5


def test_the_russian_section_holds_the_russian_pages_and_falls_back_to_english(guide):
    """/ru/: the translated pages in Russian, each linked from its English page by the language
    switcher (and back); a page not translated yet is there too, in English."""
    for name in RUSSIAN_PAGES:
        russian = (guide / "ru" / f"{name}.html").read_text(encoding="utf-8")
        assert '<html lang="ru"' in russian, name
        text = page_text(guide, f"ru/{name}.html")
        assert len(re.findall("[А-Яа-яЁё]", text)) > len(re.findall("[A-Za-z]", text)) / 2, name
        english = (guide / f"{name}.html").read_text(encoding="utf-8")
        assert f'href="{"../" * name.count("/")}ru/{name}.html" hreflang="ru"' in english, name
        assert f'href="{"../" * (name.count("/") + 1)}{name}.html" hreflang="en"' in russian, name
        assert '<html lang="en"' in english, name
    fallback = page_text(guide, "ru/how-to/letter-paper.html")
    assert "Letter" in fallback and "Как сделать" in fallback      # the English page, in the Russian section's nav
    # The theme's own words are Russian there too: the look switch, the footer, the heading links.
    for name in ("index", "how-to/letter-paper"):
        html = (guide / "ru" / f"{name}.html").read_text(encoding="utf-8")
        assert "Тёмное оформление" in html and "Dark look" not in html, name
        assert "распространяется по лицензии MIT" in html and "MIT-licensed" not in html, name
        assert 'title="Постоянная ссылка"' in html and 'title="Permanent link"' not in html, name
        assert "Устройства" in html, name
    assert 'title="Permanent link"' in (guide / "index.html").read_text(encoding="utf-8")


def test_every_generated_table_is_in_its_page(guide):
    """A marker the hook does not replace (one not on a line of its own) would leave a page with
    an HTML comment where its table should be."""
    left = [str(path.relative_to(guide)) for path in guide.rglob("*.html")
            if "<!-- generated:" in path.read_text(encoding="utf-8")]
    assert not left, left
    from generator.settings.user_config import USER_KEYS

    text = page_text(guide, "reference/config-file.html")
    user_keys = text.split("It takes only these keys")[1].split("A theme file named in it")[0]
    assert all(key in user_keys for key in USER_KEYS), user_keys


def test_every_command_and_option_is_in_the_reference(guide):
    from generator.commands.main import cli

    text = page_text(guide, "reference/commands.html")
    for name, command in cli.commands.items():
        assert f"opendomino {name}" in text, name
        for parameter in command.params:
            for flag in (*parameter.opts, *parameter.secondary_opts):
                if flag.startswith("--"):
                    assert flag in text, f"{name} {flag}"
    for parameter in cli.params:
        for flag in parameter.opts:
            assert flag in text, flag


def _keys(table: dict, prefix: str = "") -> set[str]:
    """Every key of a TOML table, nested ones too (by their own name)."""
    found = set()
    for key, value in table.items():
        found.add(key)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                found |= _keys(item)
    return found


def _read_keys(*modules) -> set[str]:
    """The keys a loader reads by name: data["x"], data.get("x"), side["x"] …"""
    pattern = re.compile(r"\b(?:data|side|s|raw|entry|front|marks|machine)(?:\.get\(|\[)\"([a-z_]+)\"")
    return {key for module in modules for key in pattern.findall(Path(module.__file__).read_text(encoding="utf-8"))}


def test_every_key_a_loader_accepts_is_in_the_reference(guide):
    from generator.colour import theme
    from generator.model import classic_sets, figures, line_of_play, set_loader, triangle_figures
    from generator.rules.source import BOOKS, load_book
    from generator.settings import products, user_config
    from generator.settings.config import SETTINGS

    def data_keys(folder: str) -> set[str]:
        return set().union(*(_keys(tomllib.loads(path.read_text(encoding="utf-8")))
                             for path in (ROOT / "templates" / folder).glob("*.toml")))

    wanted = {
        "config-file": {s.name for s in SETTINGS} | {"colours"} | set(user_config.USER_KEYS),
        "colours": set(theme.colour_keys()),
        "theme-file": {*theme.THEME_FIELDS, *theme.COLOUR_SECTIONS, "circle", "arrow", "arrow_style",
                       *(key for keys in theme.COLOUR_SECTIONS.values() for key in keys)},
        "set-file": {*classic_sets.KEYS, *classic_sets.BACK_KEYS, *data_keys("sets"),
                     *_read_keys(set_loader), *(k for keys in set_loader._NUMBERS.values() for k in keys),
                     *(k for keys in set_loader._FLAGS.values() for k in keys)},
        "product-file": {*products.KEYS, *products.FIGURES},
        "machine-file": data_keys("machines"),
        "figure-file": data_keys("figures") | _read_keys(figures, line_of_play, triangle_figures),
        "rules-text": {key for name in BOOKS for key in load_book(name).front_matter},
    }
    for page, keys in wanted.items():
        text = page_text(guide, f"reference/{page}.html")
        keys = {key for key in keys if not key.isdigit()}           # board rows "8" … "1": a row, not a key
        if page in ("set-file", "figure-file"):
            assert '"8"' in text and '"1"' in text, page
        missing = sorted(key for key in keys if not re.search(rf"(?<![\w.-]){re.escape(key)}(?![\w-])", text))
        assert not missing, f"reference/{page}.md lacks {missing}"


def test_every_output_file_environment_variable_and_exit_status_is_in_the_reference(guide):
    from generator.commands.group import PROGRESS_ENV
    from generator.entry import INTERRUPTED_STATUS, TERMINATED_STATUS

    purposes = tomllib.loads((ROOT / "templates" / "manifest.toml").read_text(encoding="utf-8"))["purposes"]
    text = page_text(guide, "reference/output-files.html")
    assert all(pattern in text for pattern, _ in purposes)
    variables = set()
    for path in (ROOT / "generator").rglob("*.py"):
        variables |= set(re.findall(r"environ\.get\(\"([A-Z_]+)\"", path.read_text(encoding="utf-8")))
    assert variables >= {"SOURCE_DATE_EPOCH", "XDG_CONFIG_HOME"}
    variables.add(PROGRESS_ENV)                      # read through its constant
    text = page_text(guide, "reference/environment.html")
    assert all(variable in text for variable in variables), variables
    text = page_text(guide, "reference/exit-codes.html")
    assert all(re.search(rf"\b{status}\b", text) for status in (0, 1, 2, INTERRUPTED_STATUS, TERMINATED_STATUS))


# --- README, the front door ------------------------------------------------------------------------

def test_the_readme_is_a_front_door_whose_links_lead_somewhere():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme):
        if not re.match(r"[a-z]+:", target):
            assert (ROOT / target).exists(), target
    assert "mkdocs serve" in readme and "mkdocs build" in readme and ".[docs]" in readme


def test_the_readme_names_every_dependency_of_pyproject():
    """Every package of the base, of each extra and of the build backend is in README's list, in bold."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [*project["project"]["dependencies"], *project["build-system"]["requires"],
              *(item for extra in project["project"]["optional-dependencies"].values() for item in extra)]
    readme = (ROOT / "README.md").read_text(encoding="utf-8").lower()
    names = {re.match(r"[a-z0-9_.-]+", item.lower())[0] for item in wanted}
    assert len(names) > 20
    assert not sorted(name for name in names if f"**{name}**" not in readme)
