"""Colour management (issue 29): RGB colours converted through an ICC profile for print-shop files,
the profile embedded in the PDF/X OutputIntent, the ink limit, bad profiles, and the print colours
the checks and the studio see."""

import hashlib
import os
from pathlib import Path
import re
import subprocess
import sys

from conftest import run_cli
import icc_edits
from PIL import Image, ImageCms
import pytest

from generator.colour.checks import check_theme, colour_problems
from generator.colour.icc import CmykConversion, bundled_profile, limit_ink, read_profile
from generator.colour.output_conditions import output_conditions
from generator.colour.print_setup import default_conversion
from generator.colour.proof import GAMUT_DELTA_E, proof
from generator.colour.theme import colour_keys, load_theme, with_overrides
from generator.files.resources import template_path
from generator.jobs.build import BuildOptions, build
from generator.jobs.preflight import _cmyk_colours, _content_streams, preflight
from generator.settings.options import parse_icc

# Ghostscript's CMYK profile (Debian's libgs-common): a real profile from elsewhere. It is AGPL, so
# the tests use it where it is installed and the kit never ships it.
GS_CMYK = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
needs_gs_profile = pytest.mark.skipif(
    not GS_CMYK.is_file(), reason=f"{GS_CMYK} is missing: install Debian's libgs-common (.ci/run does)")
FOGRA39L = template_path("icc", "FOGRA39L_coated.icc")
DERIVED = {"A.group1": "#2e86de", "B.group2": "#e67e22", "board.dark": "#6d4c41"}   # given as RGB only


def littlecms_cmyk(profile: Path, hexes: list[str], intent=ImageCms.Intent.RELATIVE_COLORIMETRIC) -> list[tuple]:
    """LittleCMS's own answer, straight from Pillow: sRGB -> CMYK with black-point compensation, 0-1."""
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(profile)),
                                        "RGB", "CMYK", renderingIntent=intent,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    image = Image.new("RGB", (len(hexes), 1))
    for x, value in enumerate(hexes):
        image.putpixel((x, 0), tuple(int(value[i:i + 2], 16) for i in (1, 3, 5)))
    out = transform.apply(image).tobytes()
    return [tuple(b / 255 for b in out[i:i + 4]) for i in range(0, len(out), 4)]


def pdf_cmyk(path: Path) -> set[tuple]:
    """Every CMYK colour the file's content streams set, rounded as the PDF writes them (6 places)."""
    from pypdf import PdfReader

    return {tuple(round(v, 6) for v in values) for _, *values in _cmyk_colours(_content_streams(PdfReader(path)))}


def rounded(cmyk) -> tuple:
    return tuple(round(v, 6) for v in cmyk)


# --- the bundled profiles --------------------------------------------------------------------

@pytest.mark.parametrize("name", [n for n, d in output_conditions().items() if "profile" in d])
def test_bundled_profiles_are_colord_s_files_as_recorded(name):
    details = output_conditions()[name]
    path = template_path("icc", details["profile"])
    data = path.read_bytes()
    licence = template_path("icc", "LICENSE-colord-profiles.txt").read_text()
    assert hashlib.sha256(data).hexdigest() in licence and "CC0-1.0" in licence and "CGATS TR 006" in licence
    assert data[12:20] == b"prtrCMYK" and data[8:10] == b"\x02\x20"          # output class, CMYK, ICC 2.2
    opened = ImageCms.getOpenProfile(str(path)).profile
    assert opened.profile_description == details["profile_description"]
    assert read_profile(path).description == bundled_profile(details["profile"], details["profile_description"]).description


# --- a shop build through a real profile from elsewhere ----------------------------------------

