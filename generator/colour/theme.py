"""Themes: the colours of the kit, loaded from templates/themes/NAME.toml, plus user overrides.

Every colour has one key, used alike by theme files, the config file's [colours] table and
`--colour KEY=VALUE`:

    tile.face  tile.digit  tile.divider                   the tile's front
    A.group1   A.group1.arrow  ...  C.group2.arrow        each group's circle and its arrow
    back.background  back.mark                            the tile's back
    board.light  board.dark  board.line  board.half_line  board.notation  board.across_notation
    board.place                                           the board
    sheet.cut_line  sheet.text                            marks and captions on printed sheets

`A.group1.circle` is accepted as another name for `A.group1`. In a theme file a group is a
table `[A.group1]` with `circle`, `arrow` and `arrow_style` ("solid" or "hollow").
"""

from functools import cache
from pathlib import Path
import unicodedata

from msgspec import Struct, field
from msgspec.structs import replace

from generator.colour.key_help import colour_key_help
from generator.colour.values import Colour, parse_colour_text, parse_theme_colour
from generator.errors import UserError
from generator.files.paths import parse_path
from generator.files.resources import load_toml, template_path
from generator.model.set_loader import OPEN_SET_NAMES
from generator.words import LANGUAGES, N_, _, text_in

ARROW_STYLES = ("solid", "hollow")
GROUPS = (1, 2)
THEME_NAME_MAX = 60       # characters in a theme's own name
# Characters a name or description may not hold: control characters (a newline breaks the TOML
# string), invisible formatting such as bidi overrides (they disguise text in a terminal),
# surrogates and line or paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

# Section -> its keys. The order is the order of documentation and `init`; what each key colours,
# in each language, is data: templates/colour_keys.toml (generator/colour/key_help.py).
COLOUR_SECTIONS = {
    "tile": ("face", "digit", "divider"),
    "pips": tuple(str(n) for n in range(1, 19)),
    "chinese": ("face", "pips", "red"),
    "picture": tuple(str(n) for n in range(0, 7)),
    "back": ("background", "mark"),
    "board": ("light", "dark", "line", "half_line", "notation", "across_notation", "place"),
    "sheet": ("cut_line", "text"),
}
THEME_FIELDS = ("name", "description", "outline_only", "numbers_in_colour")
# Sections a theme may leave out: they then take the classic theme's colours. They came with the
# classic sets, after the first themes were written.
OPTIONAL_SECTIONS = ("pips", "chinese", "picture")
FALLBACK_THEME = "classic"


class GroupLook(Struct, frozen=True):
    circle: Colour
    arrow: Colour
    arrow_style: str
    ring: bool = False          # outline-only themes draw the circle as a ring; the arrow sits on the face


class Theme(Struct, frozen=True):
    name: str
    colours: dict            # "tile.face" -> Colour, ...
    groups: dict             # "A1" -> GroupLook
    descriptions: dict = field(default_factory=dict)     # language -> one line: "en" -> "Ivory faces; ..."
    outline_only: bool = False
    numbers_in_colour: bool = True     # False: every number's pips in tile.digit (pips.N unused)

    @property
    def description(self) -> str:
        """The description in the messages' language (else the English, else the one given)."""
        return text_in(self.descriptions)

    def description_in(self, language: str) -> str:
        """The description in `language` (a file's own text follows --lang, not the messages)."""
        return text_in(self.descriptions, language)

    def colour(self, key: str) -> Colour:
        try:
            return self.colours[key]
        except KeyError:
            raise UserError(_("theme {name}: colour {key!r} is missing; add it to the theme file").format(
                name=self.name, key=key)) from None

    def colour_named(self, key: str) -> Colour:
        """The colour a key of colour_keys() names, e.g. "board.dark" or "A.group1.arrow"."""
        if key in self.colours:
            return self.colours[key]
        group_name, part = _group_part(key)
        return getattr(self.groups[group_name], part)

    def group_of(self, tile_set, group: int) -> GroupLook:
        """A set's group look: its own if the theme has one, else that of the kit set it looks like."""
        if f"{tile_set.name}{group}" in self.groups or not tile_set.looks:
            return self.group(tile_set.name, group)
        return self.group(tile_set.looks, group)

    def group(self, set_name: str, group: int) -> GroupLook:
        key = f"{set_name}{group}"
        if key not in self.groups:
            raise UserError(_("theme {name}: [{set_name}.group{group}] is missing; add it to the theme file").format(
                name=self.name, set_name=set_name, group=group))
        return self.groups[key]


