"""A figure in the flow of text: a scene drawing scaled to fit, drawn by the PDF writer."""

from reportlab.platypus import Flowable

from generator.scene import Drawing
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
        draw_drawing(self.canv, self.drawing, 0, 0, self.scale * MM, self.cmyk)
