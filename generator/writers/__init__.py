"""Layer 7, writers: files from drawings: PDF (reportlab) and its PDF/X identification, SVG
(written directly), PNG (skia), a written PDF imposed 2-up; cut sheets as DXF and plain SVG, and a drawing's
ink as outlines for engraving. They know nothing about dominoes.
May import: generator.imposition (page orders) and the layers below it."""
