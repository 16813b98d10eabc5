"""The bundled fonts as Skia typefaces: what the PNG writer draws text with and where glyph
outlines come from (engraving, solids), so every output sets the same glyphs as the print."""

from functools import cache

import skia

from generator.files.resources import font_path
from generator.scene.fonts import FONT_FILES


@cache
def _font_manager() -> skia.FontMgr:
    # An empty manager that knows only the files we give it: Skia's default one would start
    # fontconfig, read the system's fonts and print its warnings.
    return skia.FontMgr.New_Custom_Empty()


@cache
def bundled_typeface(role: str) -> skia.Typeface:
    typeface = _font_manager().makeFromFile(str(font_path(FONT_FILES[role])), 0)
    if typeface is None:
        raise OSError(f"cannot load the bundled font {FONT_FILES[role]}")
    return typeface
