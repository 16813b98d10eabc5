"""Settings read from the environment, checked before they could fail deep inside a library."""

import os

from generator.errors import UserError
from generator.words import _
from generator.writers.pdf_date import epoch_problem


def check_environment() -> None:
    """SOURCE_DATE_EPOCH, which dates every PDF: a whole number of seconds, or a clear error."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch_problem(epoch):
        shown = repr(epoch) if len(epoch) <= 24 else f"{epoch[:12]!r}… ({len(epoch)} characters)"
        raise UserError(_("SOURCE_DATE_EPOCH={shown} is not a whole number of seconds since 1970 "
                          "(before the year 10000); set it to e.g. 1700000000, or unset it").format(shown=shown))
