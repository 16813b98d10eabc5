"""Preflight and what a print shop refuses (issue 26, items 9 and 10): encrypted files fail on
their /Encrypt entry without being decrypted, and the ink limit says when it does not apply.
Issue 37: a file qpdf finds damaged fails, its first problem named."""

from pathlib import Path
import re
import secrets
import zlib

from conftest import qpdf_check, run_cli
from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    TextStringObject,
)
import pytest
from test_hardening import minimal_pdf

from generator.errors import UserError
from generator.jobs.preflight import CHECKS, preflight

ENCRYPTED = re.compile(r"^  FAIL  not encrypted: the file is encrypted \(Standard security handler, (.+?)\); "
                       r"PDF/X forbids encryption, .*save it again without a password or permissions$", re.M)


def _aes_entry(bits: int) -> DictionaryObject:
    """A Standard security handler's /Encrypt dictionary for AES (PDF 2.0, tables 20-22 and 24),
    made by hand: pypdf writes AES only with the cryptography package, which the kit does not
    need. Its keys are random bytes: preflight must fail the file on the entry alone."""
    method, version, revision, key_bytes = ("/AESV2", 4, 4, 32) if bits == 128 else ("/AESV3", 5, 6, 48)
    crypt_filter = DictionaryObject({NameObject("/CFM"): NameObject(method), NameObject("/AuthEvent"):
                                     NameObject("/DocOpen"), NameObject("/Length"): NumberObject(bits // 8)})
    entry = DictionaryObject({
        NameObject("/Filter"): NameObject("/Standard"), NameObject("/V"): NumberObject(version),
        NameObject("/R"): NumberObject(revision), NameObject("/Length"): NumberObject(bits),
        NameObject("/P"): NumberObject(-4), NameObject("/CF"): DictionaryObject({NameObject("/StdCF"): crypt_filter}),
        NameObject("/StmF"): NameObject("/StdCF"), NameObject("/StrF"): NameObject("/StdCF"),
        NameObject("/O"): ByteStringObject(secrets.token_bytes(key_bytes)),
        NameObject("/U"): ByteStringObject(secrets.token_bytes(key_bytes))})
    if bits == 256:
        entry.update({NameObject("/OE"): ByteStringObject(secrets.token_bytes(32)),
                      NameObject("/UE"): ByteStringObject(secrets.token_bytes(32)),
                      NameObject("/Perms"): ByteStringObject(secrets.token_bytes(16))})
    return entry


def encrypted_copy(source: Path, target: Path, algorithm: str) -> Path:
    writer = PdfWriter(clone_from=str(source))
    if algorithm.startswith("RC4"):
        writer.encrypt("", "owner", algorithm=algorithm)     # pypdf's own RC4: a real encrypted file
    else:
        writer.generate_file_identifiers()
        entry = _aes_entry(int(algorithm.split("-")[1]))
        writer._add_object(entry)
        writer._encrypt_entry = entry        # written into the trailer as /Encrypt
    with open(target, "wb") as handle:
        writer.write(handle)
    return target


@pytest.mark.parametrize("algorithm, named", [("RC4-40", "RC4, 40-bit"), ("RC4-128", "RC4, 128-bit"),
                                              ("AES-128", "AES-128"), ("AES-256", "AES-256")])
def test_an_encrypted_file_fails_on_its_encrypt_entry(tmp_path, shop_board, algorithm, named):
    path = encrypted_copy(shop_board, tmp_path / f"{algorithm}.pdf", algorithm)
    assert b"/Encrypt" in path.read_bytes()
    checks = preflight(path)
    assert [(c.name, c.passed) for c in checks] == [("not encrypted", False)]
    result = run_cli("preflight", str(path))
    assert result.returncode == 1 and result.stderr == "", result.stderr
    found = ENCRYPTED.search(result.stdout)
    assert found and found[1] == named, result.stdout
    assert "cryptography" not in result.stdout + result.stderr


def test_an_unencrypted_file_says_so(shop_board):
    checks = preflight(shop_board)
    assert [c.name for c in checks] == list(CHECKS)
    assert checks[0].line() == "PASS  not encrypted: no /Encrypt entry in the trailer"
    assert all(c.passed and c.applies for c in checks), [c.line() for c in checks if not c.passed]


def test_the_ink_limit_does_not_apply_to_an_rgb_file(default_kit):
    result = run_cli("preflight", str(default_kit / "setup-cards.pdf"))
    assert result.returncode == 1
    lines = dict(re.findall(r"^  (?:PASS|FAIL|N/A )  ([^:]+): (.*)$", result.stdout, re.M))
    assert re.search(r"^  N/A   ink limit: the file sets no CMYK colour, so there is no ink to total$",
                     result.stdout, re.M), result.stdout
    assert "0 %" not in lines["ink limit"]
    assert re.search(r"^  FAIL  PDF/X identification: .*colours other than CMYK", result.stdout, re.M)


def test_pdfx_fails_an_rgb_colour_even_with_every_pdfx_key(tmp_path, shop_board):
    writer = PdfWriter(clone_from=str(shop_board))
    page = writer.pages[0]
    content = DecodedStreamObject()
    content.set_data(b"1 0 0 rg 0 0 10 10 re f\n" + page.get_contents().get_data())
    page.replace_contents(content)
    path = tmp_path / "rgb-shop.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    failed = {c.name: c.detail for c in preflight(path) if not c.passed}
    assert set(failed) == {"colour spaces", "PDF/X identification"}, failed
    assert failed["PDF/X identification"] == ("colours other than CMYK, grey and spot colours, "
                                              "which PDF/X-1a does not allow")


@pytest.mark.parametrize("content, total, passed", [
    (b"/DeviceCMYK cs 1 1 1 0.5 sc 0 0 10 10 re f", 350, False),     # set through the colour space
    (b"/DeviceCMYK CS 0.2 0.2 0.2 1 SCN 0 0 m 10 10 l S", 160, True),
    (b"0 0 0 1 k 0.9 0.9 0.9 0.9 K 0 0 10 10 re B", 360, False),
])
def test_ink_is_totalled_however_a_cmyk_colour_is_set(tmp_path, content, total, passed):
    path = tmp_path / "ink.pdf"
    path.write_bytes(minimal_pdf(zlib.compress(content)))
    ink = next(c for c in preflight(path) if c.name == "ink limit")
    assert ink.applies and ink.passed is passed
    assert f"{total} %" in ink.detail, ink.detail


def damaged_copies(source: bytes) -> dict[str, bytes]:
    """What happens to a file between the kit and a print shop: junk spliced in, a keyword
    mistyped, the end cut off, the cross-reference table's offsets shifted."""
    copies = {}
    for fraction in (0.1, 0.4, 0.7, 0.95):
        at = int(len(source) * fraction)
        copies[f"junk at {fraction:.0%}"] = source[:at] + b"@@junk%%\n)>>]" + source[at:]
    for count in (1, 2, 5):
        copies[f"obj misspelled {count}x"] = source.replace(b" obj", b" ojb", count)
    for cut in (30, 1000, len(source) // 2):
        copies[f"cut {cut} bytes"] = source[:-cut]
    xref = source.rindex(b"\nxref\n")
    for shift in (1, 7):
        table = re.sub(rb"(\d{10}) (\d{5}) n", lambda m: b"%010d %s n" % (int(m[1]) + shift, m[2]), source[xref:])
        copies[f"xref shifted by {shift}"] = source[:xref] + table
    return copies


def test_every_copy_qpdf_finds_damaged_fails_naming_its_first_problem(tmp_path, shop_board):
    """Judged by Debian's qpdf --check, not by the library preflight uses. A copy cut off before its
    trailer cannot be read at all (exit 2, as README says); every other damaged copy is read, and
    fails the syntax check on the problem qpdf names first."""
    assert qpdf_check(shop_board) == (0, None, None)
    damaged = {}
    for name, data in damaged_copies(shop_board.read_bytes()).items():
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(data)
        status, where, what = qpdf_check(path)
        if status != 0:
            damaged[name] = path, where, what
    assert len(damaged) >= 12, sorted(damaged)
    for name, (path, where, what) in damaged.items():
        if name.startswith("cut"):
            with pytest.raises(UserError, match="cannot read it as a PDF"):
                preflight(path)
            continue
        syntax = next(check for check in preflight(path) if check.name == "PDF syntax")
        first = f"{where}: {what}" if where else what
        assert syntax.line().startswith(f"FAIL  PDF syntax: the file is damaged: {first}"), (name, syntax.line())


# --- what PDF/X-1a forbids that a file can hide (a prepress review's copies, made again here) ---

def _stream(writer: PdfWriter, data: bytes, **entries):
    stream = DecodedStreamObject()
    stream.set_data(data)
    stream.update({NameObject(key): value for key, value in entries.items()})
    return writer._add_object(stream)


def _with_resource(kind: str, name: str, value, paint: bytes = b""):
    """An edit that adds one resource to the first page, and content that paints with it."""
    def edit(writer: PdfWriter):
        page = writer.pages[0]
        resources = page["/Resources"].get_object()
        if NameObject(kind) not in resources:
            resources[NameObject(kind)] = DictionaryObject()
        resources[NameObject(kind)].get_object()[NameObject(name)] = value(writer) if callable(value) else value
        content = DecodedStreamObject()
        content.set_data(page.get_contents().get_data() + b"\n" + paint)
        page.replace_contents(content)
    return edit


def _with_content(paint: bytes):
    def edit(writer: PdfWriter):
        page = writer.pages[0]
        content = DecodedStreamObject()
        content.set_data(page.get_contents().get_data() + b"\n" + paint)
        page.replace_contents(content)
    return edit


def _with_root(key: str, value):
    def edit(writer: PdfWriter):
        writer._root_object[NameObject(key)] = value(writer) if callable(value) else value
    return edit


def _rgb_annotation(writer: PdfWriter):
    page = writer.pages[0]
    x0, y0 = (float(v) for v in page.mediabox[:2])
    appearance = _stream(writer, b"1 0 0 rg 0 0 2 2 re f", **{"/Type": NameObject("/XObject"),
                                                              "/Subtype": NameObject("/Form"),
                                                              "/BBox": ArrayObject([NumberObject(0)] * 2 + [NumberObject(2)] * 2)})
    annotation = DictionaryObject({NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Square"),
                                   NameObject("/Rect"): ArrayObject([FloatObject(x0), FloatObject(y0),
                                                                     FloatObject(x0 + 2), FloatObject(y0 + 2)]),
                                   NameObject("/AP"): DictionaryObject({NameObject("/N"): appearance})})
    page[NameObject("/Annots")] = ArrayObject([writer._add_object(annotation)])


def _lab(writer):
    return ArrayObject([NameObject("/Lab"), DictionaryObject({NameObject("/WhitePoint"): ArrayObject(
        [FloatObject(0.9505), FloatObject(1), FloatObject(1.089)])})])


def _icc_cmyk(writer):
    profile = _stream(writer, b"\0" * 128, **{"/N": NumberObject(4)})
    return ArrayObject([NameObject("/ICCBased"), profile])


def _rgb_fallback(writer):
    tint = DictionaryObject({NameObject("/FunctionType"): NumberObject(2), NameObject("/Domain"): ArrayObject(
        [NumberObject(0), NumberObject(1)]), NameObject("/C0"): ArrayObject([NumberObject(1)] * 3),
        NameObject("/C1"): ArrayObject([NumberObject(1), NumberObject(0), NumberObject(1)]), NameObject("/N"): NumberObject(1)})
    return ArrayObject([NameObject("/Separation"), NameObject("/CutContour"), NameObject("/DeviceRGB"), tint])


def _rgb_shading(writer):
    function = DictionaryObject({NameObject("/FunctionType"): NumberObject(2), NameObject("/Domain"): ArrayObject(
        [NumberObject(0), NumberObject(1)]), NameObject("/C0"): ArrayObject([NumberObject(0)] * 3),
        NameObject("/C1"): ArrayObject([NumberObject(1)] * 3), NameObject("/N"): NumberObject(1)})
    return DictionaryObject({NameObject("/ShadingType"): NumberObject(2), NameObject("/ColorSpace"): NameObject("/DeviceRGB"),
                             NameObject("/Coords"): ArrayObject([NumberObject(0)] * 3 + [NumberObject(10)]),
                             NameObject("/Function"): function})


def _cmyk_image(writer):
    return _stream(writer, bytes([255, 255, 255, 255, 0, 0, 0, 0]), **{
        "/Type": NameObject("/XObject"), "/Subtype": NameObject("/Image"), "/Width": NumberObject(2),
        "/Height": NumberObject(1), "/ColorSpace": NameObject("/DeviceCMYK"), "/BitsPerComponent": NumberObject(8)})


def _script(writer):
    return DictionaryObject({NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("app.alert(1)")})


def _form(writer):
    field = writer._add_object(DictionaryObject({NameObject("/FT"): NameObject("/Tx"), NameObject("/T"): TextStringObject("name")}))
    return DictionaryObject({NameObject("/Fields"): ArrayObject([field])})


def _attachment(writer):
    file = _stream(writer, b"hello", **{"/Type": NameObject("/EmbeddedFile")})
    spec = DictionaryObject({NameObject("/Type"): NameObject("/Filespec"), NameObject("/F"): TextStringObject("a.txt"),
                             NameObject("/EF"): DictionaryObject({NameObject("/F"): file})})
    return DictionaryObject({NameObject("/EmbeddedFiles"): DictionaryObject({NameObject("/Names"): ArrayObject(
        [TextStringObject("a.txt"), writer._add_object(spec)])})})


FORBIDDEN = {
    "Lab colour": (_with_resource("/ColorSpace", "/CSL", _lab, b"/CSL cs 50 0 0 sc 0 0 1 1 re f"), "colour spaces"),
    "ICC-based CMYK": (_with_resource("/ColorSpace", "/CSI", _icc_cmyk, b"/CSI cs 0 0 0 1 sc 0 0 1 1 re f"),
                       "colour spaces"),
    "a spot colour falling back to RGB": (_with_resource("/ColorSpace", "/CSS", _rgb_fallback,
                                                         b"/CSS CS 1 SCN 0 0 m 1 1 l S"), "colour spaces"),
    "an RGB shading": (_with_resource("/Shading", "/Sh0", _rgb_shading, b"q 0 0 1 1 re W n /Sh0 sh Q"), "colour spaces"),
    "an inline RGB image": (_with_content(b"q 1 0 0 1 0 0 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xff\x00\x00 EI Q"),
                            "colour spaces"),
    "an RGB annotation appearance": (_rgb_annotation, "colour spaces"),
    "a 400 % CMYK image": (_with_resource("/XObject", "/Im9", _cmyk_image, b"q 1 0 0 1 0 0 cm /Im9 Do Q"), "ink limit"),
    "JavaScript on opening": (_with_root("/OpenAction", _script), "no scripts, forms or attachments"),
    "an interactive form": (_with_root("/AcroForm", _form), "no scripts, forms or attachments"),
    "an embedded file": (_with_root("/Names", _attachment), "no scripts, forms or attachments"),
}


@pytest.mark.parametrize("fault", sorted(FORBIDDEN))
def test_preflight_fails_what_pdfx_1a_forbids_wherever_it_hides(tmp_path, shop_board, fault):
    """Each fault put into a copy of the kit's own shop board, which passes every check. Preflight
    passed all of these: it looked for RGB alone, in page and form content alone, and totalled the
    ink of drawn colours but not of images."""
    edit, check = FORBIDDEN[fault]
    writer = PdfWriter(clone_from=str(shop_board))
    edit(writer)
    path = tmp_path / "faulty.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    failed = {c.name: c.detail for c in preflight(path) if not c.passed}
    assert check in failed, (fault, failed)
    if check == "colour spaces":
        assert "PDF/X identification" in failed
    assert run_cli("preflight", str(path)).returncode == 1
