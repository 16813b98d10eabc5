"""The catalogue of magic layouts, read back by a reader of the tests' own.

Nothing here imports the search: the layouts come from `opendomino layouts … --json`, the tiles and
the [magic] tables from the set files (tomllib), and every property is computed again below.
"""

from collections import Counter
import json
from pathlib import Path
import re
import tomllib

from conftest import run_cli
import pytest

SETS = Path(__file__).resolve().parent.parent / "templates" / "sets"
ROWS = ("8", "7", "2", "1")
GROUP_OF_ROW = {"8": 1, "7": 1, "2": 2, "1": 2}


def set_data(name: str) -> dict:
    return tomllib.loads((SETS / f"{name}.toml").read_text(encoding="utf-8"))


def tile_at(row: str, text: str) -> tuple[int, int, int]:
    """(group, head, tail) of a tile written top/bottom on a row: group 1's arrows point down."""
    top, bottom = (int(part) for part in text.split("/"))
    group = GROUP_OF_ROW[row]
    return (group, bottom, top) if group == 1 else (group, top, bottom)


def printed_tiles(rows: dict) -> Counter:
    return Counter(tile_at(row, text) for row in ROWS for text in rows[row])


def broken_properties(rows: dict, magic: dict) -> list[str]:
    """Every property of the table that fails, computed from the written rows."""
    digits = {row: [tuple(int(d) for d in text.split("/")) for text in rows[row]] for row in ROWS}
    failed = []
    for column in range(8):
        total = sum(sum(digits[row][column]) for row in ROWS)
        if "column_sum" in magic and total != magic["column_sum"]:
            failed.append(f"column_sum {column + 1}")
        for pair in (("8", "7"), ("2", "1")):
            if "group_column_sum" in magic and sum(sum(digits[r][column]) for r in pair) != magic["group_column_sum"]:
                failed.append(f"group_column_sum {column + 1}")
    for row in ROWS:
        heads = [tile_at(row, text)[1] for text in rows[row]]
        tails = [tile_at(row, text)[2] for text in rows[row]]
        if "row_head_sum" in magic and sum(heads) != magic["row_head_sum"]:
            failed.append(f"row_head_sum {row}")
        if "row_tail_sum" in magic and sum(tails) != magic["row_tail_sum"]:
            failed.append(f"row_tail_sum {row}")
    if magic.get("mirrored_row_sums"):
        for north, south in (("8", "1"), ("7", "2")):
            top = lambda row: sum(d[0] for d in digits[row])
            bottom = lambda row: sum(d[1] for d in digits[row])
            if (top(north), bottom(north)) != (bottom(south), top(south)):
                failed.append(f"mirrored_row_sums {north}")
    if magic.get("group2_is_group1_turned"):
        for row, other in (("8", "1"), ("7", "2")):
            for column in range(8):
                top, bottom = digits[row][column]
                if digits[other][7 - column] != (bottom, top):
                    failed.append(f"group2_is_group1_turned {other} {8 - column}")
    return failed


def columns_of(rows: dict) -> list[tuple]:
    return [tuple(rows[row][column] for row in ROWS) for column in range(8)]


def up_to_column_order(rows: dict, turned: bool):
    """The same value for two layouts exactly when one is the other's columns reordered (for a
    turned set, only mirror pairs of columns moved and swapped)."""
    columns = columns_of(rows)
    if not turned:
        return tuple(sorted(columns))
    return tuple(sorted(tuple(sorted((columns[c], columns[7 - c]))) for c in range(4)))


