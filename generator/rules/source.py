"""The rule booklets' source: templates/rules/<book>/<lang>/, one Markdown file per chapter or game.

Two books share this loader: "open" (Open Domino, games 1-32) and "classic" (the traditional
games). Each book's book.toml states its reading order, the level-2 headings of a game, its
families, the sets a game may name and the front-matter keys it takes.
Each file starts with TOML front matter between two `+++` lines; the body is CommonMark,
parsed with markdown-it-py. templates/rules/FORMAT.md describes the format. Loading
checks the front matter, a game's sections, its list of variants and every figure
reference, and stops at the first problem with a one-line message naming the file.
"""

from functools import cache
from pathlib import Path
import re

from markdown_it import MarkdownIt
from markdown_it.token import Token
from msgspec import Struct

from generator.errors import UserError
from generator.files.bounded_read import read_text
from generator.files.resources import load_toml, parse_toml, template_path
from generator.model.figures import load_figures
from generator.model.texts import LANGUAGES
from generator.words import _

BOOKS = ("open", "classic")
FIGURE_FENCE = "figure"
FIGURE_LINK_PREFIX = "#"

_FENCE_LINE = "+++"
_PLAYERS = re.compile(r"\d+(–\d+|\+)?(, \d+)*", re.ASCII)   # "2", "1–2", "2+", "2, 4"; ASCII digits only
_CHAPTER_NAME = re.compile(r"chapter-(\d\d)-[a-z0-9-]+\.md", re.ASCII)
_GAME_NAMES = {"game-NN.md": re.compile(r"game-(\d\d)\.md", re.ASCII),
               "game-NN-slug.md": re.compile(r"game-(\d\d)-[a-z0-9-]+\.md", re.ASCII)}


class Book(Struct, frozen=True):
    """What a booklet's book.toml says of it."""
    name: str
    chapters_before: tuple[int, ...]
    chapters_after: tuple[int, ...]
    games: int                          # how many games, every one required; 0: any number, no gaps
    game_file: str                      # "game-NN.md" or "game-NN-slug.md"
    families: tuple[str, ...]
    sets: tuple[str, ...]
    front_matter: tuple[str, ...]
    sections: dict                      # language -> the level-2 headings of a game, in order
    optional_sections: tuple[str, ...]
    figure_book: str
    sources: tuple[str, ...] = ()

    def folder(self, lang: str) -> Path:
        return template_path("rules", self.name, lang)

    def game_name(self) -> re.Pattern:
        return _GAME_NAMES[self.game_file]


@cache
def load_book(name: str = "open") -> Book:
    if name not in BOOKS:
        raise UserError(_("unknown book {name!r}; use one of {books}").format(name=name, books=", ".join(BOOKS)))
    data = load_toml(template_path("rules", name, "book.toml"))
    return Book(name, tuple(data["chapters_before"]), tuple(data["chapters_after"]), int(data["games"]),
                data["game_file"], tuple(data["families"]), tuple(data["sets"]), tuple(data["front_matter"]),
                {lang: tuple(headings) for lang, headings in data["sections"].items()},
                tuple(data["optional_sections"]), data["figure_book"], tuple(data.get("sources", ())))


# The Open Domino book's game headings, as tests and other modules have long named them.
GAME_SECTIONS = {lang: headings for lang, headings in load_book("open").sections.items()}


class RulesFile(Struct, frozen=True):
    """One chapter or game of a booklet, parsed and checked."""
    file_name: str
    kind: str                        # "chapter" or "game"
    number: int                      # a game's number; a chapter's NN from its file name
    title: str
    family: str | None               # games only
    sets: tuple[str, ...]            # games only
    players: str | None              # games only
    markdown: str                    # the body, without front matter
    tokens: list[Token]
    sections: tuple[str, ...]        # the level-2 headings, in order
    variants: tuple[str, ...]        # games: each variant as plain text
    figures_linked: tuple[str, ...]  # ids of `[…](#fig-…)` links, in order
    figures_placed: tuple[str, ...]  # ids of ```figure fences, in order
    text: str                        # the visible text, one block a line, figures left out
    sources: tuple[str, ...] = ()    # classic games: the seeds that describe them


