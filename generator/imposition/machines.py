"""The cutting machines the kit writes files for, as data: templates/machines/NAME.toml.

Each file names the machine's kind (print-and-cut, print-then-cut, laser) and the numbers its
software works with: Silhouette's registration marks, Cricut's printable area, a laser's colours and
layers. Adding a machine of a known kind is adding a file.
"""

from functools import cache

from msgspec import Struct

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.words import _

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
    if data.get("kind") not in KINDS:
        raise UserError(_("templates/machines/{key}.toml: kind {kind!r} is not one of {kinds}").format(
            key=key, kind=data.get("kind"), kinds=", ".join(KINDS)))
    return {"name": key, **data}


def marks_of(machine: dict) -> Marks:
    marks = machine["marks"]
    return Marks(str(marks["style"]), *(float(marks[k]) for k in ("square", "length", "thickness", "inset",
                                                                  "padding")))
