"""Open Domino Kit: print-and-play files for Open Domino and classic dominoes."""

import os as _os
import sys as _sys

# Started as the command (`opendomino`, or `python -m generator` while Python finds the package),
# Ctrl-C (and SIGTERM) must give one line from the first moment our code runs. So they are held
# back (blocked) first of all, and let through once generator/entry.py has put its handler in place.
if _sys.argv and (_sys.argv[0] == "-m" or _os.path.basename(_sys.argv[0]).removesuffix(".exe") == "opendomino"):
    import _signal

    if hasattr(_signal, "pthread_sigmask"):
        _signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT, _signal.SIGTERM})
    from generator.entry import install_early_interrupt_handler

    install_early_interrupt_handler()

__version__ = "0.1.0"
