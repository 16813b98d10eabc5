"""The colour studio's JSON API, as plain functions: the server (generator/studio/server.py) and
the tests call the same ones.

Every request states the whole choice: a bundled theme, colour overrides by key, arrow styles by
group, the colour vision to preview in, and whether to preview the print (the soft proof through
the studio's profile: generator/colour/proof.py). Every value goes through the parsers the command
line uses (generator/colour/theme.py, generator/colour/values.py), so what the page accepts `--colour` accepts
too; anything else is a StudioError with one line that names the field and the fix.

`printing` (a generator.colour.icc.CmykConversion) is the profile the studio proofs with: the one
`opendomino studio --icc` gave, else the bundled default.

Every word of an answer (errors, the checks, descriptions, summaries) is said in the language of
the moment: the server calls these within `speaking(language of the request)`.
"""

import re

from msgspec import Struct
from msgspec.structs import replace

from generator.art.board import BoardGeometry, board_drawing
from generator.art.tile import tile_back, tile_front
from generator.colour.checks import RULE_NAMES, VISIONS, check_theme, seen_as
from generator.colour.icc import INTENT_NAMES
from generator.colour.key_help import colour_key_help
from generator.colour.print_setup import default_conversion
from generator.colour.proof import GAMUT_DELTA_E, printed_theme, proof
from generator.colour.theme import (
    ARROW_STYLES,
    GROUPS,
    THEME_FILE_COMMENT,
    THEME_NAME_MAX,
    Theme,
    canonical_colour_key,
    checked_theme_title,
    colour_keys,
    group_key,
    load_theme,
    map_colours,
    theme_names,
    theme_toml,
    with_overrides,
)
from generator.colour.values import Colour, parse_colour_text
from generator.errors import UserError
from generator.imposition.paper import paper_named
from generator.imposition.setup_cards import setup_card
from generator.model.set_loader import OPEN_SET_NAMES, load_set
from generator.scene.drawing import Drawing, Group, Rect, Style, translate
from generator.scene.sizes import TileSize
from generator.studio.schema import SchemaError, field_path, validate
from generator.words import LANGUAGES, _, language, ngettext
from generator.writers.svg import svg_text

VISION_NAMES = {"normal": None, "deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}
MAX_OVERRIDES = 200
PREVIEW_CLASSIC_SET = "double-12"

# The body every POST route takes (see generator/studio/schema.py): types and sizes; the values
# themselves go through the command line's parsers in parse_choice.
CHOICE_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "theme": {"type": "string", "maxLength": 40},
        "colours": {"type": "object", "maxProperties": MAX_OVERRIDES, "propertyNames": {"maxLength": 40},
                    "additionalProperties": {"type": "string", "maxLength": 100}},
        "arrow_styles": {"type": "object", "maxProperties": 20, "propertyNames": {"maxLength": 40},
                         "additionalProperties": {"type": "string", "maxLength": 20}},
        "vision": {"type": "string", "maxLength": 20},
        "proof": {"type": "boolean"},               # preview as the profile prints it
        "name": {"type": "string"},                 # its length and characters: checked_theme_title
    },
}
FIELDS = tuple(CHOICE_SCHEMA["properties"])
LANGUAGE_SCHEMA = {"type": "object", "additionalProperties": False,
                   "properties": {"language": {"type": "string", "maxLength": 20}}}


class StudioError(Exception):
    """A bad request: the page shows the message and changes nothing; `key`, the colour key it is
    about (the page shows the message under that colour's field)."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


class Choice(Struct, frozen=True):
    theme_name: str
    overrides: tuple[tuple[str, str], ...]
    arrow_styles: tuple[tuple[str, str], ...]
    vision: str
    name: str
    proof: bool = False


def parse_choice(data) -> Choice:
    """The request body: its schema first, then each value as the command line parses it."""
    try:
        validate(data, CHOICE_SCHEMA)
    except SchemaError as error:
        raise StudioError(str(error)) from None
    theme_name = data.get("theme", "classic")
    if theme_name not in theme_names():
        raise StudioError(_("theme: {name!r} is not a bundled theme; choose from {themes}").format(
            name=theme_name, themes=", ".join(theme_names())))
    overrides = []
    for key, value in data.get("colours", {}).items():
        # The key as the page labels its field; a key no field has, quoted as the schema's errors name it.
        where = key if key in colour_keys() else field_path("colours", key)
        try:
            # the key and the value each on its own, by the parsers of --colour ("A.group1=teal" is
            # not a key, as one KEY=VALUE text would have it)
            canonical = canonical_colour_key(key, where)
            parse_colour_text(value, where)
            overrides.append((canonical, value.strip()))
        except UserError as error:
            raise StudioError(str(error), key if key in colour_keys() else None) from None
    styles = data.get("arrow_styles", {})
    arrow_styles = []
    groups = {group_key(s, g) for s in OPEN_SET_NAMES for g in GROUPS}
    for key, style in styles.items():
        if key not in groups:
            raise StudioError(_("arrow_styles: {key!r} is not a group; use one of {groups}").format(
                key=key, groups=", ".join(sorted(groups))))
        if style not in ARROW_STYLES:
            raise StudioError(_("arrow_styles: {key} = {style!r}; use solid or hollow").format(key=key, style=style))
        arrow_styles.append((key, style))
    vision = data.get("vision", "normal")
    if vision not in VISION_NAMES:
        raise StudioError(_("vision: {vision!r}; use one of {visions}").format(
            vision=vision, visions=", ".join(VISION_NAMES)))
    name = data.get("name", "my-theme")
    try:
        checked_theme_title(name)                   # the rule theme files follow: what is saved loads
    except UserError:
        raise StudioError(_("Name of your theme: write 1 to {most} characters on one line, not only spaces "
                            "and without control characters, e.g. Club colours").format(most=THEME_NAME_MAX)) from None
    return Choice(theme_name, tuple(overrides), tuple(sorted(arrow_styles)), vision, name, data.get("proof", False))


def chosen_language(data) -> str:
    """The body the page's language switch posts, {"language": "ru"}: the language, one of LANGUAGES."""
    try:
        validate(data, LANGUAGE_SCHEMA)
    except SchemaError as error:
        raise StudioError(str(error)) from None
    language = data.get("language")
    if language not in LANGUAGES:
        raise StudioError(_("language: {language!r}; use one of {languages}").format(
            language=language, languages=", ".join(LANGUAGES)))
    return language


