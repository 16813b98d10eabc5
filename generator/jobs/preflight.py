"""Preflight: does a PDF meet what a print shop expects of our PDF/X-1a files?

Each check reads the file itself: no encryption (PDF/X forbids it; an encrypted file is failed
on its trailer's /Encrypt entry alone, never decrypted, and the other checks are not run); sound
PDF syntax, as qpdf checks it (a file qpdf has to repair is damaged; the first problem is named);
fonts embedded; font subsets with distinct names (no two different font programs share a name, every
subset tag is six capitals); TrimBox and BleedBox
on every page, nested inside the MediaBox; no annotation inside the bleed area; CMYK, grey and
spot colours only (no RGB operator, no RGB, Lab or ICC-based colour space, no spot colour falling
back to RGB: in pages, form XObjects, tiling patterns, images, inline images, shadings and
annotation appearances); no spot colour but the die line's CutContour and Crease, only stroked and
overprinting (generator/jobs/spot_colours.py); total ink of every CMYK colour and of every 8-bit
CMYK image's most inked pixel at most the limit (300 % unless asked otherwise; the real maximum is
reported; a check that does not apply to a file without CMYK colour); no transparency; no
JavaScript, interactive form or embedded file; no unreachable objects;
and the PDF/X identification (OutputIntent, GTS_PDFXVersion, Trapped, PDF 1.3/1.4, colours that
PDF/X-1a allows, and no optional content: layers came with PDF 1.5, and PDF/X-4 is the first PDF/X
to allow them). An OutputIntent that embeds its profile (DestOutputProfile) must embed a CMYK output
profile of ICC version 2 with /N 4, and its identifier must be the condition the profile is for
(when the profile says: one of the kit's own, its 'targ' tag, or a registered name in its
description), or "Custom".

A file the checks cannot read at all (cut off before its trailer, a decompression bomb, damage
pypdf cannot get past) is not a FAIL but an error: preflight raises UserError, and the command
exits with status 2. A damaged file they can still read gets every check, the syntax one failed.
"""

from contextlib import contextmanager
import hashlib
import logging
from pathlib import Path
import re
import warnings

from msgspec import Struct
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from generator.errors import UserError
from generator.jobs.pdf_operators import operators as _operators
from generator.jobs.pdf_syntax import syntax_problems
from generator.words import N_, _, ngettext

INK_LIMIT = 300.0
_RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


class Check(Struct, frozen=True):
    name: str
    passed: bool
    detail: str
    applies: bool = True        # False: nothing in the file for this check to look at (it passes)

    def line(self) -> str:
        """PASS, FAIL or N/A (never translated: scripts read them), the check's name and what it found."""
        status = "N/A " if not self.applies else "PASS" if self.passed else "FAIL"
        return f"{status}  {_(self.name)}: {self.detail}"


# The checks' names: a Check holds the English one, a line says it in the language of the moment.
CHECKS = (N_("not encrypted"), N_("PDF syntax"), N_("fonts embedded"), N_("font names"), N_("page boxes"),
          N_("no annotations in the bleed"), N_("colour spaces"), N_("spot colours"), N_("ink limit"),
          N_("no transparency"), N_("no scripts, forms or attachments"), N_("no unreachable objects"),
          N_("PDF/X identification"))


@contextmanager
def _quiet_pypdf():
    """pypdf reports repairs it makes ("EOF marker not found") as log lines and warnings: not ours to print."""
    logger = logging.getLogger("pypdf")
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)
        logger.propagate = propagate


