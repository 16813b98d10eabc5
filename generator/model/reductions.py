"""Reduced sets (0-5, 0-4, 0-3, 0-2) as defined in templates/reductions.toml."""

from collections import Counter
from functools import cache

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.model.tiles import TileSet
from generator.words import _


@cache
def reduction_rules() -> dict:
    return load_toml(template_path("reductions.toml"))


def reduce_tiles(tile_set: TileSet, reduction: str, group: int | None = None) -> Counter:
    """The oriented tiles (head, tail) a reduced set or reduced group keeps, with counts."""
    rules = reduction_rules()
    if reduction not in rules:
        raise UserError(_("unknown reduced set {reduction!r}; choose from {rules}").format(
            reduction=reduction, rules=", ".join(rules)))
    rule = rules[reduction]
    tiles = tile_set.group(group) if group else tile_set.tiles
    kept = Counter((t.head, t.tail) for t in tiles if max(t.head, t.tail) <= rule["max_digit"])
    extras = tile_set.composition.get("extra_doubles", [])
    keep = extras if rule["keep_extra_doubles"] == "all" else rule["keep_extra_doubles"]
    for digit in extras:
        if digit <= rule["max_digit"] and digit not in keep and (digit, digit) in kept:
            # The extra double is the second copy: a whole set drops one; a group drops its own.
            if group is None or _group_holds_extra(tile_set, group, digit):
                kept[(digit, digit)] -= 1
    return +kept


def _group_holds_extra(tile_set: TileSet, group: int, digit: int) -> bool:
    # Which group holds "the added" copy is undefined when both hold one; by convention group 2.
    counts = [sum(1 for t in tile_set.group(g) if t.head == t.tail == digit) for g in (1, 2)]
    return counts[group - 1] > 0 and (counts[2 - group] == 0 or group == 2)

