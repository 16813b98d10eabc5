"""The classic games booklet (seeds 001, 003, 004), its figures of lines of play, and the
Mexican Train pieces."""

import math
from pathlib import Path
import re
import shutil

from pdf_inspect import (
    MM,
    all_operations,
    caption_page,
    circles,
    filled_shapes,
    page_shapes,
    printed_characters,
    read_pdf,
    rgb255,
    stroked_paths,
    tiles_drawn,
)
from plane import box_corners, box_holds, inside_by, mean_point, polygon_gap
import pypdfium2
import pytest

from generator.art.figure import figure_drawing
from generator.art.mexican_train import SHAPES, SLOTS, hub_drawing, marker_drawing
from generator.colour.theme import load_theme
from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.imposition.paper import PAPERS
from generator.jobs.build import BuildOptions, BuildReport
from generator.model import figures as figures_module
from generator.model.figures import load_figures
from generator.model.texts import LANGUAGES
from generator.rules import load_rules
from generator.rules.source import section_tokens, visible_text
from generator.scene.drawing import Group, Rect
from generator.scene.sizes import TileSize
from generator.writers.pdf import write_pdf

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"

# Every game the three classic seeds describe, with where it is described and how many variants
# the seeds give for it (each seed's own variants, plus one "another rule" where two seeds tell the
# same game differently). Numbers are the booklet's.
SEED_GAMES = {
    1: ("Традиционное домино", {"001", "003", "004"}),
    2: ("Козёл", {"001", "003", "004"}),
    3: ("Морской козёл", {"004"}),
    4: ("Генерал", {"004"}),
    5: ("Спортивное домино", {"001", "004"}),
    6: ("Блиц", {"001"}),
    7: ("Блиц вслепую", {"001"}),
    8: ("Втёмную", {"001"}),
    9: ("Чечевэ", {"004"}),
    10: ("Осёл", {"004"}),
    11: ("Телефон", {"004"}),
    12: ("Севастополь", {"001"}),
    13: ("Паук", {"001"}),
    14: ("Колбаса", {"001"}),
    15: ("Маггинс", {"001", "004"}),
    16: ("Берген", {"001"}),
    17: ("Пятерное домино", {"001"}),
    18: ("Тройное домино", {"001"}),
    19: ("Тройное домино на счастье", {"001"}),
    20: ("Семёрка", {"004"}),
    21: ("Матадор", {"001"}),
    22: ("Шестерной матадор", {"001"}),
    23: ("Французская партия", {"001"}),
    24: ("Двухполосное домино", {"001"}),
    25: ("Лестница", {"001"}),
    26: ("Подкидное домино", {"001"}),
    27: ("Мексиканский поезд", {"004"}),
    28: ("Супер-поезд", {"004"}),
    29: ("Детское домино", {"004"}),
    30: ("Треугольное домино", {"004"}),
    31: ("Очко", {"001"}),
}


@pytest.fixture(scope="module")
def classic():
    return {lang: load_rules(lang, book="classic") for lang in LANGUAGES}


def games(files):
    return {f.number: f for f in files if f.kind == "game"}


# Variants per game, as the seeds give them: 1 has two rules of seed 003 and the "yard" form of
# seed 004 beside 001's; 2 (Kozyol) has 003's options, 001's and 004's forms; 3 and 4
# are told differently by 001 and 004 or have the seed's own forms; 21 (Matador) has the second way
# of scoring of seed 001, 22 its beginners' count. Every other game has none.
CLASSIC_VARIANTS = {number: 0 for number in SEED_GAMES} | {1: 3, 2: 8, 3: 5, 4: 3, 21: 1, 22: 1}


# --- the text ---------------------------------------------------------------------------------

def test_every_game_of_the_seeds_has_its_section(classic):
    by_number = games(classic["ru"])
    assert sorted(by_number) == sorted(SEED_GAMES)
    for number, (name, sources) in SEED_GAMES.items():
        game = by_number[number]
        assert name.replace("ё", "е").lower() in game.title.replace("ё", "е").lower(), (number, game.title)
        assert sources <= set(game.sources), (number, game.sources)


def test_both_languages_have_the_same_games_sets_and_variants(classic):
    ru, en = games(classic["ru"]), games(classic["en"])
    assert sorted(ru) == sorted(en)
    for number in ru:
        assert (ru[number].sets, ru[number].players, ru[number].family, ru[number].sources) == \
               (en[number].sets, en[number].players, en[number].family, en[number].sources), number
        assert len(ru[number].variants) == len(en[number].variants), number


def test_variant_counts_are_the_seeds(classic):
    for lang in LANGUAGES:
        counted = {number: len(game.variants) for number, game in games(classic[lang]).items()}
        assert counted == CLASSIC_VARIANTS, lang


def test_opening_and_strategy_chapters(classic):
    for lang in LANGUAGES:
        chapters = [f for f in classic[lang] if f.kind == "chapter"]
        assert len(chapters) == 2
        opening = " ".join(chapters[0].markdown.split())
        assert "(N + 1)(N + 2)/2" in opening
        for count in ("28", "55", "91", "136", "190"):
            assert count in opening, (lang, count)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower().replace("ё", "е"))


def test_no_run_of_eight_words_is_copied_from_any_seed(classic):
    seeds = sorted(SEEDS.glob("*.txt"))
    if not seeds:
        pytest.skip(f"no seeds in {SEEDS} beside this checkout; the own-words check needs them")
    seed_runs = set()
    for seed in seeds:
        words = _words(seed.read_text(encoding="utf-8", errors="replace"))
        seed_runs |= {tuple(words[i:i + 8]) for i in range(len(words) - 7)}
    for lang in LANGUAGES:
        for rules_file in classic[lang]:
            words = _words(rules_file.markdown)
            copied = {tuple(words[i:i + 8]) for i in range(len(words) - 7)} & seed_runs
            assert not copied, (lang, rules_file.file_name, [" ".join(run) for run in sorted(copied)][:2])


def test_every_figure_reference_resolves_and_each_figure_is_placed_once(classic):
    known = set(load_figures("classic"))
    for lang in LANGUAGES:
        placed = []
        for rules_file in classic[lang]:
            placed += re.findall(r"```figure\n\s*([\w-]+)\s*\n```", rules_file.markdown)
            for target in re.findall(r"\]\(#([\w-]+)\)", rules_file.markdown):
                assert target in known, (lang, rules_file.file_name, target)
        assert sorted(placed) == sorted(set(placed)), lang
        assert set(placed) == known, (lang, known - set(placed))


# --- issue 27: each rule the seeds', or marked as ours ----------------------------------------

def said(rules_file, section: str | None = None) -> tuple[str, str]:
    """(what the booklet gives as the seeds' rule, what it marks as its own suggestion): the visible
    text of one section of a game (by its place among the game's headings: 1 the deal, 2 play,
    3 scoring, 4 the end) or of the whole file, each on one line with single spaces."""
    tokens = rules_file.tokens
    if section is not None:
        tokens = section_tokens(tokens, rules_file.sections[section])
    plain, marked, depth = [], [], 0
    for token in tokens:
        depth += (token.type == "blockquote_open") - (token.type == "blockquote_close")
        if token.type == "inline":
            (marked if depth else plain).append(visible_text([token]))
    return " ".join(" ".join(plain).split()), " ".join(" ".join(marked).split())


