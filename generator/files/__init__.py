"""Layer 0, files: reading and writing files safely. Every file the kit reads goes through one
bounded gate (size, kind, TOML shape); every file it writes is written atomically and listed in the
folder's manifest. May import: generator.errors and the standard library only."""
