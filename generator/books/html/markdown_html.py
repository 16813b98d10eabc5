"""A rules file's Markdown (the tokens generator/rules parsed) as an HTML fragment that is also
well-formed XHTML, so the web pages and the e-books carry the same markup.

What differs from markdown-it's own HTML: a ```figure block becomes the figure (drawing and
caption); a block quote, which in the rules always holds a marked suggestion of ours, gets the
class "suggestion" that sets it apart; a link to a figure goes to the part that draws it, and any
other link stays plain text, as in the booklet; raw HTML is shown as text and an image as its
words, so a page never asks the network for anything; a command's words are never broken at
their hyphens.
"""

from html import escape
import re

from markdown_it.renderer import RendererHTML
from markdown_it.utils import OptionsDict

from generator.rules.source import FIGURE_FENCE, FIGURE_LINK_PREFIX

_OPTIONS = OptionsDict({"maxNesting": 20, "html": False, "linkify": False, "typographer": False,
                        "quotes": "“”‘’", "xhtmlOut": True, "breaks": False, "langPrefix": "language-",
                        "highlight": None})


class _RulesRenderer(RendererHTML):
    """env: "figure" (id -> the figure's HTML) and "figure_href" (id -> where the link goes)."""

    def fence(self, tokens, idx, options, env):
        token = tokens[idx]
        if token.info.strip() == FIGURE_FENCE:
            return env["figure"](token.content.strip())
        return super().fence(tokens, idx, options, env)

    def blockquote_open(self, tokens, idx, options, env):
        return '<blockquote class="suggestion">\n'

    def link_open(self, tokens, idx, options, env):
        href = str(tokens[idx].attrs.get("href", ""))
        linked = href.startswith(FIGURE_LINK_PREFIX)
        env.setdefault("open_links", []).append(linked)
        if not linked:
            return ""
        return f'<a href="{escape(env["figure_href"](href.removeprefix(FIGURE_LINK_PREFIX)))}">'

    def link_close(self, tokens, idx, options, env):
        return "</a>" if env["open_links"].pop() else ""

    def image(self, tokens, idx, options, env):
        return escape(tokens[idx].content, quote=False)

    def html_block(self, tokens, idx, options, env):
        return f"<p>{escape(tokens[idx].content.strip(), quote=False)}</p>\n"

    def html_inline(self, tokens, idx, options, env):
        return escape(tokens[idx].content, quote=False)

    def heading_open(self, tokens, idx, options, env):
        env["in_heading"] = True
        return self.renderToken(tokens, idx, options, env)

    def heading_close(self, tokens, idx, options, env):
        env["in_heading"] = False
        return self.renderToken(tokens, idx, options, env)

    def text(self, tokens, idx, options, env):
        html = escape(tokens[idx].content, quote=False)
        inside_a_link = any(env.get("open_links", []))
        # In a heading a link keeps its number as its name: a heading's name is made of its links'
        # names, and "Moving (games 1–9)" must not read "Moving (games Game 1. … – Game 9. …)".
        return html if inside_a_link else _linked_games(html, env["game_link"], named=not env.get("in_heading"))

    def code_inline(self, tokens, idx, options, env):
        """A command: each word kept whole (a browser breaks a line after a hyphen, and `--random`
        split as `--` / `random` reads as two arguments); the spaces between words still break."""
        words = tokens[idx].content.split(" ")
        return "<code>" + " ".join(f'<span class="word">{escape(word, quote=False)}</span>' if "-" in word
                                   else escape(word, quote=False) for word in words) + "</code>"


_RENDERER = _RulesRenderer()


def rules_html(tokens, figure, figure_href, game_link=lambda number: None) -> str:
    """The body of one chapter or game: `figure(id)` gives a figure's HTML, `figure_href(id)` the
    address a link to it points at, `game_link(number)` the address and name of a game the text
    names by its number (None: no link)."""
    return _RENDERER.render(tokens, _OPTIONS, {"figure": figure, "figure_href": figure_href, "game_link": game_link})


# "game 16", "games 10, 12 and 13", "games 22–32"; «игра 16», «в играх 2 и 3», «игры 1–16»: each number
# a link to its game's page. (The booklet's text stays as it is: a page number would be the link there.)
_GAME_NUMBERS = re.compile(r"\b(?:[Gg]ames?|[Ии]гр(?:а|ы|е|у|ой|ам|ами|ах)?)(?:\s|&nbsp;|\u00a0)+"
                           r"\d+(?:\s*(?:,|and|or|и|или|–|-)\s*\d+)*")
_NUMBER = re.compile(r"\d+")


def _linked_games(html: str, game_link, named: bool = True) -> str:
    def numbers(found: re.Match) -> str:
        def link(number: re.Match) -> str:
            target = game_link(int(number.group()))
            if target is None:
                return number.group()
            # Named by the game's heading, which holds the number shown: "16" alone in a list of links
            # says nothing.
            href, name = target
            label = f' aria-label="{escape(name)}"' if named else ""
            return f'<a href="{escape(href)}"{label}>{number.group()}</a>'
        return _NUMBER.sub(link, found.group())
    return _GAME_NUMBERS.sub(numbers, html)
