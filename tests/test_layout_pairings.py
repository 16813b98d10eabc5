"""The layout search's building blocks, against facts that do not come from them: how many ways
16 tiles split into 8 pairs (15 × 13 × … × 1), and what sorting means (the 0-1 principle)."""

from math import prod

import numpy as np

from generator.model.layout_pairings import _SORT_8, all_pairings, pairings_within, sorted_pair_sums


def test_every_pairing_of_16_tiles_once_in_the_order_grown_a_pair_at_a_time():
    pairings = all_pairings()
    assert pairings.shape == (prod(range(15, 0, -2)), 8, 2) == (2_027_025, 8, 2)
    seen = np.zeros(len(pairings), dtype=np.int32)
    for place in pairings.reshape(len(pairings), 16).T:
        seen |= np.left_shift(1, place.astype(np.int32))
    assert (seen == 0xFFFF).all()                   # 16 places holding 16 different tiles: each once
    assert (pairings[:, :, 0] < pairings[:, :, 1]).all()                     # the lower tile first
    assert (np.diff(pairings[:, :, 0], axis=1) > 0).all()                   # pairs by their first tile
    # The same order as the pairings grown level by level with every pair allowed: the numbers of
    # the catalogue's layouts were first published from that order.
    assert np.array_equal(pairings, pairings_within(np.ones((16, 16), dtype=bool)))
    # With every pair between tiles of a kind (even or odd) forbidden, the rows left are exactly
    # the pairings that pair each even tile with an odd one: 8! of them, in the same order.
    odd_with_even = (np.arange(16)[:, None] + np.arange(16)[None, :]) % 2 == 1
    kept = pairings[((pairings[:, :, 0] ^ pairings[:, :, 1]) & 1).all(axis=1)]
    assert len(kept) == prod(range(1, 9))
    assert np.array_equal(kept, pairings_within(odd_with_even))


def test_the_sorting_network_sorts_every_row():
    for bits in range(256):             # the 0-1 principle: a network that sorts every 0-1 row sorts all
        row = [(bits >> place) & 1 for place in range(8)]
        for low, high in _SORT_8:
            if row[low] > row[high]:
                row[low], row[high] = row[high], row[low]
        assert row == sorted(row), bits
    pairings = all_pairings()[::997]
    values = np.array([3, 12, 0, 7, 7, 1, 9, 4, 11, 2, 6, 5, 10, 8, 0, 12])
    columns = sorted_pair_sums(pairings, values)
    expected = np.sort(values[pairings[:, :, 0]] + values[pairings[:, :, 1]], axis=1)
    assert np.array_equal(np.stack(columns, axis=1), expected)
