"""Layer 5 beside art, solids: each tile as a 3D body, its outline (generator/scene/outline.py) extruded
with rounded edges, and the face's features (taken from the tile art's own drawing) cut into it as
recesses with flush inlays, or raised on it; one part per colour; and a box's tray and lid for them
(box_solids). Built with manifold3d, whose results are manifold by construction. May import: generator.art and the layers below it."""
