"""The language the command line speaks: gettext's environment variables, then ui_lang in the
config files; the help of every command, its errors, a build's summary and warnings in Russian
under a Russian locale, and in English as before under C. What goes into the files does not
change with it (that is --lang)."""

import json
import os
from pathlib import Path
import re
import subprocess
import sys
import tomllib

from conftest import run_cli
import pytest

CYRILLIC = re.compile("[А-Яа-яЁё]")
# Words no help line can hold without being English prose; names and values (chinese, picture,
# duplex-long, FILE.toml) may stay the same in both languages.
ENGLISH_WORDS = re.compile(r"\b(?:the|a|an|of|to|and|or|in|for|with|is|are|be|on|by|as|from|not|this|that|its|"
                           r"each|every|one|show|write|print|files?)\b")
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# Every command's --help, as a person gets it, from one process (the language is chosen as the
# command line chooses it; each help is then what `opendomino CMD --help` prints).
HELPS = """
import contextlib, io, json, sys
import click
from generator.entry import choose_language
choose_language([])
from generator.commands.main import main
from generator.commands.group import cli

def paths(command, path=()):
    yield path
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from paths(sub, (*path, name))

helps = {}
for path in paths(cli):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main([*path, "--help"])
        except SystemExit:
            pass
    helps[" ".join(path)] = out.getvalue()
print(json.dumps(helps))
"""


def environment(**variables) -> dict:
    """This process's environment with the language variables replaced by `variables`."""
    env = {name: value for name, value in os.environ.items() if name not in LANGUAGE_VARIABLES}
    env.update(variables)
    env["COLUMNS"] = "80"
    return env


def run(*args, cwd=None, **variables) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, cwd=cwd,
                          env=environment(**variables), timeout=300)


def speaks_russian(result: subprocess.CompletedProcess) -> bool:
    """A bad option's one line: Russian, or English as today."""
    (line,) = result.stderr.splitlines()
    assert result.returncode == 2 and line.startswith("opendomino: error: "), result.stderr
    if "No such option" in line:
        assert not CYRILLIC.search(line)
        return False
    assert line.startswith("opendomino: error: Нет такого параметра: '--nope'"), line
    return True


@pytest.mark.parametrize(("variables", "russian"), [
    ({"LANG": "ru_RU.UTF-8"}, True),
    ({"LANG": "ru"}, True),
    ({"LANG": "ru_UA"}, True),
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}, True),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "C"}, True),
    ({"LANGUAGE": "de:ru", "LANG": "de_DE.UTF-8"}, True),      # the first language with a catalogue
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "ru_RU.UTF-8"}, True),   # empty counts as unset
    ({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, False),
    ({"LANG": "C"}, False),
    ({"LANG": "POSIX"}, False),
    ({"LANG": "de_DE.UTF-8"}, False),
    ({"LANGUAGE": "de:fr", "LANG": "ru_RU.UTF-8"}, False),     # LANGUAGE is set: it alone decides
    ({}, False),
])
def test_the_language_follows_gettexts_variables(variables, russian):
    """No system locale is installed for these: the kit reads the names, as gettext does."""
    assert speaks_russian(run("build", "--nope", **variables)) is russian


@pytest.fixture(scope="module")
def helps() -> dict[str, dict[str, str]]:
    found = {}
    for language, variables in (("ru", {"LANG": "ru_RU.UTF-8"}), ("en", {"LANG": "C.UTF-8"})):
        result = subprocess.run([sys.executable, "-c", HELPS], capture_output=True, text=True,
                                env=environment(**variables), timeout=300)
        assert result.returncode == 0, result.stderr
        found[language] = json.loads(result.stdout)
    return found


def test_the_helps_are_those_the_command_prints(helps):
    for path in ("", "build"):
        for language, lang in (("ru", "ru_RU.UTF-8"), ("en", "C.UTF-8")):
            printed = run(*path.split(), "--help", LANG=lang)
            assert printed.returncode == 0 and printed.stdout == helps[language][path], (language, path)
    assert len(helps["ru"]) >= 17 and helps["ru"].keys() == helps["en"].keys()