DEAL, PLAY, SCORING, END = 1, 2, 3, 4

# The words each fix of issue 27 put in the booklet, and the seed line each rests on.
ISSUE_27 = {
    "ru": {
        # 001:253 «…на счет себе он запишет не 5, а 7 очков»
        "double_bonus": "не 5, а 7 очков",
        # 001:255 «Игрок может «гасить» свои штрафные очки выигрышами…»
        "cancel": "«погасить» выигрышными",
        "cancel_example": "5 штрафных очков, а потом заработал 5 выигрышных",
        # 001:257 the variant's own ending and settlement
        "while_moves": "пока участники могут отвечать ходом на ход",
        "winner": "меньше всех штрафных очков или больше всех выигрышных",
        "no_penalty": "штрафных очков нет совсем, — победитель",
        "settlement": "вычитают выигрышные очки победителя",
        "as_threes": "«Тройном домино»",
        "agreed": "договариваются заранее",
        # 004:165 «Счёт очков не ведётся. Считаются только количество «Генералов» в командах.»
        "generals": "сколько «Генералов» получила каждая команда",
        "fewer_generals": "у которой «Генералов» меньше",
        # 004:136-142: every example scores 5 or 10; the general rule is ours
        "telefon_examples": "всякий раз она равна 5 или 10",
        "multiple_of_five": "кратна пяти",
        # 001:215 and 004:156 «За каждую такую «пятерку»… пять очков»
        "per_five": "за каждую такую «пятёрку» — 5 очков",
        "exactly_the_sum": "ровно эту сумму",
        # 004:243 a market and a penalty for drawing from it, no deal
        "bazar": "базар (рынок)",
        "face_down": "лицом вниз",
        "drawing_penalty": "за то, что берут кости из базара, полагается штраф",
        # 003:30-32 «Более распространены игры, в которых расклад дополняется с четырех концов.»
        "four_ends": "ещё чаще встречаются игры, где выкладка растёт с четырёх концов",
        "two_ends_usual": "Обычно цепочку наращивают с двух концов",
        "spinner_ours": "Здесь такой дубль зовётся спинером",
        # 003:51 «…обычно их семь или пять»
        "seven_or_five": "обычно это семь или пять костей",
        # 003:53 and 001:131, 145: the games played face down
        "face_down_games": "«Блиц вслепую» и «Втёмную»",
        # 003:161, 004:50, 004:105, 001:61: who leads the next hand, in many games
        "next_lead": "Во многих играх следующую раздачу начинает",
        # 003:272 «Обороняющийся игрок полагает…», 003:286 «(добровольно или вынужденно)»
        "defender_believes": "обороняющийся рассчитывает",
        "support": "по своей воле или поневоле",
    },
    "en": {
        "double_bonus": "7 points instead of 5",
        "cancel": "“cancel” penalty points with prize points",
        "cancel_example": "5 penalty points and later earned 5 prize points",
        "while_moves": "while the players can answer move with move",
        "winner": "the fewest penalty points or the most prize points",
        "no_penalty": "no penalty points at all is the winner",
        "settlement": "the winner’s prize points are taken off that sum",
        "as_threes": "Threes",
        "agreed": "agreed beforehand",
        "generals": "how many “Generals” each team has got",
        "fewer_generals": "fewer “Generals” wins",
        "telefon_examples": "every time it is 5 or 10",
        "multiple_of_five": "multiple of five",
        "per_five": "5 points for each such “five”",
        "exactly_the_sum": "exactly the sum",
        "bazar": "bazar (the pool, or market)",
        "face_down": "face down",
        "drawing_penalty": "a penalty for drawing tiles from the bazar",
        "four_ends": "games where the layout grows at four ends are even more common",
        "two_ends_usual": "Usually the line grows at its two ends",
        "spinner_ours": "These rules call such a double the spinner",
        "seven_or_five": "usually it is seven or five tiles",
        "face_down_games": "Blind Blitz and Vtyomnuyu",
        "next_lead": "In many games the next hand is led by",
        "defender_believes": "the defender counts on",
        "support": "willingly or not",
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lucky_threes_scores_doubles_cancels_penalties_and_ends_as_seed_001_says(classic, lang):
    words, game = ISSUE_27[lang], games(classic[lang])[19]
    scoring, scoring_ours = said(game, SCORING)
    assert words["double_bonus"] in scoring
    assert words["cancel"] in scoring and words["cancel_example"] in scoring
    assert scoring_ours == ""                     # cancelling is the seed's rule, no longer marked
    end, end_ours = said(game, END)
    for key in ("while_moves", "winner", "no_penalty", "settlement"):
        assert words[key] in end, key
    assert words["as_threes"] not in end + scoring      # the end and the count are this game's own
    assert words["agreed"] in end_ours                  # where the seed stops: a marked suggestion


# Three rules the booklet had read into the seeds: the seed's words stay plain, the reading is marked.
# General: 004:165 counts only the Generals; Telefon: 004:136-142 give examples, not the rule;
# Muggins: 001:215 and 004:156 give 5 points "for each such five".
READ_INTO_THE_SEEDS = {"general": (4, END, "generals", "fewer_generals"),
                       "telefon": (11, PLAY, "telefon_examples", "multiple_of_five"),
                       "muggins": (15, SCORING, "per_five", "exactly_the_sum")}


@pytest.mark.parametrize("game", READ_INTO_THE_SEEDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rule_read_into_the_seeds_is_marked_as_ours(classic, lang, game):
    number, section, seeds_say, we_add = READ_INTO_THE_SEEDS[game]
    words = ISSUE_27[lang]
    plain, marked = said(games(classic[lang])[number], section)
    assert words[seeds_say] in plain and words[we_add] not in plain
    assert words[we_add] in marked


@pytest.mark.parametrize("lang", LANGUAGES)
def test_triominoes_deal_is_marked_as_ours(classic, lang):
    words, game = ISSUE_27[lang], games(classic[lang])[30]
    deal, deal_ours = said(game, DEAL)
    # The seed names a market and a penalty for drawing from it; how the tiles are mixed and how
    # many each takes is ours.
    assert words["bazar"] in deal and words["face_down"] not in deal and not re.search(r"\d", deal)
    assert words["face_down"] in deal_ours and "9" in deal_ours and "7" in deal_ours
    assert words["drawing_penalty"] in said(game, SCORING)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chapters_claim_what_the_seeds_say(classic, lang):
    words = ISSUE_27[lang]
    basics, strategy = (said(f)[0] for f in classic[lang] if f.kind == "chapter")
    for key in ("four_ends", "spinner_ours", "seven_or_five", "face_down_games", "next_lead"):
        assert words[key] in basics, key
    assert words["two_ends_usual"] not in basics
    for key in ("defender_believes", "support"):
        assert words[key] in strategy, key


# --- the figures ----------------------------------------------------------------------------

def test_one_figure_per_family_and_every_joint_matches():
    lines = {fid: f for fid, f in load_figures("classic").items() if f.line is not None}
    assert {"line-block", "line-spinner", "line-matador", "line-mexican-train"} <= set(lines)
    for fid, fig in lines.items():
        line = fig.line
        for arm in line.arms:
            open_number = arm.attach
            for linked in arm.tiles:
                if line.joint == "match":
                    assert linked.near == open_number, (fid, linked)
                else:
                    assert linked.near + open_number == 7, (fid, linked)
                open_number = linked.far
        used = [line.start.tile.digits] + [t.tile.digits for arm in line.arms for t in arm.tiles]
        assert len(used) == len(set(used)), fid
    spinner = lines["line-spinner"].line
    assert sum(points for _, points in spinner.open_ends()) % 5 == 0


# On the page, as the figure files give a direction: a name, or degrees clockwise from the right.
DIRECTION_ANGLES = {"right": 0, "down": 90, "left": 180, "up": 270}


def _tiles_of_a_figure(shapes: list, face: tuple) -> list[dict]:
    """The tiles a booklet page draws (tiles_drawn), each with its pips, the small round shapes on
    it, counted in each half: the top or left half first."""
    tiles = tiles_drawn(shapes, face)
    for tile in tiles:
        width = min(tile["box"][2] - tile["box"][0], tile["box"][3] - tile["box"][1])
        pips = [centre for box, centre, _ in tile["on"]
                if abs((box[2] - box[0]) - (box[3] - box[1])) < 0.05 * (box[2] - box[0]) and box[2] - box[0] < width / 4]
        along = 1 if tile["upright"] else 0
        middle = tile["centre"][along]
        tile["halves"] = (sum(pip[along] < middle for pip in pips), sum(pip[along] > middle for pip in pips))
    return tiles


def _margins_all_round(shapes: list, extent: tuple, light: tuple) -> tuple:
    """The figure's ground (the largest shape of the theme's board.light) around what it shows:
    its margins left, top, right and bottom."""
    ground = max((box for box, colour in shapes if colour == light), key=lambda box: (box[2] - box[0]) * (box[3] - box[1]))
    return extent[0] - ground[0], extent[1] - ground[1], ground[2] - extent[2], ground[3] - extent[3]


def _half_towards(tile: dict, point) -> int:
    """The number on the half of the tile nearer the point."""
    along = 1 if tile["upright"] else 0
    return tile["halves"][0] if point[along] < tile["centre"][along] else tile["halves"][1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_line_of_play_is_drawn_as_its_figure_file_lays_it(default_kit, lang):
    """The booklet's four lines of play, read from the printed PDF (see _check_line_figure),
    against the figure files in templates/figures/."""
    pdf = default_kit / f"rules-classic-{lang}.pdf"
    lines = {path.name: load_toml(path) for path in sorted(Path(template_path("figures")).glob("*.toml"))}
    lines = {name: data for name, data in lines.items() if data["kind"] == "line"}
    assert len(lines) == 4, lines
    for name_of_file, data in lines.items():
        _check_line_figure(pdf, caption_page(pdf, data["title"][lang]), data, name_of_file)


# Lines of one's own, each with one tile alone at an edge of the figure: the start (a double, or
# not), a double in an arm, the hub of a single train.
LINES_OF_ONES_OWN = {
    "a double start, one arm to the right": ('set = "double-6"', 'joint = "match"', 'start = "6-6"',
                                             [("right", ["6-5", "5-2"])]),
    "a double start, one arm to the left": ('set = "double-6"', 'joint = "match"', 'start = "6-6"',
                                            [("left", ["6-5", "5-2"])]),
    "a plain start, a double in its arm": ('set = "double-6"', 'joint = "match"', 'start = "6-4"',
                                           [("left", ["6-6", "6-2"])]),
    "a hub with one train, up": ('set = "double-12"\nhub = true', 'joint = "match"', 'start = "12-12"',
                                 [(270, ["12-5", "5-9"])]),
    "a matador line": ('set = "double-6"', 'joint = "sum-7"', 'start = "3-4"', [("right", ["3-5"])]),
}


@pytest.mark.parametrize("name", LINES_OF_ONES_OWN)
def test_a_line_of_ones_own_is_drawn_as_its_file_lays_it(tmp_path, name):
    """A figure file of one's own, drawn and written as a page of its own, read as the booklet's are:
    here a tile alone at an edge of the figure shows whether the figure's ground holds it."""
    set_line, joint, start, arms = LINES_OF_ONES_OWN[name]
    text = "\n".join(['id = "line-own"', 'kind = "line"', 'book = "classic"', set_line,
                      'title = { en = "A line", ru = "Линия" }', joint, start, ""]
                     + [f"[[arm]]\ndirection = {direction!r}\ntiles = {tiles!r}\n".replace("'", '"')
                        for direction, tiles in arms])
    path = tmp_path / "line-own.toml"
    path.write_text(text, encoding="utf-8")
    write_pdf([figure_drawing(figures_module._load_figure_file(path), load_theme("classic"))], tmp_path / "line.pdf")
    _check_line_figure(tmp_path / "line.pdf", 0, load_toml(path), name)


def _check_line_figure(pdf: Path, index: int, data: dict, name_of_file: str) -> None:
    """A line of play as the page draws it, read with pdfium: the tiles and their pips (counted),
    against its figure file and the rules of a line. Every tile of the file is there once; each
    arm leaves the start in its direction with its tiles in order; each joint shows equal numbers
    (or, with joint = "sum-7", numbers that add up to 7); a double lies across its arm and any
    other tile along it; tiles meet end to end with a hairline between them, on the arm's middle
    line. With a hub (the Mexican Train), the engine lies at the hub's centre and each train's
    first tile in a slot of the hub. The figure's ground leaves the same margin all round."""
    theme = load_toml(template_path("themes/classic.toml"))
    face, light = rgb255(theme["tile"]["face"]["hex"]), rgb255(theme["board"]["light"]["hex"])
    shapes = filled_shapes(pdf, index)
    tiles = _tiles_of_a_figure(shapes, face)
    read = sorted(tuple(sorted(tile["halves"])) for tile in tiles)
    named = [data["start"], *(name for arm in data["arm"] for name in arm["tiles"])]
    assert read == sorted(tuple(sorted(int(n) for n in name.split("-"))) for name in named), (name_of_file, read)

    def tile_named(name):
        numbers = sorted(int(n) for n in name.split("-"))
        return next(tile for tile in tiles if sorted(tile["halves"]) == numbers)

    start = tile_named(data["start"])
    length = max(start["box"][2] - start["box"][0], start["box"][3] - start["box"][1])
    start_double = start["halves"][0] == start["halves"][1]
    assert start["upright"] == start_double, name_of_file     # a double across the line, another tile along it
    for arm in data["arm"]:
        angle = math.radians(DIRECTION_ANGLES.get(arm["direction"], arm["direction"]))
        way = (round(math.cos(angle)), round(math.sin(angle)))
        along = 0 if way[1] == 0 else 1
        before = start
        for order, name in enumerate(arm["tiles"]):
            tile = tile_named(name)
            reach = (tile["centre"][0] - start["centre"][0]) * way[0] + (tile["centre"][1] - start["centre"][1]) * way[1]
            aside = tile["centre"][1 - along] - start["centre"][1 - along]
            assert reach > 0 and abs(aside) < 0.01 * length, (name_of_file, name, reach, aside)   # on the arm's line
            is_double = tile["halves"][0] == tile["halves"][1]
            assert tile["upright"] == (is_double != (along == 1)), (name_of_file, name)    # across or along
            near, far = _half_towards(tile, before["centre"]), _half_towards(before, tile["centre"])
            assert (near == far) if data["joint"] == "match" else (near + far == 7), (name_of_file, name, near, far)
            edge = [tile["box"][along], tile["box"][along + 2]][way[along] < 0]
            back = [before["box"][along + 2], before["box"][along]][way[along] < 0]
            gap = (edge - back) * way[along]
            if data.get("hub") and order == 0:
                # In the hub the train starts in its slot: a shape under the tile, just larger.
                slots = [box for box, colour in shapes[:shapes.index((tile["box"], face))]
                         if colour != face and box_holds(box, tile["box"])
                         and max(box[2] - box[0], box[3] - box[1]) < 1.05 * length]
                assert slots and gap > 0, (name_of_file, name, gap)
            else:
                assert 0 < gap < 0.03 * length, (name_of_file, name, gap)   # touching, a hairline apart
            before = tile
    if data.get("hub"):
        # The engine in its cell, at the centre of the hub: the largest square drawn under it.
        under = [box for box, colour in shapes[:shapes.index((start["box"], face))] if colour != face]
        hub = max((box for box in under if abs((box[2] - box[0]) - (box[3] - box[1])) < 0.01),
                  key=lambda box: box[2] - box[0])
        assert hub[2] - hub[0] > 2 * length
        assert math.dist(mean_point(box_corners(hub)), start["centre"]) < 0.01 * length, (hub, start)
    # The figure's ground leaves the same margin on every side of the tiles (and the hub).
    boxes = [tile["box"] for tile in tiles] + ([hub] if data.get("hub") else [])
    extent = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    margins = _margins_all_round(shapes, extent, light)
    assert min(margins) > 0 and max(margins) - min(margins) < 0.01 * length, (name_of_file, margins)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_triominoes_figure_is_drawn_as_its_figure_file_lays_it(default_kit, lang):
    """The booklet's triominoes figure, read from the printed PDF (see _check_triominoes_figure)."""
    pdf = default_kit / f"rules-classic-{lang}.pdf"
    data = load_toml(template_path("figures/line-triominoes.toml"))
    _check_triominoes_figure(pdf, caption_page(pdf, data["title"][lang]), data)


def test_a_triominoes_figure_anywhere_in_the_lattice_is_drawn_in_its_place(tmp_path):
    """The same figure file with its row moved down one row and across three columns (each tile
    still pointing as before), drawn and written as a page of its own: the same tiles, in a
    figure that still fits them with the same margin all round."""
    data = load_toml(template_path("figures/line-triominoes.toml"))
    for tile in data["tile"]:
        tile["at"] = [tile["at"][0] + 1, tile["at"][1] + 3]
    path = tmp_path / "moved.toml"
    path.write_text("\n".join([f"id = {data['id']!r}", 'kind = "triangles"', f"set = {data['set']!r}",
                               f"title = {{ en = {data['title']['en']!r}, ru = {data['title']['ru']!r} }}", ""]
                              + [f"[[tile]]\nat = {tile['at']}\ncorners = {tile['corners']}\n" for tile in data["tile"]]),
                    encoding="utf-8")
    figure = figures_module._load_figure_file(path)
    write_pdf([figure_drawing(figure, load_theme("classic"))], tmp_path / "moved.pdf")
    _check_triominoes_figure(tmp_path / "moved.pdf", 0, data)


def _check_triominoes_figure(pdf: Path, index: int, data: dict) -> None:
    """A triominoes figure as the page draws it: its triangles (the tiles' outlines, in the theme's
    divider colour) and the numbers pdfium reads in each. Each tile stands in its lattice cell
    (columns left to right, up where row + column is even) with one number by each corner, facing
    it, and reads clockwise from its apex (or, pointing down, from its bottom corner) as the figure
    file gives it; every edge two tiles share has the same numbers at both ends; the figure's
    ground leaves the same margin on every side."""
    theme = load_toml(template_path("themes/classic.toml"))
    ink = ("rgb", *(round(channel / 255, 4) for channel in rgb255(theme["tile"]["divider"]["hex"])))
    page = read_pdf(pdf).pages[index]
    height = float(page.mediabox.height)
    triangles = [[(x / MM, (height - y) / MM) for x, y in path.points] for path in stroked_paths(page)
                 if path.closed and len(path.points) == 3 and path.colour == ink]
    assert len(triangles) == len(data["tile"])
    digits = [(char, centre, up) for char, _, centre, up in printed_characters(pdf, index, page) if char.isdigit()]
    side = math.dist(*triangles[0][:2])
    read = []
    for corners in sorted(triangles, key=lambda corners: mean_point(corners)[0]):
        numbers, middle = {}, mean_point(corners)
        for char, centre, up in digits:
            if inside_by(centre, corners) > 0:
                corner = min(corners, key=lambda point: math.dist(point, centre))
                towards = ((corner[0] - middle[0]) / math.dist(corner, middle), (corner[1] - middle[1]) / math.dist(corner, middle))
                # It faces its corner: its top points from the tile's centre to the corner.
                assert towards[0] * up[0] + towards[1] * up[1] > math.cos(math.radians(0.5)), (char, centre, up)
                assert corner not in numbers, (corners, char)
                numbers[corner] = int(char)
        assert len(numbers) == 3, (corners, numbers)
        up = min(corner[1] for corner in corners) < middle[1] - side / 2        # the apex above the centre
        first = min(corners, key=lambda corner: corner[1]) if up else max(corners, key=lambda corner: corner[1])
        # Clockwise on the page, where y runs down: the angle about the centre grows.
        turning = sorted(corners, key=lambda corner: (math.atan2(corner[1] - middle[1], corner[0] - middle[0])
                                                      - math.atan2(first[1] - middle[1], first[0] - middle[0])) % math.tau)
        read.append((up, [numbers[corner] for corner in turning], numbers))
    placed = sorted(data["tile"], key=lambda tile: tile["at"][1])
    assert len({tile["at"][0] for tile in placed}) == 1                     # one row, as the file has it
    assert [(up, numbers) for up, numbers, _ in read] == \
        [((tile["at"][0] + tile["at"][1]) % 2 == 0, tile["corners"]) for tile in placed]
    shared = 0
    for (_, _, one), (_, _, other) in zip(read, read[1:]):
        common = [(a, b) for a in one for b in other if math.dist(a, b) < 0.05]
        assert len(common) == 2, common                 # neighbours in the row share an edge
        assert all(one[a] == other[b] for a, b in common), (one, other)
        shared += 1
    assert shared == len(placed) - 1
    # The figure's ground leaves the same margin on every side of the row.
    points = [point for corners in triangles for point in corners]
    extent = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points), max(y for _, y in points))
    margins = _margins_all_round(filled_shapes(pdf, index), extent, rgb255(theme["board"]["light"]["hex"]))
    assert min(margins) > 0 and max(margins) - min(margins) < 0.01 * side, margins


@pytest.mark.parametrize("old, new, problem", [
    ('tiles = ["5-0"]', 'tiles = ["4-0"]', "arm 1: tile 4-0 does not join 5"),
    ('tiles = ["5-0"]', 'tiles = ["5-3"]', "arm 2: tile 5-3 is not in the set, or is used twice"),
    ('start = "5-5"', 'start = "5-9"', "start: tile 5-9 is not in the set"),
])
def test_a_figure_with_a_broken_joint_is_refused_with_one_line(tmp_path, monkeypatch, old, new, problem):
    folder = tmp_path / "figures"
    shutil.copytree(template_path("figures"), folder)
    path = folder / "line-spinner.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    monkeypatch.setattr(figures_module, "template_path", lambda *parts: tmp_path.joinpath(*parts)
                        if parts[0] == "figures" else template_path(*parts))
    figures_module._all_figures.cache_clear()
    try:
        with pytest.raises(UserError) as error:
            load_figures("classic")
    finally:
        figures_module._all_figures.cache_clear()
    message = str(error.value)
    assert "line-spinner" in message and problem in message and "\n" not in message


# --- the Mexican Train pieces ---------------------------------------------------------------

def _slot_rects(drawing):
    """The hub's slots: (rect, transform) for each rectangle inside a turned group."""
    for item in drawing.items:
        if isinstance(item, Group):
            for inner in item.items:
                if isinstance(inner, Rect):
                    yield inner, item.transform


@pytest.mark.parametrize("size", [TileSize(22, 44), TileSize(26, 52)])
@pytest.mark.parametrize("clearance", [0.0, 2.0])       # the booklets' figures; the printed hub (--clearance)
def test_the_hub_has_eight_slots_of_the_tile_size_and_clearance(size, clearance):
    hub = hub_drawing(load_theme("classic"), size, 0.0, clearance)
    slots = list(_slot_rects(hub))
    assert len(slots) == SLOTS == 8
    width, length = size.width + clearance, size.height + clearance
    centres = []
    for rect, transform in slots:
        corners = [transform.apply(x, y) for x, y in ((rect.x, rect.y), (rect.x + rect.width, rect.y),
                                                      (rect.x, rect.y + rect.height))]
        long_side = math.dist(corners[0], corners[1])
        short_side = math.dist(corners[0], corners[2])
        assert long_side == pytest.approx(length, abs=0.01) and short_side == pytest.approx(width, abs=0.01)
        centres.append(transform.apply(rect.x + rect.width / 2, rect.y + rect.height / 2))
    # Slots lie around the centre at equal angles; no two slots overlap, nor a slot and the engine.
    radius = hub.width / 2
    angles = sorted(round(math.degrees(math.atan2(y - radius, x - radius)) % 360) for x, y in centres)
    assert angles == [0, 45, 90, 135, 180, 225, 270, 315]
    engine = [(radius - width / 2, radius - length / 2), (radius + width / 2, radius - length / 2),
              (radius + width / 2, radius + length / 2), (radius - width / 2, radius + length / 2)]
    boxes = [[transform.apply(x, y) for x, y in ((r.x, r.y), (r.x + r.width, r.y), (r.x + r.width, r.y + r.height),
                                                 (r.x, r.y + r.height))] for r, transform in slots]
    for index, box in enumerate(boxes):
        assert not _overlap(box, engine), index
        for other in boxes[index + 1:]:
            assert not _overlap(box, other), index


def _overlap(a, b) -> bool:
    """Two convex polygons overlap unless some edge's normal separates them (separating axes)."""
    for polygon in (a, b):
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            normal = (y0 - y1, x1 - x0)
            project = lambda points: [p[0] * normal[0] + p[1] * normal[1] for p in points]  # noqa: E731
            if max(project(a)) <= min(project(b)) + 1e-9 or max(project(b)) <= min(project(a)) + 1e-9:
                return False
    return True


def _stroked_rectangles(page) -> list[tuple[float, float, tuple]]:
    """(short side, long side in mm, stroke colour) of every rectangle (`re`) a PDF page strokes,
    through every q/Q/cm: the slots are turned, so their sides are measured corner to corner."""
    matrix, stack, stroke, found, pending = (1, 0, 0, 1, 0, 0), [], None, [], []
    for operands, operator in all_operations(page):
        values = [float(v) for v in operands] if operator in ("cm", "re", "RG", "K") else []
        if operator == "q":
            stack.append((matrix, stroke))
        elif operator == "Q":
            matrix, stroke = stack.pop()
        elif operator == "cm":
            a, b, c, d, e, f = values
            A, B, C, D, E, F = matrix
            matrix = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif operator in ("RG", "K"):
            stroke = tuple(round(v, 3) for v in values)
        elif operator == "re":
            x, y, w, h = values
            A, B, C, D, E, F = matrix
            pending.append([(A * px + C * py + E, B * px + D * py + F) for px, py in ((x, y), (x + w, y), (x, y + h))])
        elif operator in ("S", "s", "B", "B*", "b", "b*"):
            for origin, along, across in pending:
                sides = sorted((math.dist(origin, along) / MM, math.dist(origin, across) / MM))
                found.append((*sides, stroke))
            pending = []
        elif operator in ("f", "f*", "F", "n"):
            pending = []
    return found


@pytest.mark.parametrize("target, clearance", [("home", 2.0), ("home", 3.5), ("shop", 2.0)])
def test_the_printed_hub_slots_have_the_clearance(tmp_path, target, clearance):
    """Issue 26: the slots were exactly tile-sized. Read back from the real PDF: the engine's cell
    and the eight slots are a tile plus --clearance, as the board's cells."""
    from generator.jobs.build import build_shop_tokens, build_tokens

    options = BuildOptions(out=tmp_path, clearance=clearance, target=target)
    report = BuildReport()
    (build_tokens if target == "home" else build_shop_tokens)(options, report)
    (path,) = report.written
    wanted = (22 + clearance, 44 + clearance)
    cells = [rect for rect in _stroked_rectangles(read_pdf(path).pages[0])
             if rect[:2] == pytest.approx(wanted, abs=0.01)]
    assert len(cells) == 1 + SLOTS, _stroked_rectangles(read_pdf(path).pages[0])
    assert len({stroke for *_, stroke in cells}) == 1 + SLOTS       # the engine's ink and each train's colour
    assert not [rect for rect in _stroked_rectangles(read_pdf(path).pages[0])
                if rect[:2] == pytest.approx((22, 44), abs=0.01)], "a slot of the bare tile size is left"


def test_eight_markers_in_distinct_colours_and_shapes():
    theme = load_theme("classic")
    colours = {marker_drawing(theme, number, 0.0).items[1].style.fill.hex for number in range(1, 9)}
    assert len(colours) == 8 and len(set(SHAPES)) == 8


def token_circles(pdf: Path, dashed: bool) -> tuple[object, list, list]:
    """The token page, the hub's circle and the markers' (x, y, r in mm from the top-left), the
    markers from the top row down and left to right."""
    page = read_pdf(pdf).pages[0]
    found = circles([path for path in stroked_paths(page) if path.dashed == dashed], float(page.mediabox.height))
    hub = max(found, key=lambda circle: circle[2])
    markers = sorted((c for c in found if c != hub), key=lambda c: (round(c[1], 1), c[0]))
    return page, hub, markers


def test_the_hubs_edge_on_the_token_sheet_is_its_dashed_cut_alone(default_kit):
    """"Cut along the dashed circles": no solid circle lies under the hub's dashed one (a solid dark
    ring drawn under the dashes made them a solid line)."""
    pdf = default_kit / "tokens-mexican-train.pdf"
    page, hub, _ = token_circles(pdf, dashed=True)
    solid = circles([path for path in stroked_paths(page) if not path.dashed], float(page.mediabox.height))
    assert not [circle for circle in solid if math.dist(circle[:2], hub[:2]) < 1 and abs(circle[2] - hub[2]) < 1]


def test_the_token_sheet_cuts_the_hub_above_two_rows_of_numbered_markers(default_kit):
    """The home page: nine dashed cut circles, the hub's and eight alike, none touching another or
    within 5 mm of the paper's edge (what a home printer reaches); the hub above two rows of four
    markers, the whole centred across the page; inside each marker's circle its own number, 1 to 4
    in the upper row and 5 to 8 in the lower, left to right."""
    pdf = default_kit / "tokens-mexican-train.pdf"
    page, hub, markers = token_circles(pdf, dashed=True)
    width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    assert len(markers) == SLOTS and max(r for *_, r in markers) - min(r for *_, r in markers) < 0.01
    pieces = [hub, *markers]
    for x, y, r in pieces:
        assert 5 <= x - r and x + r <= width - 5 and 5 <= y - r and y + r <= height - 5
    for i, (x, y, r) in enumerate(pieces):
        for u, v, s in pieces[i + 1:]:
            assert math.dist((x, y), (u, v)) >= r + s + 1
    rows = [markers[:4], markers[4:]]
    assert all(max(y for _, y, _ in row) - min(y for _, y, _ in row) < 0.01 for row in rows)
    assert all(abs(a[0] - b[0]) < 0.01 for a, b in zip(*rows))           # columns
    assert hub[1] + hub[2] < min(y - r for _, y, r in markers)
    left, right = min(x - r for x, _, r in pieces), max(x + r for x, _, r in pieces)
    assert (left + right) / 2 == pytest.approx(width / 2, abs=0.05)
    document = pypdfium2.PdfDocument(pdf)
    text = document[0].get_textpage()
    digits = []
    for index in range(text.count_chars()):
        a, b, c, d = text.get_charbox(index)
        centre = ((a + c) / 2 / MM, height - (b + d) / 2 / MM)
        digits.append((text.get_text_range(index, 1), centre))
    for number, (x, y, r) in enumerate(markers, start=1):
        inside = [char for char, centre in digits if math.dist(centre, (x, y)) < r and char.strip()]
        assert inside == [str(number)], (number, inside)
    document.close()


def _shape_marks(points) -> list[tuple[float, float]]:
    """A drawn shape as (bearing in degrees, distance as a share of the farthest) of each corner
    from the corners' mean: the same for a shape however large, and turned as the shape turns."""
    cx, cy = mean_point(points)
    farthest = max(math.dist((cx, cy), point) for point in points)
    return [(math.degrees(math.atan2(y - cy, x - cx)) % 360, math.dist((cx, cy), (x, y)) / farthest) for x, y in points]


def _same_shape(a, b) -> bool:
    """The same corners, to 2 degrees and 2 % of the size."""
    def near(p, q):
        return min(abs(p[0] - q[0]), 360 - abs(p[0] - q[0])) < 2 and abs(p[1] - q[1]) < 0.02
    return len(a) == len(b) and all(any(near(p, q) for q in b) for p in a)


def _shape_name(points) -> str:
    """What a player would call a marker's shape, from its corners (y down): a circle; a square
    standing on a side or a diamond on a corner; a triangle on its base; a pentagon with a corner
    up; a hexagon; a five-pointed star with a point up; a heart, the same both sides of its
    upright middle line, its point down. Anything else is "?"."""
    count = len(points)
    cx, cy = mean_point(points)
    radii = [math.dist((cx, cy), point) for point in points]
    sides = [math.dist(a, b) for a, b in zip(points, points[1:] + points[:1])]
    bearings = [math.degrees(math.atan2(y - cy, x - cx)) % 360 for x, y in points]
    regular = max(radii) - min(radii) < 0.01 * max(radii) and max(sides) - min(sides) < 0.01 * max(sides)

    def has_bearing(angle, among=bearings):
        return any(min(abs(b - angle), 360 - abs(b - angle)) < 0.5 for b in among)

    if count >= 24 and regular:
        return "circle"
    if count == 4 and regular:
        return "diamond" if has_bearing(270) and has_bearing(0) else "square" if has_bearing(225) else "?"
    if count == 3 and regular and has_bearing(270):
        return "triangle"
    if count == 5 and regular and has_bearing(270):
        return "pentagon"
    if count == 6 and regular:
        return "hexagon"
    if count == 10 and has_bearing(270, [b for b, r in zip(bearings, radii) if r > 0.99 * max(radii)]) \
            and sum(1 for r in radii if r > 0.99 * max(radii)) == 5 and min(radii) < 0.6 * max(radii):
        return "star"
    mirrored = [(2 * cx - x, y) for x, y in points]
    lowest = max(points, key=lambda point: point[1])
    if count >= 24 and not regular and abs(lowest[0] - cx) < 0.02 * max(radii) \
            and all(min(math.dist(m, point) for point in points) < 0.02 * max(radii) for m in mirrored):
        return "heart"
    return "?"


@pytest.mark.parametrize("theme, size", [("classic", TileSize(22, 44)),
                                         ("grayscale", TileSize(18, 48))])   # long tiles: the slots' length sets their start
def test_each_train_marker_matches_its_slot_on_the_hub_in_number_colour_and_shape(tmp_path, theme, size):
    """What tells the trains apart on the table: train marker N and the hub's slot N, read from the
    printed page.
    - The engine's cell, a tile plus the clearance, stands on the hub's centre.
    - Each slot's number stands past the slot's far end, where a tile in the slot leaves it in
      sight, inside the hub, its top away from the centre (it reads from that train's side);
      1 to 8 in turn round the hub, 45 degrees apart.
    - Slot N's outline has marker N's colour; its mark lies in the slot, 1 mm or more inside the
      outline, and is marker N's shape in marker N's colour, standing as on the marker, not turned
      with its slot (turned by 45 degrees, slot 2's square was the diamond of train 4).
    - No two of the cells (the engine's and the slots) overlap, or come within 0.9 mm of each
      other, where their outlines would run together.
    - The markers carry 1 to 8, and no two share a shape. Their colours are the theme file's
      pips.1 to pips.8, or all its digit colour in a theme that does not colour numbers."""
    from generator.jobs.build import build_tokens

    report = BuildReport()
    build_tokens(BuildOptions(out=tmp_path, theme=theme, tile_size=size), report)
    (pdf,) = report.written
    page, hub, markers = token_circles(pdf, dashed=True)
    height = float(page.mediabox.height)
    shapes = [([(x / MM, (height - y) / MM) for x, y in points], fill) for points, fill in page_shapes(page).polygons]
    characters = printed_characters(pdf, 0, page)

    import numpy as np

    dpi = 200
    document = pypdfium2.PdfDocument(pdf)
    shade = np.asarray(document[0].render(scale=dpi / 72).to_pil().convert("L"), dtype=int)
    document.close()

    def pixels(left, top, right, bottom):
        return shade[round(top / 25.4 * dpi):round(bottom / 25.4 * dpi), round(left / 25.4 * dpi):round(right / 25.4 * dpi)]

    marker_of = {}
    for x, y, r in markers:
        (number,) = [c for c in characters if math.dist(c[2], (x, y)) < r]
        (shape,) = [(points, fill) for points, fill in shapes if math.dist(mean_point(points), (x, y)) < r]
        marker_of[int(number[0])] = shape
        # The number reads: dark ink on a light ground round it, whatever the marker's colour.
        left, top, right, bottom = number[1]
        ring = np.concatenate([pixels(left - 0.6, top - 0.6, right + 0.6, top - 0.3).ravel(),
                               pixels(left - 0.6, bottom + 0.3, right + 0.6, bottom + 0.6).ravel(),
                               pixels(left - 0.6, top, left - 0.3, bottom).ravel(),
                               pixels(right + 0.3, top, right + 0.6, bottom).ravel()])
        assert pixels(left, top, right, bottom).min() < 80 and ring.min() > 180, f"marker {number[0]}'s number"
    assert sorted(marker_of) == list(range(1, SLOTS + 1))
    centre = hub[:2]
    cell = (size.width + BuildOptions().clearance, size.height + BuildOptions().clearance)
    cells = [(points, path.colour[1:]) for path in stroked_paths(page) if path.closed and not path.dashed
             for points in [[(x / MM, (height - y) / MM) for x, y in path.points]]
             if len(points) == 4 and math.dist(mean_point(points), centre) < hub[2]
             and sorted((math.dist(points[0], points[1]), math.dist(points[1], points[2]))) == pytest.approx(cell, abs=0.01)]
    (engine,) = [points for points, _ in cells if inside_by(centre, points) > 0]
    assert mean_point(engine) == pytest.approx(centre, abs=0.05)
    for index, (points, _) in enumerate(cells):
        for other, _ in cells[index + 1:]:
            assert not _overlap(points, other) and polygon_gap(points, other) >= 0.9, "two cells overlap or touch"
    in_hub = [(points, fill) for points, fill in shapes if math.dist(mean_point(points), centre) < hub[2]]
    labels = [c for c in characters if math.dist(c[2], centre) < hub[2]]
    assert len(in_hub) == len(labels) == len(cells) - 1 == SLOTS
    bearings = {}
    for label in labels:                # the slot's middle line runs from the hub's centre out through its number
        bearing = math.atan2(label[2][1] - centre[1], label[2][0] - centre[0])
        along = (math.cos(bearing), math.sin(bearing))

        def across(x, y):
            return abs((x - centre[0]) * along[1] - (y - centre[1]) * along[0])

        def out(x, y):
            return (x - centre[0]) * along[0] + (y - centre[1]) * along[1]

        def on_this_slot(points, beyond):
            return across(*mean_point(points)) < 3 and out(*mean_point(points)) > beyond

        (points, fill), = [(points, fill) for points, fill in in_hub if on_this_slot(points, 0)]
        (slot, outline), = [(p, colour) for p, colour in cells if on_this_slot(p, cell[0])]     # not the engine's
        number = int(label[0])
        bearings[number] = math.degrees(bearing)
        assert all(inside_by(point, slot) >= 1.0 for point in points), f"slot {number}'s mark is not inside it"
        box = label[1]
        corners = box_corners(box)
        assert min(out(*point) for point in corners) > max(out(*point) for point in slot), \
            f"slot {number}'s number is under a tile in the slot"
        assert max(math.dist(point, centre) for point in corners) < hub[2]
        assert label[3][0] * along[0] + label[3][1] * along[1] > math.cos(math.radians(0.5)), f"slot {number}'s number"
        marker_points, marker_fill = marker_of[number]
        assert fill == marker_fill and outline == tuple(marker_fill), f"slot {number} is not marker {number}'s colour"
        assert _same_shape(_shape_marks(points), _shape_marks(marker_points)), f"slot {number} is not marker {number}'s shape"
        assert _shape_name(points) == _shape_name(marker_points) != "?", f"slot {number}: {_shape_name(points)}"
    assert sorted(bearings) == list(range(1, SLOTS + 1))
    steps = [(bearings[n % SLOTS + 1] - bearings[n]) % 360 for n in range(1, SLOTS + 1)]
    assert all(abs(step - 45) < 0.5 for step in steps) or all(abs(step - 315) < 0.5 for step in steps), steps
    data = load_toml(template_path(f"themes/{theme}.toml"))
    hexes = ([data["pips"][str(n)]["hex"] for n in range(1, SLOTS + 1)] if data.get("numbers_in_colour", True)
             else [data["tile"]["digit"]["hex"]] * SLOTS)
    assert [marker_of[n][1] for n in range(1, SLOTS + 1)] == \
        [tuple(round(int(h[i:i + 2], 16) / 255, 4) for i in (1, 3, 5)) for h in hexes]
    # The shapes as docs/how-to/classic-sets.md names them, from marker 1 to 8.
    assert [_shape_name(marker_of[n][0]) for n in range(1, SLOTS + 1)] == \
        ["circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "heart"]


def test_each_token_cut_line_runs_round_the_edge_of_its_piece(default_kit):
    """pdfium's picture of the home page: just inside each dashed circle (0.8 mm) the piece's
    colour, just outside it white paper, all the way round; and the markers' rows stand centred
    under the hub."""
    import numpy as np

    pdf = default_kit / "tokens-mexican-train.pdf"
    _, hub, markers = token_circles(pdf, dashed=True)
    dpi = 150
    document = pypdfium2.PdfDocument(pdf)
    pixels = np.asarray(document[0].render(scale=dpi / 72).to_pil().convert("L"), dtype=int)
    document.close()

    def shade(x, y):
        return pixels[round(y / 25.4 * dpi), round(x / 25.4 * dpi)]

    for x, y, r in (hub, *markers):
        for step in range(48):
            angle = step * math.pi / 24
            inside = shade(x + (r - 0.8) * math.cos(angle), y + (r - 0.8) * math.sin(angle))
            outside = shade(x + (r + 0.8) * math.cos(angle), y + (r + 0.8) * math.sin(angle))
            assert inside < 250 and outside > 252, ((x, y, r), step, inside, outside)
    for row in (markers[:4], markers[4:]):
        assert (row[0][0] + row[-1][0]) / 2 == pytest.approx(hub[0], abs=0.05)



def test_the_token_sheets_title_above_and_its_50_mm_bar_below_centred(default_kit):
    """The page's title centred over the hub, and the 50 mm bar that checks the print's scale
    centred under the markers, both on the paper."""
    pdf = default_kit / "tokens-mexican-train.pdf"
    page, hub, markers = token_circles(pdf, dashed=True)
    width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    bars = [sorted(path.points) for path in stroked_paths(page) if not path.dashed and len(path.points) == 2
            and abs(path.points[0][1] - path.points[1][1]) < 0.01
            and abs(path.points[0][0] - path.points[1][0]) / MM == pytest.approx(50, abs=0.01)]
    assert len(bars) == 1
    (a, y), (b, _) = bars[0]
    assert (a + b) / 2 / MM == pytest.approx(width / 2, abs=0.05)
    assert max(r + my for _, my, r in markers) < height - y / MM < height - 10
    document = pypdfium2.PdfDocument(pdf)
    text = document[0].get_textpage()
    full = text.get_text_range()
    title = "Mexican Train: the hub and 8 train markers"
    line = next(line for line in full.split("\r\n") if line.startswith(title))
    boxes = [text.get_charbox(i) for i in range(full.find(line), full.find(line) + len(line))]
    left, right = min(box[0] for box in boxes) / MM, max(box[2] for box in boxes) / MM
    assert (left + right) / 2 == pytest.approx(width / 2, abs=0.5) and 10 <= left
    assert 10 <= height - max(box[3] for box in boxes) / MM and height - min(box[1] for box in boxes) / MM < hub[1] - hub[2]
    document.close()


@pytest.mark.parametrize("width, fits", [(26.0, True), (26.5, False)])
def test_the_hub_fits_the_paper_between_its_margins_or_is_left_out_with_a_note(tmp_path, width, fits):
    """With a 2 mm clearance, 26 x 52 mm tiles make a hub 190 mm across: A4 less two 10 mm margins.
    26.5 x 53 mm tiles make it too wide for A4: the page is left out, and the note gives the hub's
    width as the same tiles' hub measures on A3."""
    from generator.jobs.build import build_tokens

    size = TileSize(width, 2 * width)
    report = BuildReport()
    build_tokens(BuildOptions(out=tmp_path, tile_size=size, clearance=2.0), report)
    if fits:
        _, hub, _ = token_circles(tmp_path / "tokens-mexican-train.pdf", dashed=True)
        assert 2 * hub[2] == pytest.approx(190.0, abs=0.01) and hub[0] - hub[2] == pytest.approx(10.0, abs=0.01)
        assert report.notes == []
        return
    assert not (tmp_path / "tokens-mexican-train.pdf").exists()
    (tmp_path / "a3").mkdir()
    build_tokens(BuildOptions(out=tmp_path / "a3", tile_size=size, clearance=2.0, paper="a3"), BuildReport())
    _, hub, _ = token_circles(tmp_path / "a3" / "tokens-mexican-train.pdf", dashed=True)
    assert report.notes == [f"tokens-mexican-train.pdf skipped: the Mexican Train hub for {size} mm tiles "
                            f"({2 * hub[2]:.0f} mm across) does not fit A4; use --paper a3 or smaller tiles"]


@pytest.mark.parametrize("paper, tile_width, holder", [("148x210", 22.0, "letter"), ("letter", 26.0, "a4"),
                                                         ("a4", 40.0, None)])
def test_a_paper_too_small_for_the_hub_names_the_smallest_known_paper_that_holds_it(tmp_path, paper, tile_width,
                                                                                    holder):
    """On A5 the default hub (164 mm across) is left out, and the note names US Letter: of the kit's
    papers, the smallest (215.9 x 279.4 mm against A4's 210 x 297) is the one to name, and the page
    is then made on it; a larger paper would only waste card. 26 x 52 mm tiles fit A4 but not
    Letter, which is 17.6 mm shorter. 40 x 80 mm tiles need more than A3, and the note says so."""
    from generator.jobs.build import build_tokens

    size = TileSize(tile_width, 2 * tile_width)
    report = BuildReport()
    build_tokens(BuildOptions(out=tmp_path / "small", tile_size=size, clearance=2.0, paper=paper), report)
    assert not (tmp_path / "small" / "tokens-mexican-train.pdf").exists()
    (note,) = report.notes
    if holder is None:
        assert note.endswith("no paper the kit knows holds it (A3 at most): use smaller tiles or --paper WIDTHxHEIGHT")
        return
    assert note.endswith(f"; use --paper {holder} or smaller tiles"), note
    made = BuildReport()
    build_tokens(BuildOptions(out=tmp_path / holder, tile_size=size, clearance=2.0, paper=holder), made)
    assert made.notes == [] and (tmp_path / holder / "tokens-mexican-train.pdf").exists()
    smaller = [name for name in ("letter", "a4", "a3") if name != holder
               and PAPERS[name].width * PAPERS[name].height < PAPERS[holder].width * PAPERS[holder].height]
    for name in smaller:                                  # none of the smaller ones holds it
        refused = BuildReport()
        build_tokens(BuildOptions(out=tmp_path / name, tile_size=size, clearance=2.0, paper=name), refused)
        assert refused.notes and not (tmp_path / name / "tokens-mexican-train.pdf").exists()


def test_the_token_sheet_as_printed(default_kit):
    document = pypdfium2.PdfDocument(default_kit / "tokens-mexican-train.pdf")
    assert len(document) == 1
    page = document[0]
    text = page.get_textpage().get_text_range()
    assert all(str(number) in text for number in range(1, 9)) and "100 %" in text
    image = page.render(scale=100 / 72).to_pil().convert("RGB")
    present = {colour for _, colour in image.getcolors(maxcolors=1 << 22)}
    theme = load_theme("classic")
    for number in range(1, 9):
        wanted = theme.colour(f"pips.{number}").rgb
        assert any(max(abs(a - b) for a, b in zip(wanted, pixel)) <= 6 for pixel in present), number