def preflight(path: Path, max_ink: float = INK_LIMIT) -> list[Check]:
    """Every check on one file (total ink at most `max_ink` %); UserError if the file cannot be
    read as a PDF."""
    path = Path(path)
    if not path.is_file():
        raise UserError(_("preflight: {path} is not a file; give the PDFs to check").format(path=path))
    _check_header(path)
    try:
        with _quiet_pypdf():
            reader = _Reader(str(path), strict=False)
            if "/Encrypt" in reader.trailer:
                return [_encrypted(reader)]
            pages = list(reader.pages)
            streams = list(_content_streams(reader))
            colours = _colour_spaces(reader, streams)
            read = [_fonts(reader), _font_names(reader), _boxes(pages), _annotations(pages), colours,
                    _spots(reader), _ink(reader, streams, max_ink), _transparency(reader), _no_scripts(reader),
                    _unreachable(reader),
                    _pdfx(reader, path, colours)]
        # qpdf's check comes after pypdf's: a file pypdf cannot read is refused before qpdf decodes it.
        return [Check("not encrypted", True, _("no /Encrypt entry in the trailer")), _syntax(path), *read]
    except UserError:
        raise
    except RecursionError:
        raise UserError(_("{path}: cannot read it as a PDF (its objects nest too deeply); "
                          "export it again from its source").format(path=path)) from None
    except Exception as error:     # any damage pypdf meets while reading is the file's, not ours
        reason = " ".join(str(error).split())[:120] or type(error).__name__
        raise UserError(_("{path}: cannot read it as a PDF ({reason}); export it again from its source").format(
            path=path, reason=reason)) from None


HEADER_WINDOW = 1024       # bytes: readers (Acrobat's among them) find %PDF- anywhere in the first kilobyte


def _check_header(path: Path) -> None:
    """A file that is no PDF at all (a picture, a text, an archive) said as such, before a PDF
    reader fails on it with words about streams and objects."""
    try:
        with open(path, "rb") as file:
            start = file.read(HEADER_WINDOW)
    except OSError:
        return              # the reader's own error says it below
    if b"%PDF-" not in start:
        raise UserError(_("{path}: not a PDF (no %PDF- header in its first kilobyte); give the PDF files to "
                          "check").format(path=path))


class _Reader(PdfReader):
    """pypdf's reader without the decryption it tries on opening (with an empty password; AES
    would need the cryptography package). An encrypted file fails on its /Encrypt entry alone."""

    def _handle_encryption(self, password) -> None:
        pass


_CIPHERS = {"/V2": "RC4", "/AESV2": "AES-128", "/AESV3": "AES-256", "/None": N_("no cipher")}


def _cipher(encrypt) -> str:
    """The cipher an /Encrypt dictionary names, read as plain data (PDF 2.0, table 20)."""
    version = int(encrypt.get("/V", 0))
    if version >= 4:
        filters = encrypt.get("/CF") or {}
        default = filters.get(encrypt.get("/StmF", "/Identity")) or {}
        method = str(default.get_object().get("/CFM", "/None")) if default else "/None"
        return _(_CIPHERS[method]) if method in _CIPHERS else method.lstrip("/")
    return _("RC4, {bits}-bit").format(bits=int(encrypt.get("/Length", 40)))


def _encrypted(reader: PdfReader) -> Check:
    try:
        encrypt = reader.trailer["/Encrypt"].get_object()
        how = _("{handler} security handler, {cipher}").format(
            handler=str(encrypt.get("/Filter", "/Standard")).lstrip("/"), cipher=_cipher(encrypt))
    except Exception:                # a damaged /Encrypt entry is still an encryption entry
        how = _("an /Encrypt entry that cannot be read")
    return Check("not encrypted", False, _("the file is encrypted ({how}); PDF/X forbids encryption, and no other "
                                           "check can read an encrypted file: save it again without a password "
                                           "or permissions").format(how=how))


def _syntax(path: Path) -> Check:
    problems = syntax_problems(path)
    if problems:
        count = _(" (the first of {count} problems)").format(count=len(problems)) if len(problems) > 1 else ""
        return Check("PDF syntax", False, _("the file is damaged: {problem}{count}; "
                                            "export it again from its source").format(problem=problems[0], count=count))
    return Check("PDF syntax", True, _("no syntax or stream errors (qpdf's checks)"))


def _resources_everywhere(reader: PdfReader):
    """Every resource dictionary: each page's and, recursively, each form XObject's and tiling
    pattern's, and each annotation appearance's (a press RIP paints an annotation's appearance)."""
    seen = set()

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        yield resources
        inner = [*(resources.get("/XObject") or {}).values(), *(resources.get("/Pattern") or {}).values()]
        for item in inner:
            key = getattr(item, "idnum", id(item))
            if key in seen:
                continue
            seen.add(key)
            yield from walk(item.get_object().get("/Resources"))

    for page in reader.pages:
        yield from walk(page.get("/Resources"))
        for appearance in _appearances(page):
            yield from walk(appearance.get("/Resources"))


