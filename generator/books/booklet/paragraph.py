"""reportlab's Paragraph, laid out once per width.

platypus asks most paragraphs for their layout twice at the same width: once to place them in
the frame, and again when a list or table draws its items. Line breaking (with hyphenation) is
most of a booklet's time, so the second answer is the first one kept. A new width, or a split
(which makes new paragraphs), lays out afresh.
"""

from reportlab.platypus import Paragraph as _ReportlabParagraph


class Paragraph(_ReportlabParagraph):
    _laid_out_for = None

    def wrap(self, availWidth, availHeight):
        # (split() deletes blPara when it moves the whole paragraph on: then lay out again.)
        if self._laid_out_for == availWidth and "blPara" in self.__dict__:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        self._laid_out_for = availWidth if size[1] != 0x7fffffff else None
        return size
