"""Classic domino sets from their files: a rule (double = N) or a list of tiles, a digit style, a back.

    double = 12                      every pair of the numbers 0..12 once: (n + 1)(n + 2) / 2 tiles
    tiles = ["6-6", "1-1", ...]      or the tiles listed (with lowest/highest for the number range),
    twice = ["6-6", ...]             and those that come twice
    digits = "pips"                  pips, numerals, chinese or symbols
    coloured_pips = true             each number's pips in its own colour (pips style)
    symbols = ["sun", ...]           symbols style: one picture per number, from the lowest up
    divider = true                   the bar between the halves
    shape = "triangle"               triangular tiles (generator/scene/shapes.py): every multiset of three
                                     numbers lowest..highest once, or tiles = ["0-1-2", …], each
                                     written clockwise from the apex and increasing
    [back]  mark = "12"  spots = false

Every mistake is one line naming the file, the tile where there is one, and the rule.
"""

from collections import Counter
from functools import cache
from pathlib import Path
import re

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.model.tiles import Tile, TileSet

CLASSIC_STYLES = ("pips", "numerals", "chinese", "symbols")
KEYS = ("name", "description", "double", "lowest", "highest", "tiles", "twice", "digits", "coloured_pips",
        "symbols", "divider", "back", "shape")
SHAPES = ("domino", "triangle")
BACK_KEYS = ("mark", "spots")
TRIANGLE_BACK_KEYS = ("mark",)         # a triangle's back has no spots
MAX_MARK = 3                           # characters of the back's mark
MAX_NUMBER = {"pips": 18, "numerals": 99, "chinese": 6, "symbols": 12}
MAX_TILES = 1000
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,30}$")
_TILE = re.compile(r"^\s*(\d{1,2})\s*[-/|:]\s*(\d{1,2})\s*$")
_TRIANGLE = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$")
FORMAT_HINT = "see the set file format in the guide (docs/reference/set-file.md)"


@cache
def symbol_names() -> tuple[str, ...]:
    return tuple(load_toml(template_path("symbols.toml")))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(data: dict, key: str, low: int, high: int, where: str) -> int:
    value = data[key]
    if not _whole(value) or not low <= value <= high:
        raise UserError(f"{where}: {key} = {value!r}; give a whole number from {low} to {high}")
    return value


def _flag(data: dict, key: str, default: bool, where: str) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise UserError(f"{where}: {key} = {value!r}; give true or false")
    return value


def _tile_text(text, low: int, high: int, where: str) -> tuple[int, int]:
    match = _TILE.match(text) if isinstance(text, str) else None
    if not match:
        raise UserError(f"{where}: {text!r} is not a tile; write its two numbers as \"3-5\"")
    a, b = int(match[1]), int(match[2])
    for number in (a, b):
        if not low <= number <= high:
            raise UserError(f"{where}: tile {text} has the number {number}, outside this set's "
                            f"{low}-{high} (lowest and highest)")
    return min(a, b), max(a, b)


def every_pair(low: int, high: int) -> list[tuple[int, int]]:
    """Every tile of a double-N set from `low`, ordered by suit: (0,0), (0,1), …, (1,1), …"""
    return [(a, b) for a in range(low, high + 1) for b in range(a, high + 1)]


def every_triple(low: int, high: int) -> list[tuple[int, int, int]]:
    """Every multiset of three numbers from low..high once, each in increasing order."""
    return [(a, b, c) for a in range(low, high + 1) for b in range(a, high + 1) for c in range(b, high + 1)]


