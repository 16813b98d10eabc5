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
from generator.model.texts import checked_per_language
from generator.model.tiles import Tile, TileSet
from generator.words import N_, _, text_in

CLASSIC_STYLES = ("pips", "numerals", "chinese", "symbols")
KEYS = ("name", "title", "description", "double", "lowest", "highest", "tiles", "twice", "digits", "coloured_pips",
        "symbols", "divider", "back", "shape")
SHAPES = ("domino", "triangle")
BACK_KEYS = ("mark", "spots")
TRIANGLE_BACK_KEYS = ("mark",)         # a triangle's back has no spots
MAX_MARK = 3                           # characters of the back's mark
MAX_NUMBER = {"pips": 18, "numerals": 99, "chinese": 6, "symbols": 12}
MIN_NUMBER = {"pips": 0, "numerals": 0, "chinese": 1, "symbols": 0}     # Chinese dice faces run 1 to 6
SHAPES = ("domino", "triangle")
MAX_TILES = 1000
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,30}$")
_TILE = re.compile(r"^\s*(\d{1,2})\s*[-/|:]\s*(\d{1,2})\s*$")
_TRIANGLE = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$")
FORMAT_HINT = N_("see the set file format in the guide (docs/reference/set-file.md)")


@cache
def symbol_names() -> tuple[str, ...]:
    return tuple(load_toml(template_path("symbols.toml")))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(data: dict, key: str, low: int, high: int, where: str) -> int:
    value = data[key]
    if not _whole(value) or not low <= value <= high:
        raise UserError(_("{where}: {key} = {value!r}; give a whole number from {low} to {high}").format(
            where=where, key=key, value=value, low=low, high=high))
    return value


def _flag(data: dict, key: str, default: bool, where: str) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise UserError(_("{where}: {key} = {value!r}; give true or false").format(where=where, key=key, value=value))
    return value


def _tile_text(text, low: int, high: int, where: str) -> tuple[int, int]:
    match = _TILE.match(text) if isinstance(text, str) else None
    if not match:
        raise UserError(_("{where}: {text!r} is not a tile; write its two numbers as \"3-5\"").format(
            where=where, text=text))
    a, b = int(match[1]), int(match[2])
    for number in (a, b):
        if not low <= number <= high:
            raise UserError(_("{where}: tile {text} has the number {number}, outside this set's "
                              "{low}-{high} (lowest and highest)").format(
                where=where, text=text, number=number, low=low, high=high))
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
    shape = data.get("shape", "domino")
    if shape not in SHAPES:
        raise UserError(_("{where}: shape = {shape!r}; use \"domino\" or \"triangle\"").format(where=where, shape=shape))
    if shape == "triangle":
        return _load_triangles(data, where)
    name = _checked_name_and_keys(data, where)
    style = data.get("digits", "pips")
    if style not in CLASSIC_STYLES:
        raise UserError(_("{where}: digits = {style!r}; use one of {styles}").format(
            where=where, style=style, styles=", ".join(CLASSIC_STYLES)))
    top = MAX_NUMBER[style]
    if "double" not in data and "tiles" not in data:
        raise UserError(_("{where}: say which tiles the set holds: double = N (every pair of 0..N once) "
                          "or tiles = [\"0-0\", \"0-1\", …]; {hint}").format(
            where=where, hint=_(FORMAT_HINT)))
    double = _number(data, "double", 1, top, where) if "double" in data else None
    bottom = MIN_NUMBER[style]
    low = _number(data, "lowest", bottom, top, where) if "lowest" in data else bottom
    high = _number(data, "highest", low, top, where) if "highest" in data else double
    if high is None:
        raise UserError(_("{where}: a tiles list needs highest = N, the largest number on a tile").format(where=where))
    if double is not None and high != double:
        raise UserError(_("{where}: highest = {high} but double = {double}; they name the same number, keep "
                          "one").format(
            where=where, high=high, double=double))
    pairs = _listed(data, low, high, where) if "tiles" in data else every_pair(low, high)
    _check_tile_count(len(pairs), where)          # double = 99 of numerals would be 5,050 tiles
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
        divider=_flag(data, "divider", True, where), description=description, titles=_checked_titles(data, where))


