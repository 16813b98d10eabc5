"""Who may use the studio: requests that name this server, come from its own page and carry its token.

Listening on loopback does not keep other web sites out. A page the user visits can make the
browser send requests to 127.0.0.1 (a cross-site POST), or point a name of its own at 127.0.0.1
and read the answers as same-origin (DNS rebinding). So, as Jupyter and the JavaScript dev
servers do, every request passes three checks:

- Host: the request must name this server, 127.0.0.1, localhost, [::1] or the --host address,
  with its port. A rebinding page's requests name the attacker's host and are refused.
- Origin: a POST must come from the studio's own page: its Origin (or, without one, its Referer)
  is http://HOST:PORT of the request itself. `Origin: null` (sandboxed frames, files) is refused.
- Token: a random secret made at start, printed in the address that opens the browser; the page
  reads it from its own address and sends it with every API request in a header. A header, not a
  cookie: a cookie is sent by the browser on its own (to any port of 127.0.0.1, and cross-site
  unless SameSite holds), a header only by our script, so no other page can borrow it.
"""

import hmac
import ipaddress
import secrets

from msgspec import Struct

TOKEN_HEADER = "X-Studio-Token"
TOKEN_BYTES = 32                     # secrets.token_urlsafe(32): 43 characters
MAX_TOKEN = 200                      # a longer one is wrong without comparing it
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")
ANY_ADDRESS = ("0.0.0.0", "::")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def host_spelling(host: str) -> str:
    """An address as a URL and a Host header write it: IPv6 in brackets, lower case."""
    host = host.lower()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
    except ValueError:
        return False
    return name.startswith("[") == (":" in name)           # IPv6 only in brackets


class Guard(Struct, frozen=True):
    port: int
    token: str
    names: frozenset[str]            # the host names a request may give, lower case
    any_ip: bool = False             # listening on every address: any IP literal names this server

    @classmethod
    def for_server(cls, host: str, port: int, token: str) -> "Guard":
        return cls(port, token, frozenset((*LOCAL_NAMES, host_spelling(host))), host in ANY_ADDRESS)

    def host_allowed(self, host_header: str | None) -> bool:
        """True if a Host header names this server: exactly one of its names and its port.

        Compared as written (lower-cased): a browser always writes a host this way, and an odd
        spelling (a trailing dot, a longer IPv6 form) gains an attacker nothing but is refused.
        """
        if not host_header or len(host_header) > 300:
            return False
        name, port = _split_host(host_header.lower())
        if port is None:
            return False
        if port == "":
            if self.port != 80:
                return False
        elif not (port.isascii() and port.isdigit() and len(port) <= 5 and int(port) == self.port):
            return False
        return name in self.names or (self.any_ip and _is_ip_literal(name))

    def origin_allowed(self, host_header: str, origin: str | None, referer: str | None) -> bool:
        """True if a request comes from the page of the origin it was sent to.

        `host_header` must have passed host_allowed. Without an Origin the Referer must start
        with the page's origin and a slash; with neither the request is refused.
        """
        own = f"http://{host_header}".lower()
        if origin is not None:
            return origin.lower() == own
        return referer is not None and referer.lower().startswith(own + "/")

    def token_matches(self, given: str | None) -> bool:
        """Constant-time comparison; a missing or over-long token is wrong without one."""
        if not given or len(given) > MAX_TOKEN:
            return False
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode("utf-8"))


def _split_host(host: str) -> tuple[str, str | None]:
    """"name:port" -> (name, port); port "" when none is written, None when it is malformed."""
    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            return host, None
        name, rest = host[:end + 1], host[end + 1:]
        if rest == "":
            return name, ""
        return (name, rest[1:]) if rest.startswith(":") and len(rest) > 1 else (name, None)
    name, colon, port = host.rpartition(":")
    if not colon:
        return host, ""
    return (name, port) if port and ":" not in name else (host, None)
