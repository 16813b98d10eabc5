"""The config file, opendomino.toml: build options and colour overrides kept with a project.

Found as ./opendomino.toml, or named with --config. Precedence: command-line options override
the config file, and the config file overrides the defaults (those of BuildOptions). Relative
paths in the file (out, a theme file) are relative to the file's folder. `opendomino init`
writes a starter file with every option at its default.
"""

from pathlib import Path
from typing import Callable

from msgspec import Struct
from msgspec.structs import fields, replace

from generator.colour.icc import INTENTS
from generator.colour.key_help import colour_key_help
from generator.colour.output_conditions import check_condition
from generator.colour.theme import (
    checked_theme_name,
    colour_keys,
    load_theme,
    parse_override,
    reject_unknown_keys,
    theme_names,
)
from generator.errors import UserError, printable
from generator.files.resources import load_toml
from generator.imposition.paper import PAPERS
from generator.model.set_loader import register_set_file
from generator.model.texts import LANGUAGES
from generator.settings.build_options import LAYOUTS, BuildOptions
from generator.settings.config_files import CONFIG_NAME, USER_KEYS
from generator.settings.options import (
    check_corner_radius,
    parse_back_offset,
    parse_bleed,
    parse_clearance,
    parse_corner_radius,
    parse_icc,
    parse_max_ink,
    parse_out,
    parse_paper,
    parse_path,
    parse_set_names,
    parse_tile_size,
    set_file_missing,
)
from generator.settings.toml_values import one_of, text_value
from generator.settings.ui_language import UI_LANGUAGES
from generator.words import N_, _

HOME_PAPERS = tuple(name for name in PAPERS if name != "a3")
DEFAULTS = BuildOptions()


def _flag(value, where, base):
    if not isinstance(value, bool):
        raise UserError(_("{where}: {value} is not true or false").format(where=where, value=repr(value)))
    return value


def _out(value, where, base):
    return base / parse_out(text_value(value, where), where)


def _sets(value, where, base):
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    return parse_set_names(text_value(value, where), where)


def _tile_size(value, where, base):
    return parse_tile_size(text_value(value, where), where)