def test_every_help_reads_in_russian_and_fits_80_columns(helps):
    for path, russian in helps["ru"].items():
        english = helps["en"][path]
        assert not CYRILLIC.search(english), path
        description = russian.split("\n\n")[1]
        assert CYRILLIC.search(description), (path, description)
        assert "Параметры:" in russian and "Показать эту справку и выйти." in russian, path
        assert all(len(line) <= 80 for line in russian.splitlines()), \
            (path, [line for line in russian.splitlines() if len(line) > 80])
        for text in (russian, english):      # a value is never split at its hyphen (across-/notation)
            assert not [line for line in text.splitlines() if re.search(r"\w-$", line)], path
            # each value is named by what it is (FOLDER, MM, SETS), never by click's type (TEXT, INTEGER RANGE)
            assert not re.search(r"\b(TEXT|INTEGER|FLOAT|RANGE|PATH|BOOLEAN)\b", text), path
        assert russian.startswith(f"Использование: opendomino {path} [ПАРАМЕТРЫ]".replace("  ", " ")), path
        # Placeholders are words too: ММ, ШИРИНАxВЫСОТА, ФАЙЛЫ..., never MM, WxH or FILES left over.
        assert not re.findall(r"\b(?:MM|WxH|FILES?|NAME|SETS?|FOLDER|FORMATS?)\b", russian), \
            (path, re.findall(r"\b(?:MM|WxH|FILES?|NAME|SETS?|FOLDER|FORMATS?)\b", russian))
        both = set(russian.splitlines()) & set(english.splitlines())
        left = [line for line in both if ENGLISH_WORDS.search(line)]
        assert not left, (path, left)


def test_check_and_products_name_number_styles_and_units_in_russian():
    checked = run("check", LANG="ru_RU.UTF-8")
    assert checked.returncode == 0, checked.stderr
    assert "комплект double-3: элементов 10 (точки)" in checked.stdout and "(китайские точки)" in checked.stdout
    assert not re.search(r"\((?:pips|chinese|symbols|numerals|dashes)\)", checked.stdout), checked.stdout
    listed = run("products", LANG="ru_RU.UTF-8")
    assert listed.returncode == 0 and "1.75 x 3.5 дюйм." in listed.stdout and " in," not in listed.stdout, listed.stdout
    assert "1.75 x 3.5 in, " in run("products", LANG="C.UTF-8").stdout


def test_english_help_is_as_before(helps):
    assert helps["en"]["build"].startswith("Usage: opendomino build [OPTIONS]\n\n  Write the whole kit: ")
    assert "  -h, --help " in helps["en"][""] and "Show this message and exit." in helps["en"][""]


@pytest.fixture(scope="module")
def small_builds(tmp_path_factory) -> dict[str, tuple[subprocess.CompletedProcess, Path]]:
    """`tiles --sets C` with a board colour that fails a colour check, once in each language."""
    built = {}
    for language, lang in (("ru", "ru_RU.UTF-8"), ("en", "C.UTF-8")):
        out = tmp_path_factory.mktemp(f"tiles-{language}")
        built[language] = (run("tiles", "--sets", "C", "--colour", "board.dark=#fefefe", "--out", str(out), LANG=lang),
                           out)
    return built


def test_a_builds_summary_and_warning_read_in_russian(small_builds):
    result, out = small_builds["ru"]
    assert result.returncode == 0, result.stderr
    summary = result.stdout.strip()
    assert summary.startswith("записан 1 файл, ") and f"в {out};" in summary, summary
    assert summary.endswith(f"список и контрольные суммы в {out / 'manifest.json'}"), summary
    warnings = result.stderr.splitlines()
    assert warnings and all(line.startswith("warning: тема classic: ") for line in warnings), warnings
    assert any("сделайте тёмные клетки темнее" in line for line in warnings)


def test_the_files_do_not_follow_the_messages_language(small_builds):
    """The same PDF whatever the messages' language (what goes into it follows --lang)."""
    (english, english_out), (russian, russian_out) = small_builds["en"], small_builds["ru"]
    assert english.stdout.startswith("wrote 1 file(s), ") and english.stderr.startswith("warning: theme classic: ")
    assert russian.returncode == english.returncode == 0
    assert (russian_out / "tiles-C.pdf").read_bytes() == (english_out / "tiles-C.pdf").read_bytes()


def _config(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "opendomino.toml").write_text(text, encoding="utf-8")
    return folder


def test_ui_lang_in_the_user_config_wins_over_the_environment(tmp_path):
    xdg = tmp_path / "xdg"
    (xdg / "opendomino").mkdir(parents=True)
    (xdg / "opendomino" / "config.toml").write_text('ui_lang = "ru"\n', encoding="utf-8")
    assert speaks_russian(run("build", "--nope", cwd=tmp_path, LANG="C.UTF-8", XDG_CONFIG_HOME=str(xdg)))
    shown = run("config", "--json", cwd=tmp_path, LANG="C.UTF-8", XDG_CONFIG_HOME=str(xdg))
    rows = {row["key"]: row for row in json.loads(shown.stdout)}
    assert rows["ui_lang"]["value"] == "ru" and rows["ui_lang"]["origin"] == "user"