def group_key(set_name: str, group: int) -> str:
    return f"{set_name}.group{group}"


def _group_part(key: str) -> tuple[str, str]:
    """"A.group1" -> ("A1", "circle"); "A.group1.arrow" -> ("A1", "arrow")."""
    set_name, _, rest = key.partition(".")
    return f"{set_name}{rest[len('group')]}", "arrow" if rest.endswith(".arrow") else "circle"


def colour_keys() -> list[str]:
    """Every colour key, in documentation order."""
    keys = [f"tile.{key}" for key in COLOUR_SECTIONS["tile"]]
    for set_name in OPEN_SET_NAMES:
        for group in GROUPS:
            keys += [group_key(set_name, group), f"{group_key(set_name, group)}.arrow"]
    for section in ("pips", "chinese", "picture", "back", "board", "sheet"):
        keys += [f"{section}.{key}" for key in COLOUR_SECTIONS[section]]
    return keys


def canonical_colour_key(key: str, where: str) -> str:
    """The key as colour_keys() spells it, or a UserError naming the closest valid key."""
    keys = colour_keys()
    text = key.strip() if isinstance(key, str) else ""
    if text.casefold().endswith(".circle") and text.count(".") == 2:
        text = text[: -len(".circle")]
    by_folded = {k.casefold(): k for k in keys}
    if text.casefold() in by_folded:
        return by_folded[text.casefold()]
    raise UserError(_("{where}: unknown colour key {key!r}{hint}").format(
        where=where, key=key, hint=suggestion(text, keys, _("; `opendomino init` writes a file that lists every key"))))


def suggestion(word: str, choices, otherwise: str = "") -> str:
    """"; did you mean X?" for the closest choice (difflib), else `otherwise`."""
    import difflib  # only on a mistake: the kit's start-up does not pay for it

    folded = {choice.casefold(): choice for choice in choices}
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.5)
    return _("; did you mean {choice}?").format(choice=folded[close[0]]) if close else otherwise


# What reject_unknown_keys says of an unknown key, by what the keys name: the message, and the list
# of valid ones when no key is close.
_UNKNOWN = {"key": (N_("{where}: unknown key {key!r}{hint}"), N_("; valid keys are {allowed}")),
            "option": (N_("{where}: unknown option {key!r}{hint}"), N_("; valid options are {allowed}")),
            "figure": (N_("{where}: unknown figure {key!r}{hint}"), N_("; valid figures are {allowed}"))}


def reject_unknown_keys(table: dict, allowed, where: str, noun: str = "key") -> None:
    """A UserError for the first key of `table` not in `allowed`, naming the closest allowed one;
    `noun` says what the keys name: "key", "option" or "figure"."""
    allowed = list(allowed)
    unknown, valid = _UNKNOWN[noun]
    for key in table:
        if key not in allowed:
            listed = _(valid).format(allowed=", ".join(allowed))
            raise UserError(_(unknown).format(where=where, key=key, hint=suggestion(key, allowed, listed)))


def theme_names() -> list[str]:
    """The bundled themes, classic first."""
    names = sorted(p.stem for p in template_path("themes").glob("*.toml"))
    return sorted(names, key=lambda name: name != "classic")


def theme_path(name: str) -> Path:
    """A bundled theme by name, or a theme file by path (anything ending in .toml)."""
    if name.endswith(".toml"):
        path = parse_path(name, _("theme file"), "club.toml")
        if not path.exists():
            raise UserError(_("theme file {name} not found; check the path, or copy a theme from "
                              "{folder} to start one").format(name=name, folder=template_path("themes")))
        return path
    path = template_path("themes", f"{name}.toml")
    if not path.is_file():
        choose = _("; choose from {themes}, or give a theme .toml file").format(themes=", ".join(theme_names()))
        raise UserError(_("unknown theme {name!r}{hint}").format(
            name=name, hint=suggestion(name, theme_names(), choose)))
    return path


