"""A figure in the flow of text: a scene drawing scaled to fit, drawn by the PDF writer."""

from reportlab.platypus import Flowable

from generator.scene.drawing import Drawing
from generator.writers.pdf import draw_drawing

MM = 72 / 25.4


class DrawingFlowable(Flowable):
    """Draws `drawing` no wider than max_width and no taller than max_height (both in mm)."""

    def __init__(self, drawing: Drawing, max_width: float, max_height: float, anchor: str | None = None,
                 cmyk: bool = False):
        super().__init__()
        self.drawing = drawing
        self.cmyk = cmyk
        self.scale = min(max_width / drawing.width, max_height / drawing.height)
        self.width = drawing.width * self.scale * MM
        self.height = drawing.height * self.scale * MM
        self.anchor = anchor
        self.hAlign = "CENTER"

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        if self.anchor:
            self.canv.bookmarkPage(self.anchor, fit="XYZ", top=self.height)
        draw_drawing(self.canv, self.drawing, 0, 0, self.scale * MM, self.cmyk, legible=True)


class CaptionedFigure(Flowable):
    """A figure and its caption as one block that is never split. The booklet may float it
    (generator/books/booklet/document.py) down past the text that follows."""

    floats = True

    def __init__(self, figure: DrawingFlowable, caption):
        super().__init__()
        self.figure, self.caption = figure, caption
        self.gap = caption.style.spaceBefore

    def wrap(self, available_width, available_height):
        self.width = available_width
        _, self.caption_height = self.caption.wrap(available_width, available_height)
        self.height = self.figure.height + self.gap + self.caption_height
        return self.width, self.height

    def split(self, available_width, available_height):
        return []          # whole, on the next page

    def getSpaceAfter(self):
        return self.caption.getSpaceAfter()

    def draw(self):
        self.figure.drawOn(self.canv, (self.width - self.figure.width) / 2, self.caption_height + self.gap)
        self.caption.drawOn(self.canv, 0, 0)
