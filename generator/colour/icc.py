"""ICC colour management: sRGB to CMYK through a print shop's output profile, with LittleCMS.

An output profile describes one press, paper and set of inks: which CMYK mix prints which
colour. Converting through it (LittleCMS, through Pillow's ImageCms) gives the CMYK that prints
closest to the screen colour on that press; converting back shows how a CMYK value will look
printed (the soft proof).

- read_profile: a CMYK output profile from a file, checked (an ICC file, class 'prtr', data
  space CMYK, version 2 as PDF/X-1a embeds) and, given the run's rendering intent, with every
  transform the run converts with built at once; every problem is one line.
- CmykConversion: how a run turns sRGB into CMYK (profile, rendering intent, black-point
  compensation, total ink limit), and back again for the proof. Colours go through LittleCMS in
  one N x 1 image per call (each call costs ~2.5 ms whatever its size), and every transform is
  built once per process and cached (20 to 80 ms each).

PIL.ImageCms takes ~65 ms to import, so it is imported on first use only.
"""

from functools import cache, cached_property
import hashlib
import io
from pathlib import Path

from msgspec import Struct

from generator.colour.icc_tables import unreadable_table
from generator.errors import UserError, printable
from generator.files.bounded_read import read_bytes
from generator.words import N_, _

INTENTS = ("perceptual", "relative", "saturation", "absolute")
INTENT_NAMES = {"perceptual": N_("perceptual"), "relative": N_("relative colorimetric"),     # translated
                "saturation": N_("saturation"), "absolute": N_("absolute colorimetric")}          # where said
DEFAULT_MAX_INK = 300.0
_CLASS_NAMES = {b"mntr": N_("a display"), b"scnr": N_("an input (scanner or camera)"), b"link": N_("a device link"),
                b"spac": N_("a colour space conversion"), b"abst": N_("an abstract"), b"nmcl": N_("a named colour")}
_FIX = N_("give the CMYK output profile (.icc) your print shop hands out")


@cache
def lcms():
    """Pillow's Image and ImageCms, imported on first use."""
    from PIL import Image, ImageCms
    return Image, ImageCms


def header_problem(data: bytes) -> str | None:
    """What keeps `data` from being a CMYK output profile PDF/X-1a can embed, read from the
    128-byte header alone (no LittleCMS needed: preflight uses it too); None if nothing."""
    if len(data) < 132 or data[36:40] != b"acsp":
        return _("is not an ICC profile (no 'acsp' signature in its header)")
    declared = int.from_bytes(data[0:4], "big")
    if declared > len(data):
        return _("is cut short: its header says {declared} bytes, the file has {size}").format(
            declared=declared, size=len(data))
    device_class, space = data[12:16], data[16:20]
    if device_class != b"prtr":
        what = _(_CLASS_NAMES[device_class]) if device_class in _CLASS_NAMES else repr(
            device_class.decode("latin-1").strip())
        return _("is {what} profile, not a printer's output profile").format(what=what)
    if space != b"CMYK":
        return _("is an output profile for {space} colour, not for CMYK").format(
            space=space.decode("latin-1").strip() or _("no"))
    if data[8] >= 4:
        return _("is an ICC version {major}.{minor} profile; PDF/X-1a files (PDF 1.4) embed version 2 "
                 "profiles only: ask the shop for its version 2 profile").format(major=data[8], minor=data[9] >> 4)
    return None


class OutputProfile(Struct, frozen=True, dict=True):      # dict: room for the cached sha256
    """A CMYK output profile, checked. `description` is its 'desc' tag, e.g. "FOGRA39L Coated"."""
    file_name: str
    data: bytes
    description: str
    bundled: bool = False

    @cached_property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def target(self) -> str | None:
        """The registered characterisation data the profile names in its 'targ' tag, if any (none
        if the tag cannot be read: it only names the condition)."""
        try:
            return lcms()[1].ImageCmsProfile(io.BytesIO(self.data)).profile.target
        except ValueError:          # text that is not text, e.g. code points past U+10FFFF
            return None


def _opened(data: bytes, where: str):
    """The profile as LittleCMS reads it, or a one-line UserError."""
    ImageCms = lcms()[1]
    try:
        return ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError, ValueError) as error:
        reason = " ".join(str(error).split())[:100]
        raise UserError(_("{where} cannot be read as an ICC profile ({reason}); {fix}").format(
            where=where, reason=reason, fix=_(_FIX))) from None


_READ: dict[Path, tuple[OutputProfile, str]] = {}      # path -> the profile, how messages name it