@pytest.fixture(scope="module")
def gs_shop(tmp_path_factory):
    if not GS_CMYK.is_file():
        pytest.skip(f"{GS_CMYK} is missing: install Debian's libgs-common (.ci/run does)")
    out = tmp_path_factory.mktemp("gs-shop")
    colours = [arg for key, value in DERIVED.items() for arg in ("--colour", f"{key}={value}")]
    result = run_cli("build", "--target", "shop", "--sets", "A,B", "--books", "open", "--icc", str(GS_CMYK),
                     *colours, "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out, result


@needs_gs_profile
def test_derived_cmyk_in_the_pdf_is_littlecms_answer(gs_shop):
    out, _ = gs_shop
    expected = dict(zip(DERIVED, littlecms_cmyk(GS_CMYK, list(DERIVED.values()))))
    tiles = pdf_cmyk(out / "shop-tiles-A.pdf") | pdf_cmyk(out / "shop-tiles-B.pdf")
    assert rounded(expected["A.group1"]) in tiles and rounded(expected["B.group2"]) in tiles
    assert rounded(expected["board.dark"]) in pdf_cmyk(out / "shop-board.pdf")
    naive = tuple(v / 100 for v in load_theme("classic").colour("tile.face").cmyk)
    assert rounded(naive) not in tiles             # RGB-only tile.face went through the profile too
    # The values are 8-bit steps: LittleCMS's bytes exactly, not rounded to 0.1 %.
    assert all(abs(v * 255 - round(v * 255)) < 1e-4 for v in expected["A.group1"])


@needs_gs_profile
def test_stated_cmyk_stays_exactly_as_stated(gs_shop):
    out, _ = gs_shop
    theme = load_theme("classic")
    tiles = pdf_cmyk(out / "shop-tiles-A.pdf") | pdf_cmyk(out / "shop-tiles-B.pdf")
    for key in ("tile.digit", "A.group2", "B.group1", "back.background"):
        colour = theme.colour_named(key)
        assert not colour.derived and rounded(v / 100 for v in colour.cmyk) in tiles, key
    assert (0.0, 0.0, 0.0, 1.0) in tiles                                        # black pips: 100 % K


@needs_gs_profile
def test_the_profile_is_embedded_and_preflight_passes(gs_shop):
    from pypdf import PdfReader

    out, result = gs_shop
    assert f"CMYK through {GS_CMYK.name} (relative colorimetric, BPC, total ink at most 300 %)" in result.stdout
    for path in sorted(out.glob("*.pdf")):
        intent = PdfReader(path).trailer["/Root"]["/OutputIntents"][0].get_object()
        stream = intent["/DestOutputProfile"].get_object()
        assert stream.get_data() == GS_CMYK.read_bytes() and stream["/N"] == 4, path.name
        # Ghostscript's profile names no registered condition: the profile itself defines it.
        assert intent["/OutputConditionIdentifier"] == "Custom" and intent["/Info"] == "Artifex CMYK SWOP Profile"
    checked = run_cli("preflight", *(str(p) for p in sorted(out.glob("*.pdf"))))
    assert checked.returncode == 0 and "FAIL" not in checked.stdout, checked.stdout
    assert "profile 'Artifex CMYK SWOP Profile' embedded (CMYK output, ICC 2.1)" in checked.stdout


@needs_gs_profile
def test_a_build_through_a_profile_is_byte_identical_in_another_process(tmp_path):
    build(BuildOptions(out=tmp_path / "here", target="shop", sets=("A",), booklet_langs=(), icc=GS_CMYK,
                       colour_overrides=(("A.group1", "#2e86de"),)))
    result = run_cli("build", "--target", "shop", "--sets", "A", "--books", "open", "--icc", str(GS_CMYK),
                     "--colour", "A.group1=#2e86de", "--out", str(tmp_path / "there"), fresh=True)
    assert result.returncode == 0, result.stderr
    for path in sorted((tmp_path / "here").glob("shop-*.pdf")):
        assert (tmp_path / "there" / path.name).read_bytes() == path.read_bytes(), path.name


@needs_gs_profile
def test_a_profile_from_the_config_file_is_relative_to_it(tmp_path):
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "press.icc").write_bytes(GS_CMYK.read_bytes())
    (tmp_path / "opendomino.toml").write_text('icc = "shop/press.icc"\nintent = "perceptual"\n')
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "print condition: Custom, profile press.icc (Artifex CMYK SWOP Profile) embedded; " \
           "CMYK through press.icc (perceptual, BPC" in result.stdout


# --- without --icc ---------------------------------------------------------------------------