def _load_triangles(data: dict, where: str) -> TileSet:
    """A set of triangular tiles: numbers at the three corners, increasing clockwise."""
    name = _checked_name_and_keys(data, where)
    for key in ("double", "twice", "symbols", "coloured_pips"):
        if key in data:
            raise UserError(_("{where}: {key} is for dominoes; a triangle set takes lowest, highest and tiles").format(
                where=where, key=key))
    if data.get("digits", "numerals") != "numerals":
        raise UserError(_("{where}: digits = {digits!r}; triangular tiles print numerals").format(
            where=where, digits=data["digits"]))
    low = _number(data, "lowest", 0, 9, where) if "lowest" in data else 0
    if "highest" not in data:
        raise UserError(_("{where}: a triangle set needs highest = N, its largest number").format(where=where))
    high = _number(data, "highest", low, 9, where)
    if "tiles" in data:
        triples = []
        listed = data["tiles"]
        if not isinstance(listed, list) or not listed:
            raise UserError(_("{where}: tiles must be a list of triangles, e.g. [\"0-1-2\"]").format(where=where))
        for text in listed:
            match = _TRIANGLE.match(text) if isinstance(text, str) else None
            if not match:
                raise UserError(_("{where}: {text!r} is not a triangular tile; write its corners clockwise, "
                                  "\"0-1-2\"").format(
                    where=where, text=text))
            corners = tuple(int(v) for v in match.groups())
            if any(not low <= v <= high for v in corners):
                raise UserError(_("{where}: tile {text} has a number outside this set's {low}-{high}").format(
                    where=where, text=text, low=low, high=high))
            if list(corners) != sorted(corners):
                raise UserError(_("{where}: tile {text}: its numbers must increase clockwise from the apex; "
                                  "write it {corners}").format(
                    where=where, text=text, corners="-".join(map(str, sorted(corners)))))
            if corners in triples:
                raise UserError(_("{where}: tile {text} is listed twice; list each tile once").format(
                    where=where, text=text))
            triples.append(corners)
    else:
        triples = every_triple(low, high)
    back = _checked_back(data, TRIANGLE_BACK_KEYS, where)
    description = _checked_description(data, where)
    tiles = tuple(Tile(name, None, a, b, None, None, f"{name}-{a}-{b}-{c}", (a, b, c)) for a, b, c in triples)
    return TileSet(name=name, figure="", digit_style="numerals", max_digit=high, min_digit=low,
                   composition={"triples": len(tiles)}, magic={}, back=back, tiles=tiles, has_layout=False,
                   divider=False, description=description, shape="triangle", titles=_checked_titles(data, where))


def _listed(data: dict, low: int, high: int, where: str) -> list[tuple[int, int]]:
    listed, twice = data["tiles"], data.get("twice", [])
    if not isinstance(listed, list) or not listed:
        raise UserError(_("{where}: tiles must be a list of tiles, e.g. [\"0-0\", \"0-1\"]").format(where=where))
    if not isinstance(twice, list):
        raise UserError(_("{where}: twice must be a list of tiles, e.g. [\"6-6\"]").format(where=where))
    pairs, seen = [], {}
    for text in listed:
        pair = _tile_text(text, low, high, f"{where}: tiles")
        if pair in seen:
            raise UserError(_("{where}: tile {text} is listed twice (as {before!r} before); list each tile "
                              "once and name those that come twice in `twice`").format(
                where=where, text=text, before=seen[pair]))
        seen[pair] = text
        pairs.append(pair)
    doubled = set()
    for text in twice:
        pair = _tile_text(text, low, high, f"{where}: twice")
        if pair not in seen:
            raise UserError(_("{where}: twice names tile {text}, which `tiles` does not list; add it there").format(
                where=where, text=text))
        if pair in doubled:
            raise UserError(_("{where}: twice names tile {text} twice; name it once").format(where=where, text=text))
        doubled.add(pair)
    _check_tile_count(len(pairs) + len(doubled), where)
    return [copy for pair in pairs for copy in ([pair, pair] if pair in doubled else [pair])]


