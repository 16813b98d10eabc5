"""PDF/X-1a:2003 identification for print-shop files.

Our shop PDFs are drawn in DeviceCMYK with embedded fonts and no transparency; this step
adds what identifies them as PDF/X-1a: an OutputIntent naming a registered print condition
(FOGRA39 by default), the GTS_PDFXVersion and Trapped keys in the document info, and a
PDF 1.4 header. The page boxes (TrimBox, BleedBox) come from the PDF writer.
"""

from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

from generator.colour.output_conditions import DEFAULT_CONDITION, check_condition, output_conditions
from generator.files.atomic import atomic_path
from generator.files.manifest import pages_description
from generator.writers.pdf_date import pdf_date

PDFX_VERSION = "PDF/X-1a:2003"
REGISTRY = "http://www.color.org"
MM = 72 / 25.4


def _add_blank_like(writer: PdfWriter, model) -> None:
    blank = writer.add_blank_page(float(model.mediabox.width), float(model.mediabox.height))
    for key in ("/TrimBox", "/BleedBox"):
        if key in model:
            blank[NameObject(key)] = ArrayObject(model[key])


def mark_as_pdfx(path: Path, condition: str = DEFAULT_CONDITION, pages: list[int | None] | None = None,
                 target: Path | None = None) -> dict:
    """Rewrite `path` (or write `target`) as PDF/X-1a; returns what the manifest says of it.

    `pages` picks and orders the pages (0-based); None in it inserts a blank page with the
    page boxes of the first page, as a booklet's padding. Annotations are dropped: PDF/X allows
    none inside the bleed, and a link would pull the pages it points to into the file.
    """
    details = output_conditions()[check_condition(condition)]
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
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(details["identifier"]),
        NameObject("/OutputCondition"): TextStringObject(details["condition"]),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(details["info"]),
    })
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([intent])
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
    return pages_description((float(p.mediabox.width) / MM, float(p.mediabox.height) / MM) for p in writer.pages)
