"""Print-on-demand products: one file per product of a real service, in templates/shops/NAME.toml,
or a user's own file of the same format (--product FILE.toml), read and checked here.

A product file states what the service's upload form takes: the piece's trim size, its bleed and
safe area, the image's pixel size at its dpi, the file format and colour space, whether it is a
rectangle or a triangle, how faces and backs are uploaded ("deck": a deck per distinct back;
"slots": numbered slots, a back per slot or one for all), the steps of the upload, and where each
of those figures comes from ([sources]) and which of them could not be confirmed ([unconfirmed]).
Lengths are in the file's `unit` (in or mm) and kept here in millimetres. Every mistake is one
line naming the file and the key.
"""

from functools import cache
import math
from pathlib import Path
import re

from msgspec import Struct

from generator.colour.theme import reject_unknown_keys, suggestion
from generator.errors import UserError
from generator.files.paths import parse_path
from generator.files.resources import load_toml, template_path
from generator.words import N_, _

MM_PER_UNIT = {"in": 25.4, "mm": 1.0}
TILE_SHAPE = {"rectangle": "domino", "triangle": "triangle"}     # a product's shape -> the tiles it takes
SUITS = {"domino": N_("domino sets (A, B, C, double-3 ... double-18, chinese, picture, your own)"),    # translated
         "triangle": N_("triangular sets (triominoes, your own)")}                                     # where said
UPLOADS = ("deck", "slots")
FORMATS = ("png",)
COLOUR_SPACES = ("sRGB",)
FIGURES = ("trim", "bleed", "safe_inset", "pixels", "format", "colour_space", "upload")
TEXTS = ("name", "service", "product", "product_id", "url")
REQUIRED = ("name", "service", "product", "url", "shape", "unit", "trim", "bleed", "safe_inset", "dpi", "pixels",
            "format", "colour_space", "upload", "upload_steps", "sources")
KEYS = (*REQUIRED, "product_id", "unconfirmed")
TRIM_MM = (10.0, 400.0)            # a game piece, from a small chit to a large board
MAX_BLEED_MM = 10.0
DPI = (72, 1200)
PIXELS = (16, 12000)
MAX_TEXT = 600                     # characters of a name, a source or a step
MAX_STEPS = 12
TRIANGLE_TOLERANCE = 0.005         # a triangle's stated height may differ from side x sqrt(3) / 2 by 0.5 %
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,40}$")
FORMAT_HINT = N_("see templates/shops/tgc-domino-deck.toml for the format")


class Product(Struct, frozen=True):
    name: str                               # what --product takes, and the output folder's name
    service: str
    title: str                              # the service's name of the product
    product_id: str
    url: str
    shape: str                              # "rectangle" or "triangle"
    trim: tuple[float, float]               # mm: width, height (a triangle: side, height)
    bleed: tuple[float, float]              # mm beyond the trim: left and right, top and bottom
    safe_inset: float                       # mm inside the trim
    dpi: float
    pixels: tuple[int, int]
    format: str
    colour_space: str
    upload: str                             # "deck" or "slots"
    upload_steps: tuple[str, ...]
    sources: dict
    unconfirmed: dict
    unit: str
    path: Path

    @property
    def tile_shape(self) -> str:
        """The shape of the tiles this product takes (generator/scene/shapes.py)."""
        return TILE_SHAPE[self.shape]

    def in_unit(self, millimetres: float) -> str:
        """A length in the file's own unit, as it would write it: 44.45 -> "1.75"."""
        return f"{millimetres / MM_PER_UNIT[self.unit]:.4g}"


# A unit as the messages' language writes it after a number ("in" is a key of the product files).
_UNIT_WORDS = {"in": N_("in"), "mm": N_("mm")}


def unit_word(product: Product) -> str:
    return _(_UNIT_WORDS[product.unit])


def summary_line(product: Product) -> str:
    """`opendomino products`: name, service and product, trim, pixels, the sets it takes."""
    trim = f"{product.in_unit(product.trim[0])} x {product.in_unit(product.trim[1])} {unit_word(product)}"
    if product.shape == "triangle":
        trim = _("triangle of side {side} {unit}").format(side=product.in_unit(product.trim[0]),
                                                          unit=unit_word(product))
    return f"{product.name:<18} {product.service}, {product.title}: " + _(
        "{trim}, {width} x {height} px at {dpi:g} dpi; for {suits}").format(
        trim=trim, width=product.pixels[0], height=product.pixels[1], dpi=product.dpi,
        suits=_(SUITS[product.tile_shape]))


