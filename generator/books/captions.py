"""A figure's caption, the same in the booklet, on the web site and in the e-books."""

from generator.books.texts import booklet_text
from generator.model.figures import Figure
from generator.rules.source import bind_spaces


def figure_caption(figure: Figure, label: str, lang: str, book: str) -> str:
    """"Fig. 2. Two sets reduced to 0–4 …"; a scoring line adds the count of its open ends."""
    caption = booklet_text(lang, "figure", book, label=label) + ". " + figure.title[lang]
    if figure.line is not None and figure.line.count:
        ends = figure.line.open_ends()
        count = booklet_text(lang, "open_ends", book, ends=" + ".join(str(p) for _, p in ends),
                             total=sum(p for _, p in ends))
        caption = f"{caption.rstrip('.')}. {count}"
    return bind_spaces(caption, lang)