def test_ui_lang_of_the_project_wins_over_the_user_config_and_the_environment(tmp_path):
    xdg = tmp_path / "xdg"
    (xdg / "opendomino").mkdir(parents=True)
    (xdg / "opendomino" / "config.toml").write_text('ui_lang = "ru"\n', encoding="utf-8")
    project = _config(tmp_path / "project", 'ui_lang = "en"\n')
    assert not speaks_russian(run("build", "--nope", cwd=project, LANG="ru_RU.UTF-8", XDG_CONFIG_HOME=str(xdg)))
    other = _config(tmp_path / "other", 'ui_lang = "ru"\n')
    assert speaks_russian(run("build", "--config", str(other / "opendomino.toml"), "--nope", cwd=project,
                              LANG="C.UTF-8", XDG_CONFIG_HOME=str(xdg)))
    auto = _config(tmp_path / "auto", 'ui_lang = "auto"\n')     # as `opendomino init` writes it
    assert speaks_russian(run("build", "--nope", cwd=auto, LANG="ru_RU.UTF-8", XDG_CONFIG_HOME=str(xdg / "none")))


def test_a_wrong_ui_lang_is_one_line_in_the_environments_language(tmp_path):
    project = _config(tmp_path, 'ui_lang = "de"\n')
    result = run("config", cwd=project, LANG="ru_RU.UTF-8")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "opendomino: error: opendomino.toml: ui_lang: 'de' — не одно из: en, ru, auto\n"
    english = run("config", cwd=project, LANG="C")
    assert english.stderr == "opendomino: error: opendomino.toml: ui_lang: 'de' is not one of en, ru, auto\n"


@pytest.mark.parametrize("command", [["sets", "--list"], ["products"], ["verify"], ["layouts", "count", "--set", "C"],
                                     ["init", "x.toml"], ["--version"]])
def test_every_command_refuses_a_wrong_ui_lang(tmp_path, command):
    """Every command speaks the language ui_lang chooses, so every command refuses one it does not
    know, those that read no other setting too: the same line as the settings' check, nothing
    written. From the user config, in the environment's language."""
    project = _config(tmp_path / "project", 'ui_lang = "de"\n')
    result = run_cli(*command, cwd=project, env=environment(LANG="C.UTF-8"))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "opendomino: error: opendomino.toml: ui_lang: 'de' is not one of en, ru, auto\n"
    assert sorted(path.name for path in project.iterdir()) == ["opendomino.toml"]
    user = tmp_path / "xdg" / "opendomino" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text("ui_lang = 7\n", encoding="utf-8")
    result = run_cli(*command, cwd=tmp_path, env=environment(LANG="ru_RU.UTF-8", XDG_CONFIG_HOME=str(tmp_path / "xdg")))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"opendomino: error: {user}: ui_lang: 7 — не строка; запишите в кавычках\n"

def test_the_starter_config_says_ui_lang_and_reads_back(tmp_path):
    written = run("init", cwd=tmp_path, LANG="ru_RU.UTF-8")
    assert written.returncode == 0 and written.stdout == f"записан {Path('opendomino.toml')}\n"
    text = (tmp_path / "opendomino.toml").read_text(encoding="utf-8")
    # Commented out, as a user config may set it; uncommented, the project's value is read back.
    assert '\n# ui_lang = "auto"\n' in text and "# язык сообщений и справки в командной строке: en, ru" in text
    (tmp_path / "opendomino.toml").write_text(text.replace('\n# ui_lang = "auto"\n', '\nui_lang = "auto"\n'),
                                              encoding="utf-8")
    shown = run("config", "--json", cwd=tmp_path, LANG="C")
    rows = {row["key"]: row for row in json.loads(shown.stdout)}
    assert rows["ui_lang"] == {"key": "ui_lang", "value": "auto", "origin": "project", "file": "opendomino.toml"}


