"""The bounds `layouts count` states for a set whose identical tiles give too many layouts to list:
forced on sets small enough to count exactly, they must hold the exact count. The exact counts
are the ones test_layout_catalogue checks by the tests' own searches."""

from pathlib import Path

import pytest
from test_layout_catalogue import twins_file

from generator.model import layout_catalogue
from generator.model.layout_catalogue import LayoutCatalogue
from generator.model.set_loader import load_set_file


@pytest.mark.parametrize("twins, turned, exact", [
    (((3, 1), (0, 2)), True, 7_500),                    # a plain search of the tests' own finds 7,500
    (((0, 3), (3, 1), (2, 1)), False, None),            # groups apart, two identical columns possible
])
def test_the_bounds_hold_the_exact_count(tmp_path: Path, monkeypatch, twins, turned, exact):
    path, _ = twins_file(tmp_path, turned=turned, twins=twins)
    tile_set = load_set_file(path)
    counted = LayoutCatalogue(tile_set).count()
    assert counted.exact and (exact is None or counted.up_to_columns == exact)
    monkeypatch.setattr(layout_catalogue, "TWIN_WORK", 0)       # as if the set were too large to list
    bounded = LayoutCatalogue(tile_set).count()
    assert not bounded.exact and bounded.in_all == counted.in_all
    assert bounded.up_to_columns <= counted.up_to_columns <= bounded.up_to_columns_most
    assert bounded.up_to_columns < counted.up_to_columns      # these sets have layouts with repeated columns


def test_the_command_states_bounds_as_bounds_and_a_random_card_needs_a_count(tmp_path, monkeypatch, capsys):
    """The command in this process, the set forced onto the bounded count: the count line gives
    both bounds and says they are bounds; `card --random` refuses in one line (it cannot draw
    evenly without the count); a numbered card is still made."""
    from generator.commands.main import main

    def run(*args) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as ended:
            main([*args])
            raise SystemExit(0)
        out, err = capsys.readouterr()
        return ended.value.code or 0, out, err

    path, _ = twins_file(tmp_path, twins=((3, 1), (0, 2)))
    monkeypatch.setattr(layout_catalogue, "TWIN_WORK", 0)
    status, out, err = run("layouts", "count", "--set-file", str(path))
    assert status == 0, err
    lines = out.splitlines()
    least, most = (int(n.replace(",", "")) for n in lines[0].removeprefix("set twins: from ").removesuffix(
        " magic layouts up to the order of columns").split(" to "))
    assert least <= 7_500 <= most
    assert lines[1].startswith("2,822,400 in all") and lines[2].startswith("in all: exact. Up to the order of "
                                                                            "columns: proven bounds, not a count")
    status, out, err = run("layouts", "card", "--set-file", str(path), "--random", "--out", str(tmp_path / "r"))
    assert status == 2 and err.count("\n") == 1 and "can only be bounded" in err and "--number K" in err, err
    assert not (tmp_path / "r").exists()
    status, out, err = run("layouts", "card", "--set-file", str(path), "--number", "7", "--out", str(tmp_path / "n"))
    assert status == 0 and (tmp_path / "n" / "setup-card-twins-7.pdf").stat().st_size > 0, err
