"""Every setting's effective value and where it came from, as `opendomino config` shows them: the
value written as it would be in opendomino.toml, the origin a default, the user config, the
project config or the command line (like `git config --show-origin`)."""

import json

from generator.settings.build_options import BuildOptions
from generator.settings.config import SETTINGS
from generator.settings.user_config import DEFAULT_ORIGIN, colour_key


def _toml(value) -> str:
    """A value as TOML writes it (JSON's strings and arrays are TOML's too)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, (tuple, list)):
        return f"[{', '.join(_toml(item) for item in value)}]"
    return json.dumps(str(value), ensure_ascii=False)


def _value(name: str, options: BuildOptions):
    """The setting's value in the form the config file takes (None: "auto", or "" for no product),
    as JSON holds it."""
    value = getattr(options, name)
    if name == "back_offset":
        return f"{value[0]:g},{value[1]:g}"
    if value is None:
        return "" if name == "product" else "auto"
    if isinstance(value, (tuple, list)):
        return [str(item) for item in value]
    return value if isinstance(value, (bool, int, float)) else str(value)


def effective_settings(options: BuildOptions, origins: dict) -> list[dict]:
    """One row per setting (and per colour override): key, value, origin, file."""
    rows = []
    for setting in SETTINGS:
        kind, path = origins.get(setting.name, DEFAULT_ORIGIN)
        rows.append({"key": setting.name, "value": _value(setting.name, options), "origin": kind,
                     "file": None if path is None else str(path)})
    winning = dict(options.colour_overrides)       # a key given twice: the later value is the one used
    for key, colour in winning.items():
        kind, path = origins.get(colour_key(key), DEFAULT_ORIGIN)
        rows.append({"key": colour_key(key), "value": colour, "origin": kind,
                     "file": None if path is None else str(path)})
    return rows


def show_origin(row: dict) -> str:
    """One line: the origin (kind:file), a tab, key = value."""
    where = row["origin"] if row["file"] is None else f"{row['origin']}:{row['file']}"
    return f"{where}\t{row['key']} = {_toml(row['value'])}"