def test_ctrl_c_says_its_line_in_the_chosen_language(tmp_path):
    """The line that ends an interrupted command is said in Russian too (it is chosen before the
    commands load, and said from the signal handler); the signal comes once a step has finished."""
    import signal

    sets = "C,double-18,double-15,double-12,double-9,double-6"      # a set a step: the large ones after the first
    process = subprocess.Popen([sys.executable, "-m", "generator", "tiles", "--sets", sets,
                                "--out", str(tmp_path / "kit")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**environment(LANG="ru_RU.UTF-8"), "OPENDOMINO_PROGRESS": "lines"},
                               start_new_session=True)
    try:
        assert process.stdout.readline().startswith("progress 1/")      # a step done, many to come
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err == ("opendomino: error: прервано; уже записанные файлы целы, файл, который записывался, "
                   "не сохранён\n")


def test_each_thread_speaks_the_language_it_was_given():
    """What the studio needs: a request's thread says its messages in its browser's language while
    another thread speaks another, and the process's own language is left as it was."""
    from concurrent.futures import ThreadPoolExecutor
    import threading

    from generator.words import _, language, ngettext, speaking

    both_inside = threading.Barrier(2)

    def say(code: str) -> tuple[str, str, str]:
        with speaking(code):
            both_inside.wait(timeout=30)          # the two blocks are open at the same time
            said = (language(), _("Show this message and exit."), ngettext("{count} tile", "{count} tiles", 5))
        return said

    with ThreadPoolExecutor(2) as pool:
        russian, english = pool.map(say, ("ru", "en"))
    assert russian == ("ru", "Показать эту справку и выйти.", "{count} элементов")
    assert english == ("en", "Show this message and exit.", "{count} tiles")
    assert language() == "en" and _("Usage:") == "Usage:"
    with speaking("de"):                           # no catalogue: English
        assert language() == "en"


def test_the_upload_steps_follow_lang_and_the_note_the_messages(tmp_path):
    """UPLOAD.txt is a file: it follows --lang, as the sheets do (the product's own steps are as its
    file gives them); the note on the terminal follows the messages' language."""
    result = run("build", "--target", "shop", "--product", "tgc-domino-chit", "--sets", "C", "--lang", "ru",
                 "--out", str(tmp_path), LANG="C.UTF-8")
    assert result.returncode == 0, result.stderr
    steps = (tmp_path / "tgc-domino-chit" / "UPLOAD.txt").read_text(encoding="utf-8").splitlines()
    assert steps[0] == "Open Domino Kit для The Game Crafter, Domino Chit"
    assert steps[2].startswith("tgc-domino-chit: элементы 22 x 44 мм масштабированы") and "Шаги:" in steps
    (note,) = result.stderr.splitlines()
    assert note.startswith("note: tgc-domino-chit: the 22 x 44 mm tiles are scaled") and not CYRILLIC.search(note)


def test_the_tabletop_readme_follows_lang(tmp_path):
    from generator.jobs.tabletop import write_saved_object
    from generator.settings.build_options import BuildOptions, BuildReport

    for lang, first in (("ru", "Open Domino Kit для Tabletop Simulator"),
                        ("en", "Open Domino Kit for Tabletop Simulator")):
        out = tmp_path / lang
        write_saved_object(BuildOptions(out=out, sets=("C",), lang=lang), BuildReport())
        readme = (out / "tts" / "README.txt").read_text(encoding="utf-8")
        assert readme.startswith(first + "\n") and "Saved Objects" in readme and "--base-url" in readme
        assert bool(CYRILLIC.search(readme)) is (lang == "ru")


def _russian_only(text: str, *paths: Path) -> bool:
    """Every line Russian, no English prose left (the paths, which may hold any word, taken out)."""
    for path in paths:
        text = text.replace(str(path), "")
    lines = text.splitlines()
    return bool(lines) and all(CYRILLIC.search(line) and not ENGLISH_WORDS.search(line) for line in lines)


def test_a_box_says_what_it_holds_in_russian(tmp_path):
    """`opendomino box` under a Russian locale: each box's line with Russian plurals (a set in two
    stacks, one in a single stack, the Mexican Train's markers) and the note of a box on two sheets."""
    result = run("box", "--sets", "A,double-3,mexican-train", "--out", str(tmp_path), LANG="ru_RU.UTF-8")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "box-A.pdf: комплект A: 32 элемента в 2 стопках по 16; внутри 45 × 45 × 17 мм" in lines
    assert any(line.startswith("box-double-3.pdf: комплект double-3: 10 элементов в одной стопке;") for line in lines)
    assert any(line.startswith("box-mexican-train.pdf: станция «Мексиканского поезда» и 8 фишек;") for line in lines)
    assert _russian_only(result.stdout, tmp_path / "manifest.json", tmp_path), result.stdout
    assert result.stderr.startswith("note: box-mexican-train.pdf: части коробки не помещаются на одном листе A4")
    assert _russian_only(result.stderr.removeprefix("note: ")), result.stderr