def details(product: Product) -> str:
    """`opendomino products NAME`: every figure with its source, and what could not be confirmed."""
    size = lambda pair: f"{product.in_unit(pair[0])} x {product.in_unit(pair[1])} {unit_word(product)}"   # noqa: E731
    figures = {
        "trim": size(product.trim) + (_(" (side x height)") if product.shape == "triangle" else ""),
        "bleed": size(product.bleed) + _(" (left and right x top and bottom)"),
        "safe_inset": _("{inset} {unit} inside the trim").format(inset=product.in_unit(product.safe_inset),
                                                                 unit=unit_word(product)),
        "pixels": _("{width} x {height} px at {dpi:g} dpi").format(width=product.pixels[0], height=product.pixels[1],
                                                                 dpi=product.dpi),
        "format": product.format.upper(), "colour_space": product.colour_space,
        "upload": {"deck": _("a deck per distinct back: numbered faces and one back"),
                   "slots": _("numbered slots: the same back for all, or a back per slot")}[product.upload],
    }
    lines = [summary_line(product), _("  file: {path}").format(path=product.path),
             _("  order at: {url}").format(url=product.url)]
    for figure, value in figures.items():
        lines.append(f"  {figure}: {value}")
        lines.append(_("      source: {source}").format(source=product.sources[figure]))
        if figure in product.unconfirmed:
            lines.append(_("      not confirmed: {why}").format(why=product.unconfirmed[figure]))
    return "\n".join(lines)


def bundled_product_names() -> list[str]:
    return sorted(path.stem for path in template_path("shops").glob("*.toml"))


def product_file(reference: str) -> Path:
    """The file of a bundled product's name, or the path of a product file (anything ending in .toml)."""
    if reference.endswith(".toml"):
        path = parse_path(reference, "--product", "my-product.toml")
        if not path.exists():
            raise UserError(_("--product: {path}: file not found; copy one of {folder} to start yours").format(
                path=path, folder=template_path("shops")))
        return path
    names = bundled_product_names()
    if reference not in names:
        choose = _("; choose from {names}, or give a product .toml file").format(names=", ".join(names))
        raise UserError(_("--product: unknown product {reference!r}{hint}").format(
            reference=reference, hint=suggestion(reference, names, choose)))
    return template_path("shops", f"{reference}.toml")


def load_product(reference: str) -> Product:
    """A bundled product by name, or a product file by path; checked (loaded once per process)."""
    return _product_at(product_file(reference).resolve())


@cache
def _product_at(path: Path) -> Product:
    """Cached by the file's full path: "club.toml" names another file in another working folder."""
    product = read_product_file(path)
    if path.resolve().parent == template_path("shops").resolve():
        if product.name != path.stem:
            raise UserError(_("{name}: name = {name2!r}; a bundled product is named after its file, "
                              "{stem!r}").format(name=path.name, name2=product.name, stem=path.stem))
    elif product.name in bundled_product_names():
        raise UserError(_("{name}: name = {name2!r} is a product the kit already has; "
                          "give yours another name").format(name=path.name, name2=product.name))
    return product


def parse_product(text, option: str = "--product", base: Path | None = None) -> str:
    """--product NAME|FILE.toml (or `product` in the config, a file relative to `base`): the name,
    or the file's path, once the product has loaded."""
    if not isinstance(text, str) or not text.strip():
        raise UserError(_("{option}: name a product (`opendomino products` lists them) or give a product .toml "
                          "file").format(
            option=option))
    reference = text.strip()
    if reference.endswith(".toml") and base is not None:
        reference = str(base / parse_path(reference, option, "my-product.toml"))
    try:
        load_product(reference)
    except UserError as error:
        message = str(error)
        raise UserError(message if message.startswith(option) else
                        f"{option}: {message.removeprefix('--product: ')}") from None
    return reference


