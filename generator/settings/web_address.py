"""--base-url: the web folder where a user uploads the Tabletop Simulator images.

Every image's address is this folder + "/" + the image's name, written into the saved object
that other players' computers open. So the address is parsed (urllib), not pattern-matched:
an http or https scheme, a host, a real port; no user name or password (they would be shared
with the file); no query or fragment (the image name could not follow them); and no
character a reader cannot see or that reorders what they see (controls, U+202E and the other
bidirectional marks, zero-width characters, spaces). What the kit writes is the normalised
form: lower-case scheme and host, the host in ASCII (IDNA), no default port, the path's "." and
".." segments resolved and the path percent-encoded.
"""

import re
import unicodedata
from urllib.parse import quote, urlsplit, urlunsplit

from generator.errors import UserError
from generator.words import N_, _

MAX_URL = 2000        # characters; browsers and servers agree on about this much
_DEFAULT_PORTS = {"http": 80, "https": 443}
_HOST = re.compile(r"[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?)*\.?")
_EXAMPLE = N_("give the folder you upload the images to, e.g. https://example.org/domino")


def _invisible(text: str) -> tuple[int, str] | None:
    """(position, character) of the first control, format (bidi, zero-width) or space character."""
    for position, character in enumerate(text, start=1):
        if unicodedata.category(character) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"):
            return position, character
    return None


def parse_base_url(text: str | None, option: str = "--base-url") -> str | None:
    """The normalised http(s) address of a web folder, or a one-line UserError naming the fault."""
    if text is None:
        return None

    def refuse(problem: str) -> UserError:
        return UserError(_("{option}: {text!r} {problem}; {example}").format(
            option=option, text=text[:60], problem=problem, example=_(_EXAMPLE)))

    if len(text) > MAX_URL:
        raise refuse(_("is {count} characters long, more than the {most} an address may have").format(
            count=len(text), most=MAX_URL))
    found = _invisible(text)
    if found and found[1] == " ":
        raise refuse(_("has a space at {position}; an address has none (write %20 for a space in a folder's "
                       "name)").format(position=found[0]))
    if found:
        position, character = found
        name = unicodedata.name(character, f"U+{ord(character):04X}")
        raise refuse(_("has an invisible or direction-changing character at {position} ({name}); retype it").format(
            position=position, name=name))
    if any(character in text for character in "\"'<>\\`{}|^"):
        raise refuse(_("has a character that an address may not hold (quotes, <, >, \\ …)"))
    try:
        parts = urlsplit(text)
    except ValueError as error:             # a bad [IPv6] host
        raise refuse(_("is not a web address ({error})").format(error=error)) from None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        raise refuse(_("is not an http:// or https:// address"))
    if parts.username is not None or parts.password is not None:
        raise refuse(_("holds a user name or password, which everyone given the file would read; leave them out"))
    if parts.query or parts.fragment or text.rstrip().endswith(("?", "#")):
        raise refuse(_("has a ? or # part; the image names follow the folder, so leave it out"))
    port = _port(parts.netloc)
    if port is False:
        raise refuse(_("has a port that is not a number from 1 to 65535"))
    host = _ascii_host(parts.hostname or "")
    if host is None:
        raise refuse(_("names no host that can be looked up"))
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        netloc += f":{port}"
    path = quote(_without_dot_segments(parts.path), safe="/%:@!$&()*+,;=-._~")
    return urlunsplit((scheme, netloc, path, "", ""))


def _without_dot_segments(path: str) -> str:
    """The path with its "." and ".." segments resolved (RFC 3986, 5.2.4): servers and caches do not
    all read /a/../b as /b."""
    kept: list[str] = []
    segments = path.split("/")
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == "..":
            if len(kept) > 1:
                kept.pop()
            if last:
                kept.append("")
        elif segment == ".":
            if last:
                kept.append("")
        else:
            kept.append(segment)
    return "/".join(kept)


def _port(netloc: str) -> int | None | bool:
    """The port after the host: None if there is none, False if it is not 1-65535 in ASCII digits.
    (urlsplit's own .port takes "+80" and other digits than ASCII ones.)"""
    after_host = netloc.rpartition("@")[2].rpartition("]")[2]
    if ":" not in after_host:
        return None
    text = after_host.rpartition(":")[2]
    if not re.fullmatch(r"[0-9]{1,5}", text) or not 1 <= int(text) <= 65535:
        return False
    return int(text)


def _ascii_host(host: str) -> str | None:
    """The host in ASCII (an internationalised name as IDNA), lower case; None if it is not a host."""
    if not host:
        return None
    if ":" in host:                 # an IPv6 literal; urlsplit has checked its brackets
        return host.lower() if re.fullmatch(r"[0-9a-f:.]+", host.lower()) else None
    try:
        ascii_host = host.encode("idna").decode("ascii").lower()
    except UnicodeError:
        return None
    return ascii_host if len(ascii_host) <= 253 and _HOST.fullmatch(ascii_host) else None
