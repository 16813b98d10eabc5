"""reportlab's Paragraph, laid out once per width, and never split after a broken word.

platypus asks most paragraphs for their layout twice at the same width: once to place them in
the frame, and again when a list or table draws its items. Line breaking (with hyphenation) is
most of a booklet's time, so the second answer is the first one kept. A new width, or a split
(which makes new paragraphs), lays out afresh.

A paragraph split across two pages must not end its first page with a hyphen: the reader would
turn the page in the middle of a word (a typesetter's rule). Such a page gets one line less. Nor
may more than three lines in a row end in a hyphen, which the eye reads as a ladder down the right
edge: such a paragraph is set again without hyphenation (its lines are ragged-right anyway).
"""

import copy

from reportlab.platypus import Paragraph as _ReportlabParagraph

HYPHENS = ("-", "\u00ad", "\u2010")
MOST_HYPHENS_IN_A_ROW = 3


class Paragraph(_ReportlabParagraph):
    _laid_out_for = None

    def wrap(self, availWidth, availHeight):
        # (split() deletes blPara when it moves the whole paragraph on: then lay out again.)
        if self._laid_out_for == availWidth and "blPara" in self.__dict__:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if getattr(self.style, "hyphenationLang", None) and _hyphen_ladder(self.blPara.lines) > MOST_HYPHENS_IN_A_ROW:
            self.style = copy.copy(self.style)
            self.style.hyphenationLang = None
            del self.blPara
            size = super().wrap(availWidth, availHeight)
        self._laid_out_for = availWidth if size[1] != 0x7fffffff else None
        return size

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        while len(parts) == 2 and _line_text(parts[0].blPara.lines[-1]).rstrip().endswith(HYPHENS):
            availHeight -= self.style.leading
            parts = super().split(availWidth, availHeight)      # [] moves the whole paragraph on
        return parts


def _hyphen_ladder(lines) -> int:
    """The most lines in a row that end in a hyphen."""
    most = run = 0
    for line in lines:
        run = run + 1 if _line_text(line).rstrip().endswith(HYPHENS) else 0
        most = max(most, run)
    return most


def _line_text(line) -> str:
    """A laid-out line's text: a simple line is (width, words), a line of styled runs a FragLine."""
    if isinstance(line, tuple):
        return " ".join(line[1])
    return "".join(getattr(word, "text", "") for word in line.words)