def read_product_file(path: Path) -> Product:
    data = load_toml(path, "product")
    where = path.name
    reject_unknown_keys(data, KEYS, where)
    for key in REQUIRED:
        if key not in data:
            raise UserError(_("{where}: missing key {key!r}; {hint}").format(
                where=where, key=key, hint=_(FORMAT_HINT)))
    texts = {key: _text(data, key, where) for key in TEXTS if key in data}
    if not _NAME.match(texts["name"]):
        raise UserError(_("{where}: name = {name!r}; use lower-case letters, digits and hyphens, "
                          "starting with a letter, e.g. \"my-cards\"").format(where=where, name=texts["name"]))
    shape = _choice(data, "shape", tuple(TILE_SHAPE), where)
    unit = _choice(data, "unit", tuple(MM_PER_UNIT), where)
    scale = MM_PER_UNIT[unit]
    trim = tuple(length * scale for length in _pair(data, "trim", where))
    for length in trim:
        if not TRIM_MM[0] <= length <= TRIM_MM[1]:
            raise UserError(_("{where}: trim = {trim!r} {unit}; each side must be "
                              "{low:g}-{high:g} {unit}").format(
                where=where, trim=data["trim"], unit=unit, low=TRIM_MM[0] / scale, high=TRIM_MM[1] / scale))
    if shape == "triangle":
        _check_equilateral(trim, data, unit, where)
        trim = (trim[0], trim[0] * math.sqrt(3) / 2)        # the stated height is rounded
    bleed = tuple(length * scale for length in _one_or_pair(data, "bleed", where))
    if any(length > MAX_BLEED_MM for length in bleed):
        raise UserError(_("{where}: bleed = {bleed!r} {unit} is more than {most:g} {unit}; "
                          "services ask for about 1/8 in (3 mm)").format(
            where=where, bleed=data["bleed"], unit=unit, most=MAX_BLEED_MM / scale))
    safe_inset = _length(data, "safe_inset", where) * scale
    _check_safe_inset(safe_inset, shape, trim, data, unit, where)
    dpi = _number(data, "dpi", where)
    if not DPI[0] <= dpi <= DPI[1]:
        raise UserError(_("{where}: dpi = {dpi!r}; give {low}-{high}, usually 300").format(
            where=where, dpi=dpi, low=DPI[0], high=DPI[1]))
    pixels = _pixels(data, where)
    _check_pixels(pixels, trim, bleed, dpi, data, unit, where)
    return Product(
        name=texts["name"], service=texts["service"], title=texts["product"], product_id=texts.get("product_id", ""),
        url=texts["url"], shape=shape, trim=trim, bleed=bleed, safe_inset=safe_inset, dpi=dpi, pixels=pixels,
        format=_choice(data, "format", FORMATS, where),
        colour_space=_choice(data, "colour_space", COLOUR_SPACES, where),
        upload=_choice(data, "upload", UPLOADS, where), upload_steps=_steps(data, where),
        sources=_figure_notes(data, "sources", where, every=True),
        unconfirmed=_figure_notes(data, "unconfirmed", where, every=False), unit=unit, path=path)


def _text(data: dict, key: str, where: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise UserError(_("{where}: {key} = {value!r}; write it as a non-empty string in quotes").format(
            where=where, key=key, value=value))
    if len(value) > MAX_TEXT or "\n" in value:
        raise UserError(_("{where}: {key} is {count} characters or several lines; keep it to one line of "
                          "at most {most}").format(where=where, key=key, count=len(value), most=MAX_TEXT))
    return value.strip()


def _choice(data: dict, key: str, choices: tuple[str, ...], where: str) -> str:
    value = data[key]
    if value not in choices:
        raise UserError(_("{where}: {key} = {value!r}; use "
                          "{choices}{hint}").format(
            where=where, key=key, value=value, choices=" or ".join((repr(choice) for choice in choices)),
            hint=suggestion(str(value), choices)))
    return value


def _number(data: dict, key: str, where: str) -> float:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise UserError(_("{where}: {key} = {value!r}; give a number").format(where=where, key=key, value=value))
    return float(value)


def _length(data: dict, key: str, where: str) -> float:
    value = _number(data, key, where)
    if value < 0:
        raise UserError(_("{where}: {key} = {value:g}; a length cannot be negative").format(
            where=where, key=key, value=value))
    return value


def _pair(data: dict, key: str, where: str) -> tuple[float, float]:
    value = data[key]
    if not isinstance(value, list) or len(value) != 2:
        raise UserError(_("{where}: {key} = {value!r}; give [width, height], e.g. [1.75, 3.5]").format(
            where=where, key=key, value=value))
    return tuple(_length({key: item}, key, where) for item in value)


def _one_or_pair(data: dict, key: str, where: str) -> tuple[float, float]:
    """One length for every side, or [left and right, top and bottom]."""
    if isinstance(data[key], list):
        return _pair(data, key, where)
    value = _length(data, key, where)
    return value, value


def _pixels(data: dict, where: str) -> tuple[int, int]:
    value = data["pixels"]
    whole = isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) and PIXELS[0] <= v <= PIXELS[1] for v in value)
    if not whole:
        raise UserError(_("{where}: pixels = {value!r}; give [width, height] in whole pixels, "
                          "{low}-{high} each, e.g. [600, 1125]").format(
            where=where, value=value, low=PIXELS[0], high=PIXELS[1]))
    return value[0], value[1]


