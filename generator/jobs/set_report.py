"""Sets as text: a magic layout with its sums (as the seed's Fig. 1 prints it), a classic set by
suit, a set in Unicode's domino tiles, one line per set for --list."""

from generator.errors import UserError
from generator.model.sums import column_sums, group_column_sums, row_sums
from generator.model.tiles import DIGIT_STYLES, TileSet
from generator.words import _, ngettext


def set_table(tile_set: TileSet) -> str:
    cell = "{:>5}"
    lines = [_("Set {name} ({style}), Fig. 1({name}), as seen from South:").format(
        name=tile_set.name, style=digit_style_words(tile_set.digit_style))]
    lines.append("     " + "".join(cell.format(s) for s in group_column_sums(tile_set, 1))
                 + "    " + _("<- group 1 column sums"))
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
                 + "    " + _("<- group 2 column sums"))
    lines.append("     " + "".join(cell.format(s) for s in column_sums(tile_set))
                 + "    " + _("<- four-tile column sums"))
    lines.append(_("Right: sums of top and bottom digits of each row; arrows: v down (group 1), ^ up (group 2)."))
    lines.append(_("Validation: OK (composition, proportional orientation, magic sums)"))
    return "\n".join(lines)


def triangle_table(tile_set: TileSet) -> str:
    """A set of triangles: every tile, clockwise from its apex, a line per first number."""
    kinds = [len(set(t.corners)) for t in tile_set.tiles]
    lines = [_("Set {name} (triangles, numbers {low}-{high} at the corners, increasing clockwise): {count} tiles: "
               "{triples} triples, {pairs} with two equal numbers, {different} with three different ones").format(
        name=tile_set.name, low=tile_set.min_digit, high=tile_set.max_digit, count=len(tile_set.tiles),
        triples=kinds.count(1), pairs=kinds.count(2), different=kinds.count(3))]
    for first in range(tile_set.min_digit, tile_set.max_digit + 1):
        row = [t for t in tile_set.tiles if t.corners[0] == first]
        if row:
            lines.append(f"{first}:  " + " ".join("-".join(map(str, t.corners)) for t in row))
    lines.append(_("Validation: OK (every tile once, numbers increasing clockwise)"))
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
        how = _("every pair of {low}-{n} once: ({n} + 1)({n} + 2) / 2 = {count} tiles").format(
            low=low, n=n, count=count)
    else:
        doubled = count - len({t.digits for t in tile_set.tiles})
        how = _("{count} tiles listed, {doubled} of them twice").format(count=count, doubled=doubled)
    lines = [_("Set {name} ({style}): {how}").format(name=tile_set.name, style=digit_style_words(tile_set.digit_style), how=how)]
    if tile_set.description:
        lines[0] += f"; {tile_set.description}"
    width = len(str(high))
    for number in range(low, high + 1):
        suit = [t for t in tile_set.tiles if number in (t.head, t.tail)]
        names = " ".join(f"{t.head:>{width}}-{t.tail:<{width}}" for t in suit)
        lines.append(ngettext("suit {number} ({count} tile): {names}", "suit {number} ({count} tiles): {names}",
                              len(suit)).format(number=f"{number:>{width}}", count=f"{len(suit):>2}", names=names))
    if tile_set.symbols:
        lines.append(_("pictures: {pictures}").format(
            pictures=", ".join(f"{n} {s}" for n, s in enumerate(tile_set.symbols, start=low))))
    lines.append(_("Validation: OK (composition, number range, no duplicates)"))
    return "\n".join(lines)


UNICODE_VERTICAL_ZERO = 0x1F063        # DOMINO TILE VERTICAL-00-00; VERTICAL-a-b is at +7a+b
UNICODE_LARGEST = 6


def unicode_tile(top: int, bottom: int) -> str:
    return chr(UNICODE_VERTICAL_ZERO + 7 * top + bottom)


def unicode_layout(tile_set: TileSet) -> str:
    """The set in Unicode's vertical domino tiles: its magic layout row by row, or its suits."""
    if tile_set.shape != "domino":
        raise UserError(_("set {name} has {shape} tiles, and Unicode's domino block "
                          "(U+1F030-U+1F09F) holds only two-ended tiles; use `opendomino sets "
                          "{name}` for a text list").format(name=tile_set.name, shape=tile_set.shape))
    if tile_set.max_digit > UNICODE_LARGEST:
        raise UserError(_("set {name} has numbers up to {max_digit}, but Unicode's domino "
                          "tiles (U+1F030-U+1F09F) stop at {largest}; use `opendomino sets {name}` "
                          "for a text table").format(
            name=tile_set.name, max_digit=tile_set.max_digit, largest=UNICODE_LARGEST))
    if tile_set.has_layout:
        lines = [_("Set {name}, as seen from South:").format(name=tile_set.name)]
        for row in (8, 7, 2, 1):
            tiles = tile_set.row(row)
            lines.append(f"{row}  " + " ".join(unicode_tile(t.top, t.bottom) for t in tiles))
        return "\n".join(lines)
    lines = [_("Set {name}, by suit:").format(name=tile_set.name)]
    for number in range(tile_set.min_digit, tile_set.max_digit + 1):
        suit = [t for t in tile_set.tiles if number in (t.head, t.tail)]
        lines.append(f"{number}  " + " ".join(unicode_tile(t.head, t.tail) for t in suit))
    return "\n".join(lines)


def digit_style_words(style: str) -> str:
    """How a set shows its numbers, in the messages' language (a set file's `digits` value is English)."""
    return {"pips": _("pips"), "dashes": _("dashes"), "numerals": _("numerals"), "chinese": _("Chinese pips"),
            "symbols": _("pictures")}[style]


def set_summary(tile_set: TileSet) -> str:
    """One line for `opendomino sets --list`; the columns line up in every language, whatever the
    plural form of the tile count (Russian's are 7 to 9 letters long)."""
    kind = _("Open Domino, magic layout") if tile_set.has_layout else (tile_set.description or _("classic"))
    count = ngettext("{count} tile", "{count} tiles", len(tile_set.tiles)).format(count=f"{len(tile_set.tiles):>3}")
    widest_count = max(len(ngettext("{count} tile", "{count} tiles", n).format(count="999")) for n in (1, 2, 5, 21))
    widest_style = max(len(digit_style_words(style)) for style in DIGIT_STYLES)
    return f"{tile_set.name:<10} {count:<{widest_count}}  {digit_style_words(tile_set.digit_style):<{widest_style}}  {kind}"
