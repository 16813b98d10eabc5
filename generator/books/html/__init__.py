"""The rule books as HTML: what the web site (books/site) and the e-books (books/epub) share: each
book's parts in reading order, the Markdown rendered to (X)HTML, the figures as inline SVG drawn once,
and the bundled fonts as web fonts."""
