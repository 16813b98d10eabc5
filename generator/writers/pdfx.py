"""PDF/X-1a:2003 identification for print-shop files.

Our shop PDFs are drawn in DeviceCMYK with embedded fonts and no transparency; this step
adds what identifies them as PDF/X-1a: an OutputIntent (generator/colour/print_setup.py) naming
the print condition and embedding the CMYK output profile the colours were made for, as its
DestOutputProfile; the GTS_PDFXVersion and Trapped keys in the document info; and a PDF 1.4
header. The page boxes (TrimBox, BleedBox) come from the PDF writer.
"""

from functools import cache
from pathlib import Path
import zlib

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)

from generator.colour.icc import OutputProfile
from generator.colour.print_setup import OutputIntent, print_setup
from generator.files.atomic import atomic_path
from generator.files.manifest import pages_description
from generator.writers.pdf_date import pdf_date

PDFX_VERSION = "PDF/X-1a:2003"
MM = 72 / 25.4


@cache
def _deflated(profile: OutputProfile) -> bytes:
    """The profile's bytes, Flate-compressed once per process at a fixed level (same bytes every
    build; PDF/X-1a allows Flate, not LZW)."""
    return zlib.compress(profile.data, 6)


def _profile_stream(writer: PdfWriter, profile: OutputProfile):
    """An ICC stream of four components (/N 4: CMYK), as PDF's ICCBased streams are written."""
    stream = StreamObject()
    stream.set_data(_deflated(profile))
    stream[NameObject("/N")] = NumberObject(4)
    stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    return writer._add_object(stream)


def _output_intent(writer: PdfWriter, intent: OutputIntent) -> DictionaryObject:
    entries = {
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(intent.identifier),
        NameObject("/OutputCondition"): TextStringObject(intent.condition),
        NameObject("/Info"): TextStringObject(intent.info),
    }
    if intent.registry:
        entries[NameObject("/RegistryName")] = TextStringObject(intent.registry)
    if intent.profile is not None:
        entries[NameObject("/DestOutputProfile")] = _profile_stream(writer, intent.profile)
    return DictionaryObject(entries)


def _add_blank_like(writer: PdfWriter, model) -> None:
    blank = writer.add_blank_page(float(model.mediabox.width), float(model.mediabox.height))
    for key in ("/TrimBox", "/BleedBox"):
        if key in model:
            blank[NameObject(key)] = ArrayObject(model[key])


def mark_as_pdfx(path: Path, intent: OutputIntent | None = None, pages: list[int | None] | None = None,
                 target: Path | None = None) -> dict:
    """Rewrite `path` (or write `target`) as PDF/X-1a; returns what the manifest says of it.

    `intent` is the run's output intent (by default that of the default print setup: FOGRA39 with
    the bundled profile). `pages` picks and orders the pages (0-based); None in it inserts a blank
    page with the page boxes of the first page, as a booklet's padding. Annotations are dropped:
    PDF/X allows none inside the bleed, and a link would pull the pages it points to into the file.
    """
    intent = intent or print_setup(None).output_intent
    reader = PdfReader(str(path))
    writer = PdfWriter()
    for index in (pages if pages is not None else range(len(reader.pages))):
        if index is None:
            _add_blank_like(writer, reader.pages[0])
        else:
            page = reader.pages[index]
            if "/Annots" in page:
                del page[NameObject("/Annots")]
            writer.add_page(page)
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([_output_intent(writer, intent)])
    language = reader.trailer["/Root"].get("/Lang")
    if language is not None:
        writer._root_object[NameObject("/Lang")] = language
    preferences = reader.trailer["/Root"].get("/ViewerPreferences")
    if preferences is not None:
        writer._root_object[NameObject("/ViewerPreferences")] = DictionaryObject(
            {NameObject(k): v for k, v in preferences.get_object().items()})
    info = reader.metadata or {}
    writer.add_metadata({
        "/Title": str(info.get("/Title", "Open Domino")),
        "/Author": str(info.get("/Author", "Open Domino Kit")),
        "/Creator": "opendomino",
        "/Producer": "opendomino (reportlab, pypdf)",
        # The date of every PDF we write: see pdf_date.
        "/CreationDate": pdf_date(),
        "/ModDate": pdf_date(),
        "/GTS_PDFXVersion": PDFX_VERSION,
    })
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    writer.pdf_header = b"%PDF-1.4"
    writer._ID = reader.trailer.get("/ID")
    with atomic_path(target or path) as temp:
        with open(temp, "wb") as handle:
            writer.write(handle)
    described = pages_description((float(p.mediabox.width) / MM, float(p.mediabox.height) / MM) for p in writer.pages)
    described["output_intent"] = intent.identifier
    if intent.profile is not None:
        described["output_profile"] = intent.profile.file_name
    return described | _finishing(writer, preferences)


def _finishing(writer: PdfWriter, preferences) -> dict:
    """What a shop's order needs of the file (generator/jobs/shop_order.py): the trimmed page and its
    bleed, whether crop marks stand outside it, the edge its sheet turns on for the backs, and the spot
    colours its pages (and the forms they draw) define: the die line's, as preflight checks."""
    first = writer.pages[0]
    trim, bleed, media = first.trimbox, first.bleedbox, first.mediabox
    trims = [[round(float(p.trimbox.width) / MM, 1), round(float(p.trimbox.height) / MM, 1)] for p in writer.pages]
    # one size when every page has it (a booklet); else each page's (a box's pieces)
    described = {"trim_size_mm": trims[0] if all(t == trims[0] for t in trims) else trims,
                 # the narrowest side: a triangle's box has more room at its corners than its bleed
                 "bleed_mm": round(min(float(trim.left - bleed.left), float(trim.bottom - bleed.bottom),
                                       float(bleed.right - trim.right), float(bleed.top - trim.top)) / MM, 2),
                 # room around the bleed is where the crop marks stand (none with --marks none)
                 "crop_marks": float(bleed.width) < float(media.width) - 1e-6}
    duplex = str(preferences.get_object().get("/Duplex", "")) if preferences is not None else ""
    described["duplex"] = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}.get(duplex)
    described["spot_colours"] = sorted({name for page in writer.pages for name in _separations(page.get("/Resources"))})
    return described


def _separations(resources, depth: int = 0) -> set[str]:
    """The names of the Separation colour spaces of these resources and of the forms they draw."""
    resources = resources.get_object() if resources is not None else None
    if not resources or depth > 4:
        return set()
    names = set()
    for space in (resources.get("/ColorSpace") or DictionaryObject()).get_object().values():
        space = space.get_object()
        if isinstance(space, list) and len(space) > 1 and str(space[0]) == "/Separation":
            names.add(str(space[1]).lstrip("/"))
    for form in (resources.get("/XObject") or DictionaryObject()).get_object().values():
        form = form.get_object()
        if form.get("/Subtype") == "/Form":
            names |= _separations(form.get("/Resources"), depth + 1)
    return names