def _check_tile_count(count: int, where: str) -> None:
    if count > MAX_TILES:
        raise UserError(_("{where}: {count} tiles; a set holds at most {most}").format(
            where=where, count=count, most=MAX_TILES))


def _check_every_pair_once(pairs, low: int, double: int, where: str) -> None:
    have, wanted = Counter(pairs), Counter(every_pair(low, double))
    for pair, count in have.items():
        if count > wanted[pair]:
            raise UserError(_("{where}: tile {a}-{b} is one too many (double-{double}: each pair once)").format(
                where=where, a=pair[0], b=pair[1], double=double))
    for pair in sorted(wanted - have):
        raise UserError(_("{where}: tile {a}-{b} is missing (double-{double}: each pair of "
                          "{low}-{double} once)").format(
            where=where, a=pair[0], b=pair[1], double=double, low=low))


def _symbols(data: dict, style: str, low: int, high: int, where: str) -> tuple[str, ...]:
    if style != "symbols":
        if "symbols" in data:
            raise UserError(_("{where}: symbols are for digits = \"symbols\"; remove them or change digits").format(
                where=where))
        return ()
    symbols = data.get("symbols")
    count = high - low + 1
    known = symbol_names()
    if not isinstance(symbols, list) or len(symbols) != count:
        raise UserError(_("{where}: symbols must list {count} pictures, one for each number {low}-{high}, "
                          "from {known}").format(where=where, count=count, low=low, high=high, known=", ".join(known)))
    for number, symbol in enumerate(symbols, start=low):
        if symbol not in known:
            raise UserError(_("{where}: symbols: {symbol!r} for {number} is not a picture the kit draws; "
                              "use one of {known}").format(
                where=where, symbol=symbol, number=number, known=", ".join(known)))
    if len(set(symbols)) != len(symbols):
        raise UserError(_("{where}: symbols: a picture stands for two numbers; give each number its own").format(
            where=where))
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
            raise UserError(_("{where}: unknown key {key!r}; a set file takes {keys}").format(
                where=where, key=key, keys=", ".join(KEYS)))
    if "layout" in data:
        raise UserError(_("{where}: a set of your own is stated by `double = N` or a `tiles` list; {hint}").format(
            where=where, hint=_(FORMAT_HINT)))
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise UserError(_("{where}: name = {name!r}; give a short name in lower case, letters, digits and -, "
                          "e.g. \"club-9\"").format(where=where, name=name))
    return name


def _checked_back(data: dict, keys: tuple[str, ...], where: str) -> dict:
    """The [back] table: a mark of at most MAX_MARK printable characters, and (dominoes) spots."""
    back = data.get("back", {})
    if not isinstance(back, dict):
        raise UserError(_("{where}: back must be a table [back] with mark = \"…\"").format(where=where))
    for key in back:
        if key not in keys:
            raise UserError(_("{where}: [back] has unknown key {key!r}; use {keys}").format(
                where=where, key=key, keys=", ".join(keys)))
    mark = back.get("mark", "")
    if not isinstance(mark, str) or len(mark) > MAX_MARK or not mark.isprintable():
        raise UserError(_("{where}: [back] mark = {mark!r}; give at most {most} characters in quotes, "
                          "e.g. \"12\"").format(where=where, mark=mark, most=MAX_MARK))
    if "spots" in keys:
        _flag(back, "spots", False, where)
    return dict(back)


def _checked_titles(data: dict, where: str) -> dict:
    """The set's name as its sheets and boxes print it, by language of the sheets ({} for "Dominoes ·
    NAME" in each language): one line, or a table by language with `en`."""
    title = data.get("title")
    if title is None:
        return {}
    return checked_per_language(title if isinstance(title, dict) else {"en": title}, "title", where, most=60)


def _checked_description(data: dict, where: str) -> str:
    description = data.get("description", "")
    if isinstance(description, dict):           # a line per language of the messages: the one said now
        return text_in(checked_per_language(description, "description", where))
    if not isinstance(description, str) or not description.isprintable():
        raise UserError(_("{where}: description must be one line of text in quotes").format(where=where))
    return description
