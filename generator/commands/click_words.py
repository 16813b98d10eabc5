"""click's own words ("Usage:", "Options:", "Show this message and exit.", "No such option", …) in
the kit's language.

click marks its messages with the standard library's `gettext.gettext` and `ngettext`, imported
into each of its modules. Those read a catalogue chosen by the environment alone, process-wide, so
they could not follow ui_lang or a studio request's language. Each of click's modules is given
generator.words' functions instead; click's messages are in the kit's catalogue, extracted from
click's own source by scripts/update_catalogues.py.
"""

import gettext
import importlib
import sys

from generator import words

# click's modules that import gettext (its help, its errors, its prompts, its progress bar, the
# shell completion); imported here so that each is seen, though click loads some only when used.
CLICK_MODULES = ("click.core", "click.decorators", "click.exceptions", "click.formatting", "click.parser",
                 "click.shell_completion", "click.termui", "click._termui_impl", "click.types", "click.utils")
_STANDARD = {"_": gettext.gettext, "gettext": gettext.gettext, "ngettext": gettext.ngettext}
_OURS = {"_": words._, "gettext": words._, "ngettext": words.ngettext}


def speak_through_words() -> None:
    """Route click's gettext calls to generator.words (idempotent)."""
    for name in CLICK_MODULES:
        module = sys.modules.get(name) or importlib.import_module(name)
        for attribute, standard in _STANDARD.items():
            if getattr(module, attribute, None) is standard:
                setattr(module, attribute, _OURS[attribute])