def read_profile(path: Path, where: str = "--icc", intent: str | None = None) -> OutputProfile:
    """A user's CMYK output profile, read through the bounded gate and checked: header, LittleCMS
    can read it, and, with the run's rendering `intent`, every transform the run converts with can
    be built (see check_transforms). Read once per process; `where` names the option or config key
    in a message."""
    path = Path(path)
    if path not in _READ:
        named = f"{where}: {printable(path)}"
        _READ[path] = _read_profile(path, where, named), named
    profile, named = _READ[path]
    if intent is not None:
        check_transforms(profile, intent, named)
    return profile


def _read_profile(path: Path, where: str, named: str) -> OutputProfile:
    try:
        data = read_bytes(path, "icc")
    except FileNotFoundError:
        raise UserError(_("{named}: file not found; {fix}").format(named=named, fix=_(_FIX))) from None
    except OSError as error:
        raise UserError(_("{named}: cannot read it ({strerror}); {fix}").format(
            named=named, strerror=error.strerror, fix=_(_FIX))) from None
    except UserError as error:              # not a regular file, or too large: say which option named it
        raise UserError(f"{where}: {str(error).replace(str(path), printable(path))}") from None
    problem = header_problem(data)
    if problem:
        raise UserError(_("{named} {problem}; {fix}").format(named=named, problem=problem, fix=_(_FIX)))
    opened = _opened(data, named)
    try:
        description = opened.profile.profile_description
    except ValueError:        # a 'desc' tag that is not text: only the PDF's OutputIntent names it
        description = None
    return OutputProfile(path.name, data, printable(" ".join((description or path.stem).split())))


def check_transforms(profile: OutputProfile, intent: str, named: str) -> None:
    """Build every transform a run with `intent` converts with: sRGB -> CMYK in that intent (shop
    files, print colours) and CMYK -> screen (the soft proof and the print colour checks). LittleCMS
    reads a profile's tables only when a transform is built, so a missing or damaged one shows
    here, in one line naming it, and not in the middle of a build. They stay cached for the run."""
    why = _cannot_build(profile, "forward", intent)
    if why:
        others = [other for other in INTENTS if other != intent and not _cannot_build(profile, "forward", other)]
        named_others = " or ".join(filter(None, (", ".join(others[:-1]), others[-1]))) if others else ""
        fix = (_("choose --intent {intents}, or give another profile").format(intents=named_others)
               if others and not _cannot_build(profile, "back") else _(_FIX))
        raise UserError(_("{named}: LittleCMS cannot convert sRGB into it with --intent {intent}: {why}; {fix}").format(
            named=named, intent=intent, why=why, fix=fix))
    why = _cannot_build(profile, "back")
    if why:
        raise UserError(_("{named}: LittleCMS cannot turn its CMYK back into screen colour (for the soft proof "
                          "and the print colour checks): {why}; {fix}").format(named=named, why=why, fix=_(_FIX)))


def _cannot_build(profile: OutputProfile, direction: str, intent: str = "relative") -> str | None:
    """Why the transform cannot be built (the table LittleCMS needs), or None once it is built."""
    try:       # called as the conversions call it, so that they find it in the cache
        _transform(profile, "forward", intent) if direction == "forward" else _transform(profile, "back")
    except lcms()[1].PyCMSError:
        return unreadable_table(profile.data, direction, intent if direction == "forward" else "relative")
    return None


@cache
def bundled_profile(file_name: str, description: str) -> OutputProfile:
    """A profile the kit ships (templates/icc/); its description comes from output_conditions.toml,
    so a build that converts nothing never loads LittleCMS."""
    from generator.files.resources import template_path

    return OutputProfile(file_name, read_bytes(template_path("icc", file_name), "icc"), description, bundled=True)


@cache
def _srgb():
    return lcms()[1].createProfile("sRGB")


