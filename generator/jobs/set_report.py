"""Sets as text: a magic layout with its sums (as the seed's Fig. 1 prints it), a classic set by
suit, a set in Unicode's domino tiles, one line per set for --list."""

from generator.errors import UserError
from generator.model.sums import column_sums, group_column_sums, row_sums
from generator.model.tiles import TileSet


def set_table(tile_set: TileSet) -> str:
    cell = "{:>5}"
    lines = [f"Set {tile_set.name} ({tile_set.digit_style}), Fig. 1({tile_set.name}), as seen from South:"]
    lines.append("     " + "".join(cell.format(s) for s in group_column_sums(tile_set, 1))
                 + "    <- group 1 column sums")
    for row in (8, 7, 6, 5, 4, 3, 2, 1):
        tiles = tile_set.row(row)
        if tiles:
            top, bottom = row_sums(tile_set, row)
            arrow = "v" if tiles[0].arrow == "down" else "^"
            body = "".join(cell.format(t.fraction) for t in tiles)
            lines.append(f"{row:>3}  {body}    {top:>2} {bottom:>2} {arrow}")
        else:
            lines.append(f"{row:>3}  " + "".join(cell.format(".") for _ in range(8)))
    lines.append("     " + "".join(cell.format(s) for s in group_column_sums(tile_set, 2))
                 + "    <- group 2 column sums")
    lines.append("     " + "".join(cell.format(s) for s in column_sums(tile_set))
                 + "    <- four-tile column sums")
    lines.append("Right: sums of top and bottom digits of each row; arrows: v down (group 1), ^ up (group 2).")
    lines.append("Validation: OK (composition, proportional orientation, magic sums)")
    return "\n".join(lines)


def triangle_table(tile_set: TileSet) -> str:
    """A set of triangles: every tile, clockwise from its apex, a line per first number."""
    kinds = [len(set(t.corners)) for t in tile_set.tiles]
    lines = [f"Set {tile_set.name} (triangles, numbers {tile_set.min_digit}-{tile_set.max_digit} at the corners, "
             f"increasing clockwise): {len(tile_set.tiles)} tiles: {kinds.count(1)} triples, "
             f"{kinds.count(2)} with two equal numbers, {kinds.count(3)} with three different ones"]
    for first in range(tile_set.min_digit, tile_set.max_digit + 1):
        row = [t for t in tile_set.tiles if t.corners[0] == first]
        if row:
            lines.append(f"{first}:  " + " ".join("-".join(map(str, t.corners)) for t in row))
    lines.append("Validation: OK (every tile once, numbers increasing clockwise)")
    return "\n".join(lines)


def classic_table(tile_set: TileSet) -> str:
    """A classic set by suit: every number with the tiles that carry it (a tile is in two suits)."""
    if tile_set.shape == "triangle":
        return triangle_table(tile_set)
    low, high = tile_set.min_digit, tile_set.max_digit
    count = len(tile_set.tiles)
    rule = tile_set.composition
    if rule.get("double") is not None:
        n = rule["double"]
        how = f"every pair of {low}-{n} once: ({n} + 1)({n} + 2) / 2 = {count} tiles"
    else:
        doubled = count - len({t.digits for t in tile_set.tiles})
        how = f"{count} tiles listed, {doubled} of them twice"
    lines = [f"Set {tile_set.name} ({tile_set.digit_style}): {how}"]
    if tile_set.description:
        lines[0] += f"; {tile_set.description}"
    width = len(str(high))
    for number in range(low, high + 1):
        suit = [t for t in tile_set.tiles if number in (t.head, t.tail)]
        names = " ".join(f"{t.head:>{width}}-{t.tail:<{width}}" for t in suit)
        lines.append(f"suit {number:>{width}} ({len(suit):>2} tiles): {names}")
    if tile_set.symbols:
        lines.append("pictures: " + ", ".join(f"{n} {s}" for n, s in enumerate(tile_set.symbols, start=low)))
    lines.append("Validation: OK (composition, number range, no duplicates)")
    return "\n".join(lines)


UNICODE_VERTICAL_ZERO = 0x1F063        # DOMINO TILE VERTICAL-00-00; VERTICAL-a-b is at +7a+b
UNICODE_LARGEST = 6


def unicode_tile(top: int, bottom: int) -> str:
    return chr(UNICODE_VERTICAL_ZERO + 7 * top + bottom)


def unicode_layout(tile_set: TileSet) -> str:
    """The set in Unicode's vertical domino tiles: its magic layout row by row, or its suits."""
    if tile_set.shape != "domino":
        raise UserError(f"set {tile_set.name} has {tile_set.shape} tiles, and Unicode's domino block "
                        "(U+1F030-U+1F09F) holds only two-ended tiles; use `opendomino sets "
                        f"{tile_set.name}` for a text list")
    if tile_set.max_digit > UNICODE_LARGEST:
        raise UserError(f"set {tile_set.name} has numbers up to {tile_set.max_digit}, but Unicode's domino "
                        f"tiles (U+1F030-U+1F09F) stop at {UNICODE_LARGEST}; use `opendomino sets {tile_set.name}` "
                        "for a text table")
    if tile_set.has_layout:
        lines = [f"Set {tile_set.name}, as seen from South:"]
        for row in (8, 7, 2, 1):
            tiles = tile_set.row(row)
            lines.append(f"{row}  " + " ".join(unicode_tile(t.top, t.bottom) for t in tiles))
        return "\n".join(lines)
    lines = [f"Set {tile_set.name}, by suit:"]
    for number in range(tile_set.min_digit, tile_set.max_digit + 1):
        suit = [t for t in tile_set.tiles if number in (t.head, t.tail)]
        lines.append(f"{number}  " + " ".join(unicode_tile(t.head, t.tail) for t in suit))
    return "\n".join(lines)


def set_summary(tile_set: TileSet) -> str:
    """One line for `opendomino sets --list`."""
    kind = "Open Domino, magic layout" if tile_set.has_layout else (tile_set.description or "classic")
    return f"{tile_set.name:<10} {len(tile_set.tiles):>3} tiles  {tile_set.digit_style:<8}  {kind}"
