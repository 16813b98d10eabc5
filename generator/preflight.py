"""Preflight: does a PDF meet what a print shop expects of our PDF/X-1a files?

Each check reads the file itself: fonts embedded; TrimBox and BleedBox on every page,
nested inside the MediaBox; DeviceCMYK only (no RGB operator or colour space, in pages and
in form XObjects); total ink of every CMYK colour at most 300 %; no transparency; and the
PDF/X identification (OutputIntent, GTS_PDFXVersion, Trapped, PDF 1.3/1.4).
"""

from dataclasses import dataclass
from pathlib import Path
import re

from pypdf import PdfReader
from pypdf.errors import PdfReadError

from generator.errors import UserError

INK_LIMIT = 300.0
_STRINGS = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>(?!>)")
_RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    detail: str

    def line(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'}  {self.name}: {self.detail}"


def preflight(path: Path) -> list[Check]:
    try:
        reader = PdfReader(str(path))
        pages = list(reader.pages)
    except (OSError, PdfReadError, ValueError) as error:
        raise UserError(f"{path}: cannot read it as a PDF ({error}); give a PDF file") from None
    streams = list(_content_streams(reader))
    return [_fonts(reader), _boxes(pages), _colour_spaces(reader, streams), _ink(streams),
            _transparency(reader), _pdfx(reader, path)]


def _resources_everywhere(reader: PdfReader):
    """Every resource dictionary: each page's and, recursively, each form XObject's."""
    seen = set()

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        yield resources
        for xobject in (resources.get("/XObject") or {}).values():
            key = getattr(xobject, "idnum", id(xobject))
            if key in seen:
                continue
            seen.add(key)
            yield from walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        yield from walk(page.get("/Resources"))


def _content_streams(reader: PdfReader):
    """(where, decoded bytes) of every page content stream and form XObject."""
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is not None:
            yield f"page {number}", contents.get_data()
    for resources in _resources_everywhere(reader):
        for name, xobject in (resources.get("/XObject") or {}).items():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                yield f"form {name}", xobject.get_data()


def _operators(data: bytes):
    """(operator, operands) pairs, with strings blanked out so their bytes are not read as operators."""
    tokens = _STRINGS.sub(b" ", data).split()
    operands = []
    for token in tokens:
        if token[:1].isalpha() or token in (b"'", b'"'):
            yield token.decode("latin-1"), operands
            operands = []
        else:
            operands.append(token)


def _fonts(reader: PdfReader) -> Check:
    fonts, missing = set(), set()
    for resources in _resources_everywhere(reader):
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            name = str(font.get("/BaseFont"))
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            fonts.add(name)
            if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.add(name)
    if missing:
        return Check("fonts embedded", False, f"not embedded: {', '.join(sorted(missing))}")
    return Check("fonts embedded", True, f"{len(fonts)} font(s), all embedded")


def _box(page, key):
    value = page.get(key)
    return None if value is None else [float(v) for v in value]


def _inside(inner, outer, tolerance=0.01) -> bool:
    return (inner[0] >= outer[0] - tolerance and inner[1] >= outer[1] - tolerance
            and inner[2] <= outer[2] + tolerance and inner[3] <= outer[3] + tolerance)


def _boxes(pages) -> Check:
    for number, page in enumerate(pages, start=1):
        media, trim, bleed = (_box(page, k) for k in ("/MediaBox", "/TrimBox", "/BleedBox"))
        if trim is None or bleed is None:
            return Check("page boxes", False, f"page {number} has no {'TrimBox' if trim is None else 'BleedBox'}")
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            return Check("page boxes", False, f"page {number}: TrimBox must lie in BleedBox, BleedBox in MediaBox")
    return Check("page boxes", True, f"TrimBox and BleedBox on all {len(pages)} page(s)")


def _colour_spaces(reader: PdfReader, streams) -> Check:
    for where, data in streams:
        for operator, operands in _operators(data):
            if operator in ("rg", "RG"):
                return Check("colour spaces", False, f"RGB operator '{operator}' in {where}")
            if operator in ("cs", "CS") and operands and operands[-1].decode("latin-1") in _RGB_SPACES:
                return Check("colour spaces", False, f"RGB colour space in {where}")
    for resources in _resources_everywhere(reader):
        for name, space in (resources.get("/ColorSpace") or {}).items():
            space = space.get_object()
            family = space[0] if isinstance(space, list) else space
            if str(family) in _RGB_SPACES or (str(family) == "/ICCBased" and space[1].get_object().get("/N") == 3):
                return Check("colour spaces", False, f"RGB colour space {name}")
        for name, xobject in (resources.get("/XObject") or {}).items():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Image" and str(xobject.get("/ColorSpace")) in _RGB_SPACES:
                return Check("colour spaces", False, f"RGB image {name}")
    return Check("colour spaces", True, "DeviceCMYK only, no RGB operator or colour space")


def _ink(streams) -> Check:
    worst, where_worst = 0.0, ""
    for where, data in streams:
        for operator, operands in _operators(data):
            if operator in ("k", "K") and len(operands) >= 4:
                total = 100 * sum(float(v) for v in operands[-4:])
                if total > worst:
                    worst, where_worst = total, where
    if worst > INK_LIMIT + 0.05:
        return Check("ink limit", False, f"{worst:.0f} % total ink in {where_worst}, above {INK_LIMIT:.0f} %")
    return Check("ink limit", True, f"highest total ink {worst:.0f} % (limit {INK_LIMIT:.0f} %)")


def _transparency(reader: PdfReader) -> Check:
    for number, page in enumerate(reader.pages, start=1):
        group = page.get("/Group")
        if group is not None and group.get_object().get("/S") == "/Transparency":
            return Check("no transparency", False, f"page {number} has a transparency group")
    for resources in _resources_everywhere(reader):
        for name, state in (resources.get("/ExtGState") or {}).items():
            state = state.get_object()
            if str(state.get("/SMask", "/None")) != "/None":
                return Check("no transparency", False, f"soft mask in graphics state {name}")
            if float(state.get("/CA", 1)) < 1 or float(state.get("/ca", 1)) < 1:
                return Check("no transparency", False, f"opacity below 1 in graphics state {name}")
            if str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
                return Check("no transparency", False, f"blend mode in graphics state {name}")
        for name, xobject in (resources.get("/XObject") or {}).items():
            if "/SMask" in xobject.get_object():
                return Check("no transparency", False, f"soft-masked image {name}")
    return Check("no transparency", True, "no soft masks, opacity or blend modes")


def _pdfx(reader: PdfReader, path: Path) -> Check:
    root = reader.trailer["/Root"]
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX" and str(i.get("/OutputConditionIdentifier", ""))]
    info = reader.metadata or {}
    version = str(info.get("/GTS_PDFXVersion", ""))
    trapped = str(reader.trailer["/Info"].get_object().get("/Trapped", "")) if "/Info" in reader.trailer else ""
    header = Path(path).read_bytes()[:8]
    problems = []
    if not pdfx:
        problems.append("no GTS_PDFX OutputIntent")
    if not version.startswith("PDF/X-1"):
        problems.append("GTS_PDFXVersion is not PDF/X-1a")
    if trapped not in ("/True", "/False"):
        problems.append("Trapped is not True or False")
    if header not in (b"%PDF-1.3", b"%PDF-1.4"):
        problems.append(f"header {header.decode('latin-1')} (PDF/X-1a needs 1.3 or 1.4)")
    if problems:
        return Check("PDF/X identification", False, "; ".join(problems))
    condition = str(pdfx[0]["/OutputConditionIdentifier"])
    return Check("PDF/X identification", True, f"{version}, output intent {condition}, Trapped {trapped[1:]}")
