"""The rule booklets: rules text and figures set in A5 pages, then imposed for saddle stitching."""

# Before anything imports reportlab's platypus: see the module's docstring.
from generator.books.booklet import hyphenation  # noqa: F401
