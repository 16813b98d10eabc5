"""The seed's other figures as data: every placed tile fits its set with the same arrow."""

from collections import Counter
import shutil

import pytest

from generator.errors import UserError
from generator.files.resources import template_path
from generator.model import figures as figures_module
from generator.model.figures import load_figures
from generator.model.set_loader import load_set

SEED_FIGURES = ["fig-1a", "fig-1b", "fig-2", "fig-3", "fig-4", "fig-4a", "fig-4b", "fig-5",
                "fig-6", "fig-7", "fig-8", "fig-9", "fig-10"]


def test_every_seed_figure_is_there():
    figures = load_figures("open")
    catalogue = {"fig-11", "fig-12", "fig-13", "fig-14"}          # ours: layouts of the catalogue
    assert set(SEED_FIGURES) | {"fig-1c"} | catalogue == set(figures)
    assert figures["fig-4a"].label() == "4(A)" and figures["fig-10"].label() == "10"


@pytest.mark.parametrize("figure_id", ["fig-2", "fig-3", "fig-4", "fig-4a", "fig-4b", "fig-5", "fig-7"])
def test_positions_use_the_sets_arrows(figure_id):
    figure = load_figures("open")[figure_id]
    for placement in figure.placements:
        tile_set = load_set(placement.set_name)
        candidates = tile_set.group(placement.group) if placement.group else tile_set.tiles
        oriented = {(t.head, t.tail) for t in candidates}
        assert (placement.head, placement.tail) in oriented, placement
        assert placement.arrow == ("down" if placement.row >= 5 else "up")


@pytest.mark.parametrize("figure_id, tiles_per_side", [("fig-2", 16), ("fig-3", 24), ("fig-4", 12),
                                                       ("fig-4a", 12), ("fig-4b", 12), ("fig-5", 16),
                                                       ("fig-7", 16)])
def test_reduced_positions_have_the_right_size(figure_id, tiles_per_side):
    figure = load_figures("open")[figure_id]
    north = [p for p in figure.placements if p.row >= 5]
    south = [p for p in figure.placements if p.row <= 4]
    assert len(north) == len(south) == tiles_per_side


def test_checkers_positions_use_one_colour_per_player():
    for figure_id in ("fig-4", "fig-4a", "fig-4b"):
        placements = load_figures("open")[figure_id].placements
        north = {(p.row + p.column) % 2 for p in placements if p.row >= 5}
        south = {(p.row + p.column) % 2 for p in placements if p.row <= 4}
        assert len(north) == len(south) == 1 and north != south


def test_numberings_follow_their_orders():
    figures = load_figures("open")
    snake, rows, columns = (figures[f].numbers for f in ("fig-8", "fig-9", "fig-10"))
    for (row, column), number in rows.items():
        assert number == (row - 1) * 8 + column
        assert columns[(row, column)] == (column - 1) * 8 + row
        expected = (row - 1) * 8 + (column if row % 2 else 9 - column)
        assert snake[(row, column)] == expected
    # Game 29: from cell 9 on, each cell of the snake sits right above an earlier one.
    where = {n: cell for cell, n in snake.items()}
    assert where[9] == (2, 8) and where[8] == (1, 8)


def test_across_figure():
    across = load_figures("open")["fig-6"]
    assert across.across_size == (16, 4)
    assert sorted(across.across_starts) == [(1, "up"), (4, "down")]


@pytest.mark.parametrize("old, new, problem", [
    ('"8" = ["2/0", "3/3"', '"8" = ["0/2", "3/3"', "arrow points the other way"),
    ('"8" = ["2/0", "3/3"', '"8" = ["2/0", "3/5"', "no such tile"),
])
def test_a_mistyped_figure_is_refused(tmp_path, monkeypatch, old, new, problem):
    folder = tmp_path / "templates"
    shutil.copytree(template_path(), folder)
    path = folder / "figures" / "fig-2.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(figures_module, "template_path", lambda *parts: folder.joinpath(*parts))
    figures_module._all_figures.cache_clear()
    try:
        with pytest.raises(UserError, match=problem):
            load_figures("open")
    finally:
        figures_module._all_figures.cache_clear()


def test_positions_hold_exactly_the_reduced_sets():
    figure = load_figures("open")["fig-2"]
    north = Counter(tuple(sorted((p.head, p.tail))) for p in figure.placements if p.row >= 5)
    assert north[(0, 0)] == 2 and north[(2, 2)] == 1 and max(max(t) for t in north) == 4
