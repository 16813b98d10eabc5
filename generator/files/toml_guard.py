"""A cheap look at TOML text before tomllib parses it, to refuse the shapes tomllib handles badly.

tomllib takes time quadratic in the parts of a dotted key (100,000 parts: minutes), converts
an integer of more than 4,300 digits with a ValueError of its own, and recurses once per level
of nesting. None of the kit's files needs more than a few parts, digits or levels, so text
beyond these bounds is refused with the line it is on. The scan is linear: strings and
comments are masked first (so that a dot or a digit inside them counts for nothing), then the
rest is measured.
"""

from functools import cache
from itertools import islice
import re

from generator.errors import UserError
from generator.words import _

MAX_KEY_PARTS = 32        # a.b.c = … ; the kit's files use 2 at most
MAX_DIGITS = 64           # digits of one number; 64 decimal or hex digits still fit a float
MAX_DEPTH = 32            # lists and tables inside each other


@cache
def _patterns() -> tuple[re.Pattern, ...]:
    """Compiled on first use: `opendomino --help` should not pay for them."""
    # Each alternative ends at its closing quote, else at the end of the line (or text), so every
    # match succeeds where it starts; the possessive runs (++) and atomic groups (?>…) never give
    # back, so the scan never backtracks over the file. A repeated group is atomic, not possessive
    # (*+): before 3.11.5, Python's *+ over a group with alternatives could stop early (CPython
    # gh-106052), and Debian 12's Python is 3.11.2.
    strings_and_comments = re.compile(r'''
          """(?>(?:[^"\\]++|\\.?|"(?!""))*)(?:"""|\Z)    # multi-line basic string
        | \'\'\'(?>(?:[^']++|'(?!''))*)(?:\'\'\'|\Z)         # multi-line literal string
        | "(?>(?:[^"\\\n]++|\\[^\n]?)*)(?:"|$)          # basic string
        | '[^'\n]*+(?:'|$)                            # literal string
        | \#[^\n]*+                                   # comment
    ''', re.VERBOSE | re.DOTALL | re.MULTILINE)
    long_number = re.compile(rf"0[xob][0-9a-fA-F_]{{{MAX_DIGITS + 1},}}|[0-9_]{{{MAX_DIGITS + 1},}}")
    # A key's parts lie between two of = , { } [ ] or line ends. The match may start only where
    # such a stretch starts, and its possessive steps never give back: one pass over the text.
    long_key = re.compile(rf"(?<![^\n=,{{}}\[\]])(?:[^\n=,{{}}\[\].]*+\.){{{MAX_KEY_PARTS}}}[^\n=,{{}}\[\].]*+")
    not_brackets = re.compile(r"[^\[\]{}]+")
    return strings_and_comments, long_number, long_key, not_brackets


@cache
def _byte_tables() -> tuple[bytes, ...]:
    """bytes.translate tables that reduce the text (UTF-8) to what each bound looks at."""
    def table(mapping: dict[str, str], default: str = " ") -> bytes:
        return bytes(ord(mapping.get(chr(code), default)) if code < 128 else ord(default) for code in range(256))

    digit_like = table({ch: "0" for ch in "0123456789abcdefABCDEF_"})
    separators = "\n=,{}[]"
    dots_and_separators = table({".": ".", **{ch: "|" for ch in separators}})
    not_dots_or_separators = bytes(code for code in range(256) if chr(code) not in "." + separators)
    parentheses = table({"[": "(", "{": "(", "]": ")", "}": ")"})
    not_brackets = bytes(code for code in range(256) if chr(code) not in "[]{}")
    return digit_like, dots_and_separators, not_dots_or_separators, parentheses, not_brackets


def _nesting_within_bound(data: bytes) -> bool:
    """True if the brackets surely nest at most MAX_DEPTH deep: each pass removes the innermost
    pairs, so a balanced text of that depth is empty after that many passes."""
    _, _, _, parentheses, not_brackets = _byte_tables()
    brackets = data.translate(parentheses, not_brackets)
    for _ in range(MAX_DEPTH):
        inner_removed = brackets.replace(b"()", b"")
        if len(inner_removed) == len(brackets):
            break
        brackets = inner_removed
    return b"(" not in brackets      # else deeper, or unclosed: the exact count below decides


def _too_deep(skeleton: str) -> int | None:
    """How many brackets precede the first that opens level MAX_DEPTH + 1, or None."""
    depth = 0
    for index, bracket in enumerate(_patterns()[3].sub("", skeleton)):
        depth = depth + 1 if bracket in "[{" else max(depth - 1, 0)
        if depth > MAX_DEPTH:
            return index
    return None


def _problem(skeleton: str) -> tuple[str, int] | None:
    """(what is wrong, where in `skeleton`) for the first bound the text breaks, else None.

    Each bound is first looked for in the text reduced by bytes.translate (fast, in C); the
    exact pattern, which finds the place, runs only where that finds something."""
    long_number, long_key = _patterns()[1:3]
    digit_like, dots_and_separators, not_dots_or_separators = _byte_tables()[:3]
    data = skeleton.encode("utf-8", "surrogatepass")
    number = long_number.search(skeleton) if b"0" * (MAX_DIGITS + 1) in data.translate(digit_like) else None
    if number:
        return (_("has a number of {digits} digits; a number here has at most {most}: shorten it").format(
            digits=len(number.group()), most=MAX_DIGITS), number.start())
    dots = data.translate(dots_and_separators, not_dots_or_separators)
    key = long_key.search(skeleton) if b"." * MAX_KEY_PARTS in dots else None
    if key:
        end = re.compile(r"[\n=,{}\[\]]").search(skeleton, key.end())
        parts = skeleton[key.start():end.start() if end else len(skeleton)].count(".") + 1
        return (_("has a dotted key of {parts} parts; a key here has at most {most}: shorten it").format(
            parts=parts, most=MAX_KEY_PARTS), key.start())
    index = None if _nesting_within_bound(data) else _too_deep(skeleton)
    if index is not None:
        position = next(islice(re.finditer(r"[\[\]{}]", skeleton), index, None)).start()
        return (_("has lists or tables that nest too deeply (more than {most} levels); flatten them").format(
            most=MAX_DEPTH), position)
    return None


def check_toml_shape(text: str, where: str) -> None:
    """A one-line UserError if `text` has a key of too many parts, too long a number or too deep
    a nesting; else nothing (tomllib then reports any plain syntax error)."""
    strings_and_comments = _patterns()[0]
    if _problem(strings_and_comments.sub("s", text)) is None:       # the common case, fast
        return
    # Again, to say on which line the fault is: each masked string keeps its line breaks, as
    # vertical tabs, which (like the "s") separate nothing, so the same fault is found.
    skeleton = strings_and_comments.sub(lambda match: "s" + "\v" * match.group().count("\n"), text)
    problem, position = _problem(skeleton)
    line = skeleton.count("\n", 0, position) + skeleton.count("\v", 0, position) + 1
    raise UserError(_("{where}: line {line} {problem}").format(where=where, line=line, problem=problem))
