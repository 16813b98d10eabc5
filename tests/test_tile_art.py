"""Properties of the tile art itself: nothing overlaps, every digit is there, backs survive a half turn."""

import math

from PIL import ImageChops, ImageStat
import pytest

from generator.art.digits import pip_patterns
from generator.art.tile import tile_back, tile_front
from generator.colour.theme import load_theme, theme_names
from generator.files.resources import load_toml, template_path
from generator.model.set_loader import OPEN_SET_NAMES, load_all_sets
from generator.scene.drawing import Circle, Line, Polygon, Rect
from generator.scene.sizes import TileSize
from generator.writers.png import render

SIZES = [TileSize(), TileSize(15, 30), TileSize(30, 60), TileSize(20, 44)]


def _all_tiles():
    """The Open Domino sets' tiles (the classic sets have tests of their own)."""
    for tile_set in load_all_sets(OPEN_SET_NAMES).values():
        for tile in tile_set.tiles:
            yield tile_set, tile


def _shapes(drawing):
    """Pips or dashes, and the orienting circle, of a front drawing (its background and divider left out)."""
    digits = [item for item in drawing.items[2:] if isinstance(item, (Circle, Rect))]
    circle = next(item for item in drawing.items if isinstance(item, Circle)
                  and item.style.fill is not None and item.style.fill != load_theme().colour("tile.digit"))
    return [d for d in digits if d is not circle], circle


def _box(shape):
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height


def _apart(a, b) -> bool:
    if isinstance(a, Circle) and isinstance(b, Circle):
        return math.dist((a.cx, a.cy), (b.cx, b.cy)) > a.r + b.r
    ax0, ay0, ax1, ay1 = _box(a)
    bx0, by0, bx1, by1 = _box(b)
    return ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_nothing_overlaps_and_every_digit_is_drawn(size):
    theme = load_theme()
    for tile_set, tile in _all_tiles():
        drawing = tile_front(tile, tile_set, theme, size)
        digits, circle = _shapes(drawing)
        assert len(digits) == tile.head + tile.tail, tile.id       # one pip or dash per unit
        head_half = [d for d in digits if _box(d)[3] <= size.height / 2]
        assert len(head_half) == tile.head, tile.id                # the head's digit is in the upper half
        for index, shape in enumerate(digits):
            x0, y0, x1, y1 = _box(shape)
            assert 0.5 <= x0 and x1 <= size.width - 0.5 and 0.5 <= y0 and y1 <= size.height - 0.5, tile.id
            assert _apart(shape, circle), tile.id
            assert min(x1 - x0, y1 - y0) >= size.half_side / 20, tile.id      # a mark one sees
            for other in digits[index + 1:]:
                assert _apart(shape, other), tile.id


def test_pip_patterns_are_symmetric_under_a_half_turn():
    for digit, points in pip_patterns().items():
        assert sorted(points) == sorted((-x, -y) for x, y in points), digit


@pytest.mark.parametrize("theme_name", theme_names())
def test_backs_look_the_same_turned_180_degrees(theme_name):
    theme = load_theme(theme_name)
    seen = set()
    for tile_set, tile in _all_tiles():
        kind = (tile_set.name, tile.group)
        if kind in seen:
            continue
        seen.add(kind)
        # 254 dpi is 10 pixels per mm: the tile covers whole pixels, so a half turn maps pixel onto pixel.
        image = render(tile_back(tile, tile_set, theme, TileSize()), dpi=254)
        assert image.size == (220, 440)
        difference = ImageChops.difference(image, image.rotate(180)).convert("L")
        # Only the rasteriser's antialiasing of edges may differ; a mark on one half alone gives ~200.
        assert difference.getextrema()[1] <= 80, (theme_name, kind)
        assert ImageStat.Stat(difference).mean[0] < 2, (theme_name, kind)     # one-sided mark: ~25


def test_the_six_backs_are_all_different():
    theme = load_theme()
    images = {}
    for tile_set, tile in _all_tiles():
        images.setdefault((tile_set.name, tile.group), render(tile_back(tile, tile_set, theme, TileSize()), dpi=100))
    kinds = list(images)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert ImageChops.difference(images[a], images[b]).getbbox() is not None, (a, b)


def _orienting_mark(drawing):
    """The group's circle and its arrow: the only polygon on a front, and the circle it stands in."""
    arrow = next(item for item in drawing.items if isinstance(item, Polygon))
    circles = [item for item in drawing.items if isinstance(item, Circle)]
    circle = min(circles, key=lambda c: math.dist((c.cx, c.cy), arrow.points[0]))
    return circle, arrow


