"""The cutting machines the kit writes files for, as data: templates/machines/NAME.toml.

Each file names the machine's kind (print-and-cut, print-then-cut, laser) and the numbers its
software works with: Silhouette's registration marks, Cricut's printable area, a laser's colours and
layers. Adding a machine of a known kind is adding a file.
"""

from functools import cache
import re

from msgspec import Struct

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.imposition.paper import EXTENT, PAPERS
from generator.model.texts import checked_per_language
from generator.words import _, text_in

KINDS = ("print-and-cut", "print-then-cut", "laser")


class Marks(Struct, frozen=True):
    """Registration marks, Silhouette Studio's way: numbers in mm, measured to the lines' centres."""
    style: str
    square: float
    length: float
    thickness: float
    inset: float
    padding: float


def machine_names() -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in template_path("machines").glob("*.toml")))


@cache
def load_machine(name: str, option: str = "--machine") -> dict:
    """The machine's data; an unknown name is a one-line error listing the known ones."""
    key = str(name).strip().lower()
    if key not in machine_names():
        raise UserError(_("{option}: unknown machine {name!r}; choose from {machines}").format(
            option=option, name=name, machines=", ".join(machine_names())))
    data = load_toml(template_path("machines", f"{key}.toml"), "data")
    checked(data, f"templates/machines/{key}.toml")
    return {"name": key, **data}


# What each kind's file holds (docs/reference/machine-file.md): key -> (low, high) in mm (or dots per
# inch), or the name of a check below. The bounds are wide; what does not fit a page is said later.
_NUMBERS = {"bleed": (0, 10), "line_width": (0.001, 2), "gap": (0, 100), "dpi": (50, 1200), "margin": (0, 100)}
_KEYS = {"print-and-cut": ("papers", "bleed", "line_width", "marks"),
         "print-then-cut": ("gap", "dpi", "print_area"),
         "laser": ("sheet", "margin", "gap", "line_width")}
_OPERATIONS = {"print-and-cut": ("cut",), "print-then-cut": (), "laser": ("engrave", "score", "cut")}
_MARKS = {"square": (0.5, 50), "length": (1, 100), "thickness": (0.05, 5), "inset": (0, 50), "padding": (0, 20)}


def checked(data: dict, where: str) -> None:
    """A machine file as the cutting steps read it, or a one-line UserError naming the file and key."""
    kind = data.get("kind")
    if kind not in KINDS:
        raise UserError(_("{where}: kind {kind!r} is not one of {kinds}").format(where=where, kind=kind, kinds=", ".join(KINDS)))
    _title(data, where)
    for key in _KEYS[kind]:
        if key in _NUMBERS:
            _number(data, key, _NUMBERS[key], where)
    if kind == "print-and-cut":
        papers = data.get("papers")
        if not isinstance(papers, list) or not papers or not all(isinstance(p, str) and p in PAPERS for p in papers):
            raise UserError(_("{where}: papers = {papers!r}; list the papers the sheets are made for, from {choices}").format(
                where=where, papers=papers, choices=", ".join(PAPERS)))
        marks = _table(data, "marks", where)
        _text(marks, "style", f"{where}: [marks]")
        for key, bounds in _MARKS.items():
            _number(marks, key, bounds, f"{where}: [marks]")
    if kind == "print-then-cut":
        area = _table(data, "print_area", where)
        for key in ("width", "height"):
            _number(area, key, (10, 3000), f"{where}: [print_area]")
    if kind == "laser":
        sheet = _text(data, "sheet", where)
        sides = EXTENT.match(sheet) if len(sheet) <= 40 else None
        if not sides or not all(20 <= float(side) <= 3000 for side in sides.groups()):
            raise UserError(_("{where}: sheet = {sheet!r}; write the material's size as WIDTHxHEIGHT in mm, each "
                              "side 20–3000, e.g. 300x200").format(where=where, sheet=sheet))
    operations = _table(data, "operations", where) if _OPERATIONS[kind] or "operations" in data else {}
    for name in _OPERATIONS[kind]:
        operation = _table(operations, name, f"{where}: [operations]")
        colour = operation.get("colour")
        if not (isinstance(colour, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", colour)):
            raise UserError(_("{where}: [operations] {name}.colour = {colour!r}; write it as #RRGGBB").format(
                where=where, name=name, colour=colour))
        layer = operation.get("layer")
        if not (isinstance(layer, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,31}", layer)):
            raise UserError(_("{where}: [operations] {name}.layer = {layer!r}; a DXF layer name of letters, digits, - and _")
                            .format(where=where, name=name, layer=layer))


def machine_title(machine: dict) -> str:
    """The machine's name in the language of the messages (English where it has no other)."""
    title = machine["title"]
    return title if isinstance(title, str) else text_in(title)


def _title(data: dict, where: str) -> None:
    """A name of a brand's own (one line of text) stays as it is; a name in words has a line per
    language of the messages, { en = "...", ru = "..." }, English required."""
    if isinstance(data.get("title"), dict):
        checked_per_language(data["title"], "title", where, most=80)
    else:
        _text(data, "title", where)


def _text(data: dict, key: str, where: str) -> str:
    value = data.get(key)
    if not (isinstance(value, str) and value.strip() and value.isprintable() and len(value) <= 80):
        raise UserError(_("{where}: {key} = {value!r}; write one line of text in quotes").format(
            where=where, key=key, value=value))
    return value


def _number(data: dict, key: str, bounds: tuple[float, float], where: str) -> float:
    value = data.get(key)
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise UserError(_("{where}: {key} = {value!r}; give a number from {low:g} to {high:g}").format(
            where=where, key=key, value=value, low=low, high=high))
    return float(value)


def _table(data: dict, key: str, where: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise UserError(_("{where}: [{key}] is missing or not a table; see the guide's machine file page").format(
            where=where, key=key))
    return value


def marks_of(machine: dict) -> Marks:
    marks = machine["marks"]
    return Marks(str(marks["style"]), *(float(marks[k]) for k in ("square", "length", "thickness", "inset",
                                                                  "padding")))