def found(*args) -> list[dict]:
    result = run_cli("layouts", "find", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("name, start, count", [("A", 1, 50), ("B", 1000, 20), ("C", 35_000, 60)])
def test_found_layouts_are_the_printed_tiles_magic_and_distinct(name, start, count):
    data = set_data(name)
    printed = printed_tiles(data["layout"])
    layouts = found("--set", name, "--start", str(start), "--count", str(count))
    numbers = [layout["number"] for layout in layouts]
    end = min(start + count, 35_281) if name == "C" else start + count
    assert numbers == list(range(start, end))
    seen = set()
    for layout in layouts:
        assert printed_tiles(layout["rows"]) == printed, layout["number"]
        assert broken_properties(layout["rows"], data["magic"]) == [], layout["number"]
        seen.add(up_to_column_order(layout["rows"], data["magic"].get("group2_is_group1_turned", False)))
    assert len(seen) == len(layouts)


# -- the catalogue's order, as docs/explanation/layout-catalogue.md states it --------------------------
def catalogue_key(rows: dict, turned: bool) -> tuple:
    """A layout's place in the stated order, worked out from its rows: a layout sorts before another
    exactly when its key is smaller. Also checks that the columns are shown as the guide says."""
    def pair(upper: str, lower: str, column: int) -> tuple:
        """(upper tile, lower tile), each tile (head, tail): compared by head, then tail."""
        return tuple(tile_at(row, rows[row][column])[1:] for row in (upper, lower))

    north = [pair("8", "7", c) for c in range(8)]
    south = [pair("2", "1", c) for c in range(8)]
    column_sums = sorted(sum(map(sum, p)) for p in north)
    row_8_sums = (sum(p[0][0] for p in north), sum(p[0][1] for p in north))
    north_pairs = sorted(north)
    positions = positions_in(north_pairs, north)
    if turned:      # mirror columns k and 9 - k hold the k-th mirror pair, the lower position on the left
        mirrors = [(positions[k], positions[7 - k]) for k in range(4)]
        assert mirrors == sorted(tuple(sorted(m)) for m in mirrors), "mirror pairs out of their order"
        return column_sums, row_8_sums, north_pairs, mirrors
    assert north == north_pairs, "columns not in the order of group 1's pairs"
    south_pairs = sorted(south)
    return column_sums, row_8_sums, north_pairs, south_pairs, positions_in(south_pairs, south)


def positions_in(ordered: list, pairs: list) -> list[int]:
    """Each pair's position in the ordered list; identical pairs take their positions in turn."""
    free = list(range(len(ordered)))
    taken = []
    for pair in pairs:
        place = next(i for i in free if ordered[i] == pair)
        free.remove(place)
        taken.append(place)
    return taken


# Windows of the catalogue across boundaries where group 1's column sums change, into a class with
# two equal sums, where a group-1 pair may join either of two group-2 pairs (step 5): A's first
# class holds 641,020 layouts, and its fourth, from layout 2,227,689 on, has the sums 16 and 16
# (a start there skips whole classes); B's fifth, from layout 858,609 on, the sums 19 and 19.
ORDER_WINDOWS = {"A": ((1, 40), (641_015, 12), (2_227_684, 12)),
                 "B": ((1, 20), (858_604, 12)),
                 "C": ((1, 3000), (33_001, 2_280))}
# The last layout of a class, in a window above: a search that starts there must not take it for
# the next class's first.
CLASS_ENDS = {"A": 641_020, "B": 858_608, "C": 35_280}


@pytest.mark.parametrize("name", ORDER_WINDOWS)
def test_the_catalogue_is_in_its_stated_order(name):
    turned = set_data(name)["magic"].get("group2_is_group1_turned", False)
    layouts = []
    for start, count in ORDER_WINDOWS[name]:
        window = found("--set", name, "--start", str(start), "--count", str(count))
        assert [layout["number"] for layout in window] == list(range(start, start + count))
        layouts += window
    assert found("--set", name, "--start", str(CLASS_ENDS[name]), "--count", "1") == [
        layout for layout in layouts if layout["number"] == CLASS_ENDS[name]]
    keys = [catalogue_key(layout["rows"], turned) for layout in layouts]
    assert all(a < b for a, b in zip(keys, keys[1:])), [
        (layouts[i]["number"], a, b) for i, (a, b) in enumerate(zip(keys, keys[1:])) if not a < b][:1]
    # The steps that decide between two layouts in a row: the column sums and the joins of equal
    # sums among them, and between them all but one of the others (C's column sums and row-8 sums
    # are fixed by its table: its pairs and mirror pairs decide).
    deciding = {next(step for step, (x, y) in enumerate(zip(a, b)) if x != y) for a, b in zip(keys, keys[1:])}
    assert deciding == {2, 3} if turned else ({0, 4} <= deciding and len(deciding) == 4), deciding


def test_a_number_is_the_same_layout_however_it_is_reached():
    listed = found("--set", "A", "--count", "12")
    alone = found("--set", "A", "--start", "12", "--count", "1")
    assert alone == [listed[11]]


def test_the_seed_layouts_are_magic_with_the_new_property():
    for name in ("A", "B", "C"):
        data = set_data(name)
        assert broken_properties(data["layout"], data["magic"]) == []
        result = run_cli("layouts", "check", "--set", name)
        assert result.returncode == 0 and "is magic" in result.stdout, result
    assert set_data("A")["magic"].get("mirrored_row_sums") and set_data("B")["magic"].get("mirrored_row_sums")


def write_variant(tmp_path: Path, name: str, swap) -> Path:
    data = set_data(name)
    rows = {row: list(tiles) for row, tiles in data["layout"].items()}
    swap(rows)
    text = (SETS / f"{name}.toml").read_text(encoding="utf-8").split("[layout]")[0]
    text = text.replace(f'name = "{name}"', 'name = "swapped"')
    text += "[layout]\n" + "".join(f'"{row}" = {json.dumps(rows[row])}\n' for row in ROWS)
    path = tmp_path / "swapped.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_names_each_broken_property_and_where(tmp_path):
    def across_columns(rows):          # two group-1 tiles of row 8 change columns: columns 1 and 2 break
        rows["8"][0], rows["8"][1] = rows["8"][1], rows["8"][0]

    result = run_cli("layouts", "check", "--set-file", str(write_variant(tmp_path, "A", across_columns)))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "column_sum: column 1:" in result.stdout and "column_sum: column 2:" in result.stdout

    def within_a_column(rows):        # rows 8 and 7 of column 1 swap: columns hold, the rows' sums do not
        rows["8"][0], rows["7"][0] = rows["7"][0], rows["8"][0]

    result = run_cli("layouts", "check", "--set-file", str(write_variant(tmp_path, "A", within_a_column)))
    assert result.returncode == 1
    assert "mirrored_row_sums: rows 8 and 1:" in result.stdout and "  column_sum:" not in result.stdout


def test_two_tiles_swapped_between_the_groups_are_both_named(tmp_path):
    """A tile of row 8 and one of row 1 change places: each group's head digits then differ, and the
    one line names both cells (it said only how many heads of a digit each group had)."""
    data = set_data("A")
    upper, lower = data["layout"]["8"][2], data["layout"]["1"][2]

    def across_the_groups(rows):
        rows["8"][2], rows["1"][2] = rows["1"][2], rows["8"][2]

    result = run_cli("layouts", "check", "--set-file", str(write_variant(tmp_path, "A", across_the_groups)))
    assert result.returncode == 2
    assert result.stderr == (
        f"opendomino: error: swapped.toml: tile {lower} at row 8, column 3 (group 1) and tile {upper} at row 1, "
        "column 3 (group 2) break proportional orientation: both groups must have the same head digits and tail "
        "digits; swap the two tiles\n"), result.stderr


def test_bad_input_is_one_line_and_status_2(tmp_path):
    for args in (("find", "--set", "double-6"), ("find",), ("count", "--set", "A", "--set-file", "x.toml"),
                 ("card", "--set", "C"), ("card", "--set", "C", "--number", "1", "--random"),
                 ("find", "--set", "C", "--start", "40000"), ("check", "--set-file", str(tmp_path / "none.toml"))):
        result = run_cli("layouts", *args, "--out", str(tmp_path)) if args[0] == "card" else run_cli("layouts", *args)
        assert result.returncode == 2, (args, result)
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, (args, result.stderr)
    assert "35,280" in run_cli("layouts", "find", "--set", "C", "--start", "40000").stderr


def test_a_number_is_typed_back_as_the_kit_prints_it(tmp_path):
    """A number is printed grouped, 35,280 (1 234 in Russian), for a player to share: typed back
    as printed, it names the same layout."""
    plain = found("--set", "C", "--start", "1234", "--count", "1")
    for typed in ("1,234", "1\u00a0234", "1 234", "1_234"):
        assert found("--set", "C", "--start", typed, "--count", "1") == plain, typed
    assert plain[0]["number"] == 1234
    card = run_cli("layouts", "card", "--set", "C", "--number", "1,234", "--out", str(tmp_path))
    assert card.returncode == 0 and (tmp_path / "setup-card-C-1234.pdf").is_file(), card.stderr
    listed = json.loads((tmp_path / "manifest.json").read_text())["files"]
    assert [entry["purpose"] for entry in listed if entry["file"] == "setup-card-C-1234.pdf"] == [
        "the setup card of one numbered layout of the catalogue of fair starts, with its sums"]
    # Separators stand only between groups of three digits: a mistyped "1,00" is no layout 100.
    for typed in ("0", "-3", "1.5", "1,2x", "\u0661\u0662", "", "1,00", "10,00", "1,0,0", "1 0 0", "1,000 000"):
        result = run_cli("layouts", "find", "--set", "C", "--start", typed)
        assert result.returncode == 2 and result.stderr == (
            f"opendomino: error: --start: {typed!r} is not a layout number; write a whole number from 1, "
            "e.g. 1000 or 1,000\n"), (typed, result.stderr)
    for typed, said in (("abc", "'abc' is not a whole number; write e.g. 10"),
                        ("0", "0 is outside 1-10000; list 1 to 10000 layouts at a time, the next ones with --start"),
                        ("10001", "10001 is outside 1-10000;"), ("\u0661", "'\u0661' is not a whole number;")):
        result = run_cli("layouts", "find", "--set", "C", "--count", typed)
        assert result.returncode == 2 and result.stderr.startswith(f"opendomino: error: --count: {said}"), typed
        assert result.stderr.count("\n") == 1, result.stderr


# -- counting C by a search of the tests' own ---------------------------------------------------------------
def brute_force_count(data: dict) -> int:
    """Layouts of a turned set up to its column orders, by plain search: group 1's 16 tiles stood
    column by column in the order 1, 8, 2, 7, 3, 6, 4, 5, each mirror pair sorted and the pairs in
    sorted order (one arrangement per class), every property checked on the full layout."""
    magic = data["magic"]
    tiles = Counter(tile_at(row, text)[1:] for row in ("8", "7") for text in data["layout"][row])
    order = (0, 7, 1, 6, 2, 5, 3, 4)
    columns: list = [None] * 8
    total = 0

    def place(step: int, head8: int, tail8: int, head7: int, tail7: int) -> None:
        nonlocal total
        if step == 8:
            if (head8, tail8, head7, tail7) == (magic["row_head_sum"], magic["row_tail_sum"],
                                                 magic["row_head_sum"], magic["row_tail_sum"]):
                total += 1
            return
        column = order[step]
        for upper in sorted(tiles):
            if not tiles[upper]:
                continue
            tiles[upper] -= 1
            for lower in sorted(tiles):
                if not tiles[lower] or sum(upper) + sum(lower) != magic["group_column_sum"]:
                    continue
                pair = (upper, lower)
                if step % 2 == 1 and pair < columns[order[step - 1]]:
                    continue            # a mirror pair stands sorted
                if step >= 2 and step % 2 == 1 and (columns[order[step - 1]], pair) < (
                        columns[order[step - 3]], columns[order[step - 2]]):
                    continue            # and the mirror pairs in order
                tiles[lower] -= 1
                columns[column] = pair
                place(step + 1, head8 + upper[0], tail8 + upper[1], head7 + lower[0], tail7 + lower[1])
                tiles[lower] += 1
            tiles[upper] += 1

    place(0, 0, 0, 0, 0)
    return total


def count_by_rows(data: dict) -> int:
    """Every layout of a turned set in every column order, counted another way: choose row 8's
    eight tiles of group 1 (row 7 holds the rest), keep the choices whose rows have the head and tail
    sums, and count the ways to join row 8's tiles to row 7's in columns of the pair sum (a matrix
    permanent, by subsets); 8! orders of those columns; group 2 follows from the turn."""
    from itertools import combinations
    from math import factorial

    magic = data["magic"]
    group = [tile_at(row, text)[1:] for row in ("8", "7") for text in data["layout"][row]]
    total = 0
    for chosen in combinations(range(16), 8):
        upper = [group[i] for i in chosen]
        lower = [group[i] for i in range(16) if i not in chosen]
        sums = [sum(t[0] for t in row) for row in (upper, lower)] + [sum(t[1] for t in row) for row in (upper, lower)]
        if sums != [magic["row_head_sum"]] * 2 + [magic["row_tail_sum"]] * 2:
            continue
        ways = {0: 1}                       # used lower tiles (bits) -> ways to join the first uppers
        for tile in upper:
            grown: dict = {}
            for used, count in ways.items():
                for j, other in enumerate(lower):
                    if not used >> j & 1 and sum(tile) + sum(other) == magic["group_column_sum"]:
                        grown[used | 1 << j] = grown.get(used | 1 << j, 0) + count
            ways = grown
        total += sum(ways.values())
    return total * factorial(8)


def count_by_burnside(magic: dict, group_1: Counter, group_2: Counter) -> tuple[int, int]:
    """Layouts of a set whose groups need not be turned, up to column order and in all, counted by
    Burnside's lemma over the 8! column orders acting on sequences of 8 columns (identical tiles
    merged): the layouts up to order are the average, over the orders, of the sequences an order
    leaves as they are. An order with cycles of lengths λ leaves a sequence as it is when each
    cycle's columns are identical, so each group's part counts the ways to give every cycle one
    (upper, lower) pair of tile types, using a cycle's length of copies of each. Tiles are
    (top, bottom) as written; group 1's head is its bottom digit, group 2's its top. In all is
    the count for the order that moves nothing."""
    from fractions import Fraction
    from functools import cache
    from math import factorial, prod

    def partitions(n: int, most: int):
        if n == 0:
            yield ()
            return
        for k in range(min(n, most), 0, -1):
            yield from ((k, *rest) for rest in partitions(n - k, k))

    def ways(group: Counter, cycles: tuple) -> dict:
        """(each cycle's pair sum, upper row's top total, upper row's bottom total) -> ways."""
        types = sorted(group)
        pairs = []
        for upper in types:
            for lower in types:
                if magic.get("group_column_sum") not in (None, sum(upper) + sum(lower)):
                    continue
                used = [0] * len(types)
                used[types.index(upper)] += 1
                used[types.index(lower)] += 1
                pairs.append((tuple(used), sum(upper) + sum(lower), upper))

        @cache
        def rest(cycle: int, left: tuple) -> dict:
            if cycle == len(cycles):
                return {((), 0, 0): 1} if not any(left) else {}
            length, found = cycles[cycle], {}
            for used, pair_sum, upper in pairs:
                after = tuple(n - length * u for n, u in zip(left, used))
                if min(after) < 0:
                    continue
                for (sums, top, bottom), n in rest(cycle + 1, after).items():
                    key = ((pair_sum, *sums), top + length * upper[0], bottom + length * upper[1])
                    found[key] = found.get(key, 0) + n
            return found

        return rest(0, tuple(group[t] for t in types))

    totals = [sum(t[i] * n for t, n in group.items()) for group in (group_1, group_2) for i in (0, 1)]

    def magic_holds(north, south) -> bool:
        (sums_1, top_8, bottom_8), (sums_2, top_2, bottom_2) = north, south
        top_7, bottom_7, top_1, bottom_1 = totals[0] - top_8, totals[1] - bottom_8, totals[2] - top_2, totals[3] - bottom_2
        if "column_sum" in magic and any(a + b != magic["column_sum"] for a, b in zip(sums_1, sums_2)):
            return False
        if "row_head_sum" in magic and not bottom_8 == bottom_7 == top_2 == top_1 == magic["row_head_sum"]:
            return False
        if "row_tail_sum" in magic and not top_8 == top_7 == bottom_2 == bottom_1 == magic["row_tail_sum"]:
            return False
        return not magic.get("mirrored_row_sums") or ((top_8, bottom_8), (top_7, bottom_7)) == (
            (bottom_1, top_1), (bottom_2, top_2))

    average, in_all = Fraction(0), 0
    for cycles in partitions(8, 8):
        north, south = ways(group_1, cycles), ways(group_2, cycles)
        fixed = sum(a * b for n, a in north.items() for m, b in south.items() if magic_holds(n, m))
        average += Fraction(fixed, prod(k ** count * factorial(count) for k, count in Counter(cycles).items()))
        in_all = fixed if cycles == (1,) * 8 else in_all
    assert average.denominator == 1
    return int(average), in_all


def test_count_of_c_agrees_with_counting_by_rows():
    data = set_data("C")
    result = run_cli("layouts", "count", "--set", "C")
    assert result.returncode == 0, result.stderr
    assert "35,280 magic layouts up to the order of columns" in result.stdout
    assert "13,547,520 in all" in result.stdout and "exact" in result.stdout
    assert count_by_rows(data) == 13_547_520
    # C's 16 tiles of a group all differ, so no two columns are alike: each layout has the 384
    # column orders that keep the turn (4 mirror pairs placed 4! ways, each pair either way round).
    assert len(set(printed_tiles(data["layout"]))) == 32
    assert 13_547_520 // (24 * 16) == 35_280


@pytest.mark.slow
def test_count_of_c_agrees_with_a_plain_search():
    assert brute_force_count(set_data("C")) == 35_280


# -- a set of one's own that lists only its groups ------------------------------------------------------
def groups_only_file(tmp_path: Path, name: str, magic_change=("", "")) -> Path:
    """Set C's tiles as a new set that gives its two groups, shuffled, and no [layout]."""
    import random

    data = set_data("C")
    order = random.Random(7)
    first = [text for row in ("8", "7") for text in data["layout"][row]]
    second = [text for row in ("2", "1") for text in data["layout"][row]]
    order.shuffle(first)
    order.shuffle(second)
    head = (SETS / "C.toml").read_text(encoding="utf-8").split("[layout]")[0]
    head = head.replace('name = "C"', f'name = "{name}"').replace('figure = "fig-1c"\n', "")
    head = head.replace(*magic_change) if magic_change[0] else head
    path = tmp_path / f"{name}.toml"
    path.write_text(head + f'[groups]\n"1" = {json.dumps(first)}\n"2" = {json.dumps(second)}\n', encoding="utf-8")
    return path


def test_a_set_without_a_layout_builds_with_layout_1(tmp_path):
    path = groups_only_file(tmp_path, "mine")
    first = found("--set-file", str(path), "--count", "1")[0]
    assert first["number"] == 1 and broken_properties(first["rows"], set_data("C")["magic"]) == []
    built = run_cli("tiles", "--set-file", str(path), "--sets", "mine", "--out", str(tmp_path / "kit"))
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "kit" / "tiles-mine.pdf").stat().st_size > 0
    shown = json.loads(run_cli("sets", "--set-file", str(path), "mine", "--json").stdout)
    rows = {row: [""] * 8 for row in ROWS}
    for tile in shown:
        top, bottom = (tile["tail"], tile["head"]) if tile["group"] == 1 else (tile["head"], tile["tail"])
        rows[str(tile["row"])][tile["column"] - 1] = f"{top}/{bottom}"
    assert rows == first["rows"]            # the tile sheets and the card follow layout 1
    card = run_cli("build", "--set-file", str(path), "--sets", "mine", "--books", "open", "--out", str(tmp_path / "b"))
    assert card.returncode == 0, card.stderr
    from pypdf import PdfReader
    assert "mine" in PdfReader(tmp_path / "b" / "setup-cards.pdf").pages[0].extract_text()


