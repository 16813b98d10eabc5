"""Layer 7, writers: files from drawings: PDF (reportlab) and its PDF/X identification, SVG
(written directly), PNG (skia), a written PDF imposed 2-up. They know nothing about dominoes.
May import: generator.imposition (page orders) and the layers below it."""