def _appearances(page) -> list:
    """The appearance streams of a page's annotations (normal, rollover and down; each a stream or
    a dictionary of streams by state)."""
    found = []
    for annotation in page.get("/Annots") or []:
        for entry in (annotation.get_object().get("/AP") or {}).values():
            entry = entry.get_object()
            found += [state.get_object() for state in entry.values()] if not hasattr(entry, "get_data") else [entry]
    return [stream for stream in found if hasattr(stream, "get_data")]


def _content_streams(reader: PdfReader):
    """(where, decoded bytes) of every page content stream, form XObject, tiling pattern and
    annotation appearance."""
    for number, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is not None:
            yield _("page {number}").format(number=number), contents.get_data()
        for appearance in _appearances(page):
            yield _("an annotation on page {number}").format(number=number), appearance.get_data()
    for resources in _resources_everywhere(reader):
        for name, xobject in (resources.get("/XObject") or {}).items():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                yield _("form {name}").format(name=name), xobject.get_data()
        for name, pattern in (resources.get("/Pattern") or {}).items():
            pattern = pattern.get_object()
            if pattern.get("/PatternType") == 1 and hasattr(pattern, "get_data"):
                yield _("pattern {name}").format(name=name), pattern.get_data()


def _font_descriptors(reader: PdfReader):
    """(BaseFont name, its font descriptor or {}) of every font in the file, composite fonts too."""
    for resources in _resources_everywhere(reader):
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            yield str(font.get("/BaseFont")), descriptor.get_object() if descriptor is not None else {}


def _fonts(reader: PdfReader) -> Check:
    fonts, missing = set(), set()
    for name, descriptor in _font_descriptors(reader):
        fonts.add(name)
        if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
            missing.add(name)
    if missing:
        return Check("fonts embedded", False, _("not embedded: {fonts}").format(fonts=", ".join(sorted(missing))))
    return Check("fonts embedded", True, ngettext("{count} font(s), all embedded", "{count} font(s), all embedded",
                                                  len(fonts)).format(count=len(fonts)))


_SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")


def _font_programs(reader: PdfReader):
    """(BaseFont name, sha256 of its embedded font program or None) of every font in the file."""
    for name, descriptor in _font_descriptors(reader):
        program = next((descriptor[k] for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor), None)
        digest = hashlib.sha256(program.get_object().get_data()).hexdigest() if program is not None else None
        yield name.lstrip("/"), digest


def _font_names(reader: PdfReader) -> Check:
    programs: dict[str, set] = {}
    for name, digest in _font_programs(reader):
        programs.setdefault(name, set()).add(digest)
        if "+" in name and not _SUBSET_TAG.match(name):
            return Check("font names", False, _("subset {name} has a tag that is not six capital letters").format(
                name=name))
    shared = sorted(name for name, digests in programs.items() if len(digests) > 1)
    if shared:
        return Check("font names", False, _("different fonts share the name {name}; "
                                            "each subset needs its own tag").format(name=shared[0]))
    return Check("font names", True, ngettext("{count} distinct font name(s), one font program each",
                                              "{count} distinct font name(s), one font program each",
                                              len(programs)).format(count=len(programs)))


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
            return Check("page boxes", False, _("page {number} has no {box}").format(
                number=number, box="TrimBox" if trim is None else "BleedBox"))
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            return Check("page boxes", False, _("page {number}: TrimBox must lie in BleedBox, BleedBox in "
                                                "MediaBox").format(
                number=number))
    return Check("page boxes", True, ngettext("TrimBox and BleedBox on all {count} page(s)",
                                              "TrimBox and BleedBox on all {count} page(s)", len(pages)).format(
        count=len(pages)))


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _annotations(pages) -> Check:
    """PDF/X allows no annotation inside the bleed area, but printer's marks and trap networks."""
    for number, page in enumerate(pages, start=1):
        area = _box(page, "/BleedBox") or _box(page, "/MediaBox")
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object()
            kind = str(annotation.get("/Subtype", "/Unknown"))
            if kind in ("/PrinterMark", "/TrapNet"):
                continue
            rect = [float(v) for v in annotation.get("/Rect", area)]
            rect = [min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(rect[1], rect[3])]
            if _overlaps(rect, area):
                return Check("no annotations in the bleed", False,
                             _("page {number} has a {kind} annotation inside the bleed area").format(
                                 number=number, kind=kind[1:]))
    return Check("no annotations in the bleed", True, _("no annotation inside any page's bleed area"))


