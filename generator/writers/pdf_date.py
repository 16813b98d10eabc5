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


def source_epoch() -> int:
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    try:
        return int(text) if text else DEFAULT_EPOCH
    except ValueError:
        return DEFAULT_EPOCH


def pdf_date() -> str:
    """D:YYYYMMDDHHmmSS+00'00' of the kit's date."""
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(source_epoch()))
