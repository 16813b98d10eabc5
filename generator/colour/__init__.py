"""Layer 3, colour, the cross-cutting piece: colour values (sRGB, CMYK stated on purpose), themes and
the user's overrides, the colour checks, the registered print conditions, and colour management:
RGB colours converted to CMYK through an ICC output profile with LittleCMS (icc.py, print_setup.py)
and the soft proof of how they print (proof.py). Everything that draws or writes asks this layer for
colours. May import: generator.model, generator.files."""