def test_without_icc_the_bundled_profile_converts_and_the_summary_says_so(tmp_path):
    result = run_cli("build", "--target", "shop", "--sets", "C", "--books", "open", "--colour", "A.group1=#2e86de",
                     "--out", str(tmp_path / "fogra"))
    assert result.returncode == 0, result.stderr
    assert "CMYK through FOGRA39L_coated.icc (relative colorimetric, BPC, total ink at most 300 %)" in result.stdout
    from pypdf import PdfReader

    intent = PdfReader(tmp_path / "fogra" / "shop-board.pdf").trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/OutputConditionIdentifier"] == "FOGRA39" and intent["/Info"] == "FOGRA39L Coated"
    assert intent["/DestOutputProfile"].get_object().get_data() == FOGRA39L.read_bytes()
    # A condition the kit has no free profile for: the naive formula, said plainly, nothing embedded.
    result = run_cli("build", "--target", "shop", "--sets", "C", "--books", "open", "--output-condition",
                     "CGATS TR 001", "--out", str(tmp_path / "swop"))
    assert result.returncode == 0, result.stderr
    assert ("CMYK by formula (the kit has no free profile for CGATS TR 001); give --icc with the shop's profile"
            in result.stdout)
    intent = PdfReader(tmp_path / "swop" / "shop-board.pdf").trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001" and "/DestOutputProfile" not in intent


def test_gracol_condition_brings_its_own_profile(tmp_path):
    build(BuildOptions(out=tmp_path, target="shop", sets=("C",), booklet_langs=(), output_condition="CGATS TR 006",
                       colour_overrides=(("C.group1", "#2e86de"),)))
    from pypdf import PdfReader

    intent = PdfReader(tmp_path / "shop-tiles-C.pdf").trailer["/Root"]["/OutputIntents"][0].get_object()
    gracol = template_path("icc", "GRACoL_TR006_coated.icc")
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 006"
    assert intent["/DestOutputProfile"].get_object().get_data() == gracol.read_bytes()
    assert rounded(littlecms_cmyk(gracol, ["#2e86de"])[0]) in pdf_cmyk(tmp_path / "shop-tiles-C.pdf")
    assert all(c.passed for c in preflight(tmp_path / "shop-tiles-C.pdf"))


# --- the ink limit ---------------------------------------------------------------------------

def test_max_ink_is_enforced_on_converted_colours(tmp_path):
    """Black given as RGB converts to 79/70/53/98 on FOGRA39L (300 %); at 240 % K stays, C, M, Y shrink."""
    options = BuildOptions(out=tmp_path, target="shop", sets=("A",), booklet_langs=(), max_ink=240,
                           colour_overrides=(("tile.digit", "#000000"), ("A.group1", "#101830")))
    build(options)
    fills = pdf_cmyk(tmp_path / "shop-tiles-A.pdf")
    assert max(sum(f) for f in fills) <= 2.40 + 1e-6
    black = littlecms_cmyk(FOGRA39L, ["#000000"])[0]
    limited = [f for f in fills if f[3] == rounded(black)[3] and f[0] > 0]
    assert limited and all(abs(sum(f) - 2.40) < 1e-3 for f in limited)
    assert limited[0][0] / limited[0][1] == pytest.approx(black[0] / black[1], rel=1e-3)   # C, M, Y scaled together
    ink = next(c for c in preflight(tmp_path / "shop-tiles-A.pdf", max_ink=240) if c.name == "ink limit")
    assert ink.passed and re.search(r"highest total ink 2(39\.\d|40) %", ink.detail), ink.detail
    assert not next(c for c in preflight(tmp_path / "shop-tiles-A.pdf", max_ink=230) if c.name == "ink limit").passed


def test_max_ink_holds_for_the_formula_too(tmp_path):
    """A condition without a bundled profile converts by the naive formula: the limit holds there too."""
    build(BuildOptions(out=tmp_path, target="shop", sets=("A",), booklet_langs=(), output_condition="CGATS TR 001",
                       max_ink=180, colour_overrides=(("A.group1", "#800000"),)))     # naive: 0/100/100/49.8
    fills = pdf_cmyk(tmp_path / "shop-tiles-A.pdf")
    assert (0.0, 0.651, 0.651, 0.498) in fills and max(sum(f) for f in fills) <= 1.80 + 1e-6


