"""The booklet's contents in a single layout pass.

Each contents line draws its title and dot leader at once, and its page number as a named
form XObject (reportlab lets a page use a form that is defined later). The document notes
the page of every heading while it lays out the text and defines those forms just before
it saves, so the contents get their numbers without laying the whole booklet out twice.
"""

from reportlab.platypus import Flowable

NUMBER_ROOM = 22.0      # points kept free for the page number at the right


def number_form_name(index: int) -> str:
    return f"ContentsPage{index}"


class ContentsLine(Flowable):
    """Title . . . . . page, linked to the heading it names."""

    def __init__(self, index: int, title: str, key: str, style, link: bool = True):
        super().__init__()
        self.index, self.title, self.key, self.style, self.link = index, title, key, style, link

    def wrap(self, available_width, available_height):
        self.width = available_width
        return available_width, self.style.leading

    def draw(self):
        canvas, style = self.canv, self.style
        baseline = self.style.leading - self.style.fontSize
        canvas.setFont(style.fontName, style.fontSize)
        canvas.drawString(0, baseline, self.title)
        start = canvas.stringWidth(self.title, style.fontName, style.fontSize) + 4
        dot = canvas.stringWidth(". ", style.fontName, style.fontSize)
        count = max(0, int((self.width - NUMBER_ROOM - start) / dot))
        canvas.drawRightString(self.width - NUMBER_ROOM + dot, baseline, ". " * count)
        canvas.saveState()
        canvas.translate(self.width, baseline)
        canvas.doForm(number_form_name(self.index))
        canvas.restoreState()
        if self.link:       # print-shop files carry no annotations (PDF/X)
            canvas.linkRect("", self.key, (0, 0, self.width, self.style.leading), relative=1, thickness=0)


def define_number_forms(canvas, pages: list[int], style) -> None:
    """The page number of every contents line, right-aligned at the line's end."""
    for index, page in enumerate(pages):
        canvas.beginForm(number_form_name(index), lowerx=-NUMBER_ROOM, lowery=-style.fontSize,
                         upperx=0, uppery=style.fontSize * 1.5)
        canvas.setFont(style.fontName, style.fontSize)
        canvas.drawRightString(0, 0, str(page))
        canvas.endForm()