def checked_theme_name(name: str, where: str) -> str:
    """`name` if it loads as a theme, else the loader's error prefixed with `where`."""
    try:
        load_theme(name)
    except UserError as error:
        raise UserError(f"{where}: {error}") from None
    return name


def _one_plain_line(value) -> bool:
    return isinstance(value, str) and not any(unicodedata.category(ch) in _HIDDEN_CATEGORIES for ch in value)


def checked_theme_title(value, where: str = "") -> str:
    """A theme's own name: the `name` of a theme file and the name given in the colour studio.

    One rule for both, so that whatever the studio saves, `--theme` loads: 1 to THEME_NAME_MAX
    characters on one line, not only spaces, no control or invisible formatting characters.
    """
    if not _one_plain_line(value) or not value.strip() or len(value) > THEME_NAME_MAX:
        prefix = f"{where}: " if where else ""
        raise UserError(_("{prefix}name must be one line of 1 to {most} characters without control or "
                          "formatting characters; write e.g. name = \"Club colours\"").format(
            prefix=prefix, most=THEME_NAME_MAX))
    return value


@cache
def load_theme(name: str = "classic") -> Theme:
    path = theme_path(name)
    data = load_toml(path, "theme")
    where = path.name
    reject_unknown_keys(data, (*THEME_FIELDS, *COLOUR_SECTIONS, *OPEN_SET_NAMES), where)
    if "name" in data:
        checked_theme_title(data["name"], where)
    descriptions = _descriptions(data.get("description", ""), where)
    colours = {}
    for section, keys in COLOUR_SECTIONS.items():
        if section in OPTIONAL_SECTIONS and section not in data and path.stem != FALLBACK_THEME:
            fallback = load_theme(FALLBACK_THEME)
            colours.update({f"{section}.{key}": fallback.colours[f"{section}.{key}"] for key in keys})
            continue
        table = _table(data, section, where)
        reject_unknown_keys(table, keys, f"{where}: [{section}]")
        for key in keys:
            if key not in table:
                raise UserError(_("{where}: [{section}] has no {key} ({about}); add it").format(
                    where=where, section=section, key=key, about=colour_key_help(f"{section}.{key}")))
            colours[f"{section}.{key}"] = parse_theme_colour(table[key], f"{where}: {section}.{key}")
    outline_only = data.get("outline_only", False)
    numbers_in_colour = data.get("numbers_in_colour", True)
    for field_name, value in (("outline_only", outline_only), ("numbers_in_colour", numbers_in_colour)):
        if not isinstance(value, bool):
            raise UserError(_("{where}: {field_name} must be true or false").format(where=where, field_name=field_name))
    groups = {}
    for set_name in OPEN_SET_NAMES:
        set_table = _table(data, set_name, where)
        reject_unknown_keys(set_table, [f"group{g}" for g in GROUPS], f"{where}: [{set_name}]")
        for group in GROUPS:
            key = group_key(set_name, group)
            look = set_table.get(f"group{group}")
            if not isinstance(look, dict):
                raise UserError(_("{where}: [{key}] is missing; give its circle, arrow and arrow_style").format(
                    where=where, key=key))
            reject_unknown_keys(look, ("circle", "arrow", "arrow_style"), f"{where}: [{key}]")
            style = look.get("arrow_style", "solid")
            if style not in ARROW_STYLES:
                raise UserError(_("{where}: {key}.arrow_style = {style!r}; use solid or hollow").format(
                    where=where, key=key, style=style))
            groups[f"{set_name}{group}"] = GroupLook(
                parse_theme_colour(look.get("circle"), f"{where}: {key}.circle"),
                parse_theme_colour(look.get("arrow"), f"{where}: {key}.arrow"), style, outline_only)
    return Theme(str(data.get("name", path.stem)), colours, groups, descriptions, outline_only, numbers_in_colour)


def _descriptions(value, where: str) -> dict[str, str]:
    """A theme's `description`: one line for every language, or a table of one line per language
    (`{ en = "...", ru = "..." }`)."""
    texts = value if isinstance(value, dict) else {"en": value}
    if isinstance(value, dict):
        reject_unknown_keys(value, LANGUAGES, f"{where}: description")
    for text in texts.values():
        if not _one_plain_line(text):
            raise UserError(_("{where}: description must be one line of text in quotes, without control or "
                              "formatting characters").format(where=where))
    return {language: text for language, text in texts.items() if text}


