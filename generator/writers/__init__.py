"""Writers turn drawings (generator.scene) into files. They know nothing about dominoes."""
