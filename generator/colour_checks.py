"""Colour checks: can players read the digits and arrows and tell the groups apart?

Every rule gives one Finding per thing it looks at. A build prints each failing finding as a
warning, or stops at the first one with --strict. The colour science is coloraide's.

- digits:     tile.digit against tile.face, WCAG 2 contrast ratio >= 3:1 (non-text contrast).
- arrows:     each group's arrow against what lies under it (its circle; the face in
              outline-only themes, where the circle is a ring) >= 3:1.
- back marks: back.mark against back.background >= 3:1.
- notation:   board.notation against board.light >= 3:1 (large bold numbers).
- groups:     the circles of a set's two groups differ by CIEDE2000 >= 10 in normal vision and
              under simulated deuteranopia, protanopia and tritanopia (coloraide's full-severity
              filters: Vienot for protan/deutan, Brettel for tritan). When the two groups' arrows
              differ in style (solid vs hollow), the faces differ in shape whatever the colour
              vision, so a smaller difference passes "by arrow style". Back marks do not count:
              in play the faces are up, and the rule is about telling groups apart on the board.
- board:      board.light and board.dark differ by CIEDE2000 >= 10 in the same four visions.
"""

from dataclasses import dataclass

from generator.colour import Colour
from generator.model.set_loader import SET_NAMES

MIN_CONTRAST = 3.0
MIN_DELTA_E = 10.0
VISIONS = {None: "normal vision", "deutan": "deuteranopia", "protan": "protanopia", "tritan": "tritanopia"}


@dataclass(frozen=True)
class Finding:
    rule: str           # "digits", "arrows", "back marks", "notation", "groups", "board"
    subject: str        # what was looked at, e.g. "A.group1.arrow on A.group1"
    passed: bool
    message: str        # one line; for a failure it names the colours and the fix
    note: str = ""      # how a pass was reached when it is not obvious, e.g. "by arrow style"


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG 2 contrast ratio, 1 to 21."""
    return a.as_math().contrast(b.as_math(), method="wcag21")


def seen_as(colour: Colour, vision: str | None):
    """The colour as a viewer with the given colour vision deficiency sees it (coloraide object)."""
    shown = colour.as_math()
    if vision is None:
        return shown
    return shown.filter(vision, space="srgb-linear", out_space="srgb").fit("srgb")


def delta_e(a: Colour, b: Colour, vision: str | None = None) -> float:
    return seen_as(a, vision).delta_e(seen_as(b, vision), method="2000")


def _contrast_finding(rule: str, ink_key: str, ink: Colour, ground_key: str, ground: Colour,
                      theme_name: str, fix: str) -> Finding:
    ratio = contrast(ink, ground)
    subject = f"{ink_key} on {ground_key}"
    if ratio >= MIN_CONTRAST:
        return Finding(rule, subject, True, f"{subject}: contrast {ratio:.1f}:1")
    return Finding(rule, subject, False,
                   f"theme {theme_name}: {ink_key} {ink} on {ground_key} {ground} has contrast "
                   f"{ratio:.1f}:1, below {MIN_CONTRAST:g}:1; {fix}")


def _difference_findings(rule: str, key_a: str, a: Colour, key_b: str, b: Colour, theme_name: str,
                         shape_differs: bool, fix: str) -> list[Finding]:
    findings = []
    for vision, vision_name in VISIONS.items():
        difference = delta_e(a, b, vision)
        subject = f"{key_a} vs {key_b} ({vision_name})"
        if difference >= MIN_DELTA_E:
            findings.append(Finding(rule, subject, True, f"{subject}: ΔE2000 {difference:.1f}"))
        elif shape_differs:
            findings.append(Finding(rule, subject, True, f"{subject}: ΔE2000 {difference:.1f}, "
                                    "told apart by arrow style", note="by arrow style"))
        else:
            findings.append(Finding(rule, subject, False,
                                    f"theme {theme_name}: {key_a} {a} and {key_b} {b} differ by ΔE2000 "
                                    f"{difference:.1f} in {vision_name}, below {MIN_DELTA_E:g}; {fix}"))
    return findings


def check_theme(theme) -> list[Finding]:
    """Every finding of every rule for a Theme (generator.theme), passes included."""
    name = theme.name
    c = theme.colour
    findings = [_contrast_finding("digits", "tile.digit", c("tile.digit"), "tile.face", c("tile.face"), name,
                                  "darken the digits or lighten the face")]
    for set_name in SET_NAMES:
        for group in (1, 2):
            look, key = theme.group(set_name, group), f"{set_name}.group{group}"
            ground_key, ground = (("tile.face", c("tile.face")) if look.ring else (key, look.circle))
            findings.append(_contrast_finding("arrows", f"{key}.arrow", look.arrow, ground_key, ground, name,
                                              "make the arrow much lighter or darker than what is under it"))
    findings.append(_contrast_finding("back marks", "back.mark", c("back.mark"), "back.background",
                                      c("back.background"), name, "make the marks darker or the back lighter"))
    findings.append(_contrast_finding("notation", "board.notation", c("board.notation"), "board.light",
                                      c("board.light"), name, "darken the numbers or lighten board.light"))
    for set_name in SET_NAMES:
        one, two = theme.group(set_name, 1), theme.group(set_name, 2)
        findings += _difference_findings(
            "groups", f"{set_name}.group1", one.circle, f"{set_name}.group2", two.circle, name,
            one.arrow_style != two.arrow_style,
            "make one clearly lighter than the other, or give the groups different arrow styles")
    findings += _difference_findings("board", "board.light", c("board.light"), "board.dark", c("board.dark"),
                                     name, False, "make the dark cells darker")
    return findings


def colour_problems(theme) -> list[str]:
    """The messages of the failing findings, in the order of the rules above."""
    return [finding.message for finding in check_theme(theme) if not finding.passed]