def _unreachable(reader: PdfReader) -> Check:
    """Objects the file stores but nothing refers to: dead weight, and a sign of pages dragged along."""
    stored = {number for table in reader.xref.values() for number in table}
    stored |= set(getattr(reader, "xref_objStm", {}))
    reached, todo = set(), [reader.trailer]
    while todo:
        item = todo.pop()
        if isinstance(item, IndirectObject):
            if item.idnum in reached:
                continue
            reached.add(item.idnum)
            item = item.get_object()
        if isinstance(item, DictionaryObject):       # streams are dictionaries too
            todo.extend(item.values())
        elif isinstance(item, ArrayObject):
            todo.extend(item)
    containers = set()
    for number in stored - reached:
        kind = reader.get_object(number)
        if isinstance(kind, DictionaryObject) and kind.get("/Type") in ("/XRef", "/ObjStm"):
            containers.add(number)
    orphans = stored - reached - containers
    if orphans:
        return Check("no unreachable objects", False, ngettext(
            "{count} object(s) nothing refers to, e.g. object {first}",
            "{count} object(s) nothing refers to, e.g. object {first}", len(orphans)).format(
            count=len(orphans), first=min(orphans)))
    return Check("no unreachable objects", True, ngettext("all {count} object(s) reachable",
                                                          "all {count} object(s) reachable", len(reached)).format(
        count=len(reached)))


# What PDF/X-1a allows: process colour (CMYK and grey) and spot colours that fall back to it.
_PROCESS = {"/DeviceCMYK", "/DeviceGray"}
_INLINE_PROCESS = {"/CMYK", "/G", *_PROCESS}


def _space_family(space) -> str | None:
    """None for a colour space PDF/X-1a allows, else the family that it does not (e.g. "/Lab", or
    "/Separation /DeviceRGB" for a spot colour whose fallback is RGB)."""
    space = space.get_object() if hasattr(space, "get_object") else space
    if not isinstance(space, list):
        return None if str(space) in _PROCESS | {"/Pattern"} else str(space)
    family = str(space[0])
    if family in ("/Separation", "/DeviceN"):
        fallback = _space_family(space[2]) if len(space) > 2 else "?"
        return None if fallback is None else f"{family} {fallback}"
    if family in ("/Indexed", "/Pattern") and len(space) > 1:
        return _space_family(space[1])
    return None if family in _PROCESS else family


def _colour_spaces(reader: PdfReader, streams) -> Check:
    def failed(detail: str) -> Check:
        return Check("colour spaces", False, detail)

    for where, data in streams:
        inline = False
        for operator, operands in _operators(data):
            if operator in ("rg", "RG"):
                return failed(_("RGB operator '{operator}' in {where}").format(operator=operator, where=where))
            if operator in ("cs", "CS") and operands and operands[-1].decode("latin-1") in _RGB_SPACES:
                return failed(_("RGB colour space in {where}").format(where=where))
            if operator == "BI":
                inline = True
            elif operator == "ID" and inline:       # an inline image's dictionary: /CS /RGB …
                inline = False
                names = [token.decode("latin-1") for token in operands]
                for key, value in zip(names, names[1:]):
                    if key in ("/CS", "/ColorSpace") and value.startswith("/") and value not in _INLINE_PROCESS \
                            and value[1:] not in _named_spaces(reader):
                        return failed(_("an inline image in {family} in {where}").format(family=value[1:], where=where))
    for resources in _resources_everywhere(reader):
        for name, space in (resources.get("/ColorSpace") or {}).items():
            family = _space_family(space)
            if family is not None:
                return failed(_("colour space {name} is {family}, which PDF/X-1a does not allow").format(
                    name=name[1:], family=family.replace("/", "")))
        for name, xobject in (resources.get("/XObject") or {}).items():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Image" and "/ColorSpace" in xobject:
                family = _space_family(xobject["/ColorSpace"])
                if family is not None:
                    return failed(_("image {name} is in {family}").format(name=name[1:], family=family.replace("/", "")))
        shadings = list((resources.get("/Shading") or {}).items())
        for name, pattern in (resources.get("/Pattern") or {}).items():
            if "/Shading" in pattern.get_object():
                shadings.append((name, pattern.get_object()["/Shading"]))
        for name, shading in shadings:
            family = _space_family(shading.get_object().get("/ColorSpace", "/DeviceGray"))
            if family is not None:
                return failed(_("shading {name} is in {family}").format(name=name[1:], family=family.replace("/", "")))
    return Check("colour spaces", True, _("CMYK, grey and spot colours only, in pages, forms, images, shadings and "
                                          "annotations"))


