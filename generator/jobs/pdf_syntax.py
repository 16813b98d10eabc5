"""A PDF's syntax as qpdf checks it (through pikepdf): what `qpdf --check` would report.

qpdf opens the file as a print shop's tools do, repairing what it can (a cross-reference table
that points beside its objects, junk between objects, a missing end) and warning of each repair;
its check then decodes every stream and parses every page's content. pypdf, which reads the file
for the other checks, repairs the same damage without a word, so a damaged file would pass them all.
"""

from contextlib import contextmanager
import logging
from pathlib import Path
import re

import pikepdf
from pikepdf.settings import set_qpdf_limits

# The most one stream may decode to. pypdf stops at the same size for the other checks; without a
# limit qpdf would inflate a decompression bomb in an object nothing refers to, to its end.
MAX_DECODED_STREAM = 75_000_000
# qpdf's words for "a repair follows": true, but the problem that follows says what is wrong.
_GENERIC = {"file is damaged", "Attempting to reconstruct cross-reference table"}
_LOCATED = re.compile(r"^ \(([^()]*)\): (.*)$", re.S)       # "FILE (object 1 0, offset 15): expected n n obj"


def syntax_problems(path: Path) -> list[str]:
    """What qpdf finds wrong, in the order `qpdf --check` reports it; empty for a sound file."""
    name = str(path)
    with _limits(), _qpdf_warnings() as warnings:
        try:
            with pikepdf.open(name, suppress_warnings=False) as pdf:
                found = pdf.check_pdf_syntax()
        except Exception as error:    # damage qpdf gives up on; what it warned of before comes first
            found = [*warnings(), str(error)]
    problems = [_plain(text, name) for text in found]
    return [p for p in problems if p not in _GENERIC] or problems


def _plain(text: str, name: str) -> str:
    """qpdf's line without its WARNING/ERROR prefix and the file's name: "object 1 0, offset 15: ..."."""
    text = re.sub(r"^(?:WARNING|ERROR): ", "", text.strip())
    if text.startswith(name):
        text = text[len(name):]
    located = _LOCATED.match(text)
    text = f"{located[1]}: {located[2]}" if located else text.lstrip(":, ")
    return " ".join(text.split())          # one line, whatever the file's bytes made of it


@contextmanager
def _limits():
    """qpdf's decoders stop at MAX_DECODED_STREAM while we check; the limits are the process's."""
    previous = set_qpdf_limits(flate_max_memory=MAX_DECODED_STREAM, run_length_max_memory=MAX_DECODED_STREAM)
    try:
        yield
    finally:
        set_qpdf_limits(**previous)


@contextmanager
def _qpdf_warnings():
    """A function giving the warnings qpdf has logged so far, one string each; none reaches the
    terminal. pikepdf keeps them on the Pdf too, but a file qpdf gives up on never becomes one,
    and its warnings say where it broke."""
    logger = logging.getLogger("pikepdf._core")
    pieces: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            if record.levelno >= logging.WARNING:
                pieces.append(record.getMessage())

    handler, level, propagate = Keep(), logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield lambda: [line for line in "".join(pieces).splitlines() if line.strip()]
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate
