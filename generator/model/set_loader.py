"""The kit's sets by name: Open Domino's A, B and C (a magic layout each), the classic sets, and
sets of the user's own (--set-file).

Open Domino sets live in templates/sets/NAME.toml and are read from their magic layout here;
classic ones in templates/sets/classic/NAME.toml (generator/model/classic_sets.py).
"""

from collections import Counter
from functools import cache
from pathlib import Path

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.model.classic_sets import load_classic_set_file
from generator.model.fractions import at_cell, head_and_tail, parse_fraction
from generator.model.set_rules import validate_set
from generator.model.tiles import ARROW_OF_GROUP, ROWS_OF_GROUP, Tile, TileSet
from generator.words import _

OPEN_SET_NAMES = ("A", "B", "C")
CLASSIC_SET_NAMES = ("double-3", "double-6", "double-9", "double-12", "double-15", "double-18", "chinese", "picture",
                     "triominoes")
_DIGIT_STYLES = ("pips", "dashes")
_user_set_files: dict[str, Path] = {}      # name -> file, registered by --set-file


def set_file(name: str) -> Path:
    if name in _user_set_files:
        return _user_set_files[name]
    if name in CLASSIC_SET_NAMES:
        return template_path("sets", "classic", f"{name}.toml")
    return template_path("sets", f"{name}.toml")


def known_set_names() -> tuple[str, ...]:
    """Every set a build can make: Open Domino's, the classic ones, then the user's own."""
    return OPEN_SET_NAMES + CLASSIC_SET_NAMES + tuple(_user_set_files)


def canonical_set_name(text: str) -> str | None:
    """The set's name as the kit spells it ("a" -> "A", "Double-9" -> "double-9"), or None."""
    folded = {name.casefold(): name for name in known_set_names()}
    return folded.get(str(text).strip().casefold())


def register_set_file(path) -> str:
    """Load a user's set file, check it, and make its set known by name; returns the name."""
    path = Path(path)
    tile_set = load_classic_set_file(path)
    if tile_set.name in OPEN_SET_NAMES + CLASSIC_SET_NAMES:
        raise UserError(_("{name}: name = {name2!r} is a set the kit already has; give yours another name").format(
            name=path.name, name2=tile_set.name))
    if tile_set.name in _user_set_files and _user_set_files[tile_set.name].resolve() != path.resolve():
        raise UserError(_("{name}: name = {name2!r} is used by {other} too; "
                          "give each set its own name").format(
            name=path.name, name2=tile_set.name, other=_user_set_files[tile_set.name]))
    _user_set_files[tile_set.name] = path
    load_set.cache_clear()
    return tile_set.name


@cache
def load_set(name: str) -> TileSet:
    """The named set, validated (loaded once per process)."""
    if name not in known_set_names():
        raise UserError(_("unknown set {name!r}; choose from {sets}").format(
            name=name, sets=", ".join(known_set_names())))
    if name in OPEN_SET_NAMES:
        return load_set_file(set_file(name))
    return load_classic_set_file(set_file(name))


def load_all_sets(names=None) -> dict[str, TileSet]:
    return {name: load_set(name) for name in (names if names is not None else known_set_names())}


def load_set_file(path: Path) -> TileSet:
    data = load_toml(path, "set")
    where = path.name
    for key in ("name", "digits", "max_digit", "layout", "composition", "magic", "back"):
        if key not in data:
            raise UserError(_("{where}: missing key {key!r}; see templates/sets/A.toml for the format").format(
                where=where, key=key))
    if data["digits"] not in _DIGIT_STYLES:
        raise UserError(_("{where}: digits = {digits!r}; use one of {styles}").format(
            where=where, digits=data["digits"], styles=", ".join(_DIGIT_STYLES)))
    _check_shape(data, where)
    tile_set = TileSet(
        name=str(data["name"]),
        figure=str(data.get("figure", "")),
        digit_style=data["digits"],
        max_digit=data["max_digit"],
        composition=dict(data["composition"]),
        magic=dict(data["magic"]),
        back=dict(data["back"]),
        tiles=_tiles_from_layout(data["name"], data["layout"], data["max_digit"], where),
    )
    validate_set(tile_set, where)
    return tile_set


# Table -> its keys that hold a whole number >= 0, and those that hold true or false.
_NUMBERS = {"composition": ("per_group_doubles", "per_group_fractions"),
            "magic": ("column_sum", "group_column_sum", "row_head_sum", "row_tail_sum"),
            "back": ("crosses_on_group",)}
_FLAGS = {"magic": ("group2_is_group1_turned",), "back": ("circles", "diamonds")}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_shape(data: dict, where: str) -> None:
    """The types of a set file's values, so that a typo is an error and not a crash."""
    if not _whole(data["max_digit"]) or not 1 <= data["max_digit"] <= 9:
        raise UserError(_("{where}: max_digit = {value!r}; give a whole number from 1 to 9").format(
            where=where, value=data["max_digit"]))
    for table in ("layout", "composition", "magic", "back"):
        if not isinstance(data[table], dict):
            raise UserError(_("{where}: {table} must be a table [{table}]; see templates/sets/A.toml for the "
                              "format").format(
                where=where, table=table))
    for table, keys in _NUMBERS.items():
        for key in keys:
            if key in data[table] and not _whole(data[table][key]):
                raise UserError(_("{where}: {table}.{key} = {value!r}; give a whole number").format(
                    where=where, table=table, key=key, value=data[table][key]))
    for table, keys in _FLAGS.items():
        for key in keys:
            if key in data[table] and not isinstance(data[table][key], bool):
                raise UserError(_("{where}: {table}.{key} = {value!r}; give true or false").format(
                    where=where, table=table, key=key, value=data[table][key]))
    rule = data["composition"]
    if "extra_doubles" not in rule and not {"per_group_doubles", "per_group_fractions"} <= set(rule):
        raise UserError(_("{where}: [composition] needs extra_doubles, or per_group_doubles and "
                          "per_group_fractions; see templates/sets/A.toml and C.toml").format(where=where))
    extra = rule.get("extra_doubles", [])
    if not isinstance(extra, list) or not all(_whole(d) and d <= data["max_digit"] for d in extra):
        raise UserError(_("{where}: composition.extra_doubles = {extra!r}; "
                          "list digits from 0 to {most}, e.g. [0, 2, 4, 6]").format(
            where=where, extra=extra, most=data["max_digit"]))


def _tiles_from_layout(set_name: str, layout: dict, max_digit: int, where: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    seen_ids: Counter = Counter()
    for group, rows in ROWS_OF_GROUP.items():
        for row in rows:
            cells = layout.get(str(row))
            if not isinstance(cells, list) or len(cells) != 8:
                raise UserError(_("{where}: layout row {row} must list 8 tiles").format(where=where, row=row))
            for column, text in enumerate(cells, start=1):
                top, bottom = parse_fraction(text, at_cell(where, row, column), max_digit)
                head, tail = head_and_tail(top, bottom, ARROW_OF_GROUP[group])
                base_id = f"{set_name}{group}-{head}{tail}"
                seen_ids[base_id] += 1
                tile_id = base_id if seen_ids[base_id] == 1 else f"{base_id}-{seen_ids[base_id]}"
                tiles.append(Tile(set_name, group, head, tail, row, column, tile_id))
    extra_rows = sorted(set(layout) - {str(r) for rows in ROWS_OF_GROUP.values() for r in rows})
    if extra_rows:
        raise UserError(_("{where}: layout has row {row}; a set file lists rows 8, 7, 2 and 1 only").format(
            where=where, row=extra_rows[0]))
    return tuple(tiles)
