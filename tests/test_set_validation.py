"""A broken set file is refused with one clear message naming the tile and the rule."""

from collections import Counter
import tomllib

import pytest

from generator.errors import UserError
from generator.model.set_loader import load_set_file, set_file


def broken(tmp_path, name, old, new):
    text = set_file(name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def refused(path) -> str:
    with pytest.raises(UserError) as caught:
        load_set_file(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_composition_duplicate_tile(tmp_path):
    # Row 8, column 1 of set A: 3/1 becomes 1/4, a tile the set already holds once.
    message = refused(broken(tmp_path, "A", '"8" = ["3/1"', '"8" = ["1/4"'))
    assert "1/4" in message and "one too many" in message and "composition" in message


def test_composition_missing_extra_double(tmp_path):
    path = broken(tmp_path, "B", "extra_doubles = [0, 1, 5, 6]", "extra_doubles = [0, 1, 5, 6, 3]")
    message = refused(path)
    assert "3/3 is missing" in message and "composition" in message


def test_proportional_orientation(tmp_path):
    # Turning one fraction of group 1 (3/1 -> 1/3) keeps composition but breaks the heads.
    message = refused(broken(tmp_path, "A", '"8" = ["3/1"', '"8" = ["1/3"'))
    assert "proportional orientation" in message and "row 8, column 1" in message


def test_magic_column_sum(tmp_path):
    # Swap two tiles of group 1 in row 8 (columns 1 and 2): same tiles and arrows, columns break.
    message = refused(broken(tmp_path, "A", '"8" = ["3/1", "1/4"', '"8" = ["1/4", "3/1"'))
    assert "column 1" in message and "not 24" in message and "magic sums" in message


def test_set_c_row_sums(tmp_path):
    # Swap the two tiles of column 1 in group 1: column sums hold, row head sums break.
    path = broken(tmp_path, "C", '"8" = ["0/0"', '"8" = ["3/3"')
    text = path.read_text(encoding="utf-8").replace('"7" = ["3/3"', '"7" = ["0/0"', 1)
    path.write_text(text, encoding="utf-8")
    message = refused(path)
    assert "row 8" in message and "not 12" in message


def test_set_c_group_two_must_be_group_one_turned(tmp_path):
    # Swap columns 1 and 2 of group 2 (both rows): every sum still holds, the turn does not.
    path = broken(tmp_path, "C", '"2" = ["1/0", "0/1"', '"2" = ["0/1", "1/0"')
    text = path.read_text(encoding="utf-8").replace('"1" = ["3/2", "2/3"', '"1" = ["2/3", "3/2"', 1)
    path.write_text(text, encoding="utf-8")
    message = refused(path)
    assert "turned 180 degrees" in message


def test_not_a_tile(tmp_path):
    message = refused(broken(tmp_path, "A", '"3/1"', '"3-1"'))
    assert "row 8, column 1" in message and "top/bottom" in message


def test_digit_out_of_range(tmp_path):
    message = refused(broken(tmp_path, "C", '"8" = ["0/0"', '"8" = ["0/4"'))
    assert "above 3" in message


def test_short_row(tmp_path):
    message = refused(broken(tmp_path, "A", '"6/2"]', ']'))
    assert "row 8 must list 8 tiles" in message


# The whole one-line messages, each part worked out from the set file (the tile as written top/bottom
# at its row and column, the composition rule, the counts of heads), as a user reads them.

def test_one_tile_too_many_is_named_with_its_place_count_and_rule(tmp_path):
    message = refused(broken(tmp_path, "A", '"8" = ["3/1"', '"8" = ["1/4"'))
    assert message == ("A.toml: tile 1/4 at row 8, column 1 is one too many (the set holds it 1 time; "
                       "composition: double-6 plus 0/0, 2/2, 4/4, 6/6)")


def test_a_missing_double_is_named_with_the_rule(tmp_path):
    message = refused(broken(tmp_path, "B", "extra_doubles = [0, 1, 5, 6]", "extra_doubles = [0, 1, 5, 6, 3]"))
    assert message == "B.toml: tile 3/3 is missing (composition: double-6 plus 0/0, 1/1, 5/5, 6/6, 3/3)"


def test_a_tile_moved_to_the_other_group_breaks_that_groups_composition(tmp_path):
    """Set C holds each fraction twice in each group: row 8's 0/2 and row 2's 1/0 change places, so
    the whole set is still complete but group 1 has three of 1/0 (the first it finds too many)."""
    path = broken(tmp_path, "C", '"8" = ["0/0", "1/1", "2/2", "0/2"', '"8" = ["0/0", "1/1", "2/2", "1/0"')
    path.write_text(path.read_text(encoding="utf-8").replace('"2" = ["1/0", "0/1"', '"2" = ["0/2", "0/1"', 1),
                    encoding="utf-8")
    assert refused(path) == ("C.toml: group 1: tile 1/0 at row 8, column 4 is one too many (the set holds it 2 "
                             "times; composition: per group: each double of double-3 1x, each fraction 2x)")


def test_one_turned_tile_is_named_for_its_arrow(tmp_path):
    message = refused(broken(tmp_path, "A", '"8" = ["3/1"', '"8" = ["1/3"'))
    assert message == ("A.toml: tile 1/3 at row 8, column 1 breaks proportional orientation: both groups must "
                       "have the same head digits and tail digits; turn its arrow")


def test_two_turned_tiles_name_the_first_digit_whose_heads_differ(tmp_path):
    """No single arrow turned back restores the balance, so the message counts the heads: group 1's
    heads are its tiles' bottom digits (arrows down), group 2's their top digits (arrows up)."""
    path = broken(tmp_path, "A", '"8" = ["3/1", "1/4"', '"8" = ["1/3", "4/1"')
    layout = tomllib.loads(path.read_text(encoding="utf-8"))["layout"]
    tiles = {row: [tuple(int(n) for n in cell.split("/")) for cell in cells] for row, cells in layout.items()}
    heads = [Counter(bottom for row in ("8", "7") for _, bottom in tiles[row]),
             Counter(top for row in ("2", "1") for top, _ in tiles[row])]
    digit = min(d for d in range(7) if heads[0][d] != heads[1][d])
    assert refused(path) == (f"A.toml: groups break proportional orientation: group 1 has {heads[0][digit]} heads "
                             f"of {digit}, group 2 has {heads[1][digit]}; both must have the same head digits")


def test_a_broken_magic_sum_names_the_first_failure_as_the_checks_find_it(tmp_path):
    from test_magic_checks import expected_failures

    path = broken(tmp_path, "A", '"8" = ["3/1", "1/4"', '"8" = ["1/4", "3/1"')
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    key, place, problem = expected_failures(data["layout"], data["magic"])[0]
    assert refused(path) == f"A.toml: {place}: {problem} (magic sums: {key})"


@pytest.mark.parametrize("old, new, said", [
    ('name = "A"', 'name = "my set"', "name = 'my set'; give a short name of letters, digits and -"),
    ('name = "A"', 'name = ""', "name = ''"),
    ('name = "A"', 'name = "' + "x" * 40 + '"', "name = 'xxxx"),
    ('name = "A"', 'colour = 1\nname = "A"', "unknown key 'colour'; a set file takes name, figure"),
])
def test_an_open_domino_set_files_name_and_keys_are_checked(tmp_path, old, new, said):
    """A name becomes file names (tiles-NAME.pdf) and a --sets value: one word of letters, digits
    and hyphens, as a classic set's; an unknown key is a typo, refused rather than ignored."""
    assert said in refused(broken(tmp_path, "A", old, new))
