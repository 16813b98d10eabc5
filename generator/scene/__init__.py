"""Layer 4, the drawing description in millimetres: rectangles, circles, lines, polygons, text and
groups with transforms, paths of lines and arcs (drawing), the outlines a tile can have (shapes) and
a tile's outline as one geometric fact with its rounded corners (outline), tile sizes and the bundled
fonts' glyphs and metrics. Knows no dominoes and no file format. May import: generator.colour, generator.files."""