@pytest.mark.parametrize(("args", "said"), [
    # the laser's panels, named and listed, that a sheet does not hold
    (("--machine", "laser", "--sheet", "100x100"), "--sheet: на листе 100x100 мм за вычетом полей 5 мм не "
                                                   "помещаются: дно лотка ("),
    (("--machine", "laser", "--material", "1", "--kerf", "1.5"), "--kerf: 1.5 мм — не меньше толщины материала"),
    (("--stacks", "60"), "--stacks: 60 шт. — вне 1–50 шт.;"),
    (("--plate", "200x200"), "--plate: только для коробки, которую печатают на 3D-принтере;"),
], ids=["laser-sheet", "kerf", "stacks", "plate"])
def test_a_boxs_bad_input_is_one_russian_line(tmp_path, args, said):
    result = run("box", "--sets", "A", *args, "--out", str(tmp_path), LANG="ru_RU.UTF-8")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"opendomino: error: {said}") and result.stderr.count("\n") == 1, result.stderr
    assert _russian_only(result.stderr.removeprefix("opendomino: error: ")), result.stderr


@pytest.mark.parametrize(("args", "said"), [
    (("export", "--dpi", "0"), "--dpi: 0 dpi — вне 50–1200 dpi; 300 — для печати"),
    (("export", "--bleed", "11"), "--bleed: 11 мм — вне 0–10 мм; 3 мм фона"),
    (("export", "--format", "stl", "--filaments", "0"), "--filaments: 0 — вне 1–16; укажите, сколько цветов"),
    (("export", "--format", "stl", "--filaments", "x"), "--filaments: 'x' — не целое число;"),
    (("export", "--format", "stl", "--edge-radius", "x"), "--edge-radius: 'x' — не число (мм);"),
    (("export", "--format", "stl", "--min-feature", "9"), "--min-feature: 9 мм — вне 0.1–2 мм; укажите ширину сопла"),
    (("studio", "--no-browser", "--port", "abc"), "--port: 'abc' — не целое число;"),
    (("studio", "--no-browser", "--port", "99999"), "--port: 99999 — вне 0–65535; порты —"),
], ids=["dpi", "bleed", "filaments", "filaments-word", "edge-radius", "min-feature", "port-word", "port"])
def test_a_bad_number_is_one_russian_line_with_its_hint(tmp_path, args, said):
    """Every part of the line is in the messages' language: the unit and the hint too (export's
    were English under a Russian start, and studio's --port said 'a number of ;')."""
    result = run(*args, "--out", str(tmp_path), LANG="ru_RU.UTF-8") if args[0] == "export" else \
        run(*args, LANG="ru_RU.UTF-8")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"opendomino: error: {said}") and result.stderr.count("\n") == 1, result.stderr
    assert _russian_only(result.stderr.removeprefix("opendomino: error: ")), result.stderr


def test_a_russian_setup_card_groups_its_number_and_keeps_its_lines_on_the_page(tmp_path):
    """The card of catalogue layout 12,345 with --lang ru: the number grouped by a space the sheet's
    font draws (read back as one), and the title and the hint, longer in Russian, at least 10 mm in from
    the page's edges (each character's box, as pdfium places it, in points)."""
    pdfium = pytest.importorskip("pypdfium2")
    result = run("layouts", "card", "--set", "C", "--number", "12345", "--lang", "ru", "--out", str(tmp_path),
                 LANG="ru_RU.UTF-8")
    assert result.returncode == 0, result.stderr
    page = pdfium.PdfDocument(tmp_path / "setup-card-C-12345.pdf")[0]
    width = page.get_width()
    text = page.get_textpage()
    boxes = [text.get_charbox(index) for index in range(text.count_chars())]
    lines = text.get_text_range().splitlines()
    assert "№ 12 345 из каталога" in lines[0].replace("\u00a0", " "), lines[0]
    end = "справа: верхних цифр, затем нижних."          # the row sums: which of the two is which
    hint = lines[1] if lines[1].rstrip().endswith(end) else f"{lines[1].rstrip()} {lines[2]}"    # one line or two
    assert hint.startswith("Группа 1 (Север): горизонтали 8–7") and hint.rstrip().endswith(end), lines[1:3]
    margin = 10 / 25.4 * 72
    assert boxes and all(margin < left and right < width - margin for left, _bottom, right, _top in boxes), width