def _millimetres(value, where: str) -> str:
    """A length as the option parsers read it: a TOML number, or a string of one."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise UserError(_("{where}: {value} is not a number of mm").format(where=where, value=repr(value)))
    return str(value)


def _clearance(value, where, base):
    return parse_clearance(_millimetres(value, where), where)


def _corner_radius(value, where, base):
    return parse_corner_radius(_millimetres(value, where), where)


def _paper(value, where, base):
    return parse_paper(text_value(value, where), where)


def _back_offset(value, where, base):
    if isinstance(value, list) and len(value) == 2:       # back_offset = [0.5, -1] works too
        value = ",".join(str(v) for v in value)
    return parse_back_offset(text_value(value, where), where)


def _bleed(value, where, base):
    if value == "auto":
        return None
    return parse_bleed(_millimetres(value, where), where)


def _condition(value, where, base):
    if value == "auto":
        return None
    return check_condition(text_value(value, where), where)


def _icc(value, where, base):
    if value == "auto":
        return None
    return parse_icc(text_value(value, where), where, base)


def _max_ink(value, where, base):
    if value == "auto":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise UserError(_('{where}: {value} is not a percentage; write e.g. 300 or "auto"').format(
            where=where, value=repr(value)))
    return parse_max_ink(str(value), where)


def _set_files(value, where, base):
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UserError(_('{where}: {value}; list set files in quotes, e.g. ["my-set.toml"]').format(
            where=where, value=repr(value)))
    paths = []
    for text in value:
        path = base / parse_path(text, where, "my-set.toml")
        if not path.exists():
            raise UserError(set_file_missing(where, path))
        register_set_file(path)
        paths.append(path)
    return tuple(paths)


def _product(value, where, base):
    from generator.settings.products import parse_product

    if text_value(value, where) == "":         # as `opendomino init` writes it: no product
        return None
    return parse_product(value, where, base)


def _theme(value, where, base):
    name = text_value(value, where)
    return checked_theme_name(str(base / name) if name.endswith(".toml") else name, where)


def _ui_lang(value, where, base):
    value = one_of(UI_LANGUAGES)(value, where, base)
    return None if value == "auto" else value


class Setting(Struct, frozen=True):
    name: str                   # the key in opendomino.toml and the BuildOptions field
    about: str                  # what it sets, marked with N_ (and {choices} filled in): read it as `help`
    parse: Callable             # (TOML value, where, folder of the file) -> BuildOptions value
    toml_default: str
    choices: Callable[[], tuple[str, ...]] | None = None    # what {choices} in `about` lists

    @property
    def help(self) -> str:
        """What the setting sets, in the language of the moment."""
        text = _(self.about)
        return text.format(choices=", ".join(self.choices())) if self.choices else text


def _quoted(value) -> str:
    return f'"{value}"'


SETTINGS = (
    Setting("out", N_("folder to write into"), _out, _quoted(DEFAULTS.out)),
    Setting("paper", N_("paper for home printing: a4, letter, a3 or WIDTHxHEIGHT in mm"), _paper,
            _quoted(DEFAULTS.paper)),
    Setting("sets", N_("the sets to make: A, B, C, double-3 ... double-18, chinese, picture, triominoes"), _sets,
            f"[{', '.join(_quoted(s) for s in DEFAULTS.sets)}]"),
    Setting("set_files", N_("sets of your own (see the guide, Set files): each is made along with `sets`"),
            _set_files, "[]"),
    Setting("tile_size", N_("tile size WIDTHxHEIGHT in mm, portrait"), _tile_size, _quoted(DEFAULTS.tile_size)),
    Setting("corner_radius", N_("round tile corners: radius in mm, 0 (sharp) to a third of the tile width"),
            _corner_radius, f"{DEFAULTS.corner_radius:g}"),
    Setting("clearance", N_("board cells are this many mm larger than a tile"), _clearance,
            f"{DEFAULTS.clearance:g}"),
    Setting("across_notation", N_("print the small 1-16 / 1-4 notation for play across the board"), _flag,
            str(DEFAULTS.across_notation).lower()),
    Setting("lang", N_("language of the texts printed on sheets: {choices}"), one_of(LANGUAGES),
            _quoted(DEFAULTS.lang), lambda: LANGUAGES),
    Setting("ui_lang", N_('language of the messages and help on the command line: {choices}; "auto" follows '
                          "LANGUAGE, LC_ALL, LC_MESSAGES and LANG"), _ui_lang, _quoted("auto"), lambda: LANGUAGES),
    Setting("theme", N_("colour theme: {choices}, or a theme .toml file"), _theme,
            _quoted(DEFAULTS.theme), theme_names),
    Setting("strict", N_("stop, instead of warn, when a colour check fails"), _flag,
            str(DEFAULTS.strict).lower()),
    Setting("layout", N_("tile sheets: {choices}"), one_of(LAYOUTS), _quoted(DEFAULTS.layout), lambda: LAYOUTS),
    Setting("back_offset", N_("this printer's back-side offset DX,DY in mm, from `opendomino calibrate`"),
            _back_offset, _quoted("0,0")),
    Setting("target", N_("home (print yourself) or shop (PDF/X-1a files for a print shop)"),
            one_of(("home", "shop")), _quoted(DEFAULTS.target)),
    Setting("bleed", N_('shop bleed in mm, or "auto": 3 mm, or 1/8 in with letter paper'), _bleed, _quoted("auto")),
    Setting("marks", N_("shop crop marks: crop or none"), one_of(("crop", "none")), _quoted(DEFAULTS.marks)),
    Setting("shop_layout", N_("shop tiles: sheets (gang sheets) or single (a page per tile face)"),
            one_of(("sheets", "single")), _quoted(DEFAULTS.shop_layout)),
    Setting("product", N_('shop: a print-on-demand product (`opendomino products` lists them), a product .toml '
                          'file, or "" for none; the shop build then writes only that service\'s images'),
            _product, _quoted("")),
    Setting("output_condition", N_('print condition named in the PDF/X OutputIntent, e.g. FOGRA39 or CGATS TR 006, '
                                   'or "auto": the profile\'s own (FOGRA39 with the bundled profile)'),
            _condition, _quoted("auto")),
    Setting("icc", N_('the print shop\'s CMYK output profile (.icc) for shop files, or "auto": the bundled profile '
                      "of output_condition (FOGRA39L_coated.icc)"), _icc, _quoted("auto")),
    Setting("intent", N_("rendering intent from RGB to CMYK: {choices}"), one_of(INTENTS),
            _quoted(DEFAULTS.intent), lambda: INTENTS),
    Setting("max_ink", N_('total ink limit of converted colours in percent, or "auto": the profile\'s (300)'),
            _max_ink, _quoted("auto")),
)
_BY_NAME = {setting.name: setting for setting in SETTINGS}
assert set(_BY_NAME) <= {f.name for f in fields(BuildOptions)}


def find_config(explicit: Path | None) -> Path | None:
    """The --config file (which must exist), else ./opendomino.toml if there is one."""
    if explicit is not None:
        if not Path(explicit).exists():
            raise UserError(_("--config: {path}: file not found; run `opendomino init` to write one").format(
                path=explicit))
        if Path(explicit).is_dir():         # `--config=` arrives as ".", which click lets through
            raise UserError(_("--config: {path} is a folder; name the config file, e.g. --config {name}").format(
                path=explicit, name=CONFIG_NAME))
        return Path(explicit)
    found = Path(CONFIG_NAME)
    return found if found.exists() else None


def read_config(path: Path, allowed=None, label: str | None = None) -> dict:
    """BuildOptions field -> value from a config file; colours under "colour_overrides". `allowed`
    narrows the keys the file may hold; messages name the file as `label` (default: its name)."""
    label = label or path.name
    data = load_toml(path, "config")
    reject_unknown_keys(data, allowed or [*_BY_NAME, "colours"], label, "option")
    base = path.parent
    values = {}
    # Set files first: `sets` may name the sets they define.
    for key, raw in sorted(data.items(), key=lambda item: item[0] != "set_files"):
        if key == "colours":
            values["colour_overrides"] = _colour_table(raw, label)
        else:
            values[key] = _BY_NAME[key].parse(raw, f"{label}: {key}", base)
    if values.get("strict"):
        values["strict_origin"] = _("strict = true in {file}").format(file=label)
    return values


def _colour_table(table, file_name: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(table, dict):
        raise UserError(_('{file}: colours must be a table: [colours] with lines like "A.group1" = "#c0392b"').format(
            file=file_name))
    pairs = []
    for key, value in _flatten(table):
        if not isinstance(value, str):
            raise UserError(_("{file}: colours.{key}: {value!r} is not a colour; write it as a string").format(
                file=file_name, key=printable(key), value=value))
        pairs.append(parse_override(f"{key}={value}", f"{file_name}: [colours]"))
    return tuple(pairs)


def _flatten(table: dict, prefix: str = ""):
    """Unquoted dotted keys (board.dark = ...) arrive as nested tables; undo that."""
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def build_options(config: dict, given: dict) -> BuildOptions:
    """Defaults, then the config file's values, then the options given on the command line."""
    merged = {**config, **given}
    if "strict" in given:
        merged["strict_origin"] = "--strict"
    merged["colour_overrides"] = config.get("colour_overrides", ()) + given.get("colour_overrides", ())
    merged["set_files"] = tuple(dict.fromkeys(config.get("set_files", ()) + given.get("set_files", ())))
    options = replace(DEFAULTS, **merged)
    where = ("--corner-radius" if "corner_radius" in given or "corner_radius" not in config
             else _("corner_radius in the config file"))
    check_corner_radius(options.tile_size, options.corner_radius, where)
    return options