def load_classic_set_file(path: Path) -> TileSet:
    data = load_toml(path, "set")
    where = path.name
    if data.get("shape", "domino") == "triangle":
        return _load_triangles(data, where)
    name = _checked_name_and_keys(data, where)
    style = data.get("digits", "pips")
    if style not in CLASSIC_STYLES:
        raise UserError(f"{where}: digits = {style!r}; use one of {', '.join(CLASSIC_STYLES)}")
    top = MAX_NUMBER[style]
    if "double" not in data and "tiles" not in data:
        raise UserError(f"{where}: say which tiles the set holds: double = N (every pair of 0..N once) "
                        f"or tiles = [\"0-0\", \"0-1\", …]; {FORMAT_HINT}")
    double = _number(data, "double", 1, top, where) if "double" in data else None
    low = _number(data, "lowest", 0, top, where) if "lowest" in data else 0
    high = _number(data, "highest", low, top, where) if "highest" in data else double
    if high is None:
        raise UserError(f"{where}: a tiles list needs highest = N, the largest number on a tile")
    if double is not None and high != double:
        raise UserError(f"{where}: highest = {high} but double = {double}; they name the same number, keep one")
    pairs = _listed(data, low, high, where) if "tiles" in data else every_pair(low, high)
    if double is not None and "tiles" in data:
        _check_every_pair_once(pairs, low, double, where)
    symbols = _symbols(data, style, low, high, where)
    back = _checked_back(data, BACK_KEYS, where)
    description = _checked_description(data, where)
    return TileSet(
        name=name, figure="", digit_style=style, max_digit=high, min_digit=low,
        composition={"double": double} if "tiles" not in data else {"listed": len(pairs)},
        magic={}, back=back, tiles=_tiles(name, pairs), has_layout=False,
        coloured_pips=_flag(data, "coloured_pips", False, where), symbols=symbols,
        divider=_flag(data, "divider", True, where), description=description)


def _load_triangles(data: dict, where: str) -> TileSet:
    """A set of triangular tiles: numbers at the three corners, increasing clockwise."""
    name = _checked_name_and_keys(data, where)
    for key in ("double", "twice", "symbols", "coloured_pips"):
        if key in data:
            raise UserError(f"{where}: {key} is for dominoes; a triangle set takes lowest, highest and tiles")
    if data.get("digits", "numerals") != "numerals":
        raise UserError(f"{where}: digits = {data['digits']!r}; triangular tiles print numerals")
    low = _number(data, "lowest", 0, 9, where) if "lowest" in data else 0
    if "highest" not in data:
        raise UserError(f"{where}: a triangle set needs highest = N, its largest number")
    high = _number(data, "highest", low, 9, where)
    if "tiles" in data:
        triples = []
        listed = data["tiles"]
        if not isinstance(listed, list) or not listed:
            raise UserError(f"{where}: tiles must be a list of triangles, e.g. [\"0-1-2\"]")
        for text in listed:
            match = _TRIANGLE.match(text) if isinstance(text, str) else None
            if not match:
                raise UserError(f"{where}: {text!r} is not a triangular tile; write its corners clockwise, \"0-1-2\"")
            corners = tuple(int(v) for v in match.groups())
            if any(not low <= v <= high for v in corners):
                raise UserError(f"{where}: tile {text} has a number outside this set's {low}-{high}")
            if list(corners) != sorted(corners):
                raise UserError(f"{where}: tile {text}: its numbers must increase clockwise from the apex; "
                                f"write it {'-'.join(map(str, sorted(corners)))}")
            if corners in triples:
                raise UserError(f"{where}: tile {text} is listed twice; list each tile once")
            triples.append(corners)
    else:
        triples = every_triple(low, high)
    back = _checked_back(data, TRIANGLE_BACK_KEYS, where)
    description = _checked_description(data, where)
    tiles = tuple(Tile(name, None, a, b, None, None, f"{name}-{a}-{b}-{c}", (a, b, c)) for a, b, c in triples)
    return TileSet(name=name, figure="", digit_style="numerals", max_digit=high, min_digit=low,
                   composition={"triples": len(tiles)}, magic={}, back=back, tiles=tiles, has_layout=False,
                   divider=False, description=description, shape="triangle")


def _listed(data: dict, low: int, high: int, where: str) -> list[tuple[int, int]]:
    listed, twice = data["tiles"], data.get("twice", [])
    if not isinstance(listed, list) or not listed:
        raise UserError(f"{where}: tiles must be a list of tiles, e.g. [\"0-0\", \"0-1\"]")
    if not isinstance(twice, list):
        raise UserError(f"{where}: twice must be a list of tiles, e.g. [\"6-6\"]")
    pairs, seen = [], {}
    for text in listed:
        pair = _tile_text(text, low, high, f"{where}: tiles")
        if pair in seen:
            raise UserError(f"{where}: tile {text} is listed twice (as {seen[pair]!r} before); list each tile "
                            "once and name those that come twice in `twice`")
        seen[pair] = text
        pairs.append(pair)
    doubled = set()
    for text in twice:
        pair = _tile_text(text, low, high, f"{where}: twice")
        if pair not in seen:
            raise UserError(f"{where}: twice names tile {text}, which `tiles` does not list; add it there")
        if pair in doubled:
            raise UserError(f"{where}: twice names tile {text} twice; name it once")
        doubled.add(pair)
    if len(pairs) + len(doubled) > MAX_TILES:
        raise UserError(f"{where}: {len(pairs) + len(doubled)} tiles; a set holds at most {MAX_TILES}")
    return [copy for pair in pairs for copy in ([pair, pair] if pair in doubled else [pair])]


