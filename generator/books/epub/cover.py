"""An e-book's cover image, which reading apps show in their libraries: the book's title and
subtitle over a figure drawn with the kit's tiles, the same as on the printed booklet's cover,
drawn as a scene by the raster writer (Skia) at the portrait size e-book shops ask for, and kept as
a JPEG: made as a PNG, a cover took three times the instructions (1.1 billion against 0.34 billion,
counted with callgrind) for a file of about the same size (180-240 kB against 155-270 kB).
"""

from generator.books.cover_art import cover_figure
from generator.books.html.contents import Contents
from generator.books.texts import booklet_text
from generator.colour.theme import Theme
from generator.scene.drawing import Drawing, Group, Rect, Style, Text, scale, translate
from generator.scene.fonts import text_width
from generator.scene.line_breaks import even_lines
from generator.writers.png import MM_PER_INCH, jpeg_bytes

WIDTH, HEIGHT = 160.0, 256.0        # mm: 1:1.6, the proportions e-book shops and reading apps expect
PIXELS_WIDE = 1600                  # and 1600 x 2560 pixels
MARGIN = 12.0                       # mm at the sides
TITLE_SIZE = 20.0                   # mm at most; a longer title is set smaller to fit on one line
SUBTITLE_SIZE = 6.5
EDITION_SIZE = 5.0


def cover_jpeg(book: Contents, theme: Theme) -> bytes:
    return jpeg_bytes(cover_drawing(book, theme), PIXELS_WIDE / WIDTH * MM_PER_INCH)


def cover_drawing(book: Contents, theme: Theme) -> Drawing:
    ink, width = theme.colour("board.line"), WIDTH - 2 * MARGIN
    drawing = Drawing(WIDTH, HEIGHT)
    drawing.add(Rect(0, 0, WIDTH, HEIGHT, Style(fill=theme.colour("board.light"))))
    title_size = min(TITLE_SIZE, width / text_width("sans-bold", book.title, 1.0))
    y = MARGIN + title_size
    drawing.add(Text(WIDTH / 2, y, book.title, title_size, ink, "sans-bold", "middle"))
    y += SUBTITLE_SIZE * 0.6
    for line in even_lines(book.subtitle, "sans", SUBTITLE_SIZE, width):
        y += SUBTITLE_SIZE * 1.3
        drawing.add(Text(WIDTH / 2, y, line, SUBTITLE_SIZE, ink, "sans", "middle"))
    edition_y = HEIGHT - MARGIN
    drawing.add(Text(WIDTH / 2, edition_y, booklet_text(book.lang, "ebook_edition"), EDITION_SIZE, ink, "sans",
                     "middle"))
    # The figure fills the room left between the words, centred.
    top, bottom = y + 10.0, edition_y - EDITION_SIZE - 8.0
    figure = cover_figure(book.book, theme)
    factor = min(width / figure.width, (bottom - top) / figure.height)
    left, upper = (WIDTH - figure.width * factor) / 2, top + (bottom - top - figure.height * factor) / 2
    drawing.add(Group(tuple(figure.items), scale(factor).then(translate(left, upper))))
    return drawing