def chosen_theme(choice: Choice) -> Theme:
    theme = with_overrides(load_theme(choice.theme_name), choice.overrides, "colour")
    groups = dict(theme.groups)
    for key, style in choice.arrow_styles:
        set_name, _, group = key.partition(".group")
        groups[f"{set_name}{group}"] = replace(groups[f"{set_name}{group}"], arrow_style=style)
    return replace(theme, groups=groups, name=choice.name)


def as_seen(theme: Theme, vision: str) -> Theme:
    """The theme as a viewer with this colour vision sees it (the checks' own simulation)."""
    deficiency = VISION_NAMES[vision]
    if deficiency is None:
        return theme

    return map_colours(theme, lambda colours: [Colour(seen_as(c, deficiency).to_string(hex=True, fit="clip"))
                                               for c in colours])


# --- what the page shows -------------------------------------------------------------------

def printing_name(printing=None) -> str:
    """What the print preview shows, e.g. "FOGRA39L Coated (FOGRA39L_coated.icc), relative colorimetric"."""
    printing = printing or default_conversion()
    if printing.profile is None:
        return _("the naive CMYK formula (no profile)")
    return f"{printing.profile.description} ({printing.profile.file_name}), {_(INTENT_NAMES[printing.intent])}"


def state(printing=None) -> dict:
    """Everything the page needs to draw its controls, its words in the language of the moment."""
    themes = {}
    for name in theme_names():
        theme = load_theme(name)
        themes[name] = {"description": theme.description,
                        "colours": {key: theme.colour_named(key).hex for key in colour_keys()},
                        "arrow_styles": {group_key(s, g): theme.group(s, g).arrow_style
                                         for s in OPEN_SET_NAMES for g in GROUPS}}
    return {"themes": themes, "keys": [{"key": key, "help": colour_key_help(key)} for key in colour_keys()],
            "visions": list(VISION_NAMES), "vision_names": {v: _(VISIONS[d]) for v, d in VISION_NAMES.items()},
            "arrow_styles": list(ARROW_STYLES), "printing": printing_name(printing), "gamut_delta_e": GAMUT_DELTA_E}


def _sample(tile_set, group):
    return max((t for t in tile_set.group(group) if not t.is_double), key=lambda t: (t.head + t.tail, t.id))


def _board_corner(theme: Theme) -> Drawing:
    """The board's lower-left corner (South's left): three cells by one and a half, with the
    notation beside them."""
    g = BoardGeometry(TileSize(), side_places=False)
    board = board_drawing(g, theme)
    x0, y0 = g.left - g.lane - 2.0, g.top + 6.4 * g.cell_height
    width, height = g.lane + 2.0 + 3 * g.cell_width, 1.6 * g.cell_height + g.lane + 2.0
    corner = Drawing(width, height)
    corner.add(Group((Group(tuple(board.items), translate(-x0, -y0)),), clip=Rect(0, 0, width, height, Style())))
    return corner


