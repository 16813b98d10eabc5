"""Layer 5, art: what a tile, the board, a figure or a sheet mark looks like, as a drawing in
millimetres (generator.scene.drawing). No file formats, no pages. May import: generator.scene,
generator.colour, generator.model, generator.rules, generator.files."""
