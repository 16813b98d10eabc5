"""Layer 8, books: the rules text and its figures typeset as books: the PDF booklet through
reportlab's platypus (booklet/), and for phones the offline web site (site/) and the EPUB 3 e-books
(epub/), which share the HTML of the rules (html/). May import: generator.writers,
generator.imposition, generator.art and every layer below."""
