"""Layer 7, writers: files from drawings: PDF (reportlab) and its PDF/X identification, SVG
(written directly), PNG (skia), a written PDF imposed 2-up; cut sheets as DXF and plain SVG, a drawing's
ink as outlines for engraving, and 3D files from meshes (3MF, STL). They know nothing about dominoes.
May import: generator.imposition (page orders) and the layers below it."""
