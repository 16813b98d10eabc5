"""Layer 8, books: the rules text and its figures typeset as books, the PDF booklet through
reportlab's platypus (booklet/). May import: generator.writers, generator.imposition, generator.art
and every layer below."""
