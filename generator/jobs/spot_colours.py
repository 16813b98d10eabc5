"""Preflight's spot-colour check: the only spot colours the kit's print-shop files may carry are
the die line's, Separations named CutContour (the cuts) and Crease (a box's folds), as print shops'
cutters read them.

It passes when every Separation or DeviceN colour space in the file (in pages, form XObjects,
images and shadings) is exactly `[/Separation /CutContour …]` or `[/Separation /Crease …]`: one
colorant, so the die line puts 0 % of any process ink on the sheet; and when the content streams
only ever stroke with them (no fill, text, image or shading in them), each stroke with overprint on
(the graphics state's OP), so it knocks out none of the art below. Any other spot colour fails:
PDF/X-1a allows spot colours, but a shop given one it did not ask for prints it as an extra plate,
or as a wrong process colour.

The check follows the graphics state through the page's content: q and Q, gs (an ExtGState's OP
and OPM; a missing /op follows OP, as the PDF specification says), CS and cs, and into each form
XObject a page draws, which starts from the state where it is drawn.
"""

from msgspec import Struct
from msgspec.structs import replace

from generator.jobs.pdf_operators import operators
from generator.words import _

DIE_LINES = ("CutContour", "Crease")        # the cuts, and a die-cut box's folds
_STROKES = {"S", "s"}
_FILLS = {"f", "F", "f*", "Tj", "TJ", "'", '"'}        # text is painted with the fill colour
_BOTH = {"B", "B*", "b", "b*"}
_DEVICE = {"/DeviceGray", "/DeviceCMYK", "/DeviceRGB", "/G", "/CMYK", "/RGB", "/Pattern"}
_MAX_DEPTH = 12         # forms inside forms; ours nest two deep


class SpotResult(Struct, frozen=True):
    problem: str | None         # the first problem found, or None
    strokes: int                # die-line strokes seen
    masked: bool                # every one of them with OPM 1 as well
    names: tuple[str, ...] = ()  # the die line's spot colours stroked, in DIE_LINES' order


class _State(Struct, frozen=True):
    stroke: tuple | None = None     # the colorant names of the stroking colour space, None for process colour
    fill: tuple | None = None
    overprint: bool = False         # OP
    mask: int = 0                   # OPM


def _colorants(space) -> tuple | None:
    """The colorant names of a Separation or DeviceN colour space (resolved), else None."""
    space = space.get_object() if hasattr(space, "get_object") else space
    if not isinstance(space, list) or not space:
        return None
    family = str(space[0])
    if family == "/Separation" and len(space) > 1:
        return (str(space[1]).lstrip("/"),)
    if family == "/DeviceN" and len(space) > 1:
        return tuple(str(name).lstrip("/") for name in space[1].get_object())
    if family in ("/Indexed", "/Pattern") and len(space) > 1:
        return _colorants(space[1])
    return None


def _not_die_line(colorants: tuple) -> str | None:
    """Why a spot colour space is not one of the die line's, or None when it is."""
    if len(colorants) == 1 and colorants[0] in DIE_LINES:
        return None
    ours = [name for name in colorants if name in DIE_LINES]
    if ours:
        return _("{die} is mixed with {others} in one DeviceN colour space; a die line must be a "
                 "Separation of its own").format(die=ours[0], others=", ".join(n for n in colorants if n != ours[0]))
    return _("spot colour {names}: the kit's print-shop files carry no spot colour but the die line's "
             "{dies}").format(names=", ".join(colorants), dies=", ".join(DIE_LINES))


