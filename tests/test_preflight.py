"""Preflight and what a print shop refuses (issue 26, items 9 and 10): encrypted files fail on
their /Encrypt entry without being decrypted, and the ink limit says when it does not apply.
Issue 37: a file qpdf finds damaged fails, its first problem named."""

from pathlib import Path
import re
import secrets
import zlib

from conftest import qpdf_check, run_cli
from pypdf import PdfWriter
from pypdf.generic import ByteStringObject, DecodedStreamObject, DictionaryObject, NameObject, NumberObject
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
