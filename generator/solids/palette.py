"""The colours of a set's printed parts, and the filament (extruder) each prints with.

Every feature colour is a part of its own, with the theme's colour as its display colour and the
theme's key as its name ("tile.digit", "A.group1"): a slicer shows the tile as it is printed on paper.
A printer holds only so many filaments (--filaments, 4 by default: a Bambu AMS, most MMU setups), so
the colours that show most get one: the body's first, then the faces' colours by the area they cover
over the set, then those of the backs only, each unless it is within a just noticeable difference (CIEDE2000 below 10) of one kept
already. The others print with the filament of their nearest kept colour (CIEDE2000); their parts
stay, so a white arrow on a red circle printed in ivory still shows, and a slicer can give them a
filament of their own.
With one filament there are no inlays: the body alone, its features recessed (or raised on it).
"""

from msgspec import Struct

from generator.colour.checks import delta_e
from generator.colour.theme import colour_keys
from generator.colour.values import Colour
from generator.errors import UserError

NOTICEABLE = 10.0       # CIEDE2000: colours closer than this share a filament


class Filament(Struct, frozen=True):
    """A part colour: its name, its colour and the extruder that prints it (1 is the body's)."""
    name: str
    colour: Colour
    extruder: int


class Palette(Struct, frozen=True):
    body: Filament
    inks: tuple[Filament, ...]          # every feature colour, in the set's painting order

    def of(self, hex_value: str) -> Filament:
        for filament in (self.body, *self.inks):
            if filament.colour.hex.lower() == hex_value.lower():
                return filament
        raise KeyError(hex_value)

    @property
    def filaments(self) -> tuple[Filament, ...]:
        """Body then inks."""
        return (self.body, *self.inks)


def set_palette(theme, tile_set, body: Colour, survey, filaments: int) -> Palette:
    """The palette of a set whose features are those of `survey` (generator/solids/survey.py) on a
    body of colour `body`."""
    inks = list({c.hex.lower(): c for c in survey.colours if c.hex.lower() != body.hex.lower()}.values())
    kept = [body]
    for colour in sorted(inks, key=lambda c: -survey.coverage.get(c.hex.lower(), 0.0)):     # stable: ties in order
        if len(kept) < filaments and min(delta_e(colour, k) for k in kept) >= NOTICEABLE:
            kept.append(colour)
    extruder = {c.hex.lower(): number for number, c in enumerate(kept, start=1)}
    for colour in inks:
        nearest = min(kept, key=lambda k: delta_e(colour, k))
        extruder.setdefault(colour.hex.lower(), extruder[nearest.hex.lower()])
    names = _names(theme, tile_set)
    return Palette(Filament(names.get(body.hex.lower(), body.hex.lower()), body, 1),
                   tuple(Filament(names.get(c.hex.lower(), c.hex.lower()), c, extruder[c.hex.lower()]) for c in inks))


def _names(theme, tile_set) -> dict[str, str]:
    """colour hex -> the first theme key that names it, in this order: the keys of the set's numbers
    (coloured pips, pictures or Chinese), the tile's, the set's groups', the back's, any other."""
    own = {"chinese": "chinese.", "symbols": "picture."}.get(tile_set.digit_style,
                                                             "pips." if tile_set.coloured_pips else "tile.")
    order = (own, "tile.", f"{tile_set.name}.group", "back.")

    def rank(key: str) -> int:
        return next((index for index, start in enumerate(order) if key.startswith(start)), len(order))

    names = {}
    for key in sorted((k for k in colour_keys() if not _other_sets_group(k, tile_set.name)), key=rank):
        try:
            names.setdefault(theme.colour_named(key).hex.lower(), key)
        except (KeyError, AttributeError, UserError):      # a key this theme lacks
            continue
    return names


def _other_sets_group(key: str, set_name: str) -> bool:
    head = key.split(".")[0]
    return ".group" in key and head != set_name
