"""A set with interchangeable tiles counted three ways by the kit: in one pass over every
pairing, where identical pairs are rare and counted apart (LayoutCatalogue.count); class by class
from each key's pairings by shape (class_total); and block by block, every distinct group-1
pairing with every group-2 pairing it may join, as the listing goes through them. The last shares
no counting code with the others but the ways to join two pairings. test_layout_catalogue checks
the counts of such sets against searches of the tests' own."""

from pathlib import Path

import pytest
from test_layout_catalogue import twins_file

from generator.model.layout_catalogue import LayoutCatalogue, _Block, _Souths
from generator.model.set_loader import load_set_file

C_TABLE = {"column_sum": 12, "group_column_sum": 6}


@pytest.mark.parametrize("twins, turned, magic", [
    (((3, 1), (0, 2)), True, None),                                   # 7,500: the tests' plain search agrees
    (((2, 3), (1, 3), (3, 0)), True, {**C_TABLE, "mirrored_row_sums": True, "group2_is_group1_turned": True}),
    (((0, 3), (3, 1), (2, 1)), False, None),                          # groups apart, identical columns possible
    (((0, 1), (2, 3), (1, 0), (2, 1)), False, C_TABLE),               # free rows: trillions of layouts
    (((2, 0), (2, 3), (1, 2)), False, {**C_TABLE, "row_head_sum": 12, "row_tail_sum": 12}),
])
def test_the_one_pass_count_is_the_block_by_block_count(tmp_path: Path, twins, turned, magic):
    path, _ = twins_file(tmp_path, turned=turned, twins=twins, magic=magic)
    tile_set = load_set_file(path)
    counted = LayoutCatalogue(tile_set).count()
    classes = LayoutCatalogue(tile_set)
    by_class = [(code, classes.class_total(code)) for code in classes._class_codes() if classes.class_total(code)]
    assert LayoutCatalogue(tile_set).class_totals() == by_class
    assert counted.up_to_columns == sum(total for _, total in by_class) > 0
    assert by_class == [(code, sum(block.total for block in blocks_of(classes, code))) for code, _ in by_class]


def blocks_of(catalogue: LayoutCatalogue, code: int):
    """The class's blocks: each distinct group-1 pairing of each key with the key's group-2 pairings."""
    partner = None if catalogue.turned else catalogue._partner_code(code)
    for key in sorted(catalogue.north.key_counts(code)):
        if not catalogue.turned and key not in catalogue.south.key_counts(partner):
            continue
        souths = None if catalogue.turned else _Souths(catalogue, catalogue.south.pairings_with_key(partner, key))
        for north in catalogue.north.pairings_with_key(code, key):
            yield _Block(catalogue, north, souths)
