"""tests/content_stream.py, the tests' fast content-stream reader, gives pypdf's answer: on every
kind of page the kit writes, and on the lexical corners of ISO 32000-1 that the kit's writer does
not happen to use today."""

from content_stream import operations
from pdf_inspect import read_pdf
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    ByteStringObject,
    ContentStream,
    DictionaryObject,
    FloatObject,
    NameObject,
    NullObject,
    NumberObject,
    TextStringObject,
)
import pytest


def plain(value):
    """A pypdf operand as the Python value the fast reader gives."""
    if isinstance(value, (ArrayObject, list)):
        return [plain(item) for item in value]
    if isinstance(value, (DictionaryObject, dict)):
        return {plain(key): plain(item) for key, item in value.items()}
    if isinstance(value, BooleanObject):
        return value.value
    if isinstance(value, NullObject):
        return None
    if isinstance(value, TextStringObject):
        return value.original_bytes
    if isinstance(value, ByteStringObject):
        return bytes(value)
    if isinstance(value, NameObject):
        return str(value)
    if isinstance(value, FloatObject):
        return float(value)
    if isinstance(value, NumberObject):
        return int(value)
    return value


def pypdf_operations(data: bytes) -> list:
    stream = ContentStream(None, None)
    stream.set_data(data)
    return [(plain(operands), operator) for operands, operator in stream.operations]


def streams_of(reader):
    """Each page's content and each Form XObject's, every one once."""
    seen = set()
    for page in reader.pages[:3]:
        if page.get_contents() is not None:            # a blank page may have none
            yield page.get_contents().get_data()
        for form in ((page.get("/Resources") or {}).get("/XObject") or {}).values():
            if form.idnum not in seen and form.get_object().get("/Subtype") == "/Form":
                seen.add(form.idnum)
                yield form.get_object().get_data()


@pytest.mark.parametrize("kit, name", [
    ("default_kit", "tiles-A.pdf"), ("default_kit", "board-tiled-a4.pdf"), ("default_kit", "setup-cards.pdf"),
    ("default_kit", "rules-ru.pdf"), ("default_kit", "tokens-mexican-train.pdf"),
    ("shop_kit", "shop-tiles-C.pdf"), ("shop_kit", "shop-board.pdf"), ("shop_kit", "shop-rules-en-cover.pdf"),
])
def test_the_kits_pages_read_as_pypdf_reads_them(request, kit, name):
    for data in streams_of(read_pdf(request.getfixturevalue(kit) / name)):
        assert operations(data) == pypdf_operations(data)


def test_the_lexical_corners_read_as_pypdf_reads_them():
    data = (b"% a comment\n/Name#20with#20spaces 1 -2.5 .5 +3 4. 0 0 1 rg\n"
            b"[(a\\(b\\)c) <48 65 6C6C6F> (nested (paren) s\\n\\101) -120] TJ\n"
            b"/P <</MCID 3 /Alt (x) /On true /Off false /None null /A [1 2]>> BDC EMC\n"
            b"q 1 0 0 1 10 20 cm BI /W 2 /H 1 /BPC 8 /CS /G ID \x00\xff\nEI Q\n"
            b"(line\\\ncontinued) Tj [] 0 d 3 0 0 3 0 0 cm f* T* (a) ' 1 2 (b) \" 0.25 w\n")
    assert operations(data) == pypdf_operations(data)
    assert operations(b"(\\(\\)) Tj")[0] == ([b"()"], b"Tj")
