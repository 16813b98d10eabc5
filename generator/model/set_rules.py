"""The rules a set file must obey. Each failure names a tile and the rule it breaks."""

from collections import Counter

from msgspec.structs import replace

from generator.errors import UserError
from generator.model.magic import magic_failures
from generator.model.tiles import Tile, TileSet
from generator.words import _, ngettext


def validate_set(tile_set: TileSet, where: str) -> None:
    check_composition(tile_set, where)
    check_proportional_orientation(tile_set, where)
    check_magic_sums(tile_set, where)


def _cell(tile: Tile) -> str:
    return _("tile {fraction} at row {row}, column {column}").format(
        fraction=tile.fraction, row=tile.row, column=tile.column)


def expected_composition(tile_set: TileSet) -> Counter:
    """Unordered digit pairs the set must hold, with their counts."""
    top = tile_set.max_digit
    rule = tile_set.composition
    pairs = [(a, b) for a in range(top + 1) for b in range(a, top + 1)]
    if "extra_doubles" in rule:
        wanted = Counter(pairs)
        wanted.update((d, d) for d in rule["extra_doubles"])
        return wanted
    if "per_group_doubles" in rule and "per_group_fractions" in rule:
        wanted = Counter()
        for a, b in pairs:
            wanted[(a, b)] = 2 * (rule["per_group_doubles"] if a == b else rule["per_group_fractions"])
        return wanted
    raise UserError(_("set {name}: [composition] needs extra_doubles, "
                      "or per_group_doubles and per_group_fractions").format(name=tile_set.name))


def describe_composition(tile_set: TileSet) -> str:
    rule = tile_set.composition
    base = f"double-{tile_set.max_digit}"
    if "extra_doubles" in rule:
        extras = ", ".join(f"{d}/{d}" for d in rule["extra_doubles"])
        return _("{base} plus {extras}").format(base=base, extras=extras)
    return _("per group: each double of {base} {doubles}x, each fraction {fractions}x").format(
        base=base, doubles=rule["per_group_doubles"], fractions=rule["per_group_fractions"])


def check_composition(tile_set: TileSet, where: str) -> None:
    wanted = expected_composition(tile_set)
    rule = _("composition: {rule}").format(rule=describe_composition(tile_set))
    if "per_group_doubles" in tile_set.composition:
        per_group = Counter({pair: n // 2 for pair, n in wanted.items()})
        for group in (1, 2):
            _compare(tile_set.group(group), per_group, _("{where}: group {group}").format(where=where, group=group),
                     rule)
    _compare(tile_set.tiles, wanted, where, rule)


def _compare(tiles, wanted: Counter, where: str, rule: str) -> None:
    have = Counter(t.digits for t in tiles)
    for tile in tiles:
        if have[tile.digits] > wanted[tile.digits]:
            times = wanted[tile.digits]
            raise UserError(ngettext("{where}: {tile} is one too many (the set holds it {times} time; {rule})",
                                     "{where}: {tile} is one too many (the set holds it {times} times; {rule})",
                                     times).format(where=where, tile=_cell(tile), times=times, rule=rule))
    for pair, count in sorted(wanted.items()):
        if have[pair] < count:
            raise UserError(_("{where}: tile {a}/{b} is missing ({rule})").format(
                where=where, a=pair[0], b=pair[1], rule=rule))


def check_proportional_orientation(tile_set: TileSet, where: str) -> None:
    def balanced(groups) -> bool:
        return all(Counter(getattr(t, end) for t in groups[0]) == Counter(getattr(t, end) for t in groups[1])
                   for end in ("head", "tail"))

    groups = [list(tile_set.group(1)), list(tile_set.group(2))]
    if balanced(groups):
        return
    # Name the tile whose arrow, turned, would restore the balance; that is almost always the typo.
    for index, group in enumerate(groups):
        for position, tile in enumerate(group):
            trial = [list(g) for g in groups]
            trial[index][position] = replace(tile, head=tile.tail, tail=tile.head)
            if balanced(trial):
                raise UserError(_("{where}: {tile} breaks proportional orientation: both groups "
                                  "must have the same head digits and tail digits; turn its arrow").format(
                    where=where, tile=_cell(tile)))
    # Or two tiles that stand in each other's group: written in the other half of the board, a tile's
    # head and tail change places (the groups' arrows point opposite ways), so it is tried as read there.
    def turned(tile: Tile) -> Tile:
        return replace(tile, head=tile.tail, tail=tile.head)

    for first_index, first in enumerate(groups[0]):
        for second_index, second in enumerate(groups[1]):
            trial = [list(g) for g in groups]
            trial[0][first_index], trial[1][second_index] = turned(second), turned(first)
            if balanced(trial):
                raise UserError(_("{where}: {first} (group 1) and {second} (group 2) break proportional orientation: "
                                  "both groups must have the same head digits and tail digits; swap the two "
                                  "tiles").format(where=where, first=_cell(first), second=_cell(second)))
    for end in ("head", "tail"):      # the heads can match while the tails do not
        first = Counter(getattr(t, end) for t in groups[0])
        second = Counter(getattr(t, end) for t in groups[1])
        for digit in sorted(set(first) | set(second)):
            if first[digit] != second[digit]:
                message = (_("{where}: groups break proportional orientation: group 1 has {first} heads of "
                             "{digit}, group 2 has {second}; both must have the same head digits") if end == "head"
                           else _("{where}: groups break proportional orientation: group 1 has {first} tails of "
                                  "{digit}, group 2 has {second}; both must have the same tail digits"))
                raise UserError(message.format(where=where, first=first[digit], digit=digit, second=second[digit]))


def check_magic_sums(tile_set: TileSet, where: str) -> None:
    """The layout keeps every property of the set's [magic] table; the first failure is the error."""
    failures = magic_failures(tile_set)
    if failures:
        first = failures[0]
        raise UserError(_("{where}: {place}: {problem} (magic sums: {property})").format(
            where=where, place=first.place, problem=first.problem, property=first.property))