def load_rules(lang: str, folder: Path | None = None, book: str = "open") -> list[RulesFile]:
    """The chapters and games of one language's booklet, in reading order.

    The kit's own files are parsed once per process: a build loads them before it forks its
    workers, so that a book's PDF booklet and its web pages share one parse."""
    if folder is None:
        return list(_bundled_rules(lang, book))
    return _read_rules(lang, folder, book)


@cache
def _bundled_rules(lang: str, book: str) -> tuple[RulesFile, ...]:
    return tuple(_read_rules(lang, None, book))


def _read_rules(lang: str, folder: Path | None, book: str) -> list[RulesFile]:
    if lang not in LANGUAGES:
        raise UserError(_("unknown language {lang!r}; use one of {languages}").format(
            lang=lang, languages=", ".join(LANGUAGES)))
    spec = load_book(book)
    folder = folder or spec.folder(lang)
    if not folder.is_dir():
        raise UserError(_("{folder}: rules folder not found; reinstall opendomino").format(folder=folder))
    files = [_load_file(path, lang, spec) for path in reading_order(folder, spec)]
    _check_figures_are_placed(files, lang, spec)
    return files


class ContentsLine(Struct, frozen=True):
    """What a contents list needs of a file: read from its front matter alone."""
    file_name: str
    kind: str
    number: int
    title: str


def load_contents(lang: str, book: str = "open") -> list[ContentsLine]:
    """The chapters and games of one language's book in reading order, from their front matter
    (checked as load_rules checks it), without parsing the Markdown: a contents page is cheap."""
    if lang not in LANGUAGES:
        raise UserError(_("unknown language {lang!r}; use one of {languages}").format(
            lang=lang, languages=", ".join(LANGUAGES)))
    spec = load_book(book)
    lines = []
    for path in reading_order(spec.folder(lang), spec):
        where = _where(path)
        front = _parse_front_matter(split_front_matter(read_text(path, "rules"), where)[0], where)
        kind = _kind(path)
        _check_front_matter(front, kind, path.name, where, spec)
        lines.append(ContentsLine(path.name, kind, _number_from_name(path.name), front["title"]))
    return lines


def reading_order(folder: Path, book: Book | None = None) -> list[Path]:
    """The folder's files in booklet order; missing or unexpected files are errors."""
    book = book or load_book("open")
    chapters = _chapters_by_number(folder, book)
    pattern = book.game_name()
    found = {}
    for path in sorted(folder.glob("*.md")):
        match = pattern.fullmatch(path.name)
        if match:
            number = int(match.group(1))
            if number in found:
                raise UserError(_("{where}: game {number} has two files; keep one").format(
                    where=_where(path), number=number))
            found[number] = path
        elif not _CHAPTER_NAME.fullmatch(path.name):
            raise UserError(_("{where}: unexpected file name; use chapter-NN-<slug>.md or "
                              "{pattern}").format(
                where=_where(path), pattern=book.game_file.replace("NN", "NN").replace("slug", "<slug>")))
    count = book.games or max(found, default=0)
    for number in range(1, count + 1):
        if number not in found:
            name = book.game_file.replace("NN", f"{number:02d}").replace("slug", "<slug>")
            raise UserError(_("{where}: file not found; every game 1-{count} needs its file").format(
                where=_where(folder / name), count=count))
    if book.games and set(found) - set(range(1, count + 1)):
        extra = min(set(found) - set(range(1, count + 1)))
        raise UserError(_("{where}: this booklet has games 1-{count} only").format(
            where=_where(found[extra]), count=count))
    return ([chapters[n] for n in book.chapters_before] + [found[n] for n in range(1, count + 1)]
            + [chapters[n] for n in book.chapters_after])


def _chapters_by_number(folder: Path, book: Book) -> dict[int, Path]:
    known = book.chapters_before + book.chapters_after
    chapters = {}
    for path in sorted(folder.glob("chapter-*.md")):
        match = _CHAPTER_NAME.fullmatch(path.name)
        number = int(match.group(1)) if match else None
        if number not in known:
            raise UserError(_("{where}: not a known chapter; name it chapter-NN-<slug>.md "
                              "and add NN to the reading order in templates/rules/{name}/book.toml").format(
                where=_where(path), name=book.name))
        if number in chapters:
            raise UserError(_("{where}: chapter {number} has two files; keep one").format(
                where=_where(path), number=number))
        chapters[number] = path
    for number in known:
        if number not in chapters:
            raise UserError(_("{where}: chapter {number} is missing; "
                              "add chapter-{number}-<slug>.md").format(where=_where(folder), number=number))
    return chapters