TWINS = ((0, 3), (3, 1), (1, 0))


def twins_file(tmp_path: Path, turned: bool = True, twins=TWINS, magic=None) -> tuple[Path, list[str]]:
    """Set C with three of group 1's tiles turned, by default (0,3), (3,1) and (1,0) by head and tail,
    and group 2 the same tiles: each group then holds (3,0), (1,3) and (0,1) twice, interchangeable
    tiles, and its head and tail totals are C's. Without `turned`, group 2 need not be group 1
    turned; `magic`, a table of its own instead of C's. Returns the file and group 1 as written on
    rows 8-7."""
    data = set_data("C")
    flipped = {(head, tail): (tail, head) for head, tail in twins}
    group = [flipped.get(tile_at(row, text)[1:], tile_at(row, text)[1:]) for row in ("8", "7")
             for text in data["layout"][row]]
    first = [f"{tail}/{head}" for head, tail in group]          # group 1's arrows point down
    second = [f"{head}/{tail}" for head, tail in group]
    head = (SETS / "C.toml").read_text(encoding="utf-8").split("[layout]")[0]
    head = head.replace('name = "C"', 'name = "twins"').replace('figure = "fig-1c"\n', "")
    if not turned:
        head = head.replace("group2_is_group1_turned = true\n", "")
    if magic is not None:
        before, _, after = head.partition("[magic]\n")
        head = before + "[magic]\n" + "".join(f"{key} = {str(value).lower()}\n" for key, value in magic.items()) \
            + "\n[back]" + after.partition("[back]")[2]
    path = tmp_path / "twins.toml"
    path.write_text(head + f'[groups]\n"1" = {json.dumps(first)}\n"2" = {json.dumps(second)}\n', encoding="utf-8")
    return path, first