@pytest.mark.parametrize("theme_name", theme_names())
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_every_arrow_stands_in_its_circle_in_the_middle_and_points_to_the_head(theme_name, size):
    """The seed's tiles: a coloured circle on the middle of the tile, and in it an arrow pointing to
    the head, the end at the top of the tile's frame. Nothing else tells a tile's orientation, so the
    arrow is checked as a reader sees it: a shaft with a point whose barbs are the widest part, the
    point nearer the head, the whole left-right symmetric and inside the circle (inside a ring's
    inner edge where a theme draws rings)."""
    theme = load_theme(theme_name)
    for tile_set, tile in _all_tiles():
        drawing = tile_front(tile, tile_set, theme, size)
        circle, arrow = _orienting_mark(drawing)
        where = (theme_name, tile.id)
        assert (circle.cx, circle.cy) == pytest.approx((size.width / 2, size.height / 2), abs=1e-9), where
        inner = circle.r - circle.style.stroke_width / 2 if circle.style.fill is None else circle.r
        points = arrow.points
        assert all(math.dist(p, (circle.cx, circle.cy)) < inner for p in points), where
        mirrored = sorted((round(2 * circle.cx - x, 9), round(y, 9)) for x, y in points)
        assert mirrored == sorted((round(x, 9), round(y, 9)) for x, y in points), where
        tip = min(points, key=lambda p: p[1])
        assert tip[0] == pytest.approx(circle.cx) and sum(p[1] == tip[1] for p in points) == 1, where
        half_width = {y: max(abs(x - circle.cx) for x, yy in points if yy == y) for _, y in points}
        barbs = max(half_width, key=half_width.get)
        tail_end = max(half_width)
        assert tip[1] < barbs < tail_end and half_width[tail_end] < half_width[barbs], where
        assert circle.cy - tip[1] > 0.5 * inner and tail_end - circle.cy > 0.5 * inner, where  # fills the circle


def test_the_group_circle_is_the_largest_mark_on_the_face():
    """The circle is how a player tells the group at a glance: wider than any pip or dash."""
    theme = load_theme()
    for size in SIZES:
        for tile_set, tile in _all_tiles():
            drawing = tile_front(tile, tile_set, theme, size)
            digits, circle = _shapes(drawing)
            for shape in digits:
                x0, y0, x1, y1 = _box(shape)
                assert max(x1 - x0, y1 - y0) < 2 * circle.r, (size, tile.id)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_set_c_draws_its_digits_as_dashes_standing_on_the_frontal_edges(size):
    """Set C's numbers 0-3 are dashes near the short edges (the seed). Each end's bars stand upright
    (at least 0.5 mm wide, a bar one reads, not a hairline) side by side, centred across the tile, the same distance in from their own edge at both ends:
    a tile turned end for end shows its dashes where the other end's were."""
    sets = load_all_sets(OPEN_SET_NAMES)
    theme = load_theme()
    for tile in sets["C"].tiles:
        digits, _ = _shapes(tile_front(tile, sets["C"], theme, size))
        assert all(isinstance(shape, Rect) and shape.height > shape.width >= 0.5 for shape in digits), tile.id
        gaps = []
        for digit, near_head in ((tile.head, True), (tile.tail, False)):
            bars = sorted((d for d in digits if (d.y + d.height / 2 < size.height / 2) == near_head), key=lambda d: d.x)
            assert len(bars) == digit, tile.id
            if not bars:
                continue
            assert len({round(d.y, 9) for d in bars}) == 1 and len({round(d.height, 9) for d in bars}) == 1, tile.id
            middle = (bars[0].x + bars[-1].x + bars[-1].width) / 2
            assert middle == pytest.approx(size.width / 2), tile.id
            steps = {round(b.x - a.x, 9) for a, b in zip(bars, bars[1:])}
            assert len(steps) <= 1 and all(step > bars[0].width for step in steps), tile.id       # evenly, apart
            gaps.append(bars[0].y if near_head else size.height - bars[0].y - bars[0].height)
        assert all(0 < gap < size.half_side / 4 for gap in gaps), (tile.id, gaps)      # near the edge
        if len(gaps) == 2:
            assert gaps[0] == pytest.approx(gaps[1]), (tile.id, gaps)


def test_a_ring_takes_the_place_of_the_circle_it_stands_for():
    """An outline-only theme draws the group's circle as a ring: the same mark, so its outer edge
    lies where the filled circle's edge does, and the pips keep the room the layout gave them."""
    classic = load_theme()
    ringed = [name for name in theme_names() if load_theme(name).outline_only]
    assert ringed
    for name in ringed:
        for tile_set, tile in _all_tiles():
            filled, _ = _orienting_mark(tile_front(tile, tile_set, classic, TileSize()))
            ring, _ = _orienting_mark(tile_front(tile, tile_set, load_theme(name), TileSize()))
            assert ring.style.fill is None and ring.style.stroke_width > 0, (name, tile.id)
            assert ring.r + ring.style.stroke_width / 2 == pytest.approx(filled.r), (name, tile.id)


