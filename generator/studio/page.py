"""The studio's page in the language of its request: the HTML (templates/index.html, whose words go
through gettext as it is rendered) with the words of its script in it.

The script's words are kept here, in a table marked with N_, rather than in app.js: the one
extractor the catalogue needs (Python's) finds them, a translator sees them beside the others,
and the script needs no gettext of its own. The page carries them, translated, as a JSON block
the script reads (`<script type="application/json">` is data: the page's Content-Security-Policy,
which runs no inline script, allows it). Words that depend on the data (theme descriptions, what a
key colours, the checks, counts with their plural forms) come with the API's answers instead.
"""

from functools import cache
from importlib.resources import files

from generator.colour.proof import GAMUT_DELTA_E
from generator.colour.values import COLOUR_SYNTAX
from generator.words import LANGUAGES, N_, _, language

# Each language's name in its own words, for the switch's tooltips.
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
# The script's words by the name it uses; {name} is filled in by the script (app.js: say).
SCRIPT_WORDS = {
    "section-tile": N_("Tile faces"),
    "section-set": N_("Set {name}"),
    "section-pips": N_("Number colours (double-9 and up)"),
    "section-chinese": N_("Chinese dominoes"),
    "section-picture": N_("Picture dominoes"),
    "section-back": N_("Backs"),
    "section-board": N_("Board"),
    "section-sheet": N_("Sheets"),
    "colour-syntax": COLOUR_SYNTAX,
    "arrow-solid": N_("solid arrow"),
    "arrow-hollow": N_("hollow arrow"),
    "arrow-style-of": N_("{key}: arrow"),
    "front": N_("{name} front"),
    "back": N_("{name} back"),
    "numbered": N_("{name}, tile {number}"),
    "board": N_("board corner"),
    "setup-card": N_("setup card"),
    "printed": N_("printed: {hex}"),
    "out-of-gamut": N_("out of gamut"),
    "stated-cmyk": N_("stated CMYK prints otherwise"),
    "prints-away-marked": N_("⚠ prints ΔE {delta} away ({why})"),
    "prints-away": N_("prints ΔE {delta} away"),
    "building": N_("building…"),
    "built": N_("built: {message}"),
    "failed": N_("failed: {message}"),
}


@cache
def _template():
    import jinja2  # here: only a studio's page loads it

    environment = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True,
                                     undefined=jinja2.StrictUndefined)
    text = files("generator.studio").joinpath("templates", "index.html").read_text(encoding="utf-8")
    return environment.from_string(text)


def script_words() -> dict[str, str]:
    return {name: _(text) for name, text in SCRIPT_WORDS.items()}


def page_html() -> bytes:
    """The page in the language of the moment."""
    return _template().render(_=_, language=language(), languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
                              words=script_words(), gamut_limit=f"{GAMUT_DELTA_E:g}").encode("utf-8")