def _named_spaces(reader: PdfReader) -> set[str]:
    """The names of colour spaces the resources define (an inline image may name one of them)."""
    return {str(name)[1:] for resources in _resources_everywhere(reader) for name in (resources.get("/ColorSpace") or {})}


def _spots(reader: PdfReader) -> Check:
    from generator.jobs.spot_colours import spot_colours

    result = spot_colours(reader, _resources_everywhere(reader))
    if result.problem:
        return Check("spot colours", False, result.problem)
    if not result.strokes:
        return Check("spot colours", True, _("no spot colour is painted (no die line)"))
    stroked = ngettext("stroked {count} time", "stroked {count} times", result.strokes).format(count=result.strokes)
    overprint = "OP, OPM 1" if result.masked else "OP"
    return Check("spot colours", True, _("only the die line, {dies}: each a Separation of its own, {stroked}, always "
                                         "with overprint on ({overprint}), never filled").format(
        dies=", ".join(result.names), stroked=stroked, overprint=overprint))


def _cmyk_colours(streams):
    """(where, c, m, y, k) of every CMYK colour the content streams set: with k and K, and with
    sc, scn, SC and SCN after the DeviceCMYK colour space was chosen with cs or CS."""
    for where, data in streams:
        cmyk = {"fill": False, "stroke": False}
        for operator, operands in _operators(data):
            kind = "stroke" if operator.isupper() else "fill"
            if operator in ("cs", "CS"):
                cmyk[kind] = bool(operands) and operands[-1] == b"/DeviceCMYK"
            elif len(operands) >= 4 and (operator in ("k", "K") or (operator.lower() in ("sc", "scn") and cmyk[kind])):
                yield (where, *(float(v) for v in operands[-4:]))


MAX_IMAGE_PIXELS = 100_000_000      # an image larger than this is not decoded for its ink (a bomb, or a mistake)


def _image_inks(reader: PdfReader):
    """(where, c, m, y, k) of the most inked pixel of every 8-bit DeviceCMYK image."""
    for resources in _resources_everywhere(reader):
        for name, xobject in (resources.get("/XObject") or {}).items():
            xobject = xobject.get_object()
            if (xobject.get("/Subtype") != "/Image" or str(xobject.get("/ColorSpace")) != "/DeviceCMYK"
                    or int(xobject.get("/BitsPerComponent", 8)) != 8):
                continue
            width, height = int(xobject.get("/Width", 0)), int(xobject.get("/Height", 0))
            if not 0 < width * height <= MAX_IMAGE_PIXELS:
                continue
            pixels = _cmyk_pixels(xobject, width, height)
            if pixels is None:
                continue
            if [float(v) for v in xobject.get("/Decode", [])] == [1, 0] * 4:
                pixels = 255 - pixels
            worst = pixels[pixels.sum(axis=1).argmax()] / 255
            yield (_("image {name}").format(name=name[1:]), *(float(v) for v in worst))


