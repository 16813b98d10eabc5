"""What things look like, as drawings in millimetres (generator.scene). No file formats here."""
