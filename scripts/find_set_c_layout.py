"""Search for a magic starting layout of set C and print it as TOML rows.

The seed does not contain Fig. 1(C), so we design it (DESIGN.md, "Fig. 1(C)"):
- group 1 fills rows 8 and 7; every column's two tiles sum to 6;
- in each row the head digits sum to 12 and the tail digits sum to 12;
- group 2 is group 1 turned 180 degrees about the board centre.
We also ask for two things that make the set nicer to play with:
- the two copies of each fraction point opposite ways (head multiset = tail multiset),
- the doubles 1/1 and 2/2 do not share a column (3/3 can only pair with 0/0).
The search is deterministic: it returns the first layout in a fixed order.
Run: python scripts/find_set_c_layout.py
"""

from itertools import combinations_with_replacement

DIGITS = range(4)
# Oriented tiles of one group, as (head, tail).
DOUBLES = [(d, d) for d in DIGITS]
FRACTIONS = [(a, b) for a, b in combinations_with_replacement(DIGITS, 2) if a != b]
GROUP = DOUBLES + [t for a, b in FRACTIONS for t in ((a, b), (b, a))]


def search():
    columns = []  # pairs (row-8 tile, row-7 tile)
    remaining = list(GROUP)

    def row_sums(index):
        heads = sum(col[index][0] for col in columns)
        tails = sum(col[index][1] for col in columns)
        return heads, tails

    def extend():
        if len(columns) == 8:
            return all(row_sums(i) == (12, 12) for i in (0, 1))
        for i, upper in enumerate(remaining):
            for j, lower in enumerate(remaining):
                if i == j or sum(upper) + sum(lower) != 6:
                    continue
                if {upper, lower} == {(1, 1), (2, 2)}:
                    continue
                columns.append((upper, lower))
                rest = [t for k, t in enumerate(remaining) if k not in (i, j)]
                saved = remaining[:]
                remaining[:] = rest
                left = 8 - len(columns)
                ok = all(h <= 12 and t <= 12 and 12 - h <= 3 * left and 12 - t <= 3 * left
                         for h, t in (row_sums(0), row_sums(1)))
                if ok and extend():
                    return True
                remaining[:] = saved
                columns.pop()
        return False

    if not extend():
        raise SystemExit("no layout found")
    return columns


def as_fraction(tile, arrow_down):
    head, tail = tile
    # Written top/bottom as seen from South: an arrow pointing down has its head at the bottom.
    return f"{tail}/{head}" if arrow_down else f"{head}/{tail}"


def main():
    columns = search()
    row8 = [as_fraction(upper, True) for upper, _ in columns]
    row7 = [as_fraction(lower, True) for _, lower in columns]
    # Turning group 1 by 180 degrees: row 8 -> row 1, row 7 -> row 2, column c -> 9 - c.
    row2 = [as_fraction(lower, False) for _, lower in reversed(columns)]
    row1 = [as_fraction(upper, False) for upper, _ in reversed(columns)]
    for name, row in (("8", row8), ("7", row7), ("2", row2), ("1", row1)):
        print(f'"{name}" = [' + ", ".join(f'"{t}"' for t in row) + "]")


if __name__ == "__main__":
    main()