def _where(path: Path) -> str:
    """A file named the way a user finds it: <book>/<lang>/<file>."""
    return "/".join(path.parts[-3:])


# Each language's quotation marks, which straight quotes in the text become: double open and close,
# single open and close (in English the single close is also the apostrophe).
_QUOTES = {"en": "“”‘’", "ru": "«»„“"}
# Spaces that become no-break spaces, so that a line never starts or ends where a typesetter would
# not let it: before a dash between words (not a range such as 1–2), so no line starts with a dash;
# between "Fig." and its number; before a number that ends a sentence ("…from 1. Moving"), which
# starting a line would read as a list's item; and, in Russian, after a one-letter word (в, к, с,
# у, о, а, и, я), which a Russian typesetter never leaves at a line's end.
_BOUND_SPACES = {
    "en": re.compile(r" (?=[—–] )|(?<=\b[Ff]ig\.) (?=\d)|(?<=\b[Ff]igs\.) (?=\d)|(?<=\w) (?=\d+\.(?:\s|$))"),
    "ru": re.compile(r" (?=[—–] )|(?<=\b[Рр]ис\.) (?=\d)|(?<=\w) (?=\d+\.(?:\s|$))"
                     r"|(?<![\w-][вксуоаияВКСУОАИЯ])(?<=[вксуоаияВКСУОАИЯ]) "),
}


@cache
def _markdown_parser(lang: str) -> MarkdownIt:
    """One CommonMark parser per language (building one compiles its rules' tables), which sets the
    language's quotation marks for straight quotes, as a typesetter would (never in code)."""
    return MarkdownIt("commonmark", {"typographer": True, "quotes": _QUOTES.get(lang, _QUOTES["en"])}).enable(
        "smartquotes")


def bind_spaces(text: str, lang: str) -> str:
    """The text with the language's _BOUND_SPACES made no-break spaces."""
    return _BOUND_SPACES.get(lang, _BOUND_SPACES["en"]).sub("\u00a0", text)


def _bind_words(tokens, lang: str) -> None:
    """bind_spaces in the text a reader sees (the booklets, the web pages and the e-books alike)."""
    for token in tokens:
        for child in token.children or ():
            if child.type == "text":
                child.content = bind_spaces(child.content, lang)


def _load_file(path: Path, lang: str, book: Book) -> RulesFile:
    where = _where(path)
    front_text, markdown = split_front_matter(read_text(path, "rules"), where)
    front = _parse_front_matter(front_text, where)
    kind = _kind(path)
    _check_front_matter(front, kind, path.name, where, book)
    tokens = _markdown_parser(lang).parse(markdown)
    _bind_words(tokens, lang)
    sections = level_two_headings(tokens)
    has_variants = False
    if kind == "game":
        has_variants = _check_game_sections(sections, lang, where, book)
    variants = _variants(tokens, lang, where, book) if has_variants else ()
    if variants:
        _number_variants(tokens, lang, book)
    return RulesFile(
        file_name=path.name, kind=kind, number=_number_from_name(path.name),
        title=front["title"], family=front.get("family"), sets=tuple(front.get("sets", ())),
        players=front.get("players"), markdown=markdown, tokens=tokens, sections=sections,
        variants=variants,
        figures_linked=_checked_ids(linked_figures(tokens), where, book),
        figures_placed=_checked_ids(placed_figures(tokens, where), where, book),
        text=visible_text(tokens), sources=tuple(front.get("sources", ())))


def _kind(path: Path) -> str:
    return "chapter" if path.name.startswith("chapter-") else "game"


def _number_from_name(file_name: str) -> int:
    return int(re.search(r"\d\d", file_name).group())


# --- front matter ---------------------------------------------------------------------------