class _Walk:
    def __init__(self):
        self.strokes = 0
        self.masked = True
        self.names: set[str] = set()

    def stream(self, data: bytes, resources, state: _State, where: str, depth: int = 0) -> str | None:
        resources = resources.get_object() if resources is not None else {}
        stack = []
        for operator, operands in operators(data):
            if operator == "q":
                stack.append(state)
            elif operator == "Q" and stack:
                state = stack.pop()
            elif operator == "gs" and operands:
                state = self._ext_state(resources, operands[-1].decode("latin-1"), state)
            elif operator in ("CS", "cs") and operands:
                colorants = self._space(resources, operands[-1].decode("latin-1"))
                if colorants is not None:
                    problem = _not_die_line(colorants)
                    if problem:
                        return f"{problem} ({where})"
                state = replace(state, **{"stroke" if operator == "CS" else "fill": colorants})
            elif operator in ("K", "G", "RG"):         # a device colour: the stroke is process colour again
                state = replace(state, stroke=None)
            elif operator in ("k", "g", "rg"):
                state = replace(state, fill=None)
            elif operator in _STROKES | _BOTH and state.stroke:
                if operator in _BOTH:
                    return _("the {die} die line's path is filled too in {where}; a die line is stroked alone, "
                             "on no printed colour").format(die=state.stroke[0], where=where)
                if not state.overprint:
                    return _("the {die} die line is stroked without overprint in {where}; set OP true in its "
                             "graphics state, so that it knocks out no art").format(die=state.stroke[0], where=where)
                self.names.add(state.stroke[0])
                self.strokes += 1
                self.masked &= state.mask == 1
            if operator in _FILLS | _BOTH and state.fill:
                return _("the {die} die line is used to fill or to write text in {where}; a cutter's die line "
                         "is only stroked").format(die=state.fill[0], where=where)
            if operator == "sh" and operands and self._shading_spot(resources, operands[-1].decode("latin-1")):
                return _("a shading in {where} paints in a spot colour; the kit's die line is only "
                         "stroked").format(where=where)
            if operator == "Do" and operands:
                problem = self._xobject(resources, operands[-1].decode("latin-1"), state, where, depth)
                if problem:
                    return problem
        return None

    def _space(self, resources, name: str) -> tuple | None:
        if name in _DEVICE:
            return None
        space = (resources.get("/ColorSpace") or {}).get(name)
        return None if space is None else _colorants(space)

    @staticmethod
    def _ext_state(resources, name: str, state: _State) -> _State:
        entry = (resources.get("/ExtGState") or {}).get(name)
        if entry is None:
            return state
        entry = entry.get_object()
        if "/OP" in entry:          # pypdf's BooleanObject is always true to bool(): compare its value
            state = replace(state, overprint=entry["/OP"] == True)  # noqa: E712
        if "/OPM" in entry:
            state = replace(state, mask=int(entry["/OPM"]))
        return state

    @staticmethod
    def _shading_spot(resources, name: str) -> bool:
        shading = (resources.get("/Shading") or {}).get(name)
        return shading is not None and _colorants(shading.get_object().get("/ColorSpace")) is not None

    def _xobject(self, resources, name: str, state: _State, where: str, depth: int) -> str | None:
        xobject = (resources.get("/XObject") or {}).get(name)
        if xobject is None:
            return None
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Image":
            if _colorants(xobject.get("/ColorSpace")) is not None:
                return _("image {name} in {where} is in a spot colour; the kit's die line is only "
                         "stroked").format(name=name, where=where)
            return None
        if xobject.get("/Subtype") != "/Form" or depth >= _MAX_DEPTH:
            return None
        return self.stream(xobject.get_data(), xobject.get("/Resources", resources), state,
                           _("form {name} on {where}").format(name=name, where=where), depth + 1)


def _declared_spaces(resources_everywhere) -> str | None:
    """A spot colour space that some resources declare and that is not the die line, drawn or not."""
    for resources in resources_everywhere:
        for space in (resources.get("/ColorSpace") or {}).values():
            colorants = _colorants(space)
            if colorants is not None and _not_die_line(colorants):
                return _not_die_line(colorants)
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Image" and _colorants(xobject.get("/ColorSpace")) is not None:
                return _not_die_line(_colorants(xobject.get("/ColorSpace")))
    return None


def spot_colours(reader, resources_everywhere) -> SpotResult:
    """The check on a file read by pypdf; `resources_everywhere` yields every resource dictionary."""
    declared = _declared_spaces(resources_everywhere)
    if declared:
        return SpotResult(declared, 0, False)
    walk = _Walk()
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is None:
            continue
        problem = walk.stream(contents.get_data(), page.get("/Resources"), _State(),
                              _("page {number}").format(number=number))
        if problem:
            return SpotResult(problem, walk.strokes, False)
    return SpotResult(None, walk.strokes, walk.masked and walk.strokes > 0,
                      tuple(name for name in DIE_LINES if name in walk.names))
