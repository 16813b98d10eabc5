"""Open Domino Kit: print-and-play files for Open Domino and classic dominoes."""

__version__ = "0.1.0"

import os as _os
import sys as _sys

# Started as the command (`opendomino` or `python -m generator`): Ctrl-C must give one line from
# the first moment, so the handler goes in before anything else of ours is imported.
# (generator/entry.py installs the same handler; this only moves it earlier.)
if _sys.argv and (_sys.argv[0] == "-m" or _os.path.basename(_sys.argv[0]) == "opendomino"):
    from generator.entry import install_early_interrupt_handler

    install_early_interrupt_handler()
