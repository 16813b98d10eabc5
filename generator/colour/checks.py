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
- number colours (themes with numbers_in_colour): each pips.N against tile.face >= 3:1, and
              neighbouring numbers (1 and 2, 2 and 3, ...) differ by CIEDE2000 >= 10 in the four
              visions, so that 11 is never taken for 12; and any two numbers by >= 10 in normal
              vision (each against the one most like it), so that 7 is never taken for 12.
- chinese:    chinese.pips and chinese.red against chinese.face >= 3:1; the two differ by >= 10.

Every rule runs twice: on the screen colours (the hex values, what home PDFs, SVGs and PNGs
print) and on the print colours: each colour's CMYK in a shop file (as stated, or made through
the run's profile) as it will look printed, by the soft proof of generator/colour/proof.py. A
pair distinct on screen may merge in print (out of the press's gamut, or a stated CMYK that
differs from the hex). Findings on the print colours say "(CMYK)" and name the CMYK values.
Without a profile (a condition the kit has none for) the print colours come from the naive
formula of generator/colour/values.py.
"""

from functools import cache

from msgspec import Struct

from generator.colour.proof import printed_theme
from generator.colour.values import Colour
from generator.model.set_loader import OPEN_SET_NAMES
from generator.words import ENGLISH, N_, _, language

MIN_CONTRAST = 3.0
MIN_DELTA_E = 10.0
VISIONS = {None: N_("normal vision"), "deutan": N_("deuteranopia"), "protan": N_("protanopia"),
           "tritan": N_("tritanopia")}
# Each rule's name as a person reads it (the colour studio shows it beside a colour's figures).
RULE_NAMES = {"digits": N_("digits"), "arrows": N_("arrows"), "back marks": N_("back marks"),
              "notation": N_("notation"), "groups": N_("groups"), "board": N_("board"),
              "number colours": N_("number colours"), "chinese": N_("Chinese tiles")}


class Finding(Struct, frozen=True):
    rule: str           # "digits", "arrows", "back marks", "notation", "groups", "board"
    subject: str        # what was looked at, e.g. "A.group1.arrow on A.group1" (in English: a key)
    passed: bool
    message: str        # one line, in the language of the moment; a failure's names the theme, the colours, the fix
    note: str = ""      # how a pass was reached when it is not obvious, e.g. "by arrow style"
    printed: bool = False   # about the CMYK values (as printed by a shop), not the screen colours
    figure: str = ""    # what was measured, the same in every language: "4.5:1" or "ΔE 12.3"
    detail: str = ""    # the message without the theme's name before it (the colour studio's list)


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


def _shown(colour: Colour, printed: bool) -> str:
    return "cmyk({:g},{:g},{:g},{:g})".format(*(round(v, 1) for v in colour.cmyk)) if printed else colour.hex


def _contrast_finding(rule: str, ink_key: str, ink: Colour, ground_key: str, ground: Colour,
                      theme_name: str, fix: str, printed: bool = False) -> Finding:
    """With `printed`, ink and ground are print colours (generator.colour.proof.printed_theme).
    `fix` is marked with N_ and said in the language of the moment."""
    ratio = contrast(ink, ground)
    subject = f"{ink_key} on {ground_key}" + (" (CMYK)" if printed else "")
    figure = f"{ratio:.1f}:1"
    if ratio >= MIN_CONTRAST:
        shown = (_("{ink} on {ground} (CMYK)") if printed else _("{ink} on {ground}")).format(
            ink=ink_key, ground=ground_key)
        said = _("{subject}: contrast {ratio:.1f}:1").format(subject=shown, ratio=ratio)
        return Finding(rule, subject, True, said, printed=printed, figure=figure, detail=said)
    problem = (_("{ink_key} {ink} on {ground_key} {ground} printed in CMYK has contrast {ratio:.1f}:1, below "
                 "{least:g}:1; {fix}") if printed else
               _("{ink_key} {ink} on {ground_key} {ground} has contrast {ratio:.1f}:1, below {least:g}:1; {fix}"))
    return _failure(rule, subject, theme_name, problem.format(
        ink_key=ink_key, ink=_shown(ink, printed), ground_key=ground_key, ground=_shown(ground, printed),
        ratio=ratio, least=MIN_CONTRAST, fix=_(fix)), printed, figure)


def _failure(rule: str, subject: str, theme_name: str, problem: str, printed: bool, figure: str) -> Finding:
    message = _("theme {theme}: {problem}").format(theme=theme_name, problem=problem)
    return Finding(rule, subject, False, message, printed=printed, figure=figure, detail=problem)


def _difference_findings(rule: str, key_a: str, a: Colour, key_b: str, b: Colour, theme_name: str,
                         shape_differs: bool, fix: str, printed: bool = False, visions=None) -> list[Finding]:
    findings = []
    for vision, vision_name in (visions or VISIONS).items():
        difference = delta_e(a, b, vision)
        subject = f"{key_a} vs {key_b} ({vision_name}{', CMYK' if printed else ''})"
        shown = (_("{a} vs {b} ({vision}, CMYK)") if printed else _("{a} vs {b} ({vision})")).format(
            a=key_a, b=key_b, vision=_(vision_name))
        figure = f"ΔE {difference:.1f}"
        if difference >= MIN_DELTA_E:
            said = _("{subject}: ΔE2000 {difference:.1f}").format(subject=shown, difference=difference)
            findings.append(Finding(rule, subject, True, said, printed=printed, figure=figure, detail=said))
        elif shape_differs:
            said = _("{subject}: ΔE2000 {difference:.1f}, told apart by arrow style").format(
                subject=shown, difference=difference)
            findings.append(Finding(rule, subject, True, said, note="by arrow style", printed=printed,
                                    figure=figure, detail=said))
        else:
            problem = (_("{key_a} {a} and {key_b} {b} differ by ΔE2000 {difference:.1f} in {vision}, printed in "
                         "CMYK, below {least:g}; {fix}") if printed else
                       _("{key_a} {a} and {key_b} {b} differ by ΔE2000 {difference:.1f} in {vision}, below "
                         "{least:g}; {fix}"))
            findings.append(_failure(rule, subject, theme_name, problem.format(
                key_a=key_a, a=_shown(a, printed), key_b=key_b, b=_shown(b, printed), difference=difference,
                vision=_(vision_name), least=MIN_DELTA_E, fix=_(fix)), printed, figure))
    return findings


def check_theme(theme, printing=None) -> list[Finding]:
    """Every finding of every rule for a Theme (generator.colour.theme), passes included: screen colours
    first, then the print colours through `printing` (a generator.colour.icc.CmykConversion; the
    bundled FOGRA39 profile when None)."""
    printing = printing or _default_printing()
    return _theme_findings(theme, printed=False) + _theme_findings(printed_theme(theme, printing), printed=True)


def _default_printing():
    from generator.colour.print_setup import default_conversion

    return default_conversion()


def _theme_findings(theme, printed: bool) -> list[Finding]:
    name = theme.name
    c = theme.colour
    findings = [_contrast_finding("digits", "tile.digit", c("tile.digit"), "tile.face", c("tile.face"), name,
                                  N_("darken the digits or lighten the face"), printed)]
    for set_name in OPEN_SET_NAMES:
        for group in (1, 2):
            look, key = theme.group(set_name, group), f"{set_name}.group{group}"
            ground_key, ground = (("tile.face", c("tile.face")) if look.ring else (key, look.circle))
            findings.append(_contrast_finding("arrows", f"{key}.arrow", look.arrow, ground_key, ground, name,
                                              N_("make the arrow much lighter or darker than what is under "
                                                 "it"), printed))
    findings.append(_contrast_finding("back marks", "back.mark", c("back.mark"), "back.background",
                                      c("back.background"), name, N_("make the marks darker or the back "
                                                                     "lighter"), printed))
    findings.append(_contrast_finding("notation", "board.notation", c("board.notation"), "board.light",
                                      c("board.light"), name, N_("darken the numbers or lighten board.light"), printed))
    for set_name in OPEN_SET_NAMES:
        one, two = theme.group(set_name, 1), theme.group(set_name, 2)
        findings += _difference_findings(
            "groups", f"{set_name}.group1", one.circle, f"{set_name}.group2", two.circle, name,
            one.arrow_style != two.arrow_style,
            N_("make one clearly lighter than the other, or give the groups different arrow styles"), printed)
    findings += _difference_findings("board", "board.light", c("board.light"), "board.dark", c("board.dark"),
                                     name, False, N_("make the dark cells darker"), printed)
    if theme.numbers_in_colour:
        for number in range(1, 19):
            findings.append(_contrast_finding("number colours", f"pips.{number}", c(f"pips.{number}"), "tile.face",
                                              c("tile.face"), name, N_("darken that number's pips"), printed))
        for number in range(2, 19):
            findings += _difference_findings(
                "number colours", f"pips.{number - 1}", c(f"pips.{number - 1}"), f"pips.{number}", c(f"pips.{number}"),
                name, False, N_("give neighbouring numbers clearly different colours"), printed)
        # Every number against the one most like it below it, in normal vision: players match 7 with
        # 7 by colour at a glance, and 7 and 12 were both magenta (ΔE 4.7).
        normal = {None: VISIONS[None]}
        for number in range(3, 19):
            nearest = min(range(1, number - 1), key=lambda other: delta_e(c(f"pips.{other}"), c(f"pips.{number}"), None))
            findings += _difference_findings(
                "number colours", f"pips.{nearest}", c(f"pips.{nearest}"), f"pips.{number}", c(f"pips.{number}"),
                name, False, N_("give every number of a set a colour of its own"), printed, normal)
    for key in ("chinese.pips", "chinese.red"):
        findings.append(_contrast_finding("chinese", key, c(key), "chinese.face", c("chinese.face"), name,
                                          N_("make the pips stand out from the face"), printed))
    findings += _difference_findings("chinese", "chinese.pips", c("chinese.pips"), "chinese.red", c("chinese.red"),
                                     name, False, N_("make the red pips clearly differ from the others"), printed)
    return findings


def _screen_subject(finding: Finding) -> str:
    return finding.subject.replace(" (CMYK)", "").replace(", CMYK)", ")")


CHECKED_THEMES = "checked_themes.toml"


def theme_fingerprint(theme, printing=None) -> str:
    """sha256 of everything the checks read: the theme as a complete theme file, name included,
    and what makes its print colours (profile, intent, ink limit)."""
    from hashlib import sha256

    from generator.colour.theme import theme_toml

    printed_by = (printing or _default_printing()).key
    return sha256(f"{theme_toml(theme, theme.name)}\n# printed: {printed_by}\n".encode()).hexdigest()


@cache
def _checked_themes() -> dict:
    from generator.files.resources import load_toml, template_path

    path = template_path(CHECKED_THEMES)
    return load_toml(path) if path.exists() else {}


def _checked_bundled_problems(theme, printing) -> list[str] | None:
    """A bundled theme, unchanged, was checked when it was made (templates/checked_themes.toml,
    written by scripts/check_bundled_themes.py, verified by tests/test_colour_checks.py) with the
    default print setup: its problems, without importing the colour science. None for anything
    else, or for another print setup."""
    record = _checked_themes().get(theme.name)
    if record is None or record["fingerprint"] != theme_fingerprint(theme, printing):
        return None
    return list(record["problems"])


def colour_problems(theme, reuse_checked: bool = True, printing=None) -> list[str]:
    """The messages of the failing findings, in the order of the rules above.

    A CMYK failure whose screen twin fails too says nothing new (a colour given as hex only has
    its CMYK derived from it), so only the screen one is reported."""
    known = _checked_bundled_problems(theme, printing) if reuse_checked else None
    if known is not None and (not known or language() == ENGLISH):     # the record's messages are English
        return known
    findings = check_theme(theme, printing)
    failed_on_screen = {(f.rule, f.subject) for f in findings if not f.passed and not f.printed}
    return [f.message for f in findings if not f.passed
            and not (f.printed and (f.rule, _screen_subject(f)) in failed_on_screen)]
