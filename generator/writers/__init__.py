"""Layer 7, writers: files from drawings: PDF (reportlab) and its PDF/X identification, SVG
(svgwrite), PNG (skia), a written PDF imposed 2-up, cut files (DXF, SVG), and 3D files from meshes
(3MF, STL). They know nothing about dominoes.
May import: generator.imposition (page orders) and the layers below it."""