def _corners(item) -> list[tuple[float, float]]:
    if isinstance(item, Circle):
        return [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    return list(item.points)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_each_back_mark_stands_on_the_middle_of_its_half(size):
    """What the design gives each back (B the dark circles, C diamonds, every set's group 2 the
    crosses), once on each half, centred on the half and well inside it: the mark tells the set and
    group of a face-down tile, and must not run into the tile's middle or off its edges."""
    theme = load_theme()
    expected = {"A": set(), "B": {"circle"}, "C": {"diamond"}}
    seen = set()
    for tile_set, tile in _all_tiles():
        if (tile_set.name, tile.group) in seen:
            continue
        seen.add((tile_set.name, tile.group))
        marks = tile_back(tile, tile_set, theme, size).items[1:]
        kinds = expected[tile_set.name] | ({"cross"} if tile.group == 2 else set())
        for centre_y in (size.height / 4, 3 * size.height / 4):
            here = [m for m in marks if abs(sum(y for _, y in _corners(m)) / len(_corners(m)) - centre_y) < 1e-6]
            found = set()
            for mark in here:
                assert mark.style.fill is None and mark.style.stroke_width >= 0.1      # a line that prints
                points = _corners(mark)
                xs, ys = [x for x, _ in points], [y for _, y in points]
                assert (min(xs) + max(xs)) / 2 == pytest.approx(size.width / 2), (tile_set.name, tile.group)
                assert (min(ys) + max(ys)) / 2 == pytest.approx(centre_y), (tile_set.name, tile.group)
                extent = max(max(xs) - min(xs), max(ys) - min(ys))
                assert size.half_side / 4 < extent < size.half_side - 2, (tile_set.name, tile.group, extent)
                if isinstance(mark, Circle):
                    found.add("circle")
                elif isinstance(mark, Polygon):
                    assert len(points) == 4 and max(xs) - min(xs) == pytest.approx(max(ys) - min(ys))
                    assert sorted(x for x, _ in points)[1:3] == pytest.approx([size.width / 2] * 2)   # tips up and down
                    found.add("diamond")
                else:           # a cross: two strokes through the centre at 45 degrees, the same length
                    assert abs(mark.x2 - mark.x1) == pytest.approx(abs(mark.y2 - mark.y1))
                    found.add("cross")
            crosses = [m for m in here if isinstance(m, Line)]
            assert len(crosses) in (0, 2) and len(here) == len(kinds) + len(crosses) // 2, (tile_set.name, tile.group)
            if crosses:
                a, b = crosses
                assert math.dist((a.x1, a.y1), (a.x2, a.y2)) == pytest.approx(math.dist((b.x1, b.y1), (b.x2, b.y2)))
                assert (a.y2 - a.y1) * (b.y2 - b.y1) < 0            # one down to the right, one up
            assert found == kinds, (tile_set.name, tile.group, found)
        assert len(marks) == sum(1 for m in marks if any(
            abs(sum(y for _, y in _corners(m)) / len(_corners(m)) - c) < 1e-6 for c in (size.height / 4, 3 * size.height / 4)))


@pytest.mark.parametrize("theme_name", theme_names())
def test_each_arrow_is_drawn_as_its_theme_file_says(theme_name):
    """The theme file names each group's arrow "solid" or "hollow" (an outline only): read straight
    from templates/themes/, a solid arrow is filled with the group's arrow colour and has no
    outline; a hollow one is an outline in that colour, open inside, its line thick enough to print
    (0.1 mm, a print shop's usual least line) and thin beside the arrow's width."""
    data = load_toml(template_path(f"themes/{theme_name}.toml"))
    theme = load_theme(theme_name)
    for size in SIZES:
        for tile_set, tile in _all_tiles():
            style = data[tile_set.name][f"group{tile.group}"]["arrow_style"]
            circle, arrow = _orienting_mark(tile_front(tile, tile_set, theme, size))
            colour = theme.group_of(tile_set, tile.group).arrow
            width = max(x for x, _ in arrow.points) - min(x for x, _ in arrow.points)
            if style == "solid":
                assert arrow.style.fill == colour and arrow.style.stroke is None, (tile.id, size)
            else:
                assert arrow.style.fill is None and arrow.style.stroke == colour, (tile.id, size)
                assert 0.1 <= arrow.style.stroke_width < width / 8, (tile.id, size, arrow.style.stroke_width)