def _cmyk_pixels(xobject, width: int, height: int):
    """The image's pixels as an (n, 4) array of 0-255 values, or None if they cannot be read."""
    import io

    import numpy as np

    filters = xobject.get("/Filter", [])
    filters = [str(f) for f in (filters if isinstance(filters, list) else [filters])]
    data = xobject.get_data()
    if "/DCTDecode" in filters:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            if image.mode != "CMYK":
                return None
            return np.asarray(image, dtype=np.int32).reshape(-1, 4)
    if len(data) < width * height * 4:
        return None
    return np.frombuffer(data[:width * height * 4], dtype=np.uint8).astype(np.int32).reshape(-1, 4)


def _ink(reader: PdfReader, streams, limit: float = INK_LIMIT) -> Check:
    colours = list(_cmyk_colours(streams)) + list(_image_inks(reader))
    if not colours:
        return Check("ink limit", True, _("the file sets no CMYK colour, so there is no ink to total"), applies=False)
    worst, where_worst = 0.0, ""
    for where, *values in colours:
        total = 100 * sum(values)
        if total > worst:
            worst, where_worst = total, where
    if worst > limit + 0.05:
        return Check("ink limit", False, _("{worst:g} % total ink in {where}, above {limit:g} %").format(
            worst=round(worst, 1), where=where_worst, limit=limit))
    return Check("ink limit", True, _("highest total ink {worst:g} %, in {where} (limit {limit:g} %)").format(
        worst=round(worst, 1), where=where_worst, limit=limit))


def _transparency(reader: PdfReader) -> Check:
    for number, page in enumerate(reader.pages, start=1):
        group = page.get("/Group")
        if group is not None and group.get_object().get("/S") == "/Transparency":
            return Check("no transparency", False, _("page {number} has a transparency group").format(number=number))
    for resources in _resources_everywhere(reader):
        for name, state in (resources.get("/ExtGState") or {}).items():
            state = state.get_object()
            if str(state.get("/SMask", "/None")) != "/None":
                return Check("no transparency", False, _("soft mask in graphics state {name}").format(name=name))
            if float(state.get("/CA", 1)) < 1 or float(state.get("/ca", 1)) < 1:
                return Check("no transparency", False, _("opacity below 1 in graphics state {name}").format(name=name))
            if str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
                return Check("no transparency", False, _("blend mode in graphics state {name}").format(name=name))
        for name, xobject in (resources.get("/XObject") or {}).items():
            if "/SMask" in xobject.get_object():
                return Check("no transparency", False, _("soft-masked image {name}").format(name=name))
    return Check("no transparency", True, _("no soft masks, opacity or blend modes"))


def _no_scripts(reader: PdfReader) -> Check:
    """PDF/X-1a allows no JavaScript, interactive forms or embedded files: a press does not run,
    fill or open them, so what they would show never prints."""
    def failed(detail: str) -> Check:
        return Check("no scripts, forms or attachments", False, detail)

    root = reader.trailer["/Root"].get_object()
    names = (root.get("/Names") or {})
    names = names.get_object() if hasattr(names, "get_object") else names
    if "/JavaScript" in names or _is_script(root.get("/OpenAction")) or "/AA" in root:
        return failed(_("JavaScript, run when the file opens"))
    if "/EmbeddedFiles" in names:
        return failed(_("embedded files"))
    form = (root.get("/AcroForm") or {})
    if (form.get_object() if hasattr(form, "get_object") else form).get("/Fields"):
        return failed(_("an interactive form"))
    for number, page in enumerate(reader.pages, start=1):
        if "/AA" in page:
            return failed(_("JavaScript or actions on page {number}").format(number=number))
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object()
            if str(annotation.get("/Subtype")) in ("/FileAttachment", "/Widget") or _is_script(annotation.get("/A")):
                return failed(_("a {kind} annotation on page {number}").format(
                    kind=str(annotation.get("/Subtype", "/Unknown"))[1:], number=number))
    return Check("no scripts, forms or attachments", True, _("no JavaScript, interactive form or embedded file"))


def _is_script(action) -> bool:
    action = action.get_object() if hasattr(action, "get_object") else action
    return isinstance(action, DictionaryObject) and action.get("/S") == "/JavaScript"


