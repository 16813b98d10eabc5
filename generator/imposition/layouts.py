"""The home layouts of tile sheets by name, apart from the drawing code so that options and the
config file can name them without loading it (generator/imposition/tile_sheets.py draws them)."""

LAYOUTS = ("duplex-long", "duplex-short", "gutterfold", "separate")
