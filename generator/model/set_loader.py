"""Load a set file from templates/sets/ and derive its tiles from the magic layout."""

from collections import Counter
from functools import cache
from pathlib import Path

from generator.errors import UserError
from generator.model.fractions import head_and_tail, parse_fraction
from generator.model.set_rules import validate_set
from generator.model.tiles import ARROW_OF_GROUP, ROWS_OF_GROUP, Tile, TileSet
from generator.resources import load_toml, template_path

SET_NAMES = ("A", "B", "C")
_DIGIT_STYLES = ("pips", "dashes")


def set_file(name: str) -> Path:
    return template_path("sets", f"{name}.toml")


@cache
def load_set(name: str) -> TileSet:
    """The named set from templates/sets/, validated (loaded once per process)."""
    if name not in SET_NAMES:
        raise UserError(f"unknown set {name!r}; choose from {', '.join(SET_NAMES)}")
    return load_set_file(set_file(name))


def load_all_sets(names=SET_NAMES) -> dict[str, TileSet]:
    return {name: load_set(name) for name in names}


def load_set_file(path: Path) -> TileSet:
    data = load_toml(path)
    where = path.name
    for key in ("name", "digits", "max_digit", "layout", "composition", "magic", "back"):
        if key not in data:
            raise UserError(f"{where}: missing key {key!r}; see templates/sets/A.toml for the format")
    if data["digits"] not in _DIGIT_STYLES:
        raise UserError(f"{where}: digits = {data['digits']!r}; use one of {', '.join(_DIGIT_STYLES)}")
    tile_set = TileSet(
        name=str(data["name"]),
        figure=str(data.get("figure", "")),
        digit_style=data["digits"],
        max_digit=int(data["max_digit"]),
        composition=dict(data["composition"]),
        magic=dict(data["magic"]),
        back=dict(data["back"]),
        tiles=_tiles_from_layout(data["name"], data["layout"], int(data["max_digit"]), where),
    )
    validate_set(tile_set, where)
    return tile_set


def _tiles_from_layout(set_name: str, layout: dict, max_digit: int, where: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    seen_ids: Counter = Counter()
    for group, rows in ROWS_OF_GROUP.items():
        for row in rows:
            cells = layout.get(str(row))
            if not isinstance(cells, list) or len(cells) != 8:
                raise UserError(f"{where}: layout row {row} must list 8 tiles")
            for column, text in enumerate(cells, start=1):
                top, bottom = parse_fraction(text, f"{where}: row {row}, column {column}", max_digit)
                head, tail = head_and_tail(top, bottom, ARROW_OF_GROUP[group])
                base_id = f"{set_name}{group}-{head}{tail}"
                seen_ids[base_id] += 1
                tile_id = base_id if seen_ids[base_id] == 1 else f"{base_id}-{seen_ids[base_id]}"
                tiles.append(Tile(set_name, group, head, tail, row, column, tile_id))
    extra_rows = sorted(set(layout) - {str(r) for rows in ROWS_OF_GROUP.values() for r in rows})
    if extra_rows:
        raise UserError(f"{where}: layout has row {extra_rows[0]}; a set file lists rows 8, 7, 2 and 1 only")
    return tuple(tiles)
