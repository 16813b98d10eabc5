"""The nesting of a box's panels on laser sheets and its parts on a printer's plate
(generator/imposition/panel_nesting.py), checked for any pieces, not just one box's: every piece
placed once, whole, inside the room, at least the gap from every other piece on its sheet, and
turned only when it says so. What a wrong nest costs is a cut through a neighbouring part."""

from hypothesis import given, settings
from hypothesis import strategies as st
from layout_inspect import least_gap
import pytest

from generator.imposition.panel_nesting import Placed, fits, lying, nest

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
        assert least_gap(boxes) >= gap - EPSILON


def test_pieces_that_fit_one_sheet_take_one_and_the_rest_go_on_the_next():
    """Five 90 x 40 mm pieces in a 290 x 90 mm room with 2 mm gaps: three side by side in a row,
    from the left, and two below them (2 x 40 + 2 = 82 mm of 90), each in the highest, then
    leftmost, free place. A sixth of 290 x 10 fits nowhere beside them (8 mm are left below the
    rows), so it opens a second sheet."""
    sizes = [(90.0, 40.0)] * 5
    (sheet,) = nest(sizes, (290.0, 90.0), 2.0)
    assert [(spot.index, spot.x, spot.y) for spot in sheet] == [(0, 0, 0), (1, 92, 0), (2, 184, 0), (3, 0, 42),
                                                                 (4, 92, 42)]
    sheets = nest(sizes + [(290.0, 10.0)], (290.0, 90.0), 2.0)
    assert [sorted(spot.index for spot in sheet) for sheet in sheets] == [[0, 1, 2, 3, 4], [5]]


def test_the_largest_piece_goes_first():
    """A 100 x 10 mm strip (1,000 mm²) before a 30 x 30 mm square (900 mm²), though it is lower."""
    (sheet,) = nest([(30.0, 30.0), (100.0, 10.0)], (200.0, 100.0), 2.0)
    assert [(spot.index, spot.x, spot.y) for spot in sheet] == [(1, 0, 0), (0, 0, 12)]


def test_the_rest_of_a_free_place_is_cut_to_leave_the_larger_part_whole():
    """Guillotine cuts, the larger of the two parts as large as can be. In a 100 x 80 mm room:
    after a 60 x 50 mm piece the cut runs down beside it (40 x 80 beside, 60 x 30 below, against
    40 x 50 and 100 x 30 the other way), so a 75 x 30 piece stands turned beside it. After a
    90 x 30 mm piece the cut runs across below it (100 x 50 against 10 x 80), so a 95 x 25 mm
    piece fits below it on the same sheet."""
    (sheet,) = nest([(60.0, 50.0), (75.0, 30.0)], (100.0, 80.0), 0.0)
    assert [(spot.index, spot.x, spot.y, spot.turned) for spot in sheet] == [(0, 0, 0, False), (1, 60, 0, True)]
    (sheet,) = nest([(90.0, 30.0), (95.0, 25.0)], (100.0, 80.0), 0.0)
    assert [(spot.index, spot.x, spot.y, spot.turned) for spot in sheet] == [(0, 0, 0, False), (1, 0, 30, False)]
    # A tie (in 100 x 60, 50 x 60 beside a 50 x 30 piece or 100 x 30 below it) cuts beside it: a
    # 60 x 20 piece then stands turned beside the first, not below it. Either would hold it; the
    # rule keeps the same pieces in the same places.
    (sheet,) = nest([(30.0, 50.0), (60.0, 20.0)], (100.0, 60.0), 0.0)
    assert [(spot.index, spot.x, spot.y, spot.turned) for spot in sheet] == [(0, 0, 0, True), (1, 50, 0, True)]


def test_each_piece_takes_the_highest_then_leftmost_free_place():
    """In a 100 x 60 mm room, no gap: the 30 x 50 piece lies 50 wide at the top left; the rest
    is cut beside it (3,000 mm² each way: a tie cuts beside). The 40 x 30 stands beside it, and
    its rest is cut below it (50 x 30 against 10 x 60). The 10 x 30 lies 30 wide in the highest
    place it fits, under the first piece, its rest cut below it. Two places are then free at
    30 mm from the top, (30, 30) and (50, 30): the 10 x 20 goes into the left one."""
    (sheet,) = nest([(10.0, 30.0), (10.0, 20.0), (40.0, 30.0), (30.0, 50.0)], (100.0, 60.0), 0.0)
    assert [(spot.index, spot.x, spot.y, spot.turned) for spot in sheet] == [
        (3, 0, 0, True), (2, 50, 0, False), (0, 0, 30, True), (1, 30, 30, True)]


def test_in_a_square_room_a_piece_lies_across():
    assert lying((30.0, 60.0), (100.0, 100.0)) == (60.0, 30.0)


def test_a_piece_the_size_of_the_room_fits_it_exactly():
    assert fits((290.0, 190.0), (290.0, 190.0)) and fits((190.0, 290.0), (290.0, 190.0))
    assert nest([(190.0, 290.0), (290.0, 190.0)], (290.0, 190.0), 2.0) == [
        [Placed(0, 0.0, 0.0, True)], [Placed(1, 0.0, 0.0, False)]]


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