def stated_counts(path: Path) -> tuple[int, int]:
    """The layouts up to column order and in all, as `layouts count` of a set file says them."""
    counted = run_cli("layouts", "count", "--set-file", str(path), timeout=600)
    assert counted.returncode == 0, counted.stderr
    return tuple(int(re.search(pattern, counted.stdout, re.M)[1].replace(",", ""))
                 for pattern in (r"([\d,]+) magic layouts up to the order of columns", r"^([\d,]+) in all"))


# With (3,1) and (0,2) turned, group 1 can hold one pair of tiles twice, P and P', each in mirror
# columns with another pair: {P, R} and {P', S} are the same layout as {P, S} and {P', R}, which
# the kit once listed twice (7,692 layouts where the tests' own search finds 7,500).
@pytest.mark.parametrize("twins, swaps", [(TWINS, 8), (((3, 1), (0, 2)), 4)])
def test_a_set_with_interchangeable_tiles_lists_each_layout_once(tmp_path, twins, swaps):
    """Two identical tiles swapped give the same layout. The whole catalogue of such a set is listed,
    each layout magic and unlike every other up to its columns' order, in the stated order; every
    layout's distinct column orders, times the ways to swap group 1's identical tiles, are all the
    ways to stand group 1's 16 tiles on rows 8 and 7 (count_by_rows, which tells no tile from its
    twin), so no layout is missing; and the count the kit states is the number listed."""
    from math import factorial, prod

    path, first = twins_file(tmp_path, twins=twins)
    magic = set_data("C")["magic"]
    stated = stated_counts(path)
    layouts = found("--set-file", str(path), "--count", "10000")
    assert [layout["number"] for layout in layouts] == list(range(1, len(layouts) + 1))
    assert len(layouts) == stated[0]
    group = Counter(tile_at("8", text)[1:] for text in first)
    printed = Counter({(number, *tile): n for number in (1, 2) for tile, n in group.items()})
    orders = 0
    for layout in layouts:
        rows = layout["rows"]
        assert broken_properties(rows, magic) == [], layout["number"]
        assert printed_tiles(rows) == printed, layout["number"]
        columns = columns_of(rows)
        mirror_pairs = [tuple(sorted((columns[c], columns[7 - c]))) for c in range(4)]
        orders += (factorial(4) // prod(factorial(n) for n in Counter(mirror_pairs).values())
                   * 2 ** sum(a != b for a, b in mirror_pairs))
    assert len({up_to_column_order(layout["rows"], True) for layout in layouts}) == len(layouts)
    keys = [catalogue_key(layout["rows"], True) for layout in layouts]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert orders == stated[1]
    twin_swaps = prod(factorial(n) for n in Counter(first).values())
    assert twin_swaps == swaps and orders * twin_swaps == count_by_rows({"magic": magic, "layout": {"8": first[:8],
                                                                                                "7": first[8:]}})


