"""Layer 1, data: the game's sets, tiles, figures and printed texts, loaded from templates/ and
validated (a mistake names the file, the tile and the rule). May import: generator.files, generator.errors."""
