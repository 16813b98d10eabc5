"""The rules as EPUB 3 e-books, one per book and language: the same pages as the web site, the
figures as inline SVG, the bundled fonts embedded, byte-identical on every rebuild."""