def split_front_matter(source: str, where: str) -> tuple[str, str]:
    """(front matter, body) of a file that starts with a +++ … +++ block."""
    lines = source.splitlines(keepends=True)
    if not lines or lines[0].strip() != _FENCE_LINE:
        raise UserError(_("{where}: the file must start with a line '+++' opening the front matter").format(
            where=where))
    for index, line in enumerate(lines[1:], start=1):
        if line.strip() == _FENCE_LINE:
            return "".join(lines[1:index]), "".join(lines[index + 1:])
    raise UserError(_("{where}: the front matter is not closed; add a line '+++' after it").format(where=where))


def _parse_front_matter(text: str, where: str) -> dict:
    return parse_toml(text, _("{where}: front matter").format(where=where))


def _check_front_matter(front: dict, kind: str, file_name: str, where: str, book: Book) -> None:
    if front.get("kind") != kind:
        raise UserError(_("{where}: kind = {value!r}; a {kind} file needs kind = \"{kind}\"").format(
            where=where, value=front.get("kind"), kind=kind))
    keys = book.front_matter if kind == "game" else ("kind", "title")
    for key in keys:
        if key not in front:
            raise UserError(_("{where}: front matter lacks {key!r}; add it (see rules/FORMAT.md)").format(
                where=where, key=key))
    for key in front:
        if key not in keys:
            raise UserError(_("{where}: unknown front matter key {key!r}; "
                              "a {kind} takes only {keys}").format(
                where=where, key=key, kind=kind, keys=", ".join(keys)))
    _check_text(front["title"], "title", where)
    if kind == "game":
        _check_game_front_matter(front, file_name, where, book)


def _check_game_front_matter(front: dict, file_name: str, where: str, book: Book) -> None:
    if front["number"] != _number_from_name(file_name):
        raise UserError(_("{where}: number = {value!r}; "
                          "make it {number} as in the file name").format(
            where=where, value=front["number"], number=_number_from_name(file_name)))
    if front["family"] not in book.families:
        raise UserError(_("{where}: family = {value!r}; use one of {families}").format(
            where=where, value=front["family"], families=", ".join(book.families)))
    sets = front["sets"]
    if not isinstance(sets, list) or not sets or any(name not in book.sets for name in sets):
        raise UserError(_("{where}: sets = {sets!r}; list one or more of {sets2}").format(
            where=where, sets=sets, sets2=", ".join(book.sets)))
    if "sources" in book.front_matter:
        sources = front["sources"]
        if not isinstance(sources, list) or not sources or any(s not in book.sources for s in sources):
            raise UserError(_("{where}: sources = {sources!r}; list the seeds that describe the game, "
                              "of {sources2}").format(where=where, sources=sources, sources2=", ".join(book.sources)))
    if not isinstance(front["players"], str) or not _PLAYERS.fullmatch(front["players"]):
        raise UserError(_("{where}: players = {value!r}; "
                          "write it in digits: \"2\", \"1–2\", \"2+\" or \"2, 4\"").format(
            where=where, value=front["players"]))


