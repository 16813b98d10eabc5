"""Words broken into lines no wider than a measure, measured with the kit's own fonts."""

from generator.scene.fonts import fitting_size, text_width

DASHES = ("\u2014", "\u2013")         # a spaced dash never starts a line: it stays with the word before


def _words(text: str) -> list[str]:
    """The units a line may break between: words, a spaced dash joined to the word before it."""
    words: list[str] = []
    for word in text.split():
        if words and word in DASHES:
            words[-1] += f" {word}"
        else:
            words.append(word)
    return words


def filled_lines(text: str, role: str, size: float, width: float) -> list[str]:
    """The words of `text` in lines no wider than `width`, each filled in turn (a longer word stands alone)."""
    lines: list[str] = []
    for word in _words(text):
        if lines and text_width(role, f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def even_lines(text: str, role: str, size: float, width: float) -> list[str]:
    """The words of `text` in as few lines as fit `width`, as even as they can be (no word alone
    on the last line when a narrower measure keeps the count)."""
    lines = filled_lines(text, role, size, width)
    while width > size:
        narrower = filled_lines(text, role, size, width - size / 2)
        if len(narrower) > len(lines):
            break
        lines, width = narrower, width - size / 2
    return lines


def fitted_lines(text: str, role: str, size: float, smallest: float, width: float) -> tuple[float, list[str]]:
    """The em size and lines of a centred heading: one line, shrunk to `width` down to `smallest`;
    on narrower paper (or in a longer language) broken into even lines at `size` instead."""
    one_line = min(size, fitting_size(role, text, width))
    if one_line >= smallest:
        return one_line, [text]
    return size, even_lines(text, role, size, width)