def preview_drawings(theme: Theme) -> dict[str, Drawing]:
    """The pictures of the preview, drawn by the same art code as the files."""
    size = TileSize()
    pictures = {}
    for set_name in OPEN_SET_NAMES:
        tile_set = load_set(set_name)
        for group in GROUPS:
            tile = _sample(tile_set, group)
            pictures[f"{set_name}{group}-front"] = tile_front(tile, tile_set, theme, size)
            pictures[f"{set_name}{group}-back"] = tile_back(tile, tile_set, theme, size)
    classic = load_set(PREVIEW_CLASSIC_SET)
    for index, pair in enumerate(((11, 12), (9, 10), (3, 7))):
        tile = next(t for t in classic.tiles if t.digits == pair)
        pictures[f"{PREVIEW_CLASSIC_SET}-{index + 1}"] = tile_front(tile, classic, theme, size)
    pictures[f"{PREVIEW_CLASSIC_SET}-back"] = tile_back(classic.tiles[0], classic, theme, size)
    pictures["board"] = _board_corner(theme)
    pictures["setup-card"] = setup_card(load_set("A"), theme, paper_named("a4"), lang=language())   # as the page reads
    return pictures


def checks(theme: Theme, printing=None) -> list[dict]:
    """Every colour check, passes included, with its figure and the keys it concerns; the print
    colours through `printing`."""
    found = []
    for finding in check_theme(theme, printing):
        keys = [part for part in re.split(r"[ ()]+", finding.subject) if part in colour_keys()]
        found.append({"rule": finding.rule, "rule_name": _(RULE_NAMES[finding.rule]), "subject": finding.subject,
                      "passed": finding.passed, "message": finding.message, "detail": finding.detail, "keys": keys,
                      "printed": finding.printed, "figure": finding.figure})
    return found


def checks_summary(found: list[dict]) -> str:
    """How many of the checks pass, and the keys of those that fail."""
    failing = list(dict.fromkeys(key for check in found if not check["passed"] for key in check["keys"]))
    passed = sum(check["passed"] for check in found)
    summary = ngettext("{passed} of {count} check passes", "{passed} of {count} checks pass", len(found)).format(
        passed=passed, count=len(found))
    return _("{summary}; keys to look at: {keys}").format(summary=summary, keys=", ".join(failing)) if failing \
        else summary


def print_summary(printed: dict) -> str:
    """The print preview's line: the colours given as RGB that the press moves more than GAMUT_DELTA_E,
    or that none does; and how many colours given as CMYK print further than that from their hex
    (as their theme states them: never marked, but not left unsaid)."""
    marked = [f"{key} (ΔE {shown['delta_e']})" for key, shown in printed.items() if shown["marked"]]
    stated = [shown["delta_e"] for shown in printed.values() if not shown["derived"] and shown["delta_e"] > GAMUT_DELTA_E]
    if stated:
        also = " " + ngettext("{count} colour given as CMYK prints as stated, up to ΔE {most:g} from its hex.",
                              "{count} colours given as CMYK print as stated, up to ΔE {most:g} from their hex.",
                              len(stated)).format(count=len(stated), most=max(stated))
    else:
        also = ""
    if not marked:
        return _("Print preview: every colour given as RGB prints within ΔE {limit:g} of the screen.").format(
            limit=GAMUT_DELTA_E) + also
    return ngettext("Print preview: {count} colour prints more than ΔE {limit:g} away from the screen: {colours}.",
                    "Print preview: {count} colours print more than ΔE {limit:g} away from the screen: {colours}.",
                    len(marked)).format(count=len(marked), limit=GAMUT_DELTA_E, colours=", ".join(marked)) + also


def preview(data, printing=None) -> dict:
    """The pictures (as printed, with `proof`; as seen in the chosen vision), the checks, and each
    colour on screen and in print: its CMYK in a shop file, how that prints, and the ΔE2000
    between the two (`marked` above GAMUT_DELTA_E)."""
    choice = parse_choice(data)
    printing = printing or default_conversion()
    theme = chosen_theme(choice)
    shown = as_seen(printed_theme(theme, printing) if choice.proof else theme, choice.vision)
    proofed = proof(theme, colour_keys(), printing)
    found = checks(theme, printing)
    printed = {key: {"hex": p.printed, "delta_e": round(p.delta_e, 1), "marked": p.marked, "derived": p.derived}
               for key, p in proofed.items()}
    return {"svg": {name: svg_text(drawing) for name, drawing in preview_drawings(shown).items()},
            "checks": found, "summary": checks_summary(found),
            "colours": {key: {"hex": p.screen, "cmyk": [round(v, 1) for v in p.cmyk]} for key, p in proofed.items()},
            "print": printed, "print_summary": print_summary(printed)}


def theme_file(data) -> tuple[str, str]:
    """(file name, text) of the chosen theme as a file --theme reads unchanged."""
    choice = parse_choice(data)
    slug = re.sub(r"[^a-z0-9]+", "-", choice.name.lower()).strip("-") or "my-theme"
    description = _("made in the colour studio from {theme}").format(theme=choice.theme_name)
    return f"{slug}.toml", theme_toml(chosen_theme(choice), choice.name, description, comment=_(THEME_FILE_COMMENT))


def canonical_key(key: str) -> str:
    return canonical_colour_key(key, "colour")