@cache
def _transform(profile: OutputProfile, direction: str, intent: str = "relative"):
    """sRGB -> CMYK ("forward", in `intent`, with black-point compensation unless absolute), or
    CMYK -> sRGB ("back", relative colorimetric with it, as a soft proof is usually viewed: paper
    white shows as screen white and the press's deepest black as screen black, so 100 % K alone
    shows as the dark grey it prints beside a four-colour black)."""
    _, ImageCms = lcms()
    opened = ImageCms.ImageCmsProfile(io.BytesIO(profile.data))
    if direction == "forward":
        flags = ImageCms.Flags.NONE if intent == "absolute" else ImageCms.Flags.BLACKPOINTCOMPENSATION
        return ImageCms.buildTransform(_srgb(), opened, "RGB", "CMYK",
                                       renderingIntent=ImageCms.Intent(INTENTS.index(intent)), flags=flags)
    return ImageCms.buildTransform(opened, _srgb(), "CMYK", "RGB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def _through(transform, mode: str, pixels: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Every pixel through one transform in one call: an N x 1 image."""
    Image, _ = lcms()
    image = Image.frombytes(mode, (len(pixels), 1), bytes(v for pixel in pixels for v in pixel))
    out = transform.apply(image).tobytes()
    size = len(out) // len(pixels)
    return [tuple(out[i:i + size]) for i in range(0, len(out), size)]


def _rgb(hex_value: str) -> tuple[int, int, int]:
    value = hex_value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def limit_ink(cmyk: tuple[float, ...], max_ink: float) -> tuple[float, ...]:
    """CMYK percent with at most `max_ink` % in total: K is kept (it carries the darkness and
    prints sharp), C, M and Y shrink together. Only the darkest colours reach the limit; FOGRA39L's
    black at 280 % instead of 300 % moves by ΔE2000 1.3 as printed."""
    c, m, y, k = cmyk
    if c + m + y + k <= max_ink + 1e-9:
        return cmyk
    if k >= max_ink:
        return (0.0, 0.0, 0.0, max_ink)
    factor = (max_ink - k) / (c + m + y)
    # floor at 1/10000 %: rounding must never push the total back over the limit
    return tuple(int(v * factor * 10000) / 10000 for v in (c, m, y)) + (k,)


class CmykConversion(Struct, frozen=True):
    """How a run makes CMYK from sRGB: through `profile`, or, with none, by the naive formula of
    generator/colour/values.py. `max_ink` (percent) limits the total ink of converted colours."""
    profile: OutputProfile | None
    intent: str = "relative"
    max_ink: float = DEFAULT_MAX_INK
    why_formula: str = ""        # with no profile: why (e.g. no free profile for the condition)

    def describe(self) -> str:
        """How CMYK was made, for the summary line: "CMYK through FOGRA39L_coated.icc (…)"."""
        if self.profile is None:
            return _("CMYK by formula{why}; give --icc with the shop's profile").format(why=self.why_formula)
        bpc = "" if self.intent == "absolute" else ", BPC"
        return _("CMYK through {profile} ({intent}{bpc}, total ink at most {max_ink:g} %)").format(
            profile=self.profile.file_name, intent=_(INTENT_NAMES[self.intent]), bpc=bpc, max_ink=self.max_ink)

    @property
    def key(self) -> str:
        """What the conversion's results depend on, for fingerprints of checked themes."""
        made_by = self.profile.sha256 if self.profile else "formula"
        return f"{made_by} {self.intent} {self.max_ink:g}"

    def cmyk_of(self, hexes) -> list[tuple[float, float, float, float]]:
        """CMYK percent for each "#rrggbb": LittleCMS's 8-bit answer (v / 255), ink-limited."""
        return list(_converted(self, tuple(hexes)))

    def printed_hex(self, cmyks) -> list[str]:
        """How each CMYK value (percent) looks printed on the profile's press, as screen sRGB."""
        return list(_printed(self, tuple(tuple(float(v) for v in c) for c in cmyks)))


@cache
def _converted(conversion: CmykConversion, hexes: tuple[str, ...]) -> tuple:
    if not hexes:
        return ()
    if conversion.profile is None:
        from generator.colour.values import naive_cmyk
        return tuple(limit_ink(naive_cmyk(h), conversion.max_ink) for h in hexes)
    pixels = _through(_transform(conversion.profile, "forward", conversion.intent), "RGB", [_rgb(h) for h in hexes])
    return tuple(limit_ink(tuple(v * 100 / 255 for v in pixel), conversion.max_ink) for pixel in pixels)


@cache
def _printed(conversion: CmykConversion, cmyks: tuple) -> tuple:
    if not cmyks:
        return ()
    if conversion.profile is None:
        from generator.colour.values import naive_hex
        return tuple(naive_hex(c) for c in cmyks)
    # CMYK images hold 8 bits per ink: the nearest step of 1/255 (0.39 %) stands for the value.
    pixels = _through(_transform(conversion.profile, "back"), "CMYK",
                      [tuple(round(v * 255 / 100) for v in c) for c in cmyks])
    return tuple("#%02x%02x%02x" % pixel[:3] for pixel in pixels)
