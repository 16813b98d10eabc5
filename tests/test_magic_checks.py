"""The magic checks (`opendomino layouts check`, and a set file's loader) against the properties
worked out here from the layout as the set file writes it, on many layouts of sets A, B and C
shuffled within their groups: every failure found where it is, named as it is, and nothing else.

The properties, from the set files' [magic] tables and DESIGN.md (rows 8-7 hold group 1, whose
arrows point down, so a tile's head is its bottom digit; rows 2-1 hold group 2, arrows up, the head
its top digit):
- column_sum: each column's four tiles, every digit, add up to the number;
- group_column_sum: in each column, each group's two tiles add up to it;
- row_head_sum, row_tail_sum: each row's heads (tails) add up to it;
- group2_is_group1_turned: the tile at row 9-r, column 9-c is the one at row r, column c turned
  half way round (top and bottom swapped);
- mirrored_row_sums: row 8's top and bottom sums are row 1's bottom and top sums; rows 7 and 2 alike.
"""

import random
import re
import tomllib

import pytest

from generator.model.magic import magic_failures
from generator.model.set_loader import load_set_as_written, set_file

GROUP_ROWS = {1: ("8", "7"), 2: ("2", "1")}
ROWS = ("8", "7", "2", "1")
VARIANTS = 40           # shuffled layouts of each set


def pairs(layout: dict) -> dict[tuple[int, int], tuple[int, int]]:
    """(row, column) -> (top, bottom), as the file writes each tile."""
    return {(int(row), column): tuple(int(n) for n in cell.split("/"))
            for row in ROWS for column, cell in enumerate(layout[row], start=1)}


def head_tail(row: int, top_bottom: tuple[int, int]) -> tuple[int, int]:
    top, bottom = top_bottom
    return (bottom, top) if row in (8, 7) else (top, bottom)


def fraction(cells, place) -> str:
    return "/".join(map(str, cells[place]))


def expected_failures(layout: dict, magic: dict) -> list[tuple[str, str, str]]:
    """(property, place, problem) of every failure, in the [magic] table's order, worked out from
    the layout's text."""
    cells, found = pairs(layout), []
    for key, wanted in magic.items():
        if wanted is False:
            continue
        if key == "column_sum":
            for c in range(1, 9):
                total = sum(sum(cells[(r, c)]) for r in (8, 7, 2, 1))
                if total != wanted:
                    tiles = ", ".join(fraction(cells, (r, c)) for r in (8, 7, 2, 1))
                    found.append((key, f"column {c}", f"its four tiles ({tiles}) sum to {total}, not {wanted}"))
        elif key == "group_column_sum":
            for group, rows in GROUP_ROWS.items():
                for c in range(1, 9):
                    total = sum(sum(cells[(int(r), c)]) for r in rows)
                    if total != wanted:
                        tiles = ", ".join(fraction(cells, (int(r), c)) for r in rows)
                        found.append((key, f"column {c}", f"group {group}'s two tiles ({tiles}) sum to {total}, "
                                                          f"not {wanted}"))
        elif key in ("row_head_sum", "row_tail_sum"):
            end = 0 if key == "row_head_sum" else 1
            for r in (8, 7, 2, 1):
                total = sum(head_tail(r, cells[(r, c)])[end] for c in range(1, 9))
                if total != wanted:
                    tiles = ", ".join(fraction(cells, (r, c)) for c in range(1, 9))
                    digits = "head" if end == 0 else "tail"
                    found.append((key, f"row {r}", f"its {digits} digits ({tiles}) sum to {total}, not {wanted}"))
        elif key == "group2_is_group1_turned":
            for r in (8, 7):
                for c in range(1, 9):
                    top, bottom = cells[(r, c)]
                    place = (9 - r, 9 - c)
                    if cells[place] != (bottom, top):
                        found.append((key, f"row {place[0]}, column {place[1]}",
                                      f"{fraction(cells, place)} should be {bottom}/{top}, the tile at row {r}, "
                                      f"column {c} turned 180 degrees"))
        elif key == "mirrored_row_sums":
            for north, south in ((8, 1), (7, 2)):
                north_top, north_bottom = (sum(cells[(north, c)][k] for c in range(1, 9)) for k in (0, 1))
                south_top, south_bottom = (sum(cells[(south, c)][k] for c in range(1, 9)) for k in (0, 1))
                if (north_top, north_bottom) != (south_bottom, south_top):
                    found.append((key, f"rows {north} and {south}",
                                  f"row {north} sums to {north_top}|{north_bottom} from the top, row {south} to "
                                  f"{south_bottom}|{south_top} from the bottom; each player must see the same sums"))
        else:
            raise AssertionError(f"a property this test does not know: {key}")
    return found


def shuffled(layout: dict, rng: random.Random) -> dict:
    """The layout with one to three swaps of two tiles of one group: the set's tiles and each
    tile's arrow stay (so the file still loads), its sums need not."""
    rows = {row: list(cells) for row, cells in layout.items()}
    for _ in range(rng.randint(1, 3)):
        group_rows = GROUP_ROWS[rng.choice((1, 2))]
        (r1, c1), (r2, c2) = rng.sample([(r, c) for r in group_rows for c in range(8)], 2)
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
    return rows


def written(tmp_path, name: str, layout: dict, magic_table: str | None = None):
    """The set's file with this layout (and, if given, this [magic] table's text)."""
    text = set_file(name).read_text(encoding="utf-8")
    text = re.sub(r"(?ms)^\[layout\]\n.*", "[layout]\n" + "".join(
        f'"{row}" = [{", ".join(chr(34) + cell + chr(34) for cell in layout[row])}]\n' for row in ROWS), text)
    if magic_table is not None:
        text = re.sub(r"(?ms)^\[magic\]\n.*?(?=^\[)", magic_table, text)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def found_failures(path) -> list[tuple[str, str, str]]:
    tile_set, _ = load_set_as_written(path)
    return [(failure.property, failure.place, failure.problem) for failure in magic_failures(tile_set)]


@pytest.mark.parametrize("name", ["A", "B", "C"])
def test_every_failure_of_a_shuffled_layout_is_found_where_it_is(tmp_path, name):
    data = tomllib.loads(set_file(name).read_text(encoding="utf-8"))
    assert expected_failures(data["layout"], data["magic"]) == []       # the set's own layout is magic
    assert found_failures(set_file(name)) == []
    rng, failed = random.Random(f"magic-{name}"), set()
    for _ in range(VARIANTS):
        layout = shuffled(data["layout"], rng)
        wanted = expected_failures(layout, data["magic"])
        assert found_failures(written(tmp_path, name, layout)) == wanted, layout
        failed |= {key for key, _, _ in wanted}
    assert failed == set(data["magic"]), f"not every property failed in some layout: {failed}"


def test_a_property_turned_off_leaves_the_others_checked(tmp_path):
    """`key = false` in [magic] skips that one property, not the ones after it."""
    data = tomllib.loads(set_file("A").read_text(encoding="utf-8"))
    layout = {row: list(cells) for row, cells in data["layout"].items()}
    layout["8"][0], layout["8"][1] = layout["8"][1], layout["8"][0]     # columns 1 and 2 break
    magic = "[magic]\nmirrored_row_sums = false\ncolumn_sum = 24\n\n"
    found = found_failures(written(tmp_path, "A", layout, magic))
    assert found == expected_failures(layout, {"mirrored_row_sums": False, "column_sum": 24})
    assert [place for key, place, _ in found] == ["column 1", "column 2"]