@pytest.mark.parametrize("paper", ["148x210", "90x120"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_setup_card_on_small_paper_breaks_its_words_rather_than_shrink_them(tmp_path, paper, lang):
    """On A5 and on the least paper the kit takes, a card's title is set at 4 mm or more and its hint
    at 2.5 mm or more (about 7 pt, what a reader can still read): a line that would have to be set
    smaller is broken into lines instead, in reading order down the page, between 10 mm margins,
    and all of them above the figure."""
    from pdf_inspect import MM, character_boxes, page_shapes
    from test_setup_cards import written_card

    pdf, page, width, height, title, hint, words = written_card(tmp_path, "C", 12345, paper, lang)
    read = 0
    for line, size, _ in words:
        read += len(line)
        assert size >= (4.0 if read <= len(title) else 2.5) - 1e-6, (line, size)
    assert [word for line, *_ in words for word in line] == title + hint
    assert [baseline for *_, baseline in words] == sorted(baseline for *_, baseline in words)
    figure_top = min(height - r[3] / MM for r in page_shapes(page).rects)          # its background, first
    boxes = [box for _, box in character_boxes(pdf, 0, height)[:sum(len("".join(line)) for line, *_ in words)]]
    assert boxes and all(10 <= left and right <= width - 10 and top >= 10 for left, top, right, _ in boxes)
    assert max(bottom for *_, bottom in boxes) < figure_top


def _language_and_title(pdf: Path) -> tuple[str | None, str]:
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    language = reader.trailer["/Root"].get("/Lang")
    return (str(language) if language is not None else None), str(reader.metadata.get("/Title", ""))


def test_every_pdf_names_its_language_and_is_titled_in_it(default_kit, shop_kit, tmp_path):
    """A PDF's /Lang (what a screen reader reads it as) is the language of the words it prints, and
    its title, which a viewer shows, is in that language: the booklets by their own language, the
    sheets by --lang; in the shop's PDF/X files too."""
    from generator.files.resources import template_path
    from generator.jobs.build import BuildOptions, build

    titles = tomllib.loads(template_path("sheet_texts.toml").read_text(encoding="utf-8"))
    checked = 0
    for kit in (default_kit, shop_kit):
        for pdf in sorted(kit.glob("*.pdf")):
            language, title = _language_and_title(pdf)
            assert language == ("ru" if re.search(r"-ru\b", pdf.stem) else "en"), pdf.name
            assert title and not CYRILLIC.search(title) if language == "en" else CYRILLIC.search(title), pdf.name
            checked += 1
    assert checked >= 29           # 16 PDFs of the default kit, 13 of the shop's
    build(BuildOptions(out=tmp_path, lang="ru", books=(), sets=("A", "double-6")))
    ru = titles["ru"]
    expected = {"tiles-A.pdf": ru["doc_tiles_open"].format(set_name="A"),
                "tiles-double-6.pdf": ru["doc_tiles_classic"].format(set_name="double-6"), "board-full-size.pdf": ru["doc_board"],
                "board-tiled-a4.pdf": ru["doc_board"], "setup-cards.pdf": ru["doc_setup_cards"],
                "tokens-mexican-train.pdf": ru["doc_tokens"]}
    for name, title in expected.items():
        assert _language_and_title(tmp_path / name) == ("ru", title), name
    box = run_cli("box", "--sets", "A", "--lang", "ru", "--out", str(tmp_path / "box"))
    assert box.returncode == 0, box.stderr
    language, title = _language_and_title(tmp_path / "box" / "box-A.pdf")
    assert language == "ru" and title.endswith(ru["doc_box"].format(title="")) and CYRILLIC.search(title), title


def test_the_list_of_sets_lines_up_and_names_its_digits_in_russian():
    """`sets --list`: the digit style in the messages' language (it said pips and dashes), and each
    column starting at the same place on every line, whatever plural the tile count takes."""
    result = run("sets", "--list", LANG="ru_RU.UTF-8")
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and len(lines) >= 12
    styles = [re.split(r"\s{2,}", line.split(None, 1)[1])[1] for line in lines]
    assert set(styles) == {"точки", "чёрточки", "цифры", "китайские точки", "картинки"}, styles
    for column in ("элемент", "точки|чёрточки|цифры|китайские|картинки", "«Открытое|классический|китайское|детское|треугольное"):
        assert len({re.search(column, line).start() for line in lines}) == 1, column
