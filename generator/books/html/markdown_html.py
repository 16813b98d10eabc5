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

    def code_inline(self, tokens, idx, options, env):
        """A command: each word kept whole (a browser breaks a line after a hyphen, and `--random`
        split as `--` / `random` reads as two arguments); the spaces between words still break."""
        words = tokens[idx].content.split(" ")
        return "<code>" + " ".join(f'<span class="word">{escape(word, quote=False)}</span>' if "-" in word
                                   else escape(word, quote=False) for word in words) + "</code>"


_RENDERER = _RulesRenderer()


def rules_html(tokens, figure, figure_href) -> str:
    """The body of one chapter or game: `figure(id)` gives a figure's HTML, `figure_href(id)` the
    address a link to it points at."""
    return _RENDERER.render(tokens, _OPTIONS, {"figure": figure, "figure_href": figure_href})