@pytest.mark.slow
@pytest.mark.parametrize("twins", [((3, 1), (0, 2)), ((2, 3), (1, 2), (0, 1), (3, 0)), ((0, 1), (3, 2))])
def test_counts_of_sets_with_interchangeable_tiles_agree_with_a_plain_search(tmp_path, twins):
    path, first = twins_file(tmp_path, twins=twins)
    layout = {"8": first[:8], "7": first[8:]}
    assert stated_counts(path)[0] == brute_force_count({"magic": set_data("C")["magic"], "layout": layout})


@pytest.mark.slow           # 45 s: every pairing of both groups, twice (a count, then a drawn card's count)
def test_a_set_whose_identical_tiles_give_trillions_of_layouts_is_counted_and_drawn_from(tmp_path):
    """Set C's tiles with three turned, so each group holds three tiles twice, under a table like
    A's: columns of 12 and mirrored row sums, no pair sum, so every pairing of a group may serve.
    Its layouts run to trillions; counting them by listing them ran for hours and out of memory.
    The count is exact and ends: between in all / 8! (no layout has more column orders) and in all
    * 2!^3 / 8! (three repeated tiles repeat columns at most that much); a card is drawn from them
    all, and numbered layouts are listed, magic and distinct."""
    path, first = twins_file(tmp_path, turned=False, magic={"column_sum": 12, "mirrored_row_sums": True})
    up_to, in_all = stated_counts(path)
    assert -(-in_all // 40_320) <= up_to <= in_all * 8 // 40_320 and up_to > 10 ** 12
    drawn = run_cli("layouts", "card", "--set-file", str(path), "--random", "--out", str(tmp_path / "card"), timeout=300)
    assert drawn.returncode == 0, drawn.stderr
    number = int(re.search(r"drew layout ([\d,]+) of ([\d,]+)", drawn.stdout)[1].replace(",", ""))
    assert f"of {up_to:,} of set twins" in drawn.stdout and 1 <= number <= up_to
    assert (tmp_path / "card" / f"setup-card-twins-{number}.pdf").stat().st_size > 0
    magic = {"column_sum": 12, "mirrored_row_sums": True}
    group = Counter(tile_at("8", text)[1:] for text in first)
    printed = Counter({(number, *tile): n for number in (1, 2) for tile, n in group.items()})
    layouts = found("--set-file", str(path), "--count", "20")
    assert [layout["number"] for layout in layouts] == list(range(1, 21))
    assert all(broken_properties(layout["rows"], magic) == [] and printed_tiles(layout["rows"]) == printed
               for layout in layouts)
    assert len({up_to_column_order(layout["rows"], False) for layout in layouts}) == 20


# Sets of one's own with identical tiles and groups apart, under tables that pair and stand their
# tiles differently; the third and fourth can have two identical columns.
GROUPS_APART = [
    (TWINS, {"column_sum": 12, "group_column_sum": 6, "row_head_sum": 12, "row_tail_sum": 12}),
    (((2, 3), (3, 2)), {"column_sum": 12, "group_column_sum": 6, "mirrored_row_sums": True}),
    (((0, 3), (3, 1), (2, 1)), {"column_sum": 12, "group_column_sum": 6}),
    (((1, 0), (0, 1), (3, 2), (2, 3)), {"column_sum": 12, "group_column_sum": 6, "mirrored_row_sums": True}),
]


@pytest.mark.parametrize("twins, magic", GROUPS_APART)
def test_counts_with_identical_tiles_agree_with_burnsides_lemma(tmp_path, twins, magic):
    path, _ = twins_file(tmp_path, turned=False, twins=twins, magic=magic)
    groups = tomllib.loads(path.read_text(encoding="utf-8"))["groups"]
    group_1, group_2 = (Counter(tuple(int(d) for d in text.split("/")) for text in groups[g]) for g in "12")
    assert stated_counts(path) == count_by_burnside(magic, group_1, group_2)


def test_a_set_with_interchangeable_tiles_and_groups_apart_is_counted_in_all(tmp_path):
    """Group 2 free of the turn: its 16 tiles may stand anyhow, so every layout in every column order
    is a way to stand group 1 in 8 columns in order (count_by_rows) joined with a way to stand group
    2, and group 2, the same tiles on rows with the same sums, has as many ways; each group's
    identical tiles swapped (8 ways each) make no new layout. The kit counted this by listing all
    78 million layouts, hours of work; the command must end (within the timeout) with the figure."""
    from math import factorial

    path, first = twins_file(tmp_path, turned=False)
    up_to, in_all = stated_counts(path)
    group_1 = count_by_rows({"magic": set_data("C")["magic"], "layout": {"8": first[:8], "7": first[8:]}})
    assert in_all == group_1 * group_1 // (8 * 8)
    # No two columns can be alike (that would take four of a tile): each layout has all 8! orders.
    assert up_to * factorial(8) == in_all


def test_a_set_with_identical_pairs_of_tiles_lists_each_layout_once(tmp_path):
    """With (3,0) and (1,2) twice in each group, two columns can hold the same pair of group 1 and
    the same of group 2; swapping which of two identical pairs joins which makes no new layout.
    The first 3,000 layouts are magic, each unlike the others up to column order, in the stated
    order, and some have two identical columns."""
    from math import factorial

    path, first = twins_file(tmp_path, turned=False, twins=((0, 3), (3, 1), (2, 1)))
    layouts = found("--set-file", str(path), "--count", "3000")
    magic = {key: value for key, value in set_data("C")["magic"].items() if key != "group2_is_group1_turned"}
    # Counted in all as for groups apart (the test above); a layout with two identical columns has
    # fewer than 8! orders, so the layouts up to column order times 8! are more.
    up_to, in_all = stated_counts(path)
    group_1 = count_by_rows({"magic": magic, "layout": {"8": first[:8], "7": first[8:]}})
    assert in_all == group_1 * group_1 // (8 * 8) and up_to * factorial(8) > in_all
    assert all(broken_properties(layout["rows"], magic) == [] for layout in layouts)
    assert len({up_to_column_order(layout["rows"], False) for layout in layouts}) == len(layouts) == 3000
    keys = [catalogue_key(layout["rows"], False) for layout in layouts]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert any(len(set(columns_of(layout["rows"]))) < 8 for layout in layouts)


def test_a_set_with_interchangeable_tiles_and_free_rows_lists_in_the_stated_order(tmp_path):
    """With only the column sum and the mirrored row sums to keep, the row-8 sums vary within a
    class, and with them the order (step 2): the first 300 layouts in order, magic and distinct."""
    magic = {"column_sum": 12, "mirrored_row_sums": True}
    path, _ = twins_file(tmp_path, turned=False, magic=magic)
    layouts = found("--set-file", str(path), "--count", "300")
    assert all(broken_properties(layout["rows"], magic) == [] for layout in layouts)
    assert len({up_to_column_order(layout["rows"], False) for layout in layouts}) == len(layouts) == 300
    keys = [catalogue_key(layout["rows"], False) for layout in layouts]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert any(a[1] != b[1] and a[0] == b[0] for a, b in zip(keys, keys[1:]))
    # Reached on their own, from the 4th on (the search passes such a set's layouts in blocks, and
    # its first block holds 4), they are the same.
    assert found("--set-file", str(path), "--start", "4", "--count", "3") == layouts[3:6]


def card_cells(pdf: Path) -> list[list[tuple[int, int]]]:
    """The digits of each tile on a setup card, top/bottom as seen from South, rows 8, 7, 2, 1: the
    32 tile-shaped boxes of the rendered page, the dashes or pips in each half counted."""
    from collections import Counter as Sizes

    from pdf_inspect import MM
    from pdfium_paths import page_paths
    from pip_count import pips_in_cells

    boxes = []
    for shape in page_paths(pdf, 0):
        if shape.filled and len(shape.points) in (4, 5):
            xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    sizes = Sizes((round(x1 - x0, 1), round(y1 - y0, 1)) for x0, y0, x1, y1 in boxes)
    tile = next(size for size, n in sizes.items() if n == 32 and size[1] > 1.9 * size[0] and size[0] > 10 * MM)
    tiles = [box for box in boxes if (round(box[2] - box[0], 1), round(box[3] - box[1], 1)) == tile]
    return pips_in_cells(pdf, tiles)


def digits_of(rows: dict) -> list[list[tuple[int, int]]]:
    return [[tuple(int(d) for d in text.split("/")) for text in rows[row]] for row in ROWS]


def test_a_set_files_layout_has_its_setup_card_with_its_tiles(tmp_path):
    """`layouts card --set-file` draws the numbered layout of a set of one's own (it stopped at
    "unknown set" for every such set): on the card, each cell holds the tile that `layouts find`
    lists there, its dashes counted in the rendered page, top half and bottom half."""
    path, _ = twins_file(tmp_path, turned=False, twins=((0, 3), (3, 1), (2, 1)))
    result = run_cli("layouts", "card", "--set-file", str(path), "--number", "2", "--out", str(tmp_path / "card"))
    assert result.returncode == 0, result.stderr
    rows = found("--set-file", str(path), "--start", "2", "--count", "1")[0]["rows"]
    assert card_cells(tmp_path / "card" / "setup-card-twins-2.pdf") == digits_of(rows)
    # A set file that keeps a kit set's name draws as that set, as `layouts find` takes it.
    bundled = run_cli("layouts", "card", "--set-file", str(SETS / "C.toml"), "--number", "5", "--out", str(tmp_path))
    assert bundled.returncode == 0 and (tmp_path / "setup-card-C-5.pdf").is_file(), bundled.stderr
    # With other tiles, "set C, layout 5" would name another layout than set C's: refused, as every
    # command refuses a set file that takes a kit set's name.
    renamed = tmp_path / "renamed.toml"
    renamed.write_text(path.read_text(encoding="utf-8").replace('name = "twins"', 'name = "C"'), encoding="utf-8")
    assert 'name = "C"' in renamed.read_text(encoding="utf-8")
    for command in (("find", "--count", "1"), ("count",), ("card", "--number", "5", "--out", str(tmp_path / "c"))):
        refused = run_cli("layouts", command[0], "--set-file", str(renamed), *command[1:])
        assert refused.returncode == 2 and refused.stderr == (
            "opendomino: error: renamed.toml: name = 'C' is a set the kit already has; give yours another "
            "name\n"), (command, refused.stderr)


def test_a_set_file_whose_own_layout_is_not_magic_still_has_cards(tmp_path):
    """A file's [layout] that breaks its [magic] table is only that file's start: `layouts find`
    lists the set's catalogue all the same, and `layouts card` drew nothing (it checked the file's
    own layout as a build does). It draws the catalogue's layout now."""
    text = (SETS / "A.toml").read_text(encoding="utf-8").replace('name = "A"', 'name = "swapped"')
    text = text.replace('"8" = ["3/1", "1/4"', '"8" = ["1/4", "3/1"').replace('"7" = ["3/3", "5/1"', '"7" = ["5/1", "3/3"')
    text = "\n".join(line for line in text.splitlines() if not line.startswith("figure"))
    path = tmp_path / "swapped.toml"
    path.write_text(text, encoding="utf-8")
    assert run_cli("layouts", "check", "--set-file", str(path)).returncode == 1       # not magic
    result = run_cli("layouts", "card", "--set-file", str(path), "--number", "7", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    rows = found("--set-file", str(path), "--start", "7", "--count", "1")[0]["rows"]
    assert rows == found("--set", "A", "--start", "7", "--count", "1")[0]["rows"]      # the same tiles as A
    assert card_cells(tmp_path / "setup-card-swapped-7.pdf") == digits_of(rows)


def test_a_set_with_no_magic_layout_says_so_in_one_line(tmp_path):
    path = groups_only_file(tmp_path, "none", ("row_head_sum = 12", "row_head_sum = 11"))
    for args, status in ((("layouts", "find", "--set-file", str(path)), 1),
                         (("layouts", "count", "--set-file", str(path)), 1),
                         (("tiles", "--set-file", str(path), "--sets", "none", "--out", str(tmp_path / "o")), 2)):
        result = run_cli(*args)
        assert result.returncode == status, (args, result)
        assert result.stderr.count("\n") == 1 and "no magic layout" in result.stderr, (args, result.stderr)


# -- the rule book's chapter on fair layouts ------------------------------------------------------------
FIGURES = SETS.parent / "figures"
CHAPTER = SETS.parent / "rules" / "open" / "{lang}" / "chapter-15-fair-layouts.md"


def test_the_rule_books_figures_are_the_catalogues_layouts():
    figures = [tomllib.loads(path.read_text(encoding="utf-8")) for path in sorted(FIGURES.glob("*.toml"))]
    catalogue = [f for f in figures if f["kind"] == "catalogue"]
    assert len(catalogue) == 4 and {f["set"] for f in catalogue} == {"A", "B", "C"}
    for figure in catalogue:
        listed = found("--set", figure["set"], "--start", str(figure["number"]), "--count", "1")[0]
        assert listed["rows"] == figure["rows"], figure["id"]
        assert broken_properties(figure["rows"], set_data(figure["set"])["magic"]) == []
    for lang in ("en", "ru"):
        text = Path(str(CHAPTER).format(lang=lang)).read_text(encoding="utf-8")
        assert all(f'\n{f["id"]}\n' in text for f in catalogue), lang       # every one drawn in both books


def counts_stated(lang: str) -> list[int]:
    import re

    text = Path(str(CHAPTER).format(lang=lang)).read_text(encoding="utf-8")
    paragraph = next(line for line in text.splitlines() if "35" in line and "280" in line)
    return [int(re.sub(r"\D", "", number)) for number in re.findall(r"\d{1,3}(?:[ ,\u00a0]\d{3})+", paragraph)][:3]


def test_the_chapter_states_cs_count_as_the_kit_counts_it():
    result = run_cli("layouts", "count", "--set", "C")
    for lang in ("en", "ru"):
        assert counts_stated(lang)[2] == 35_280 and "35,280 magic layouts" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name, index", [("A", 0), ("B", 1)])
def test_the_chapter_states_a_and_bs_counts_as_the_kit_counts_them(name, index):
    result = run_cli("layouts", "count", "--set", name)
    for lang in ("en", "ru"):
        assert f"{counts_stated(lang)[index]:,} magic layouts" in result.stdout


@pytest.mark.slow
def test_far_into_the_catalogue_a_number_is_the_same_layout(monkeypatch):
    """Past the first classes the finder counts every class in one pass, then jumps (a path of its
    own): layout 100,001 of B is the same reached class by class (the command, walking on from
    99,999) and after the one pass (the catalogue told to walk no class)."""
    from generator.jobs.layouts import layout_rows
    from generator.model import layout_catalogue
    from generator.model.set_loader import load_set

    walked = found("--set", "B", "--start", "99999", "--count", "3")[2]
    monkeypatch.setattr(layout_catalogue, "WALK", 0)
    number, jumped = next(layout_catalogue.LayoutCatalogue(load_set("B")).layouts(100_001))
    assert walked == {"number": number, "rows": layout_rows(jumped)} and number == 100_001
