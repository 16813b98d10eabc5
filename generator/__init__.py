"""Open Domino Kit: print-and-play files for the game Open Domino."""

__version__ = "0.1.0"
