"""A group's tiles in columns: every way to split its 16 tiles into 8 column pairs, and every way to
stand each pair (which tile is nearer the board's edge).

A layout puts a group's 16 tiles two to a column. Which column a pair stands in does not change any
sum, so a group's part of a layout is, up to the order of columns, a *pairing* (8 unordered pairs
of tiles) and an *orientation* (for each pair, which tile stands in the player's back row). The
pairings are made once per process as an array of tile indices; orientations are 8 bits, one per
pair, kept as numbers 0-255 and expanded only for the pairings a question needs.
"""

from functools import cache

import numpy as np

GROUP_SIZE = 16
PAIRS = GROUP_SIZE // 2
ORIENTATIONS = 1 << PAIRS
_BITS = np.array([[(o >> i) & 1 for i in range(PAIRS // 2)] for o in range(1 << (PAIRS // 2))], dtype=np.int32)


@cache
def all_pairings() -> np.ndarray:
    """Every way to split tiles 0-15 into 8 pairs: an array (2,027,025, 8, 2) of int8.

    Each pair holds its lower index first and pairs are in the order of their first index, so
    every pairing is listed once (the lowest unused tile always opens the next pair). The order is
    pairings_within's: the last pair's partner counts most, the first pair's least."""
    nested = _pairings_of(GROUP_SIZE)
    choices = tuple(range(GROUP_SIZE - 1, 0, -2))         # 15 partners for tile 0, then 13, 11, … 1
    reorder = (*range(PAIRS - 1, -1, -1), PAIRS, PAIRS + 1)
    return np.ascontiguousarray(nested.reshape(*choices, PAIRS, 2).transpose(reorder)).reshape(-1, PAIRS, 2)


def _pairings_of(size: int) -> np.ndarray:
    """The pairings of tiles 0 to size - 1, the first pair's partner counting most: for each partner
    k of tile 0, the pairings of the size - 2 tiles left, renamed. Copies of whole blocks, twice as
    fast as growing all pairings a pair at a time."""
    if size == 0:
        return np.zeros((1, 0, 2), dtype=np.int8)
    rest = _pairings_of(size - 2)
    blocks = np.empty((size - 1, len(rest), size // 2, 2), dtype=np.int8)
    for partner in range(1, size):
        left = np.array([tile for tile in range(1, size) if tile != partner], dtype=np.int8)
        blocks[partner - 1, :, 0] = (0, partner)
        blocks[partner - 1, :, 1:] = left[rest]
    return blocks.reshape(-1, size // 2, 2)


def pairings_within(allowed: np.ndarray) -> np.ndarray:
    """The pairings whose every pair is allowed (allowed[i, j] true), in all_pairings' order, built
    level by level: few survive each level when few pairs are allowed."""
    pairs = np.zeros((1, 0, 2), dtype=np.int8)
    rest = np.arange(GROUP_SIZE, dtype=np.int8)[None, :]
    while rest.shape[1]:
        first = rest[:, :1]
        grown, left = [], []
        for k in range(1, rest.shape[1]):
            partner = rest[:, k:k + 1]
            keep = allowed[first[:, 0], partner[:, 0]]
            pair = np.concatenate([first, partner], axis=1)[keep][:, None, :]
            grown.append(np.concatenate([pairs[keep], pair], axis=1))
            left.append(np.delete(rest[keep], [0, k], axis=1))
        pairs, rest = np.concatenate(grown), np.concatenate(left)
    return pairs


def sorted_pair_sums(pairings: np.ndarray, values: np.ndarray) -> list[np.ndarray]:
    """pair_sums of every pairing with each row sorted ascending, as 8 columns (the smallest first).

    Sorted by a fixed network of 19 compare-exchanges over whole columns: numpy sorts a row of 8 at
    a time, which on 2 million rows takes twice as long."""
    sums = pair_sums(pairings, values)
    columns = [np.ascontiguousarray(sums[:, index]) for index in range(PAIRS)]
    for low, high in _SORT_8:
        smaller = np.minimum(columns[low], columns[high])
        np.maximum(columns[low], columns[high], out=columns[high])
        columns[low] = smaller
    return columns


# Batcher's odd-even merge sort for 8 items (Knuth, TAOCP 5.3.4): 19 comparators in 6 rounds.
_SORT_8 = ((0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7), (0, 1), (2, 3), (4, 5), (6, 7),
           (2, 4), (3, 5), (1, 4), (3, 6), (1, 2), (3, 4), (5, 6))


def pair_sums(pairings: np.ndarray, values: np.ndarray) -> np.ndarray:
    """values[i] + values[j] for every pair (i, j) of every pairing: an array (n, 8) of uint8.

    Read from a table of the 256 pairs with each pair as one byte, 16 i + j: a uint8 index is
    numpy's fast path (on 2 million pairings, ten times faster than take() or a wider index)."""
    first, second = np.divmod(np.arange(GROUP_SIZE ** 2), GROUP_SIZE)
    table = (values[first] + values[second]).astype(np.uint8)
    return table[pairings[..., 0].astype(np.uint8) * np.uint8(GROUP_SIZE) + pairings[..., 1].astype(np.uint8)]


def orientation_keys(pairings: np.ndarray, tile_keys: np.ndarray) -> np.ndarray:
    """For each pairing and each orientation o (bit i set: the pair's second tile stands in the back
    row), the sum of tile_keys over the back row's 8 tiles: an array (n, 256) of int32.

    The 256 sums are two halves of 16 added crosswise, which costs far less than 256 sums of 8."""
    first = tile_keys[pairings[:, :, 0]]
    change = tile_keys[pairings[:, :, 1]] - first
    half = PAIRS // 2
    low = first.sum(axis=1)[:, None] + change[:, :half] @ _BITS.T
    high = change[:, half:] @ _BITS.T
    return (low[:, None, :] + high[:, :, None]).reshape(len(pairings), ORIENTATIONS)


def back_row_tiles(pairing: np.ndarray, orientation: int) -> np.ndarray:
    """The index of the tile each pair stands in the back row, for one pairing and orientation."""
    second = (orientation >> np.arange(PAIRS)) & 1
    return pairing[np.arange(PAIRS), second]


def front_row_tiles(pairing: np.ndarray, orientation: int) -> np.ndarray:
    second = (orientation >> np.arange(PAIRS)) & 1
    return pairing[np.arange(PAIRS), 1 - second]
