"""Properties of the tile art itself: nothing overlaps, every digit is there, backs survive a half turn."""

import math

from PIL import ImageChops, ImageStat
import pytest

from generator.art.digits import pip_patterns
from generator.art.tile import tile_back, tile_front
from generator.colour.theme import load_theme, theme_names
from generator.model.set_loader import OPEN_SET_NAMES, load_all_sets
from generator.scene.drawing import Circle, Rect
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
