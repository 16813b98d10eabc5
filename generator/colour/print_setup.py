"""How a run prints in CMYK: which profile converts RGB colours, and what the PDF/X OutputIntent
says, from the options --icc, --output-condition, --intent and --max-ink.

- With --icc, the shop's profile converts and is embedded. The OutputIntent names the registered
  condition the profile declares (one of the kit's own profiles, its 'targ' tag "ICCHDAT NAME", or
  a registered name in its description), else the one --output-condition gives, else "Custom"
  (the embedded profile then defines the condition). A profile that declares one condition and
  an --output-condition that names another is an error.
- Without it, the condition (FOGRA39 unless --output-condition says otherwise) brings its bundled
  profile if the kit has one (templates/output_conditions.toml); a condition without one is named
  alone, and RGB colours get CMYK by the naive formula, which the summary line says.

The options object is any object with the fields of generator/settings/build_options.BuildOptions.
"""

from functools import cache
from pathlib import Path
import re

from msgspec import Struct

from generator.colour.icc import DEFAULT_MAX_INK, CmykConversion, OutputProfile, bundled_profile, read_profile
from generator.colour.output_conditions import DEFAULT_CONDITION, check_condition, output_conditions
from generator.errors import UserError
from generator.words import _

REGISTRY = "http://www.color.org"
CUSTOM = "Custom"


class OutputIntent(Struct, frozen=True):
    """What a PDF/X OutputIntent says; `profile` is embedded as its DestOutputProfile."""
    identifier: str               # a registered condition, or "Custom"
    condition: str
    info: str
    registry: str | None          # REGISTRY for a registered identifier
    profile: OutputProfile | None


class PrintSetup(Struct, frozen=True):
    conversion: CmykConversion
    output_intent: OutputIntent


def condition_profile(name: str) -> OutputProfile | None:
    """The bundled profile of a registered condition, if the kit ships one."""
    details = output_conditions()[name]
    if "profile" not in details:
        return None
    return bundled_profile(details["profile"], details["profile_description"])


@cache
def _bundled_conditions() -> dict[str, str]:
    """sha256 of each bundled profile -> its condition."""
    return {condition_profile(name).sha256: name for name in output_conditions() if condition_profile(name)}


def declared_condition(profile_sha256: str, description: str, target: str | None) -> str | None:
    """The registered condition a profile says it is for, or None: a bundled profile's; its 'targ'
    tag "ICCHDAT NAME"; or a registered name as a whole word in its description."""
    if profile_sha256 in _bundled_conditions():
        return _bundled_conditions()[profile_sha256]
    names = {details["identifier"]: name for name, details in output_conditions().items()}
    if target and target.strip().upper().startswith("ICCHDAT "):
        named = target.strip()[len("ICCHDAT "):].strip()
        if named in names:
            return names[named]
    for identifier, name in names.items():
        if re.search(rf"(?<![\w-]){re.escape(identifier)}(?![\w-])", description or ""):
            return name
    return None


def _intent_for(name: str | None, profile: OutputProfile | None) -> OutputIntent:
    if name is None:
        return OutputIntent(CUSTOM, profile.description, profile.description, None, profile)
    details = output_conditions()[name]
    info = profile.description if profile else details["info"]
    return OutputIntent(details["identifier"], details["condition"], info, REGISTRY, profile)


@cache
def _setup(icc: Path | None, condition: str | None, intent: str, max_ink: float | None) -> PrintSetup:
    if icc is not None:
        profile = read_profile(icc, intent=intent)         # every transform the run uses, built now
        declared = declared_condition(profile.sha256, profile.description, profile.target)
        if condition and declared and condition != declared:
            raise UserError(_("--output-condition {condition} does not match --icc {name}, a profile for "
                              "{declared}; leave --output-condition out, or give that condition's profile").format(
                condition=condition, name=icc.name, declared=declared))
        name, why = declared or condition, ""
    else:
        name = condition or DEFAULT_CONDITION
        profile = condition_profile(name)
        why = "" if profile else _(" (the kit has no free profile for {name})").format(name=name)
    limit = max_ink if max_ink is not None else float(
        output_conditions()[name].get("max_ink", DEFAULT_MAX_INK) if name and profile and profile.bundled
        else DEFAULT_MAX_INK)
    return PrintSetup(CmykConversion(profile, intent, limit, why), _intent_for(name, profile))


def print_setup(options) -> PrintSetup:
    """The print setup of a run's options (cached: every step of a run shares one)."""
    condition = getattr(options, "output_condition", None)
    icc = getattr(options, "icc", None)
    return _setup(Path(icc) if icc is not None else None, check_condition(condition) if condition else None,
                  getattr(options, "intent", "relative"), getattr(options, "max_ink", None))


def default_conversion() -> CmykConversion:
    """The conversion of a run with no print options: the bundled FOGRA39 profile."""
    return _setup(None, None, "relative", None).conversion