def starter_config() -> str:
    """The text `opendomino init` writes: every option at its default, every colour key listed."""
    lines = [
        *_("# Open Domino Kit settings, read by `opendomino build`, `board` and the other commands\n"
           "# that draw tiles or the board, when this file is in the working directory (or named\n"
           "# with --config). Options given on the command line win over this file; this file wins\n"
           "# over the defaults shown here.\n"
           "# Relative paths are relative to this file's folder.").splitlines(),
        "",
    ]
    lines += _("# Left commented out: {keys}. These come from your user config\n"
               "# where it sets them (`opendomino config` shows where each value comes from);\n"
               "# remove the # to fix one for this project.").format(keys=", ".join(USER_KEYS)).splitlines() + [""]
    for setting in SETTINGS:
        lines.append(f"# {setting.help}")
        # Written here, a user key would hide the user's own value (a saved calibration) for this project.
        commented = "# " if setting.name in USER_KEYS else ""
        lines.append(f"{commented}{setting.name} = {setting.toml_default}")
    theme = load_theme(DEFAULTS.theme)
    lines += [
        "",
        *_("# Colour overrides, applied on top of the theme; --colour KEY=VALUE on the command line\n"
           "# adds to them. A value is #rrggbb, a CSS colour name (teal) or cmyk(c,m,y,k) in percent.\n"
           "# Keep the keys in quotes. The values shown are the classic theme's.").splitlines(),
        "[colours]",
    ]
    keys = colour_keys()
    width = max(len(key) for key in keys) + 2
    for key in keys:
        quoted = f'"{key}"'
        lines.append(f'# {quoted:<{width}} = "{theme.colour_named(key)}"   # {colour_key_help(key)}')
    return "\n".join(lines) + "\n"
