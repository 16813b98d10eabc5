"""A broken set file is refused with one clear message naming the tile and the rule."""

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
