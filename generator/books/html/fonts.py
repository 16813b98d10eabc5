"""The bundled fonts as web fonts: the PT Sans and PT Serif files themselves, unmodified (ParaType's
licence lets a modified font travel only under another name, so they are neither subset nor
converted), with their licence beside them, and the @font-face rules that name them.

An inline SVG figure names "PT Sans", so its numbers are set in the same font as the booklets."""

from generator.files.bounded_read import read_bytes
from generator.files.resources import font_path
from generator.scene.fonts import FONT_FILES

LICENCE_FILE = "LICENSE-PT-fonts.txt"
# role -> (CSS family, weight, style)
FACES = {
    "serif": ("PT Serif", 400, "normal"),
    "serif-bold": ("PT Serif", 700, "normal"),
    "serif-italic": ("PT Serif", 400, "italic"),
    "sans": ("PT Sans", 400, "normal"),
    "sans-bold": ("PT Sans", 700, "normal"),
}
# The faces the style sheets and the figures set text in: what every page and e-book ships. The
# italic is shipped only with emphasis, which no rules text uses today: the site's browser test
# fails when a page sets text in a face its style sheet does not declare.
TEXT_FACES = ("serif", "serif-bold", "sans", "sans-bold")
EMPHASIS_FACES = ("serif-italic",)


def font_face_css(roles, folder: str) -> str:
    """@font-face rules for the roles' fonts, found in `folder` (relative to the style sheet)."""
    rules = []
    for role in roles:
        family, weight, style = FACES[role]
        rules.append(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; font-style: {style}; '
                     f'font-display: swap; src: url("{folder}/{FONT_FILES[role]}") format("truetype"); }}\n')
    return "".join(rules)


def font_files(roles) -> list[tuple[str, bytes]]:
    """(file name, bytes) of each role's font, and of the licence that must travel with them."""
    files = [(FONT_FILES[role], read_bytes(font_path(FONT_FILES[role]), "font")) for role in roles]
    return files + [(LICENCE_FILE, read_bytes(font_path(LICENCE_FILE), "data"))]