def _check_text(value: object, key: str, where: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise UserError(_("{where}: {key} must be a non-empty string in quotes").format(where=where, key=key))


# --- body -----------------------------------------------------------------------------------

def level_two_headings(tokens: list[Token]) -> tuple[str, ...]:
    return tuple(tokens[index + 1].content for index, token in enumerate(tokens)
                 if token.type == "heading_open" and token.tag == "h2")


def _check_game_sections(sections: tuple[str, ...], lang: str, where: str, book: Book) -> bool:
    """Whether the game has its Variants section (an optional one may be left out)."""
    wanted = book.sections[lang]
    if sections == wanted:
        return True
    if wanted[-1] in book.optional_sections and sections == wanted[:-1]:
        return False
    raise UserError(_("{where}: level-2 headings are {found}; "
                      "a game needs exactly {wanted}, in this order").format(
        where=where, found=" / ".join(sections) or _("none"), wanted=" / ".join(wanted)))


def section_tokens(tokens: list[Token], heading: str) -> list[Token]:
    """The tokens after a level-2 heading, up to the next one."""
    start = next(index for index, token in enumerate(tokens)
                 if token.type == "heading_open" and token.tag == "h2"
                 and tokens[index + 1].content == heading) + 3
    end = next((index for index in range(start, len(tokens))
                if tokens[index].type == "heading_open" and tokens[index].tag == "h2"), len(tokens))
    return tokens[start:end]


def _variants(tokens: list[Token], lang: str, where: str, book: Book) -> tuple[str, ...]:
    heading = book.sections[lang][-1]
    section = section_tokens(tokens, heading)
    blocks = [token for token in section if token.level == 0 and token.nesting >= 0]
    if len(blocks) != 1 or blocks[0].type != "bullet_list_open":
        raise UserError(_("{where}: under '## {heading}' put exactly one bulleted list "
                          "('- ' items), one item per variant, and nothing else").format(where=where, heading=heading))
    return tuple(visible_text(item).replace("\n", " ") for item in list_items(section))


def _number_variants(tokens: list[Token], lang: str, book: Book) -> None:
    """The Variants list, written with bullets, made an ordered list: a rule refers to "variant 3",
    so every format (booklet, web page, e-book) numbers them."""
    section = section_tokens(tokens, book.sections[lang][-1])
    number = 0
    for token in section:
        if token.type in ("bullet_list_open", "bullet_list_close") and token.level == 0:
            token.type, token.tag, token.markup = token.type.replace("bullet", "ordered"), "ol", "."
        elif token.type == "list_item_open" and token.level == 1:
            number += 1
            token.markup, token.info = ".", str(number)
        elif token.type == "list_item_close" and token.level == 1:
            token.markup = "."


def list_items(tokens: list[Token]) -> list[list[Token]]:
    """The tokens of each item of the first list in `tokens`, its top-level items only."""
    item_level = next(token.level for token in tokens if token.type == "list_item_open")
    items = []
    for token in tokens:
        if token.type == "list_item_open" and token.level == item_level:
            items.append([])
        elif token.type == "list_item_close" and token.level == item_level:
            continue
        elif items and token.level > item_level:
            items[-1].append(token)
    return items


def visible_text(tokens: list[Token]) -> str:
    """The words a reader sees: each heading, paragraph or list line on a line; no figures."""
    return "\n".join(_inline_text(token) for token in tokens if token.type == "inline")


def _inline_text(inline: Token) -> str:
    parts = []
    for child in inline.children or ():
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


# --- figures --------------------------------------------------------------------------------

def linked_figures(tokens: list[Token]) -> tuple[str, ...]:
    """The ids of in-text figure links `[…](#fig-…)`, in order."""
    return tuple(child.attrs["href"].removeprefix(FIGURE_LINK_PREFIX)
                 for token in tokens if token.type == "inline"
                 for child in token.children or ()
                 if child.type == "link_open"
                 and str(child.attrs.get("href", "")).startswith(FIGURE_LINK_PREFIX))


def placed_figures(tokens: list[Token], where: str) -> tuple[str, ...]:
    """The ids of ```figure fences, at any depth (also inside list items), in order."""
    ids = []
    for token in tokens:
        if token.type == "fence" and token.info.strip() == FIGURE_FENCE:
            lines = token.content.split()
            if len(lines) != 1:
                raise UserError(_("{where}: a ```figure block holds {count} words; "
                                  "put exactly one figure id on its only line").format(where=where, count=len(lines)))
            ids.append(lines[0])
    return tuple(ids)


def _checked_ids(figure_ids: tuple[str, ...], where: str, book: Book) -> tuple[str, ...]:
    known = {figure_id for figure_id, figure in load_figures().items() if figure.book == book.figure_book}
    for figure_id in figure_ids:
        if figure_id not in known:
            raise UserError(_("{where}: unknown figure {figure_id!r}; "
                              "use one of {known}").format(
                where=where, figure_id=figure_id, known=", ".join(sorted(known))))
    return figure_ids


def _check_figures_are_placed(files: list[RulesFile], lang: str, book: Book) -> None:
    placed = {figure_id for rules_file in files for figure_id in rules_file.figures_placed}
    for rules_file in files:
        for figure_id in rules_file.figures_linked:
            if figure_id not in placed:
                raise UserError(_("rules/{name}/{lang}/{file_name}: links to {figure_id}, which "
                                  "no file of the booklet draws; add a ```figure block with {figure_id}").format(
                    name=book.name, lang=lang, file_name=rules_file.file_name, figure_id=figure_id))
