"""Layer 6, imposition: where each drawing goes on which page: home tile sheets in four layouts,
shop gang sheets, the board tiled over sheets, setup cards, tokens, sprite sheets, the booklet's page
order, sheets for cutting machines and lasers (cut_sheets, laser_sheets; the machines' numbers in
machines), a box's pieces on sheets, laser sheets and plates (box_sheets, laser_box_sheets,
panel_nesting); the mirroring math of duplex printing lives here once. May import: generator.art and the
layers below it."""