def _check_every_pair_once(pairs, low: int, double: int, where: str) -> None:
    have, wanted = Counter(pairs), Counter(every_pair(low, double))
    for pair, count in have.items():
        if count > wanted[pair]:
            raise UserError(f"{where}: tile {pair[0]}-{pair[1]} is one too many (double-{double}: each pair once)")
    for pair in sorted(wanted - have):
        raise UserError(f"{where}: tile {pair[0]}-{pair[1]} is missing (double-{double}: each pair of "
                        f"{low}-{double} once)")


def _symbols(data: dict, style: str, low: int, high: int, where: str) -> tuple[str, ...]:
    if style != "symbols":
        if "symbols" in data:
            raise UserError(f"{where}: symbols are for digits = \"symbols\"; remove them or change digits")
        return ()
    symbols = data.get("symbols")
    count = high - low + 1
    known = symbol_names()
    if not isinstance(symbols, list) or len(symbols) != count:
        raise UserError(f"{where}: symbols must list {count} pictures, one for each number {low}-{high}, "
                        f"from {', '.join(known)}")
    for number, symbol in enumerate(symbols, start=low):
        if symbol not in known:
            raise UserError(f"{where}: symbols: {symbol!r} for {number} is not a picture the kit draws; "
                            f"use one of {', '.join(known)}")
    if len(set(symbols)) != len(symbols):
        raise UserError(f"{where}: symbols: a picture stands for two numbers; give each number its own")
    return tuple(symbols)


def _tiles(set_name: str, pairs) -> tuple[Tile, ...]:
    tiles, seen = [], Counter()
    for a, b in pairs:
        seen[(a, b)] += 1
        copy = seen[(a, b)]
        tile_id = f"{set_name}-{a}-{b}" + (f"-{copy}" if copy > 1 else "")
        tiles.append(Tile(set_name, None, a, b, None, None, tile_id))
    return tuple(tiles)


# --- checks shared by domino and triangle sets: one set file format, one strictness ------------

def _checked_name_and_keys(data: dict, where: str) -> str:
    for key in data:
        if key not in KEYS:
            raise UserError(f"{where}: unknown key {key!r}; a set file takes {', '.join(KEYS)}")
    if "layout" in data:
        raise UserError(f"{where}: a set of your own is stated by `double = N` or a `tiles` list; {FORMAT_HINT}")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise UserError(f"{where}: name = {name!r}; give a short name in lower case, letters, digits and -, "
                        "e.g. \"club-9\"")
    return name


def _checked_back(data: dict, keys: tuple[str, ...], where: str) -> dict:
    """The [back] table: a mark of at most MAX_MARK printable characters, and (dominoes) spots."""
    back = data.get("back", {})
    if not isinstance(back, dict):
        raise UserError(f"{where}: back must be a table [back] with mark = \"…\"")
    for key in back:
        if key not in keys:
            raise UserError(f"{where}: [back] has unknown key {key!r}; use {', '.join(keys)}")
    mark = back.get("mark", "")
    if not isinstance(mark, str) or len(mark) > MAX_MARK or not mark.isprintable():
        raise UserError(f"{where}: [back] mark = {mark!r}; give at most {MAX_MARK} characters in quotes, "
                        "e.g. \"12\"")
    if "spots" in keys:
        _flag(back, "spots", False, where)
    return dict(back)


def _checked_description(data: dict, where: str) -> str:
    description = data.get("description", "")
    if not isinstance(description, str) or not description.isprintable():
        raise UserError(f"{where}: description must be one line of text in quotes")
    return description