def test_limit_ink_keeps_black_and_never_exceeds():
    assert limit_ink((79.2, 69.8, 53.3, 97.6), 280) == pytest.approx((71.4, 62.9, 48.0, 97.6), abs=0.1)
    assert sum(limit_ink((79.2, 69.8, 53.3, 97.6), 280)) <= 280
    assert limit_ink((10, 20, 30, 40), 300) == (10, 20, 30, 40)
    assert limit_ink((50, 50, 50, 100), 100) == (0.0, 0.0, 0.0, 100)


# --- bad profiles: one line, status 2 ----------------------------------------------------------

def _patched(tmp_path, name, offset, value):
    data = bytearray(FOGRA39L.read_bytes())
    data[offset:offset + len(value)] = value
    path = tmp_path / name
    path.write_bytes(bytes(data))
    return path


def bad_profiles(tmp_path) -> dict[str, tuple[Path, str]]:
    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    garbage = tmp_path / "garbage.icc"
    garbage.write_bytes(os.urandom(4000))
    cut = tmp_path / "cut.icc"
    cut.write_bytes(FOGRA39L.read_bytes()[:60000])
    scrambled = bytearray(FOGRA39L.read_bytes())
    scrambled[132:4000] = os.urandom(3868)                 # a sound header over a broken tag table
    (tmp_path / "scrambled.icc").write_bytes(bytes(scrambled))
    fifo = tmp_path / "pipe.icc"
    os.mkfifo(fifo)
    large = tmp_path / "large.icc"
    with open(large, "wb") as handle:
        handle.truncate(11_000_000)
    return {
        "display": (srgb, "is a display profile, not a printer's output profile"),
        "input": (_patched(tmp_path, "scanner.icc", 12, b"scnr"), "is an input (scanner or camera) profile"),
        "rgb output": (_patched(tmp_path, "rgb.icc", 16, b"RGB "), "is an output profile for RGB colour, not for CMYK"),
        "version 4": (_patched(tmp_path, "v4.icc", 8, b"\x04\x30"), "is an ICC version 4.3 profile; PDF/X-1a"),
        "garbage": (garbage, "is not an ICC profile"),
        "cut short": (cut, "is cut short: its header says 121908 bytes, the file has 60000"),
        "unreadable": (tmp_path / "scrambled.icc", "LittleCMS cannot convert sRGB into it"),
        "fifo": (fifo, "is a named pipe (FIFO), not an ICC profile"),
        "too large": (large, "is 11 MB, more than an ICC profile can be (at most 10 MB)"),
        "missing": (tmp_path / "nothing.icc", "nothing.icc: file not found"),
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_bad_profiles_give_one_line(tmp_path):
    for case, (path, words) in bad_profiles(tmp_path).items():
        result = run_cli("build", "--target", "shop", "--icc", str(path), "--out", str(tmp_path / "out"))
        assert result.returncode == 2, (case, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("opendomino: error: --icc: "), (case, lines)
        assert words in lines[0] and "print shop hands out" in lines[0], (case, lines[0])
        assert not (tmp_path / "out").exists(), case
    config = tmp_path / "opendomino.toml"
    config.write_text('icc = "srgb.icc"\n')
    result = run_cli("check", "--config", str(config))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "opendomino.toml: icc: " in result.stderr and "is a display profile" in result.stderr


# --- profiles broken inside their tag tables -----------------------------------------------------
# LittleCMS reads a profile's tables only when a transform is built. The check builds, when the
# options are read, the two a run converts with: sRGB -> CMYK in the run's intent (B2A0 perceptual,
# B2A1 relative and absolute, B2A2 saturation; without its own table LittleCMS takes B2A0) and
# CMYK -> screen for the proof (A2B1, else A2B0).

SOURCES = {"FOGRA39L": FOGRA39L, "ghostscript": GS_CMYK}
BROKEN = {      # case: (edit, --intent, words of the one line)
    "no B2A0": (lambda d: icc_edits.renamed(d, b"B2A0", b"zB2A"), "perceptual",
                "with --intent perceptual: its perceptual-intent table (B2A0) is missing; choose --intent relative"),
    "B2A0 past the end": (lambda d: icc_edits.pointed_past_the_end(d, b"B2A0"), "perceptual",
                          "its perceptual-intent table (B2A0) lies past the end of the file; choose --intent relative"),
    "A2B1 damaged": (lambda d: icc_edits.smashed(d, b"A2B1"), "relative",
                     "cannot turn its CMYK back into screen colour (for the soft proof and the print colour checks): "
                     "its relative-intent table (A2B1) is damaged; give the CMYK output profile"),
    "cut inside B2A1": (lambda d: icc_edits.cut_inside(d, b"B2A1"), "relative",
                        "with --intent relative: its relative-intent table (B2A1) and the perceptual one (B2A0) "
                        "LittleCMS would use instead both lie past the end of the file; give the CMYK output profile"),
}
REFUSING = {    # command: its arguments before --icc (the studio must refuse before it listens)
    "check": ["check"],
    "config": ["config"],
    "shop build": ["build", "--target", "shop", "--sets", "A", "--out", "OUT"],
    "product build": ["build", "--target", "shop", "--product", "tgc-domino-tile", "--sets", "A", "--out", "OUT"],
    "studio": ["studio", "--no-browser"],
}


def source_data(source: str) -> bytes:
    if not SOURCES[source].is_file():
        pytest.skip(f"{GS_CMYK} is missing: install Debian's libgs-common (.ci/run does)")
    return SOURCES[source].read_bytes()


def broken_profile(folder: Path, source: str, case: str) -> Path:
    path = folder / f"{source}-{case.replace(' ', '-')}.icc"
    path.write_bytes(BROKEN[case][0](source_data(source)))
    return path


def _never_listen(*args, **kwargs):
    raise AssertionError("the studio started with a profile it cannot convert with")


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", BROKEN)
def test_a_profile_without_a_table_the_run_needs_is_refused_by_every_command(tmp_path, source, case):
    """In this process, the drawing steps stubbed out (they must never be reached)."""
    from test_fuzz import STUBS, run_in_process

    path = broken_profile(tmp_path, source, case)
    _, intent, words = BROKEN[case]
    for command, head in REFUSING.items():
        argv = [arg.replace("OUT", str(tmp_path / "out")) for arg in head] + ["--icc", str(path), "--intent", intent]
        status, _, err = run_in_process(argv, {**STUBS, "generator.studio.server.make_server": _never_listen})
        lines = err.strip().splitlines()
        assert status == 2 and len(lines) == 1, (command, status, err)
        assert lines[0].startswith(f"opendomino: error: --icc: {path}: LittleCMS cannot ") and words in lines[0], \
            (command, lines[0])
        assert not (tmp_path / "out").exists(), command


def test_the_refusal_on_the_real_command_line_and_from_the_config_file(tmp_path):
    path = broken_profile(tmp_path, "FOGRA39L", "no B2A0")
    result = run_cli("build", "--target", "shop", "--intent", "perceptual", "--icc", str(path),
                     "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert BROKEN["no B2A0"][2] in result.stderr and not (tmp_path / "out").exists()
    studio = subprocess.run([sys.executable, "-m", "generator", "studio", "--no-browser", "--port", "0", "--icc",
                             str(path), "--intent", "perceptual"], capture_output=True, text=True, timeout=120)
    assert studio.returncode == 2 and studio.stdout == "" and studio.stderr.count("\n") == 1, studio.stderr
    assert "its perceptual-intent table (B2A0) is missing" in studio.stderr
    (tmp_path / "opendomino.toml").write_text(f'icc = "{path.name}"\nintent = "perceptual"\n')
    result = run_cli("export", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"opendomino: error: opendomino.toml: icc: {path.name}: LittleCMS cannot convert")


@pytest.mark.parametrize("source", SOURCES)
def test_what_littlecms_can_still_convert_with_is_accepted_and_converts_as_littlecms_does(tmp_path, source):
    """Without B2A0, relative colorimetric still reads B2A1 (and saturation falls back on B2A0 when
    B2A2 is gone); a tag whose entry declares fewer bytes than its data is read whole."""
    from test_fuzz import run_in_process

    data = source_data(source)
    colours = ["#2e86de", "#e67e22", "#6d4c41"]
    for name, edited, intent, reads in (
            ("no-B2A0.icc", icc_edits.renamed(data, b"B2A0", b"zB2A"), "relative", ImageCms.Intent.RELATIVE_COLORIMETRIC),
            ("no-B2A2.icc", icc_edits.renamed(data, b"B2A2", b"zB2A"), "saturation", ImageCms.Intent.SATURATION),
            ("short-B2A1.icc", icc_edits.resized(data, b"B2A1", 20), "relative", ImageCms.Intent.RELATIVE_COLORIMETRIC)):
        path = tmp_path / name
        path.write_bytes(edited)
        status, _, err = run_in_process(["config", "--icc", str(path), "--intent", intent])
        assert status == 0 and "error" not in err, (name, err)
        ours = CmykConversion(read_profile(path, intent=intent), intent).cmyk_of(colours)
        theirs = littlecms_cmyk(path, colours, reads)
        assert [v / 100 for c in ours for v in c] == pytest.approx([v for c in theirs for v in c], abs=1e-9), name
    assert littlecms_cmyk(tmp_path / "short-B2A1.icc", colours) == littlecms_cmyk(SOURCES[source], colours)


def test_an_unreadable_description_or_target_falls_back_to_the_file_name(tmp_path):
    data = FOGRA39L.read_bytes()
    description = tmp_path / "no-words.icc"
    description.write_bytes(icc_edits.smashed(data, b"desc", 12, 40))         # its text: not Unicode
    target = tmp_path / "bad-target.icc"
    target.write_bytes(icc_edits.smashed(icc_edits.renamed(data, b"cprt", b"targ"), b"targ", 8, 32))
    with pytest.raises(ValueError):             # what Pillow does with them
        ImageCms.getOpenProfile(str(description)).profile.profile_description
    with pytest.raises(ValueError):
        ImageCms.getOpenProfile(str(target)).profile.target
    result = run_cli("check", "--icc", str(description))
    assert result.returncode == 0 and "profile no-words.icc (no-words) embedded" in result.stdout, result.stderr
    assert read_profile(target).target is None and read_profile(target).description == "FOGRA39L Coated"


@needs_gs_profile
def test_the_check_builds_each_transform_once_and_the_run_uses_them():
    """Building a transform costs 20 to 80 ms: the check's two are the ones the conversions use."""
    from unittest import mock

    from test_fuzz import run_in_process

    with mock.patch.object(ImageCms, "buildTransform", wraps=ImageCms.buildTransform) as built:
        status, _, err = run_in_process(["check", "--icc", str(GS_CMYK), "--intent", "saturation"])
    assert status == 0, err
    directions = sorted((call.args[2], call.args[3], call.kwargs["renderingIntent"]) for call in built.call_args_list)
    assert directions == [("CMYK", "RGB", ImageCms.Intent.RELATIVE_COLORIMETRIC),
                          ("RGB", "CMYK", ImageCms.Intent.SATURATION)]


def test_a_condition_that_contradicts_the_profile_is_refused(tmp_path):
    gracol = template_path("icc", "GRACoL_TR006_coated.icc")
    result = run_cli("check", "--icc", str(gracol), "--output-condition", "FOGRA39")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "--output-condition FOGRA39 does not match --icc GRACoL_TR006_coated.icc, a profile for CGATS TR 006" \
        in result.stderr


def test_preflight_fails_an_identifier_that_contradicts_the_embedded_profile(tmp_path):
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, NumberObject, TextStringObject

    build(BuildOptions(out=tmp_path, target="shop", sets=("C",), booklet_langs=()))
    good = tmp_path / "shop-board.pdf"
    assert all(c.passed for c in preflight(good))
    for change, words in ((("/OutputConditionIdentifier", TextStringObject("CGATS TR 006")),
                           "output intent CGATS TR 006 does not match its embedded profile 'FOGRA39L Coated', "
                           "which is for FOGRA39"),
                          (("/N", NumberObject(3)), "stream says /N 3, not 4")):
        writer = PdfWriter(clone_from=PdfReader(good))
        intent = writer._root_object["/OutputIntents"][0].get_object()
        target = intent["/DestOutputProfile"].get_object() if change[0] == "/N" else intent
        target[NameObject(change[0])] = change[1]
        bad = tmp_path / "bad.pdf"
        with open(bad, "wb") as handle:
            writer.write(handle)
        pdfx = next(c for c in preflight(bad) if c.name == "PDF/X identification")
        assert not pdfx.passed and words in pdfx.detail, pdfx.detail


# --- print colours: the checks and the soft proof ----------------------------------------------

def test_a_pair_distinct_on_screen_that_merges_in_print_is_reported():
    """Two greens ΔE 10.6 apart on screen are both beyond what FOGRA39 can print: printed, 3.6 apart."""
    theme = with_overrides(load_theme("classic"), (("board.light", "#00ff00"), ("board.dark", "#00d000")))
    normal = {f.printed: f for f in check_theme(theme) if f.rule == "board" and "normal vision" in f.subject}
    assert normal[False].passed and not normal[True].passed
    problems = colour_problems(theme)
    assert any("board.light" in p and "printed in CMYK" in p and "normal vision" in p for p in problems), problems


def test_the_soft_proof_marks_colours_out_of_gamut():
    theme = with_overrides(load_theme("classic"), (("A.group1", "#0000ff"), ("A.group2", "#808080")))
    proofed = proof(theme, colour_keys(), default_conversion())
    blue, grey = proofed["A.group1"], proofed["A.group2"]
    assert blue.derived and blue.marked and blue.delta_e > 15 and blue.printed != "#0000ff"
    assert grey.derived and not grey.marked and grey.delta_e < GAMUT_DELTA_E
    assert proofed["tile.digit"].cmyk == (0, 0, 0, 100) and not proofed["tile.digit"].derived


def test_conversion_in_one_batch_equals_one_by_one():
    conversion = CmykConversion(read_profile(FOGRA39L))
    colours = ["#2e86de", "#000000", "#ffffff", "#6d4c41", "#00ff00"]
    assert conversion.cmyk_of(colours) == [conversion.cmyk_of([c])[0] for c in colours]
    ours = [v / 100 for c in conversion.cmyk_of(colours) for v in c]
    assert ours == pytest.approx([v for c in littlecms_cmyk(FOGRA39L, colours) for v in c], abs=1e-9)


def test_the_printed_look_is_littlecms_answer():
    """CMYK -> screen sRGB, how a colour looks printed (the soft proof, the checks of printed colours):
    LittleCMS's own answer through the profile, relative colorimetric with black-point compensation.
    Percentages in steps of 20 are whole 8-bit steps (20 % = 51), so no rounding stands between."""
    cmyks = [(100, 0, 0, 0), (0, 100, 0, 0), (0, 0, 100, 0), (0, 0, 0, 100), (60, 40, 20, 80), (0, 0, 0, 0)]
    transform = ImageCms.buildTransform(ImageCms.getOpenProfile(str(FOGRA39L)), ImageCms.createProfile("sRGB"),
                                        "CMYK", "RGB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    image = Image.new("CMYK", (len(cmyks), 1))
    for x, cmyk in enumerate(cmyks):
        image.putpixel((x, 0), tuple(v * 255 // 100 for v in cmyk))
    looks = transform.apply(image)
    expected = ["#%02x%02x%02x" % looks.getpixel((x, 0)) for x in range(len(cmyks))]
    assert CmykConversion(read_profile(FOGRA39L)).printed_hex(cmyks) == expected
    assert expected[-1] == "#ffffff"                # paper white shows as screen white


def test_parse_icc_needs_no_littlecms_for_help():
    """--help must not pay for PIL.ImageCms (~65 ms): it is imported by the first conversion only."""
    code = ("import sys; from generator.commands.main import main\n"
            "try:\n    main(['build', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('PIL')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"
    assert parse_icc(str(FOGRA39L)) == FOGRA39L


def test_a_cmyk_override_stays_exactly_as_written_in_a_shop_file(tmp_path):
    """`--colour KEY=cmyk(c,m,y,k)` states the print colour: the shop file paints those four
    numbers, not the profile's answer for the screen colour made from them."""
    from generator.colour.theme import parse_override
    from generator.jobs.shop import build_shop_tiles
    from generator.settings.build_options import BuildReport

    options = BuildOptions(out=tmp_path, target="shop", sets=("A",),
                           colour_overrides=(parse_override("A.group1=cmyk(10,90,80,5)"),))
    build_shop_tiles(options, BuildReport())
    assert (0.1, 0.9, 0.8, 0.05) in pdf_cmyk(tmp_path / "shop-tiles-A.pdf")
