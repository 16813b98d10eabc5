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
    up_to_columns: int      # layouts that differ by more than the order of their columns (exact, or the least)
    in_all: int             # every layout, columns in every order they may take (always exact)
    column_orders: int      # how many column orders each layout has (when its columns all differ)
    up_to_columns_most: int | None = None   # set when up_to_columns is only bounded: the most there can be

    @property
    def exact(self) -> bool:
        return self.up_to_columns_most is None


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

    def all_key_counts(self, progress=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """key_counts of every class at once: arrays of class code, key and count, sorted by code and
        key. The pairings are taken in slices of whole classes, a few thousand pairings at a time."""
        bins = self.key_base ** 2
        order = np.argsort(self.pairing_codes)
        pairings = self.pairings[order]
        class_of = np.searchsorted(self.codes, self.pairing_codes[order])
        class_starts = np.flatnonzero(np.r_[True, class_of[1:] != class_of[:-1]])
        found_class, found_key, found_count = [], [], []
        for start, end in _slices(class_starts, len(pairings), 8192):
            keys = self._keys_of(pairings[start:end])
            first = class_of[start]
            local = (class_of[start:end, None] - first) * bins + keys
            local = local[keys >= 0] if self.rows_have_sums else local.ravel()
            counts = np.bincount(local, minlength=(class_of[end - 1] - first + 1) * bins)
            hit = np.flatnonzero(counts)
            found_class.append((hit // bins + first).astype(np.int32))     # millions of entries: kept small
            found_key.append((hit % bins).astype(np.int32))
            found_count.append(counts[hit].astype(np.int32))               # at most 256 per pairing of a class
            if progress is not None:
                progress(end, len(pairings))
        classes = np.concatenate(found_class)
        return self.codes[classes], np.concatenate(found_key), np.concatenate(found_count)

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
        self.north = _Side(self.groups[0], self.magic, back_is_upper=True)
        self.south = None if self.turned else _Side(self.groups[1], self.magic, back_is_upper=False)
        # A turned layout needs group 2 to hold exactly group 1's tiles.
        self.possible = not self.turned or self.groups[0].type_signature() == self.groups[1].type_signature()
        self.twins = self.groups[0].has_twins or self.groups[1].has_twins
        self._counts: list[tuple[int, int, int]] | None = None
        self._walked_total: int | None = None      # a set with twins: the count, once listed to the end

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
        return sum(block.total for block in self._blocks(code))

    def _joinings_of_code(self, code: int) -> int:
        """Ways to join 8 distinct group-1 pairs with 8 distinct group-2 pairs in columns."""
        if "column_sum" not in self.magic:
            return factorial(PAIRS)
        sums = decode_sums(code)
        return prod(factorial(sums.count(value)) for value in set(sums))

    def _mirror_pairings_of_code(self, code: int) -> int:
        sums = decode_sums(code) if "column_sum" in self.magic else [0] * PAIRS
        return _mirror_pairings(tuple(range(PAIRS)), tuple(sums), self.magic.get("column_sum"))

    def _blocks(self, code: int):
        """The class's layouts as blocks in catalogue order: per key, per group-1 pairing."""
        north_counts = self.north.key_counts(code)
        partner = None if self.turned else self._partner_code(code)
        for key in sorted(north_counts):
            if not self.turned and key not in self.south.key_counts(partner):
                continue
            norths = self.north.pairings_with_key(code, key)
            souths = None if self.turned else self.south.pairings_with_key(partner, key)
            for north in norths:
                yield _Block(self, north, souths)

    # -- counting and numbering --------------------------------------------------------------------------
    def count(self, progress=None) -> LayoutCount:
        """The exact count, or for a set with interchangeable tiles whose layouts are too many to go
        through one by one, exact in all and bounded up to column order; progress, if given, is
        called with the fraction done (0 to 1)."""
        orders = _TURNS if self.turned else factorial(PAIRS)
        if not self.twins:
            total = self._count_without_twins(progress)
            return LayoutCount(up_to_columns=total, in_all=total * orders, column_orders=orders)
        in_all = self._in_all_with_twins(orders, progress)
        if self._walked_total is not None or self._twin_work() <= TWIN_WORK:
            total = self._walked_total
            if total is None:
                total = sum(self.class_total(code) for code in self._class_codes())
            return LayoutCount(up_to_columns=total, in_all=in_all, column_orders=orders)
        # A layout has at most `orders` column orders, so there are at least in_all / orders layouts.
        # Identical columns (or mirror pairs) cut a layout's orders by at most the product of the
        # factorials of how often each tile of a group repeats (a repeated column repeats its row-8
        # tile), so there are at most in_all * that / orders; and never more than with identical
        # tiles told apart, where each layout here is one or more.
        repeats = min(prod(factorial(n) for n in Counter(group.types).values())
                      for group in (self.groups[:1] if self.turned else self.groups))
        most = min(-(-in_all * repeats // orders), self._count_without_twins(None))
        return LayoutCount(up_to_columns=-(-in_all // orders), in_all=in_all, column_orders=orders,
                           up_to_columns_most=most)

    def _twin_work(self) -> int:
        """How many (group-1 pairing, group-2 pairing) blocks the exact count of a set with
        interchangeable tiles would go through, at most: those of its tiles told apart."""
        return sum(blocks for _, blocks, _ in self._class_counts(None))

    def _count_without_twins(self, progress) -> int:
        return sum(total for _, total in self.class_totals(progress))

    def class_totals(self, progress=None) -> list[tuple[int, int]]:
        """(class code, layouts in it) of every class that holds one, in catalogue order, counted in
        one pass over all pairings (for a set without interchangeable tiles); kept for the process."""
        return [(code, total) for code, _, total in self._class_counts(progress)]

    def _class_counts(self, progress) -> list[tuple[int, int, int]]:
        """(class code, blocks, layouts) of every class that holds a layout, where a block is one
        group-1 pairing with each orientation and, unless turned, one group-2 pairing to join it."""
        if self._counts is None:
            self._counts = self._count_classes(progress) if self.possible else []
        return self._counts

    def _count_classes(self, progress) -> list[tuple[int, int, int]]:
        halves = 1 if self.turned else 2
        codes, keys, counts = self.north.all_key_counts(_part_of(progress, 0, halves))
        if not len(codes):
            return []
        class_starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]])
        class_codes = codes[class_starts].tolist()
        if self.turned:
            per_class = np.add.reduceat(counts.astype(np.int64), class_starts).tolist()
            return [(code, n, n * self._mirror_pairings_of_code(code)) for code, n in zip(class_codes, per_class)]
        south_codes, south_keys, south_counts = self.south.all_key_counts(_part_of(progress, 1, halves))
        if not len(south_codes):
            return []
        bins = self.north.key_base ** 2
        south_index = south_codes * bins + south_keys
        partners = self._partner_codes(codes[class_starts])
        wanted = np.repeat(partners, np.diff([*class_starts, len(codes)])) * bins + keys
        position = np.minimum(np.searchsorted(south_index, wanted), len(south_index) - 1)
        matched = np.where(south_index[position] == wanted, south_counts[position], 0)
        per_class = np.add.reduceat(counts.astype(np.int64) * matched, class_starts).tolist()
        return [(code, n, n * self._joinings_of_code(code)) for code, n in zip(class_codes, per_class) if n]

    def _in_all_with_twins(self, orders: int, progress) -> int:
        """Every layout in every column order, where swapping two identical tiles, or two identical
        columns, makes no new layout. The search without twins tells every tile apart (it pairs the
        group's 16 places): its layouts in every order are each layout here once for every way to
        swap identical tiles among their places, in both groups, or in group 1 alone when group 2
        follows from the turn. So one counting pass and a division, where listing the layouts to
        count their orders would take hours on a set of many layouts."""
        groups = self.groups[:1] if self.turned else self.groups
        swaps = prod(factorial(n) for group in groups for n in Counter(group.types).values())
        in_all, rest = divmod(self._count_without_twins(progress) * orders, swaps)
        assert rest == 0, "identical tiles swapped must divide the layouts that tell them apart"
        return in_all

    def layouts(self, start: int):
        """Layouts from number `start` on, as (number, TileSet) in catalogue order."""
        if self.twins:
            yield from self._twin_layouts(start)
            return
        number = 0
        for code, size in self._sized_classes(start):
            if number + size < start:
                number += size
                continue
            for index, layout in enumerate(self._class_layouts(code, start - number - 1 if start > number else 0)):
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

    def _twin_layouts(self, start: int):
        """layouts() of a set with interchangeable tiles, block by block. Counting a block is cheap;
        counting a whole class of such a set costs about as much as listing it, so only the blocks
        before the start are counted, never the rest of a class."""
        number = 0
        for code in self._class_codes():
            for block in self._blocks(code):
                if number + block.total < start:
                    number += block.total
                    continue
                for index in range(max(start - number - 1, 0), block.total):
                    yield number + index + 1, block.layout(index)
                number += block.total
        self._walked_total = number

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
                    yield _Block(self, norths[north], souths[south:south + 1]).layout(joining)
                offset += 1
            offset = 0

    def layout(self, number: int) -> TileSet | None:
        return next((tile_set for _, tile_set in self.layouts(number)), None)


# A set with interchangeable tiles is counted exactly by going through its blocks (about 10 µs each)
# when they are at most this many (some 30 s); beyond, the count up to column order is bounded (count()).
TWIN_WORK = 1_000_000

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


class _Block:
    """The layouts of the class that share one group-1 pairing (and key), in catalogue order."""

    def __init__(self, catalogue: LayoutCatalogue, north: np.ndarray, souths: np.ndarray | None):
        self.catalogue = catalogue
        self.north = _pairs_of_row(north)
        self.souths = [] if souths is None else [_pairs_of_row(row) for row in souths]
        side = catalogue.north
        self.north_sums = tuple(side.type_sum(u) + side.type_sum(v) for u, v in self.north)

    @cached_property
    def _counts(self) -> list[int]:
        """Layouts per group-2 pairing (one entry for a turned set)."""
        magic = self.catalogue.magic
        if self.catalogue.turned:
            return [_mirror_pairings(tuple(self.north), self.north_sums, magic.get("column_sum"))]
        side = self.catalogue.south
        counts = []
        for south in self.souths:
            south_sums = tuple(side.type_sum(u) + side.type_sum(v) for u, v in south)
            counts.append(_joinings(tuple(self.north), self.north_sums, tuple(south), south_sums,
                                    magic.get("column_sum")))
        return counts

    @property
    def total(self) -> int:
        return sum(self._counts)

    def layout(self, index: int) -> TileSet:
        return _placed(self.catalogue, self._columns(index))

    def _columns(self, index: int) -> list[tuple]:
        """The layout's 8 columns, each (row 8, row 7, row 2, row 1) as (group, type) pairs."""
        magic = self.catalogue.magic
        if self.catalogue.turned:
            couples = _unrank_mirror_pairing(tuple(self.north), self.north_sums, magic.get("column_sum"), index)
            columns: list = [None] * PAIRS
            for k, (i, j) in enumerate(couples):
                columns[k], columns[PAIRS - 1 - k] = self.north[i], self.north[j]
            return [(upper, lower, lower_turned, upper_turned)
                    for (upper, lower), (upper_turned, lower_turned) in zip(columns, reversed(columns))]
        for south, count in zip(self.souths, self._counts):
            if index < count:
                side = self.catalogue.south
                south_sums = tuple(side.type_sum(u) + side.type_sum(v) for u, v in south)
                partners = _unrank_joining(tuple(self.north), self.north_sums, tuple(south), south_sums,
                                           magic.get("column_sum"), index)
                return [(*self.north[i], *south[p]) for i, p in enumerate(partners)]
            index -= count
        raise IndexError(index)


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
