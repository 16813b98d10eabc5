"""A written PDF's pages placed 2-up on landscape sheets in saddle-stitch order
(generator/imposition/saddle_stitch.py), each page reused as a form XObject."""

from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

from generator.files.atomic import atomic_path
from generator.files.manifest import pages_description
from generator.imposition.paper import Paper
from generator.imposition.saddle_stitch import padded_order, sheet_sides
from generator.writers.pdf_date import pdf_date

MM = 72 / 25.4


def impose_saddle_stitch(source: Path, target: Path, sheet: Paper, title: str) -> dict:
    """Write the imposed booklet, titled `title`, in the source's language; returns what the
    manifest says of it."""
    reader = PdfReader(str(source))
    order = padded_order(len(reader.pages))
    width, height = sheet.height * MM, sheet.width * MM          # landscape
    writer = PdfWriter()
    forms = {}
    for left, right in sheet_sides(len(reader.pages)):
        side = writer.add_blank_page(width, height)
        placements = []
        for position, half in ((left, 0), (right, 1)):
            page_number = order[position - 1]
            if page_number is None:
                continue
            if page_number not in forms:
                forms[page_number] = _page_as_form(writer, reader.pages[page_number - 1])
            placements.append((f"/Page{page_number}", forms[page_number],
                               _offset(reader.pages[page_number - 1], half, width, height)))
        _draw_forms(writer, side, placements)
    preferences = writer.create_viewer_preferences()
    preferences.duplex = "/DuplexFlipShortEdge"
    preferences.print_scaling = "/None"
    language = reader.trailer["/Root"].get("/Lang")
    if language is not None:
        writer._root_object[NameObject("/Lang")] = language
    writer.add_metadata({"/Title": title,
                         "/Creator": "opendomino", "/CreationDate": pdf_date(), "/ModDate": pdf_date()})
    with atomic_path(target) as temp:
        with open(temp, "wb") as handle:
            writer.write(handle)
    return pages_description([(sheet.height, sheet.width)] * len(writer.pages))


def _offset(page: PageObject, half: int, width: float, height: float) -> tuple[float, float]:
    """Where a page goes to sit centred in the left (0) or right (1) half of a sheet side."""
    page_width, page_height = float(page.mediabox.width), float(page.mediabox.height)
    return half * width / 2 + (width / 2 - page_width) / 2, (height - page_height) / 2


def _page_as_form(writer: PdfWriter, page: PageObject):
    """The page as a Form XObject: its drawing is copied as it is, still compressed, neither
    decoded nor parsed."""
    contents = page["/Contents"]
    if isinstance(contents, ArrayObject):          # several streams (not reportlab's way): join them
        form = DecodedStreamObject()
        form.set_data(page.get_contents().get_data())
        form = form.flate_encode()
    else:
        form = contents.clone(writer)
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(v) for v in page.mediabox),
        NameObject("/Resources"): page["/Resources"].get_object().clone(writer),
    })
    return writer._add_object(form)


def _draw_forms(writer: PdfWriter, side: PageObject, placements) -> None:
    names = DictionaryObject({NameObject(name): form for name, form, _ in placements})
    side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
    code = "".join(f"q 1 0 0 1 {x:.3f} {y:.3f} cm {name} Do Q\n" for name, _, (x, y) in placements)
    contents = DecodedStreamObject()
    contents.set_data(code.encode("ascii"))
    side[NameObject("/Contents")] = writer._add_object(contents)
