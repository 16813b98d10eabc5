"""Themes: the colours of the kit, loaded from templates/themes/NAME.toml."""

from dataclasses import dataclass
from functools import cache
import re

from generator.colour import Colour
from generator.errors import UserError
from generator.resources import load_toml, template_path

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
ARROW_STYLES = ("solid", "hollow")


@dataclass(frozen=True)
class GroupLook:
    circle: Colour
    arrow: Colour
    arrow_style: str


@dataclass(frozen=True)
class Theme:
    name: str
    colours: dict            # "tile.face" -> Colour, ...
    groups: dict             # "A1" -> GroupLook

    def colour(self, key: str) -> Colour:
        try:
            return self.colours[key]
        except KeyError:
            raise UserError(f"theme {self.name}: colour {key!r} is missing; add it to the theme file") from None

    def group(self, set_name: str, group: int) -> GroupLook:
        key = f"{set_name}{group}"
        if key not in self.groups:
            raise UserError(f"theme {self.name}: [groups.{key}] is missing; add it to the theme file")
        return self.groups[key]


def parse_colour(value, where: str) -> Colour:
    if isinstance(value, str) and _HEX.match(value):
        return Colour(value.lower())
    if isinstance(value, dict) and isinstance(value.get("hex"), str) and _HEX.match(value["hex"]):
        cmyk = value.get("cmyk")
        if cmyk is not None:
            if (not isinstance(cmyk, list) or len(cmyk) != 4
                    or not all(isinstance(v, (int, float)) and 0 <= v <= 100 for v in cmyk)):
                raise UserError(f"{where}: cmyk must be four numbers from 0 to 100")
            cmyk = tuple(float(v) for v in cmyk)
        return Colour(value["hex"].lower(), cmyk)
    raise UserError(f"{where}: {value!r} is not a colour; write \"#rrggbb\" or {{ hex = \"#rrggbb\", cmyk = [c, m, y, k] }}")


@cache
def load_theme(name: str = "classic") -> Theme:
    path = template_path("themes", f"{name}.toml")
    if not path.is_file():
        known = sorted(p.stem for p in template_path("themes").glob("*.toml"))
        raise UserError(f"unknown theme {name!r}; choose from {', '.join(known)}")
    data = load_toml(path)
    colours = {}
    for section in ("tile", "back", "sheet", "board"):
        for key, value in data.get(section, {}).items():
            colours[f"{section}.{key}"] = parse_colour(value, f"{path.name}: {section}.{key}")
    groups = {}
    for key, look in data.get("groups", {}).items():
        where = f"{path.name}: groups.{key}"
        style = look.get("arrow_style", "solid")
        if style not in ARROW_STYLES:
            raise UserError(f"{where}: arrow_style = {style!r}; use solid or hollow")
        groups[key] = GroupLook(parse_colour(look.get("circle"), f"{where}.circle"),
                                parse_colour(look.get("arrow"), f"{where}.arrow"), style)
    return Theme(data.get("name", name), colours, groups)


def theme_for(options) -> Theme:
    """The theme a build uses: options.theme, with any colour overrides applied."""
    return load_theme(options.theme)
