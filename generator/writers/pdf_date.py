"""The one date every PDF of the kit carries.

Files must be byte-identical for the same inputs, so no PDF carries the time it was made.
Our rule, for every PDF we write (reportlab's and pypdf's alike): the date is SOURCE_DATE_EPOCH
when that is set (the reproducible-builds convention, which reportlab's invariant mode also
follows), else 2000-01-01 00:00 UTC. The document /ID is derived from the content, so it changes
with the date and with nothing else.
"""

import os
import time

DEFAULT_EPOCH = 946684800          # 2000-01-01T00:00:00Z, reportlab's invariant date


END_OF_YEAR_9999 = 253402300800   # time.gmtime() and the PDF date format stop there
_MAX_EPOCH_DIGITS = len(str(END_OF_YEAR_9999))


def epoch_problem(text: str) -> bool:
    """Whether SOURCE_DATE_EPOCH's text is not a usable date: checked by length and ASCII digits
    before int() sees it (int() of 5,000 digits raises, and reads "²" or "٣" as it pleases)."""
    return bool(text) and not (len(text) <= _MAX_EPOCH_DIGITS and text.isascii() and text.isdigit()
                               and int(text) < END_OF_YEAR_9999)


def has_source_epoch() -> bool:
    """Whether SOURCE_DATE_EPOCH gives the date: without it the date is only the fixed stand-in,
    which an e-book must not show as its date of publication (readers list it as "2000")."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return bool(text) and not epoch_problem(text)


def source_epoch() -> int:
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(text) if text and not epoch_problem(text) else DEFAULT_EPOCH


def pdf_date() -> str:
    """D:YYYYMMDDHHmmSS+00'00' of the kit's date."""
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(source_epoch()))
