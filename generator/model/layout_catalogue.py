"""The numbered catalogue of a set's magic layouts: count them, and give layout K.

What is counted. A layout stands every printed tile of the set on the board: group 1's 16 tiles on
rows 8 and 7, group 2's on rows 2 and 1, each with its printed arrow. It is magic when every
property of the set's [magic] table holds (generator/model/magic.py). Two layouts that differ only
in the order of their columns keep the same sums, so the catalogue lists each layout once *up to
the order of columns*: any column may go anywhere, except that when group 2 must be group 1 turned
(set C), only reorderings that keep the turn are free (swap columns c and 9 - c, or move such a
mirror pair of columns to another mirror pair).

A layout up to column order is made of
- group 1's pairing: which two tiles share a column, and which of them stands on row 8;
- for a set whose group 2 is group 1 turned: which pairs stand in mirror columns (c and 9 - c);
  group 2 then follows;
- otherwise group 2's pairing (which tiles share a column, which stands on row 1) and which pair of
  group 2 joins which pair of group 1 in a column.

The order of the catalogue, which fixes every layout's number (it must never change):
1. By the column sums of group 1's pairs, sorted ascending and compared as sequences.
2. Within those, by the sums of the head and then the tail digits on row 8 (smallest first).
3. Then by group 1's pairing, written as its pairs (row-8 tile, row-7 tile), a tile compared by its
   head digit, then its tail digit; the pairs sorted, and the sorted lists compared.
4. Then by group 2's pairing, the same way with (row-2 tile, row-1 tile); or, for a turned set,
   by the mirror columns, as the sorted list of pairs of positions in step 3's list.
5. Then by which group-2 pair joins which group-1 pair: for group 1's pairs in step 3's order,
   the positions of their partners in step 4's list, compared as a sequence.
Layouts are numbered from 1 in this order. A layout is shown with its columns in step 3's order
(a turned set: mirror columns 1 and 8 hold the first mirror pair, 2 and 7 the second, ...).
"""

from collections import Counter
from functools import cache, cached_property, lru_cache
from math import factorial, prod

from msgspec import Struct
from msgspec.structs import replace
import numpy as np

from generator.model.layout_groups import GroupTiles, printed_groups
from generator.model.layout_pairings import PAIRS, all_pairings, orientation_keys, pairings_within, sorted_pair_sums
from generator.model.tiles import TileSet

_TURNS = factorial(4) * 2 ** 4     # column orders that keep a turned layout turned: 4 mirror pairs, each either way


class LayoutCount(Struct, frozen=True):
    up_to_columns: int      # layouts that differ by more than the order of their columns
    in_all: int             # every layout, columns in every order they may take
    column_orders: int      # how many column orders each layout has (when its columns all differ)


class _Side:
    """One group's half of the search: its pairings, grouped by their sorted column sums."""

    def __init__(self, tiles: GroupTiles, magic: dict, back_is_upper: bool):
        self.tiles = tiles
        self.back_is_upper = back_is_upper          # group 1's back row (8) is its upper row
        heads, tails = tiles.heads, tiles.tails
        self.digit_sums = heads + tails
        self.key_base = int(8 * max(heads.max(), tails.max()) + 1)
        self.tile_keys = heads * self.key_base + tails      # head sum and tail sum of a row in one number
        self.head_total, self.tail_total = int(heads.sum()), int(tails.sum())
        self.magic = magic
        wanted = magic.get("group_column_sum")
        allowed = None if wanted is None else (self.digit_sums[:, None] + self.digit_sums[None, :] == wanted)
        self.pairings = all_pairings() if allowed is None else pairings_within(allowed)
        self.pairing_codes = self._codes(self.pairings)

    @cached_property
    def codes(self) -> np.ndarray:
        """The classes (sorted column sums) that some pairing has, in catalogue order."""
        return _distinct(self.pairing_codes)

    def _codes(self, pairings: np.ndarray) -> np.ndarray:
        """Each pairing's sorted column sums as one number (0 for all when columns need no sum)."""
        if "column_sum" not in self.magic:
            return np.zeros(len(pairings), dtype=np.int64)
        return encode_columns(sorted_pair_sums(pairings, self.digit_sums))

    @lru_cache(maxsize=4)
    def join_keys(self, code: int) -> tuple[np.ndarray, np.ndarray]:
        """For the class's pairings: an array (n, 256) giving each orientation's key (the back row's
        head and tail sums when the other group must show the same, else 0), -1 where a row's sums
        break the table; and the pairings themselves."""
        pairings = self.pairings[self.pairing_codes == code]
        return self._keys_of(pairings), pairings

    @cached_property
    def rows_have_sums(self) -> bool:
        """Whether the table asks a row for its head or tail sum: if not, every orientation is valid."""
        return self.magic.get("row_head_sum") is not None or self.magic.get("row_tail_sum") is not None

    def _keys_of(self, pairings: np.ndarray) -> np.ndarray:
        keys = orientation_keys(pairings, self.tile_keys)
        if not self.rows_have_sums:          # nothing to mark invalid: skip two passes over 500 million keys
            return keys if self.magic.get("mirrored_row_sums") else np.zeros_like(keys)
        heads, tails = keys // self.key_base, keys % self.key_base
        valid = np.ones(keys.shape, dtype=bool)
        for wanted, back, total in ((self.magic.get("row_head_sum"), heads, self.head_total),
                                    (self.magic.get("row_tail_sum"), tails, self.tail_total)):
            if wanted is not None:
                valid &= (back == wanted) & (total - back == wanted)
        joined = keys if self.magic.get("mirrored_row_sums") else np.zeros_like(keys)
        return np.where(valid, joined, -1)

    def all_key_counts(self, progress=None, with_shapes: bool = False):
        """key_counts of every class at once: arrays of class code, key and count, sorted by code and
        key. The pairings are taken in slices of whole classes, a few thousand pairings at a time.
        `with_shapes` (a group with interchangeable tiles): also {(code, key): {shape: count}} of the
        (pairing, orientation)s whose shape is not 0, those that stand two identical pairs (shape_of)."""
        bins = self.key_base ** 2
        order = np.argsort(self.pairing_codes)
        pairings = self.pairings[order]
        class_of = np.searchsorted(self.codes, self.pairing_codes[order])
        class_starts = np.flatnonzero(np.r_[True, class_of[1:] != class_of[:-1]])
        found_class, found_key, found_count, shaped = [], [], [], []
        for start, end in _slices(class_starts, len(pairings), 8192):
            keys = self._keys_of(pairings[start:end])
            first = class_of[start]
            local = (class_of[start:end, None] - first) * bins + keys
            if with_shapes:
                shapes = self._shapes_of(pairings[start:end])
                rows, orientations = np.nonzero((shapes != 0) & (keys >= 0))
                shaped.append(((class_of[start + rows].astype(np.int64) * bins + keys[rows, orientations]) * _SHAPES
                               + shapes[rows, orientations]))
            local = local[keys >= 0] if self.rows_have_sums else local.ravel()
            counts = np.bincount(local, minlength=(class_of[end - 1] - first + 1) * bins)
            hit = np.flatnonzero(counts)
            found_class.append((hit // bins + first).astype(np.int32))     # millions of entries: kept small
            found_key.append((hit % bins).astype(np.int32))
            found_count.append(counts[hit].astype(np.int32))               # at most 256 per pairing of a class
            if progress is not None:
                progress(end, len(pairings))
        classes = np.concatenate(found_class)
        found = self.codes[classes], np.concatenate(found_key), np.concatenate(found_count)
        if not with_shapes:
            return found
        by_key: dict[tuple[int, int], dict[int, int]] = {}
        entries, counts = np.unique(np.concatenate(shaped), return_counts=True) if shaped else ((), ())
        for entry, count in zip(np.asarray(entries).tolist(), np.asarray(counts).tolist()):
            place, shape = divmod(entry, _SHAPES)
            class_index, key = divmod(place, bins)
            by_key.setdefault((int(self.codes[class_index]), key), {})[shape] = count
        return (*found, by_key)

    @cached_property
    def swaps(self) -> int:
        """Ways to swap the group's identical tiles among their places."""
        return prod(factorial(n) for n in Counter(self.tiles.types).values())

    def _shapes_of(self, pairings: np.ndarray) -> np.ndarray:
        """For each pairing and orientation, its shape: with the pairs sorted by column sum and then
        by their tiles' types (upper, lower), bit i set when pair i + 1 is identical to pair i. 0 for
        nearly all: two pairs can be identical only when they pair the same two types of tile."""
        types = np.asarray(self.tiles.types, dtype=np.int64)
        first, second = types[pairings[:, :, 0]], types[pairings[:, :, 1]]
        unordered = np.sort(np.minimum(first, second) * 64 + np.maximum(first, second), axis=1)
        shapes = np.zeros((len(pairings), 2 ** PAIRS), dtype=np.int16)
        candidates = np.flatnonzero((unordered[:, 1:] == unordered[:, :-1]).any(axis=1))
        if not len(candidates):
            return shapes
        first, second = first[candidates][:, None, :], second[candidates][:, None, :]
        sums = (self.digit_sums[pairings[candidates, :, 0]] + self.digit_sums[pairings[candidates, :, 1]])[:, None, :]
        on_back = ((np.arange(2 ** PAIRS)[:, None] >> np.arange(PAIRS)) & 1).astype(bool)[None]
        back, front = np.where(on_back, second, first), np.where(on_back, first, second)
        upper, lower = (back, front) if self.back_is_upper else (front, back)
        pairs = np.sort((sums * 64 + upper) * 64 + lower, axis=2)
        same = pairs[:, :, 1:] == pairs[:, :, :-1]
        shapes[candidates] = (same * (1 << np.arange(PAIRS - 1))).sum(axis=2)
        return shapes

    @lru_cache(maxsize=8)
    def key_counts(self, code: int | None) -> dict[int, int]:
        """How many (pairing, orientation) of the class give each key."""
        if code is None:
            return {}
        keys, _ = self.join_keys(code)
        found, counts = np.unique(keys[keys >= 0], return_counts=True)
        return dict(zip(found.tolist(), counts.tolist()))

    def pairings_with_key(self, code: int, key: int) -> np.ndarray:
        """The class's distinct pairings (interchangeable tiles merged) with the key, each as 16
        type numbers: the sorted pairs (upper type, lower type). Sorted, so index = order."""
        keys, pairings = self.join_keys(code)
        rows, orientations = np.nonzero(keys == key)
        second = (orientations[:, None] >> np.arange(PAIRS)) & 1
        chosen = pairings[rows]
        back = np.take_along_axis(chosen, second[:, :, None], axis=2)[:, :, 0]
        front = np.take_along_axis(chosen, 1 - second[:, :, None], axis=2)[:, :, 0]
        upper, lower = (back, front) if self.back_is_upper else (front, back)
        types = np.array(self.tiles.types)
        pairs = np.sort(types[upper] * 64 + types[lower], axis=1)
        return np.unique(pairs, axis=0)

    def type_sum(self, type_number: int) -> int:
        return int(self.digit_sums[self.tiles.types.index(type_number)])

    @lru_cache(maxsize=8)
    def kinds_by_key(self, code: int) -> dict[int, dict[int, int]]:
        """For a group with interchangeable tiles: key -> {shape: the class's distinct pairings
        (identical tiles merged) with that key and shape}."""
        keys, pairings = self.join_keys(code)
        valid = keys >= 0
        combined = keys[valid].astype(np.int64) * _SHAPES + self._shapes_of(pairings)[valid]
        per_key: dict[int, dict[int, int]] = {}
        for value, count in zip(*(part.tolist() for part in np.unique(combined, return_counts=True))):
            key, shape = divmod(value, _SHAPES)
            per_key.setdefault(key, {})[shape] = count
        return {key: _merged_kinds(counts, self.swaps) for key, counts in per_key.items()}

    def shapes_of_distinct(self, rows: np.ndarray) -> np.ndarray:
        """The shape of each distinct pairing as pairings_with_key gives them (rows of 16 type
        numbers as sorted pairs upper * 64 + lower)."""
        type_sums = np.zeros(64, dtype=np.int64)
        type_sums[list(self.tiles.types)] = self.digit_sums
        pairs = rows.astype(np.int64)
        ordered = np.sort((type_sums[pairs // 64] + type_sums[pairs % 64]) * 4096 + pairs, axis=1)
        return ((ordered[:, 1:] == ordered[:, :-1]) * (1 << np.arange(PAIRS - 1))).sum(axis=1)


def _side(tiles: GroupTiles, magic: dict, back_is_upper: bool) -> _Side:
    """A group's half, shared by every catalogue of the same tiles and [magic] table in the process.
    Its pairings' sums take about half a second for a set of 16 tiles, and a process that lives on
    (the colour studio, a test worker's command server) asks for the same set's catalogue again."""
    return _shared_side(tiles, tuple(sorted(magic.items())), back_is_upper)


@lru_cache(maxsize=6)       # the kit sets' five sides; one of A or B keeps about 17 MB of arrays
def _shared_side(tiles: GroupTiles, magic: tuple, back_is_upper: bool) -> _Side:
    return _Side(tiles, dict(magic), back_is_upper)


def encode_sums(sums: np.ndarray) -> np.ndarray:
    """Rows of 8 sorted column sums (each below 64) as one int64 each, in the same order."""
    return encode_columns([sums[:, column] for column in range(sums.shape[1])])


def encode_columns(columns: list[np.ndarray]) -> np.ndarray:
    """encode_sums of rows given as their columns, the smallest sums first: 6 bits a sum."""
    code = columns[0].astype(np.int64)
    for column in columns[1:]:
        code <<= 6
        code |= column
    return code


def decode_sums(code: int) -> list[int]:
    return decode_all_sums(np.array([code], dtype=np.int64))[0].tolist()


def decode_all_sums(codes: np.ndarray) -> np.ndarray:
    """encode_sums undone: each code's 8 sorted column sums, a row each."""
    return (codes[:, None] >> (6 * np.arange(PAIRS - 1, -1, -1))) & 63


def _distinct(values: np.ndarray) -> np.ndarray:
    """np.unique's answer, by one sort (numpy's unique hashes first: slower on millions of codes).
    The stable sort (timsort for int64) takes half the time of the default on pairings' codes, which
    come in long ascending runs."""
    ordered = np.sort(values, kind="stable")
    return ordered[np.r_[True, ordered[1:] != ordered[:-1]]] if len(ordered) else ordered


class LayoutCatalogue:
    """The magic layouts of an Open Domino set, in the catalogue's fixed order."""

    def __init__(self, tile_set: TileSet):
        self.tile_set = tile_set
        self.magic = {key: value for key, value in tile_set.magic.items() if value is not False}
        self.groups = printed_groups(tile_set)
        self.turned = bool(self.magic.get("group2_is_group1_turned"))
        self.north = _side(self.groups[0], self.magic, back_is_upper=True)
        self.south = None if self.turned else _side(self.groups[1], self.magic, back_is_upper=False)
        # A turned layout needs group 2 to hold exactly group 1's tiles.
        self.possible = not self.turned or self.groups[0].type_signature() == self.groups[1].type_signature()
        self.twins = self.groups[0].has_twins or self.groups[1].has_twins
        self._counts: list[tuple[int, int, int]] | None = None

    # -- the classes of step 1, in order ----------------------------------------------------------------
    def _partner_code(self, code: int) -> int | None:
        partner = int(self._partner_codes(np.array([code], dtype=np.int64))[0])
        return None if partner < 0 else partner

    def _partner_codes(self, codes: np.ndarray) -> np.ndarray:
        """The class group 2 must have to complete each group-1 class's columns to the column sum
        (-1 where no class can: a sum above it)."""
        if "column_sum" not in self.magic:
            return codes
        complement = self.magic["column_sum"] - decode_all_sums(codes)
        ascending = complement[:, ::-1]             # the complement of ascending sums descends
        return np.where((complement >= 0).all(axis=1), encode_sums(ascending), -1)

    def _class_codes(self):
        if not self.possible:
            return []
        codes = self.north.codes
        if self.turned:
            return codes.tolist()
        # A class whose partner no pairing has is empty.
        return codes[np.isin(self._partner_codes(codes), self.south.codes)].tolist()

    @cache
    def class_total(self, code: int) -> int:
        """How many layouts (up to column order) the class holds."""
        if not self.twins:
            north = self.north.key_counts(code)
            if self.turned:
                return sum(north.values()) * self._mirror_pairings_of_code(code)
            south = self.south.key_counts(self._partner_code(code))
            joins = sum(count * south.get(key, 0) for key, count in north.items())
            return joins * self._joinings_of_code(code)
        return sum(total for _, total in self._twin_key_totals(code))

    def _twin_key_totals(self, code: int) -> list[tuple[int, int]]:
        """(key, layouts) of the class's keys that hold a layout, for a set with interchangeable
        tiles: from how many distinct pairings of each shape each group has with the key."""
        north = self.north.kinds_by_key(code)
        if self.turned:
            return [(key, sum(n * self._north_total(code, shape, None) for shape, n in north[key].items()))
                    for key in sorted(north)]
        south = self.south.kinds_by_key(self._partner_code(code))
        totals = [(key, sum(n * self._north_total(code, shape, south[key]) for shape, n in north[key].items()))
                  for key in sorted(north) if key in south]
        return [(key, total) for key, total in totals if total]

    def _north_total(self, code: int, shape: int, south_kinds: dict[int, int] | None) -> int:
        """Layouts of one group-1 pairing of the class with this shape: its mirror pairings (a
        turned set), or its joinings with each group-2 pairing of the key, by their shapes."""
        if south_kinds is None:
            return _mirror_pairings(_shape_labels(shape), self._sums_of(code), self.magic.get("column_sum"))
        partner = self._partner_code(code)
        return sum(m * _joinings(_shape_labels(shape), self._sums_of(code), _shape_labels(south_shape),
                                 self._sums_of(partner), self.magic.get("column_sum"))
                   for south_shape, m in south_kinds.items())

    def _joinings_of_code(self, code: int) -> int:
        """Ways to join 8 distinct group-1 pairs with 8 distinct group-2 pairs in columns."""
        if "column_sum" not in self.magic:
            return factorial(PAIRS)
        sums = decode_sums(code)
        return prod(factorial(sums.count(value)) for value in set(sums))

    def _mirror_pairings_of_code(self, code: int) -> int:
        sums = decode_sums(code) if "column_sum" in self.magic else [0] * PAIRS
        return _mirror_pairings(tuple(range(PAIRS)), tuple(sums), self.magic.get("column_sum"))

    # -- counting and numbering --------------------------------------------------------------------------
    def count(self, progress=None) -> LayoutCount:
        """The exact count; progress, if given, is called with the fraction done (0 to 1)."""
        orders = _TURNS if self.turned else factorial(PAIRS)
        total = sum(total for _, total in self.class_totals(progress))
        in_all = self._in_all_with_twins(orders) if self.twins else total * orders
        return LayoutCount(up_to_columns=total, in_all=in_all, column_orders=orders)

    def class_totals(self, progress=None) -> list[tuple[int, int]]:
        """(class code, layouts in it) of every class that holds one, in catalogue order, counted in
        one pass over all pairings; kept for the process."""
        return [(code, total) for code, _, total in self._class_counts(progress)]

    def _class_counts(self, progress) -> list[tuple[int, int, int]]:
        """(class code, layouts with identical tiles told apart, layouts) of every class that holds
        a layout: the two differ only for a set with interchangeable tiles."""
        if self._counts is None:
            self._counts = self._count_classes(progress) if self.possible else []
        return self._counts

    def _count_classes(self, progress) -> list[tuple[int, int, int]]:
        """Each class counted from its pairings' keys: with identical tiles told apart (the search
        pairs the group's 16 places), and merged (_merged_totals)."""
        halves = 1 if self.turned else 2
        codes, keys, counts, *north_shapes = self.north.all_key_counts(_part_of(progress, 0, halves), self.twins)
        if not len(codes):
            return []
        class_starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]])
        class_codes = codes[class_starts].tolist()
        if self.turned:
            per_class = np.add.reduceat(counts.astype(np.int64), class_starts).tolist()
            apart = [(code, n * self._mirror_pairings_of_code(code)) for code, n in zip(class_codes, per_class)]
            return self._merged_totals(apart, (codes, keys, counts, *north_shapes), None)
        south = self.south.all_key_counts(_part_of(progress, 1, halves), self.twins)
        south_codes, south_keys, south_counts = south[:3]
        if not len(south_codes):
            return []
        bins = self.north.key_base ** 2
        south_index = south_codes * bins + south_keys
        partners = self._partner_codes(codes[class_starts])
        wanted = np.repeat(partners, np.diff([*class_starts, len(codes)])) * bins + keys
        position = np.minimum(np.searchsorted(south_index, wanted), len(south_index) - 1)
        matched = np.where(south_index[position] == wanted, south_counts[position], 0)
        per_class = np.add.reduceat(counts.astype(np.int64) * matched, class_starts).tolist()
        apart = [(code, n * self._joinings_of_code(code)) for code, n in zip(class_codes, per_class) if n]
        return self._merged_totals(apart, (codes, keys, counts, *north_shapes), south)

    def _merged_totals(self, apart: list, north: tuple, south: tuple | None) -> list[tuple[int, int, int]]:
        """With identical tiles merged, from the counts that tell them apart. A pairing of a group
        (with its orientation) whose pairs all differ is, identical tiles merged, one of `swaps`
        that tell them apart; one that stands identical pairs (its shape) is one of fewer, since
        swapping two identical pairs whole gives itself. Such shapes are rare, so each class is
        counted as if none had one, and the (class, key)s that have them are then counted exactly."""
        if not self.twins:
            return [(code, total, total) for code, total in apart]
        north_swaps = self.north.swaps
        south_swaps = 1 if south is None else self.south.swaps
        bins = self.north.key_base ** 2
        count_of = {side: _CountsByKey(table, bins) for side, table in (("north", north), ("south", south))
                    if table is not None}
        shaped_keys: dict[int, set[int]] = {}
        for code, key in north[3]:
            shaped_keys.setdefault(code, set()).add(key)
        partner_of = {}
        if south is not None:
            codes = np.array([code for code, _ in apart], dtype=np.int64)
            partner_of = dict(zip(codes.tolist(), self._partner_codes(codes).tolist()))
            back = {partner: code for code, partner in partner_of.items()}
            for partner, key in south[3]:
                if partner in back:
                    shaped_keys.setdefault(back[partner], set()).add(key)
        merged = []
        for code, total in apart:
            scaled = total       # the class's layouts told apart, times the swaps of both groups' tiles
            for key in sorted(shaped_keys.get(code, ())):
                north_kinds = _kinds(count_of["north"].get(code, key), north[3].get((code, key), {}), north_swaps)
                if south is None:
                    south_kinds = None
                    told_apart = count_of["north"].get(code, key) * self._mirror_pairings_of_code(code)
                else:
                    partner = partner_of[code]
                    south_kinds = _kinds(count_of["south"].get(partner, key), south[3].get((partner, key), {}),
                                         south_swaps)
                    told_apart = (count_of["north"].get(code, key) * count_of["south"].get(partner, key)
                                  * self._joinings_of_code(code))
                exact = sum(n * self._north_total(code, shape, south_kinds) for shape, n in north_kinds.items())
                scaled += exact * north_swaps * south_swaps - told_apart
            layouts, rest = divmod(scaled, north_swaps * south_swaps)
            assert rest == 0, "identical tiles swapped must divide the layouts that tell them apart"
            if layouts:
                merged.append((code, total, layouts))
        return merged

    def _sums_of(self, code: int) -> tuple[int, ...]:
        """The class's column sums, ascending: those of its pairs in shape order (0s without sums)."""
        return tuple(decode_sums(code)) if "column_sum" in self.magic else (0,) * PAIRS

    def _in_all_with_twins(self, orders: int) -> int:
        """Every layout in every column order, where swapping two identical tiles, or two identical
        columns, makes no new layout. The search without twins tells every tile apart (it pairs the
        group's 16 places): its layouts in every order are each layout here once for every way to
        swap identical tiles among their places, in both groups, or in group 1 alone when group 2
        follows from the turn. So one counting pass and a division, where listing the layouts to
        count their orders would take hours on a set of many layouts."""
        groups = self.groups[:1] if self.turned else self.groups
        swaps = prod(factorial(n) for group in groups for n in Counter(group.types).values())
        told_apart = sum(apart for _, apart, _ in self._class_counts(None))
        in_all, rest = divmod(told_apart * orders, swaps)
        assert rest == 0, "identical tiles swapped must divide the layouts that tell them apart"
        return in_all

    def layouts(self, start: int):
        """Layouts from number `start` on, as (number, TileSet) in catalogue order."""
        number = 0
        for code, size in self._sized_classes(start):
            if number + size < start:
                number += size
                continue
            offset = start - number - 1 if start > number else 0
            found = self._twin_class_layouts(code, offset) if self.twins else self._class_layouts(code, offset)
            for index, layout in enumerate(found):
                yield max(start, number + 1) + index, layout
            number += size

    def _sized_classes(self, start: int):
        """(class code, layouts in it) in catalogue order. The first WALK classes are counted one by
        one; a start beyond them has every class counted in one pass (a few seconds) instead."""
        number = 0
        codes = self._class_codes()
        for index, code in enumerate(codes):
            if index == WALK and number < start:
                totals = dict(self.class_totals())
                yield from ((code, totals.get(code, 0)) for code in codes[index:])
                return
            size = self.class_total(code)
            number += size
            yield code, size

    def _twin_class_layouts(self, code: int, offset: int):
        """The class's layouts from its offset-th on, for a set with interchangeable tiles: keys
        passed over by their totals, then group-1 pairings by theirs (one per shape), then listed
        block by block."""
        partner = None if self.turned else self._partner_code(code)
        south = None if self.turned else self.south.kinds_by_key(partner)
        for key, total in self._twin_key_totals(code):
            if offset >= total:
                offset -= total
                continue
            norths = self.north.pairings_with_key(code, key)
            per_shape = {shape: self._north_total(code, shape, None if south is None else south[key])
                         for shape in self.north.kinds_by_key(code)[key]}
            ends = np.cumsum([per_shape[shape] for shape in self.north.shapes_of_distinct(norths).tolist()])
            first = int(np.searchsorted(ends, offset, side="right"))
            offset -= int(ends[first - 1]) if first else 0
            souths = None if self.turned else _Souths(self, self.south.pairings_with_key(partner, key))
            for north in norths[first:]:
                block = _Block(self, north, souths)
                for index in range(offset, block.total):
                    yield block.layout(index)
                offset = 0

    def _class_layouts(self, code: int, offset: int):
        """The class's layouts from its offset-th on (0 is its first), for a set without twins."""
        north_counts = self.north.key_counts(code)
        partner = None if self.turned else self._partner_code(code)
        south_counts = {} if self.turned else self.south.key_counts(partner)
        for key in sorted(north_counts):
            per_north = (self._mirror_pairings_of_code(code) if self.turned
                         else south_counts.get(key, 0) * self._joinings_of_code(code))
            size = north_counts[key] * per_north
            if offset >= size:
                offset -= size
                continue
            norths = self.north.pairings_with_key(code, key)
            souths = None if self.turned else self.south.pairings_with_key(partner, key)
            while offset < size:
                north, rest = divmod(offset, per_north)
                if self.turned:
                    yield _Block(self, norths[north], None).layout(rest)
                else:
                    south, joining = divmod(rest, self._joinings_of_code(code))
                    yield _Block(self, norths[north], _Souths(self, souths[south:south + 1])).layout(joining)
                offset += 1
            offset = 0

    def layout(self, number: int) -> TileSet | None:
        return next((tile_set for _, tile_set in self.layouts(number)), None)


# Counting the first WALK classes one by one costs about a thirtieth of counting every class in one
# pass (set A: 0.3 s and 9 s of CPU), so a start within them (A's first 24 hold some 36 million
# layouts, B's 7 million) is reached class by class, and one further on after the one pass.
WALK = 24


def _slices(class_starts: np.ndarray, length: int, size: int):
    """(start, end) of consecutive slices of about `size` items that never split a class."""
    bounds = np.append(class_starts, length)        # an array: searched a thousand times
    start = 0
    while start < length:
        end = bounds[min(np.searchsorted(bounds, start + size, side="right"), len(bounds) - 1)]
        end = max(end, bounds[np.searchsorted(bounds, start, side="right")])     # a class larger than size
        yield start, end
        start = end


def _part_of(progress, part: int, parts: int):
    """A progress callback (done, total) of one part, reported as the whole's fraction done."""
    if progress is None:
        return None
    return lambda done, total: progress((part + done / total) / parts)


class _Souths:
    """The group-2 pairings a class's blocks of one key join (a set without a turn), each as its pairs,
    their column sums and their shape (which pairs are identical): how many ways a group-1 pairing
    joins one depends on the shapes and sums only, so a block counts each shape once."""

    def __init__(self, catalogue: LayoutCatalogue, rows: np.ndarray):
        side = catalogue.south
        self.pairs = [_pairs_of_row(row) for row in rows]
        self.sums = [tuple(side.type_sum(u) + side.type_sum(v) for u, v in pairs) for pairs in self.pairs]
        self.shapes = [_shape(pairs) for pairs in self.pairs]

    @cached_property
    def kinds(self) -> list[tuple[tuple, tuple, int]]:
        """(shape, sums, how many pairings have them), in first-seen order."""
        return [(*kind, n) for kind, n in Counter(zip(self.shapes, self.sums)).items()]


class _Block:
    """The layouts of the class that share one group-1 pairing (and key), in catalogue order."""

    def __init__(self, catalogue: LayoutCatalogue, north: np.ndarray, souths: _Souths | None):
        self.catalogue = catalogue
        self.north = _pairs_of_row(north)
        self.souths = souths
        side = catalogue.north
        self.north_sums = tuple(side.type_sum(u) + side.type_sum(v) for u, v in self.north)
        self.north_shape = _shape(self.north)

    def _joinings(self, south_shape: tuple, south_sums: tuple) -> int:
        return _joinings(self.north_shape, self.north_sums, south_shape, south_sums,
                         self.catalogue.magic.get("column_sum"))

    @cached_property
    def total(self) -> int:
        if self.catalogue.turned:
            return _mirror_pairings(self.north_shape, self.north_sums, self.catalogue.magic.get("column_sum"))
        return sum(n * self._joinings(shape, sums) for shape, sums, n in self.souths.kinds)

    def layout(self, index: int) -> TileSet:
        return _placed(self.catalogue, self._columns(index))

    def _columns(self, index: int) -> list[tuple]:
        """The layout's 8 columns, each (row 8, row 7, row 2, row 1) as (group, type) pairs."""
        column_sum = self.catalogue.magic.get("column_sum")
        if self.catalogue.turned:
            couples = _unrank_mirror_pairing(self.north_shape, self.north_sums, column_sum, index)
            columns: list = [None] * PAIRS
            for k, (i, j) in enumerate(couples):
                columns[k], columns[PAIRS - 1 - k] = self.north[i], self.north[j]
            return [(upper, lower, lower_turned, upper_turned)
                    for (upper, lower), (upper_turned, lower_turned) in zip(columns, reversed(columns))]
        for south, shape, sums in zip(self.souths.pairs, self.souths.shapes, self.souths.sums):
            count = self._joinings(shape, sums)
            if index < count:
                partners = _unrank_joining(self.north_shape, self.north_sums, shape, sums, column_sum, index)
                return [(*self.north[i], *south[p]) for i, p in enumerate(partners)]
            index -= count
        raise IndexError(index)


class _CountsByKey:
    """A side's (class code, key) -> count, looked up in all_key_counts' sorted arrays."""

    def __init__(self, table: tuple, bins: int):
        self.index = table[0].astype(np.int64) * bins + table[1]
        self.counts = table[2]
        self.bins = bins

    def get(self, code: int, key: int) -> int:
        wanted = code * self.bins + key
        at = int(np.searchsorted(self.index, wanted))
        return int(self.counts[at]) if at < len(self.index) and self.index[at] == wanted else 0


_SHAPES = 2 ** (PAIRS - 1)        # a shape: a bit for each two neighbouring pairs, set when they are identical


def _shape_labels(shape: int) -> tuple[int, ...]:
    """A shape as _shape gives it: the pairs numbered by kind, a neighbour identical to the pair
    before it taking that pair's number."""
    labels = [0]
    for bit in range(PAIRS - 1):
        labels.append(labels[-1] if shape >> bit & 1 else labels[-1] + 1)
    return tuple(labels)


def _kinds(count: int, shaped: dict[int, int], swaps: int) -> dict[int, int]:
    """_merged_kinds of `count` (pairing, orientation)s in all, `shaped` of them by shape (not 0)."""
    return _merged_kinds({0: count - sum(shaped.values()), **shaped}, swaps)


def _merged_kinds(counts: dict[int, int], swaps: int) -> dict[int, int]:
    """How many pairings, identical tiles merged, have each shape, from the (pairing, orientation)
    counts that tell them apart: a pairing stands for `swaps` of those, over the ways its identical
    pairs swap whole."""
    merged = {}
    for shape, n in counts.items():
        runs = Counter(_shape_labels(shape)).values()
        merged[shape], rest = divmod(n * prod(factorial(run) for run in runs), swaps)
        assert rest == 0, "identical tiles swapped must divide the pairings that tell them apart"
    return {shape: n for shape, n in merged.items() if n}


def _shape(pairs: list) -> tuple[int, ...]:
    """The pairs as numbers that say only which are identical (the first of a kind numbered first):
    the counts of joinings and mirror pairings depend on that and the sums, never on the tiles."""
    seen: dict = {}
    return tuple(seen.setdefault(pair, len(seen)) for pair in pairs)


def _pairs_of_row(row: np.ndarray) -> list[tuple[int, int]]:
    return [(int(code) // 64, int(code) % 64) for code in row]


# -- joining group-2 pairs to group-1 pairs, counted and ranked with identical pairs merged -------------
@cache
def _joinings(north: tuple, north_sums: tuple, south: tuple, south_sums: tuple, column_sum) -> int:
    return _count_joinings(north, north_sums, south, south_sums, column_sum, 0, _all_free(south), -1)


def _all_free(pairs: tuple) -> tuple[int, ...]:
    return tuple(1 for _ in pairs)


@cache
def _count_joinings(north, north_sums, south, south_sums, column_sum, position, free, floor) -> int:
    if position == len(north):
        return 1
    total = 0
    for choice in _choices(north, north_sums, south, south_sums, column_sum, position, free, floor):
        total += _count_joinings(north, north_sums, south, south_sums, column_sum, position + 1,
                                 _taken(free, choice), _floor(north, south, position, choice))
    return total


def _choices(north, north_sums, south, south_sums, column_sum, position, free, floor):
    """Group-2 pairs that may join group-1 pair `position`: free, fitting the column sum, the first
    of identical ones, and for a group-1 pair identical to the one before, none below its choice."""
    seen = set()
    for index, pair in enumerate(south):
        if not free[index] or pair in seen or index < floor:
            continue
        if column_sum is not None and north_sums[position] + south_sums[index] != column_sum:
            continue
        seen.add(pair)
        yield index


def _taken(free: tuple, index: int) -> tuple:
    return free[:index] + (0,) + free[index + 1:]


def _floor(north, south, position, choice) -> int:
    # The next group-1 pair, if identical to this one, takes a partner no earlier than this choice.
    if position + 1 < len(north) and north[position + 1] == north[position]:
        return choice
    return -1


def _unrank_joining(north, north_sums, south, south_sums, column_sum, index) -> list[int]:
    free, floor, partners = _all_free(south), -1, []
    for position in range(len(north)):
        for choice in _choices(north, north_sums, south, south_sums, column_sum, position, free, floor):
            rest = _count_joinings(north, north_sums, south, south_sums, column_sum, position + 1,
                                   _taken(free, choice), _floor(north, south, position, choice))
            if index < rest:
                partners.append(choice)
                free, floor = _taken(free, choice), _floor(north, south, position, choice)
                break
            index -= rest
    return partners


# -- mirror pairs of columns for a turned set ------------------------------------------------------------
@cache
def _mirror_pairings(pairs: tuple, sums: tuple, column_sum) -> int:
    return _count_mirrors(pairs, sums, column_sum, _all_free(pairs), -1)


@cache
def _count_mirrors(pairs, sums, column_sum, free, floor) -> int:
    if not any(free):
        return 1
    return sum(_count_mirrors(pairs, sums, column_sum, rest, next_floor)
               for _, rest, next_floor in _mirror_choices(pairs, sums, column_sum, free, floor))


def _mirror_choices(pairs, sums, column_sum, free, floor):
    """The lowest free pair with each distinct partner that fits (identical partners give one
    choice), no partner at or below `floor`; with each choice, what is left free and the next floor."""
    first = free.index(1)
    opened = _taken(free, first)
    seen = set()
    for other in range(max(first, floor) + 1, len(pairs)):
        if not opened[other] or pairs[other] in seen:
            continue
        if column_sum is not None and sums[first] + sums[other] != column_sum:
            continue
        seen.add(pairs[other])
        rest = _taken(opened, other)
        yield (first, other), rest, _mirror_floor(pairs, first, other, rest)


def _mirror_floor(pairs, first, partner, rest) -> int:
    # Mirror pairs are unordered, so identical first pairs take their partners in order: with P, P'
    # identical, {P, R} and {P', S} are {P, S} and {P', R}. Identical pairs stand side by side in
    # sorted order, and each choice takes the lowest free copy of a partner, so "no earlier than
    # this partner" is "above its index".
    if any(rest) and pairs[rest.index(1)] == pairs[first]:
        return partner
    return -1


def _unrank_mirror_pairing(pairs, sums, column_sum, index) -> list[tuple[int, int]]:
    free, floor, couples = _all_free(pairs), -1, []
    while any(free):
        for couple, rest, next_floor in _mirror_choices(pairs, sums, column_sum, free, floor):
            size = _count_mirrors(pairs, sums, column_sum, rest, next_floor)
            if index < size:
                couples.append(couple)
                free, floor = rest, next_floor
                break
            index -= size
    return couples


# -- a layout as a set with its tiles in place ------------------------------------------------------------
def _placed(catalogue: LayoutCatalogue, columns: list[tuple]) -> TileSet:
    """The set with every tile moved to its cell; interchangeable tiles are taken in their order."""
    pools = []
    for group in catalogue.groups:
        pool: dict[int, list] = {}
        for tile, type_number in zip(group.tiles, group.types):
            pool.setdefault(type_number, []).append(tile)
        pools.append(pool)
    placed = []
    for column, (row8, row7, row2, row1) in enumerate(columns, start=1):
        for row, type_number, pool in ((8, row8, pools[0]), (7, row7, pools[0]), (2, row2, pools[1]),
                                       (1, row1, pools[1])):
            placed.append(replace(pool[type_number].pop(0), row=row, column=column))
    return replace(catalogue.tile_set, tiles=tuple(placed))