def _check_equilateral(trim, data: dict, unit: str, where: str) -> None:
    side, height = trim
    expected = side * math.sqrt(3) / 2
    if abs(height - expected) > TRIANGLE_TOLERANCE * side:
        raise UserError(_("{where}: trim = {trim!r} {unit} is not an equilateral triangle; "
                          "its height is side x 0.866 = {height:.4g} {unit}").format(
            where=where, trim=data["trim"], unit=unit, height=expected / MM_PER_UNIT[unit]))


def _check_safe_inset(inset: float, shape: str, trim, data: dict, unit: str, where: str) -> None:
    """The safe area must keep at least half the piece's size: a larger inset is a typo."""
    room = trim[0] / (2 * math.sqrt(3)) if shape == "triangle" else min(trim) / 2     # centre to nearest edge
    if inset > room / 2:
        raise UserError(_("{where}: safe_inset = {inset!r} {unit} leaves too little of the piece; "
                          "give at most {most:.3g} {unit} (services use about 1/8 in)").format(
            where=where, inset=data["safe_inset"], unit=unit, most=room / 2 / MM_PER_UNIT[unit]))


def _check_pixels(pixels, trim, bleed, dpi: float, data: dict, unit: str, where: str) -> None:
    """The image must be the trim plus the bleed on both sides at `dpi`, to within a pixel."""
    expected = tuple((length + 2 * margin) / MM_PER_UNIT["in"] * dpi for length, margin in zip(trim, bleed))
    if any(abs(stated - wanted) > 1.0 + 1e-6 for stated, wanted in zip(pixels, expected)):      # mm to in: float error
        raise UserError(_("{where}: pixels = {pixels} does not match trim + 2 x bleed at {dpi:g} dpi, "
                          "{width:.1f} x {height:.1f} px; fix pixels, trim or bleed").format(
            where=where, pixels=list(pixels), dpi=dpi, width=expected[0], height=expected[1]))


def _steps(data: dict, where: str) -> tuple[str, ...]:
    steps = data["upload_steps"]
    if not isinstance(steps, list) or not steps or len(steps) > MAX_STEPS:
        raise UserError(_("{where}: upload_steps must list 1-{most} steps, each a string").format(
            where=where, most=MAX_STEPS))
    return tuple(_text({"upload_steps": step}, "upload_steps", where) for step in steps)


def _figure_notes(data: dict, table: str, where: str, every: bool) -> dict:
    """[sources] (a note for every figure) or [unconfirmed] (for some): figure -> one line of text."""
    notes = data.get(table, {})
    if not isinstance(notes, dict):
        raise UserError(_("{where}: {table} must be a table [{table}] with a line per figure; {hint}").format(
            where=where, table=table, hint=_(FORMAT_HINT)))
    reject_unknown_keys(notes, FIGURES, f"{where}: [{table}]", "figure")
    if every:
        missing = [figure for figure in FIGURES if figure not in notes]
        if missing:
            raise UserError(_("{where}: [{table}] has no {figure}; say where that figure comes from").format(
                where=where, table=table, figure=missing[0]))
    return {figure: _text(notes, figure, f"{where}: [{table}]") for figure in FIGURES if figure in notes}
