"""The language of a studio request: the page's own choice, else the browser's, else English.

The page's switch (EN | RU) posts its choice to /api/language, which answers with a cookie; the
browser then sends it with every request, the page's reload included, so the choice is
remembered. A cookie value the studio did not write (another language, anything else) is
ignored. Without one, the browser's Accept-Language decides: its ranges in the order of their
q-values (RFC 9110, section 12.5.4), the first whose language has a catalogue wins; "*" takes
English, as does a header that names none of them.
"""

import re

from generator.words import ENGLISH, LANGUAGES

COOKIE = "opendomino_studio_lang"
COOKIE_DAYS = 365
MAX_HEADER = 4096               # characters of a header read; a longer one is cut there
MAX_RANGES = 50                 # language ranges of an Accept-Language header considered
_QUALITY = re.compile(r"q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)", re.IGNORECASE)


def accepted_language(header: str | None) -> str:
    """The first language with a catalogue among the ranges of an Accept-Language header, in the
    order of their q-values (equal ones in the header's order); English when none is."""
    ranges = []
    for position, item in enumerate((header or "")[:MAX_HEADER].split(",")[:MAX_RANGES]):
        tag, *parameters = [part.strip() for part in item.split(";")]
        quality = 1.0
        for parameter in parameters:
            found = _QUALITY.fullmatch(parameter)
            if found is None:               # a malformed weight: the range is left out
                quality = -1.0
                break
            quality = float(found[1])
        if tag and quality > 0:              # q=0: "not acceptable"
            ranges.append((-quality, position, tag.lower()))
    for _quality, _position, tag in sorted(ranges):
        if tag == "*":
            return ENGLISH
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return ENGLISH


def cookie_language(header: str | None) -> str | None:
    """The language the page's switch chose, from a Cookie header; None when it holds no valid one."""
    for pair in (header or "")[:MAX_HEADER].split(";"):
        name, _equals, value = pair.strip().partition("=")
        if name == COOKIE:
            value = value.strip().strip('"')
            return value if value in LANGUAGES else None
    return None


def request_language(cookie_header: str | None, accept_header: str | None) -> str:
    return cookie_language(cookie_header) or accepted_language(accept_header)


def language_cookie(language: str) -> str:
    """The Set-Cookie value that remembers `language` (one of LANGUAGES) for this address's pages."""
    return f"{COOKIE}={language}; Path=/; Max-Age={COOKIE_DAYS * 24 * 3600}; SameSite=Strict"
