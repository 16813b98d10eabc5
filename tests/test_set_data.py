"""The set files against the seed's Fig. 1(A) and Fig. 1(B), and set C's rules."""

from collections import Counter

import pytest

from generator.model.set_loader import OPEN_SET_NAMES, load_all_sets, load_set
from generator.model.sums import column_sums, group_column_sums, row_head_tail_sums, row_sums

# The numbers printed around the seed's figures (seed 000, Fig. 1(A) and Fig. 1(B)).
SEED_SUMS = {
    "A": {
        "group1_columns": [10, 11, 13, 12, 12, 14, 9, 15],
        "group2_columns": [14, 13, 11, 12, 12, 10, 15, 9],
        "rows": {8: (21, 23), 7: (25, 27), 2: (27, 25), 1: (23, 21)},
    },
    "B": {
        "group1_columns": [15, 14, 9, 12, 12, 13, 10, 11],
        "group2_columns": [9, 10, 15, 12, 12, 11, 14, 13],
        "rows": {8: (21, 22), 7: (26, 27), 2: (27, 26), 1: (22, 21)},
    },
}


@pytest.mark.parametrize("name", ["A", "B"])
def test_sums_match_the_seed(name):
    tile_set = load_set(name)
    seed = SEED_SUMS[name]
    assert group_column_sums(tile_set, 1) == seed["group1_columns"]
    assert group_column_sums(tile_set, 2) == seed["group2_columns"]
    assert column_sums(tile_set) == [24] * 8
    for row, sums in seed["rows"].items():
        assert row_sums(tile_set, row) == sums


@pytest.mark.parametrize("name, extras", [("A", [0, 2, 4, 6]), ("B", [0, 1, 5, 6])])
def test_composition_is_double_six_plus_extra_doubles(name, extras):
    tile_set = load_set(name)
    have = Counter(t.digits for t in tile_set.tiles)
    wanted = Counter((a, b) for a in range(7) for b in range(a, 7))
    wanted.update((d, d) for d in extras)
    assert have == wanted
    assert len(tile_set.tiles) == 32


def test_every_tile_is_derived_with_head_tail_and_cell():
    tile_set = load_set("A")
    first = tile_set.at(8, 1)           # written 3/1 on row 8: arrow down, head is the bottom digit
    assert (first.group, first.head, first.tail, first.arrow) == (1, 1, 3, "down")
    last = tile_set.at(1, 1)            # written 4/0 on row 1: arrow up, head is the top digit
    assert (last.group, last.head, last.tail, last.arrow) == (2, 4, 0, "up")
    assert first.fraction == "3/1" and last.fraction == "4/0"
    ids = [t.id for s in load_all_sets(OPEN_SET_NAMES).values() for t in s.tiles]
    assert len(ids) == len(set(ids)) == 96


@pytest.mark.parametrize("name", ["A", "B", "C"])
def test_groups_are_proportionally_oriented(name):
    tile_set = load_set(name)
    for end in ("head", "tail"):
        assert (Counter(getattr(t, end) for t in tile_set.group(1))
                == Counter(getattr(t, end) for t in tile_set.group(2)))


def test_set_c_is_more_magic():
    tile_set = load_set("C")
    assert tile_set.digit_style == "dashes"
    for group in (1, 2):
        tiles = tile_set.group(group)
        assert len(tiles) == 16
        counts = Counter(t.digits for t in tiles)
        assert all(counts[(d, d)] == 1 for d in range(4))
        assert all(counts[(a, b)] == 2 for a in range(4) for b in range(a + 1, 4))
        assert group_column_sums(tile_set, group) == [6] * 8
    assert column_sums(tile_set) == [12] * 8
    for row in (8, 7, 2, 1):
        assert row_head_tail_sums(tile_set, row) == (12, 12)
    for tile in tile_set.group(1):
        turned = tile_set.at(9 - tile.row, 9 - tile.column)
        assert (turned.head, turned.tail, turned.group) == (tile.head, tile.tail, 2)


def test_digit_styles_and_back_marks():
    sets = load_all_sets(OPEN_SET_NAMES)
    assert [sets[n].digit_style for n in "ABC"] == ["pips", "pips", "dashes"]
    assert sets["B"].back["circles"] and not sets["A"].back["circles"]
    assert sets["C"].back.get("diamonds")
    assert all(sets[n].back_has_crosses(2) and not sets[n].back_has_crosses(1) for n in "ABC")