def _table(data: dict, section: str, where: str) -> dict:
    """A theme's [section]; anything else under that name is an error, not a crash."""
    table = data.get(section, {})
    if not isinstance(table, dict):
        raise UserError(_("{where}: {section} must be a table: a line [{section}] followed by its colours, "
                          "not {section} = {value!r}").format(where=where, section=section, value=table)[:200])
    return table


def parse_override(text: str, where: str = "--colour") -> tuple[str, str]:
    """"A.group1=#c0392b" -> ("A.group1", "#c0392b"), both checked."""
    key, sep, value = text.partition("=") if isinstance(text, str) else ("", "", "")
    if not sep:
        raise UserError(_("{where}: {text!r} is not KEY=VALUE; write e.g. A.group1=#c0392b").format(
            where=where, text=text))
    key = canonical_colour_key(key, where)
    parse_colour_text(value, f"{where} {key}")
    return key, value.strip()


def with_overrides(theme: Theme, overrides, where: str | None = None) -> Theme:
    """The theme with (key, colour text) pairs applied in order; a later pair wins."""
    if not overrides:
        return theme
    where = _("colour override") if where is None else where
    colours, groups = dict(theme.colours), dict(theme.groups)
    for key, value in overrides:
        key = canonical_colour_key(key, where)
        colour = parse_colour_text(value, f"{where} {key}")
        if key.partition(".")[0] in COLOUR_SECTIONS:
            colours[key] = colour
            continue
        group_name, part = _group_part(key)
        groups[group_name] = replace(groups[group_name], **{part: colour})
    return replace(theme, colours=colours, groups=groups)


def map_colours(theme: Theme, convert) -> Theme:
    """The theme with every colour replaced: `convert` takes the list of all its colours (each
    once) and returns their replacements in order, so a conversion can treat them in one batch."""
    in_groups = (colour for look in theme.groups.values() for colour in (look.circle, look.arrow))
    every = list(dict.fromkeys([*theme.colours.values(), *in_groups]))
    new = dict(zip(every, convert(every)))
    groups = {k: replace(g, circle=new[g.circle], arrow=new[g.arrow]) for k, g in theme.groups.items()}
    return replace(theme, colours={k: new[c] for k, c in theme.colours.items()}, groups=groups)


def _toml_number(value: float) -> str:
    """Short when that is exact (40, 12.5), else every digit: a saved theme loads the same colours."""
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))


def _toml_colour(colour: Colour) -> str:
    """A colour given as RGB only stays so: a shop build makes its CMYK through the shop's profile."""
    if colour.derived:
        return f'{{ hex = "{colour.hex}" }}'
    cmyk = ", ".join(_toml_number(v) for v in colour.cmyk)
    return f'{{ hex = "{colour.hex}", cmyk = [{cmyk}] }}'


# A theme file's first line; in English wherever the file's bytes are compared (checked_themes.toml).
THEME_FILE_COMMENT = N_("# A colour theme of Open Domino Kit. Use it with: opendomino build --theme THIS-FILE.toml")


def theme_toml(theme: Theme, name: str, description: str = "", comment: str = THEME_FILE_COMMENT) -> str:
    """A complete theme file for `theme`: `--theme FILE` reads it as it is. A colour stated in CMYK
    is written as hex and CMYK, one given as RGB only as hex. `comment`: its first line, for a
    file saved in another language."""
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [comment,
             f"name = {quoted(name)}", f"description = {quoted(description)}",
             f"outline_only = {str(theme.outline_only).lower()}",
             f"numbers_in_colour = {str(theme.numbers_in_colour).lower()}", ""]
    for section, keys in COLOUR_SECTIONS.items():
        lines.append(f"[{section}]")
        width = max(len(key) for key in keys)
        lines += [f"{key:<{width}} = {_toml_colour(theme.colours[f'{section}.{key}'])}"
                  for key in keys]
        lines.append("")
    for set_name in OPEN_SET_NAMES:
        for group in GROUPS:
            look = theme.group(set_name, group)
            lines += [f"[{group_key(set_name, group)}]", f"circle = {_toml_colour(look.circle)}",
                      f"arrow  = {_toml_colour(look.arrow)}", f'arrow_style = "{look.arrow_style}"', ""]
    return "\n".join(lines)
