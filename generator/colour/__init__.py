"""Layer 3, colour, the cross-cutting piece: colour values (sRGB, CMYK stated on purpose), themes and
the user's overrides, the colour checks, the registered print conditions. Everything that draws or
writes asks this layer for colours. May import: generator.model, generator.files."""