def _pdfx(reader: PdfReader, path: Path, colours: Check) -> Check:
    root = reader.trailer["/Root"]
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX" and str(i.get("/OutputConditionIdentifier", ""))]
    info = reader.metadata or {}
    version = str(info.get("/GTS_PDFXVersion", ""))
    trapped = str(reader.trailer["/Info"].get_object().get("/Trapped", "")) if "/Info" in reader.trailer else ""
    with open(path, "rb") as handle:      # the first 8 bytes, not the whole file
        header = handle.read(8)
    problems = []
    if not pdfx:
        problems.append(_("no GTS_PDFX OutputIntent"))
    if not version.startswith("PDF/X-1"):
        problems.append(_("GTS_PDFXVersion is not PDF/X-1a"))
    if trapped not in ("/True", "/False"):
        problems.append(_("Trapped is not True or False"))
    if header not in (b"%PDF-1.3", b"%PDF-1.4"):
        problems.append(_("header {header} (PDF/X-1a needs 1.3 or 1.4)").format(header=header.decode("latin-1")))
    if not colours.passed:
        problems.append(_("colours other than CMYK, grey and spot colours, which PDF/X-1a does not allow"))
    if "/OCProperties" in root:
        problems.append(_("optional content (layers), which PDF/X-1a does not allow"))
    profile_said, profile_problem = _output_profile(pdfx[0]) if pdfx else ("", None)
    if profile_problem:
        problems.append(profile_problem)
    if problems:
        return Check("PDF/X identification", False, "; ".join(problems))
    condition = str(pdfx[0]["/OutputConditionIdentifier"])
    return Check("PDF/X identification", True,
                 _("{version}, output intent {condition}{profile_said}, Trapped {trapped}").format(
                     version=version, condition=condition, profile_said=profile_said, trapped=trapped[1:]))


def _output_profile(intent) -> tuple[str, str | None]:
    """(what to say of the OutputIntent's profile, a problem or None). A registered identifier may
    stand alone; an embedded profile must be a CMYK output profile, version 2, /N 4, for the
    condition the identifier names (when the profile says which) or for "Custom"."""
    from generator.colour.icc import header_problem
    from generator.colour.print_setup import CUSTOM

    identifier = str(intent["/OutputConditionIdentifier"])
    stream = intent.get("/DestOutputProfile")
    if stream is None:
        if identifier == CUSTOM or "/RegistryName" not in intent:
            return "", _("output intent {identifier} names no registry and embeds no profile to define it").format(
                identifier=identifier)
        return _(", registered (no profile embedded)"), None
    stream = stream.get_object()
    data = stream.get_data()
    problem = header_problem(data)
    if problem:
        return "", _("the embedded output profile {problem}").format(problem=problem)
    if stream.get("/N") != 4:
        return "", _("the embedded CMYK profile's stream says /N {n}, not 4").format(n=stream.get("/N"))
    description, declared = _declared(data)
    said = _(", profile {description!r} embedded (CMYK output, ICC {major}.{minor})").format(
        description=description, major=data[8], minor=data[9] >> 4)
    if declared and identifier not in (declared, CUSTOM):
        return "", _("output intent {identifier} does not match its embedded profile {description!r}, which is "
                     "for {declared}").format(identifier=identifier, description=description, declared=declared)
    return said + ("" if declared or identifier == CUSTOM else _("; the profile does not say which condition it "
                                                                 "is for")), None


def _declared(data: bytes) -> tuple[str, str | None]:
    """The profile's description and the registered condition it declares (generator.colour.print_setup)."""
    import hashlib
    import io

    from generator.colour.icc import lcms
    from generator.colour.output_conditions import output_conditions
    from generator.colour.print_setup import declared_condition

    try:
        profile = lcms()[1].ImageCmsProfile(io.BytesIO(data)).profile
        description, target = " ".join((profile.profile_description or "").split()), profile.target
    except (OSError, ValueError, lcms()[1].PyCMSError):
        description, target = "unreadable", None
    name = declared_condition(hashlib.sha256(data).hexdigest(), description, target)
    return description, output_conditions()[name]["identifier"] if name else None
