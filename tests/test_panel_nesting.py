"""The nesting of a box's panels on laser sheets and its parts on a printer's plate
(generator/imposition/panel_nesting.py), checked for any pieces, not just one box's: every piece
placed once, whole, inside the room, at least the gap from every other piece on its sheet, and
turned only when it says so. What a wrong nest costs is a cut through a neighbouring part."""

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from generator.imposition.panel_nesting import fits, lying, nest

EPSILON = 1e-6

sizes_in_room = st.tuples(st.floats(100, 400), st.floats(50, 300), st.floats(0, 5)).flatmap(
    lambda room_gap: st.tuples(
        st.just(room_gap[:2]), st.just(room_gap[2]),
        st.lists(st.tuples(st.floats(1, min(room_gap[:2])), st.floats(1, max(room_gap[:2]))), min_size=1,
                 max_size=14)))


def laid_size(size, placed) -> tuple[float, float]:
    w, h = size
    return (h, w) if placed.turned else (w, h)


@settings(max_examples=300, deadline=None)
@given(sizes_in_room)
def test_every_piece_lies_once_whole_inside_the_room_and_apart(case):
    room, gap, sizes = case
    sizes = [size for size in sizes if fits(size, room)]
    if not sizes:
        return
    sheets = nest(sizes, room, gap)
    placed = [spot.index for sheet in sheets for spot in sheet]
    assert sorted(placed) == list(range(len(sizes)))
    assert all(sheets)
    for sheet in sheets:
        boxes = []
        for spot in sheet:
            w, h = laid_size(sizes[spot.index], spot)
            assert spot.turned == ((w, h) != tuple(sizes[spot.index]))
            assert -EPSILON <= spot.x and spot.x + w <= room[0] + EPSILON
            assert -EPSILON <= spot.y and spot.y + h <= room[1] + EPSILON
            boxes.append((spot.x, spot.y, spot.x + w, spot.y + h))
        for i, (ax0, ay0, ax1, ay1) in enumerate(boxes):
            for bx0, by0, bx1, by1 in boxes[i + 1:]:
                assert max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1) >= gap - EPSILON


def test_pieces_that_fit_one_sheet_take_one_and_the_rest_go_on_the_next():
    """Five 90 x 40 mm pieces in a 290 x 90 mm room with 2 mm gaps: three fit side by side on a
    row, and a second row of two fits below them (2 x 40 + 2 = 82 mm of 90). A sixth of 290 x 10
    does not fit beside them (the room has 8 mm left below the rows), so it opens a second sheet."""
    sizes = [(90.0, 40.0)] * 5
    assert len(nest(sizes, (290.0, 90.0), 2.0)) == 1
    sheets = nest(sizes + [(290.0, 10.0)], (290.0, 90.0), 2.0)
    assert [sorted(spot.index for spot in sheet) for sheet in sheets] == [[0, 1, 2, 3, 4], [5]]


def test_a_piece_lies_long_side_along_the_rooms_long_side():
    assert lying((40.0, 90.0), (290.0, 190.0)) == (90.0, 40.0)
    assert lying((90.0, 40.0), (190.0, 290.0)) == (40.0, 90.0)
    assert fits((10.0, 280.0), (290.0, 190.0)) and fits((280.0, 10.0), (190.0, 290.0))
    assert not fits((195.0, 200.0), (290.0, 190.0)) and not fits((300.0, 10.0), (290.0, 190.0))
    (spot,), = nest([(40.0, 90.0)], (290.0, 190.0), 2.0)
    assert spot.turned and (spot.x, spot.y) == (0.0, 0.0)


def test_a_piece_no_room_holds_is_refused():
    with pytest.raises(ValueError):
        nest([(10.0, 10.0), (300.0, 300.0)], (290.0, 190.0), 2.0)
