"""Layer 10, the kit's jobs: build, the print-shop files, exports, digital tabletops, check,
preflight, the worker processes that run them. Each job turns settings into files through the layers
below. May import: generator.settings and every layer below."""
