"""The game's data: sets, tiles, figures. Loaded from templates/ and validated."""
