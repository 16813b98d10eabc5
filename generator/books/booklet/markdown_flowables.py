"""Rules Markdown (markdown-it tokens) to reportlab flowables.

Handles what templates/rules/FORMAT.md allows: level-2/3 headings, paragraphs, bullet and
ordered lists (nested), strong, emphasis, inline code, links to figures, figure fences, and block
quotes, which hold our marked suggestions: set indented beside a rule, so a reader sees at once
that the text is ours and not the source's.
"""

from html import escape

from markdown_it.token import Token
from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.platypus import CondPageBreak, ListFlowable, ListItem, Table, TableStyle

from generator.books.booklet.paragraph import Paragraph
from generator.scene.fonts import pdf_font_name

FIGURE_FENCE = "figure"
HEADING_ROOM = 22.0      # mm
MM = 72 / 25.4
SUGGESTION_RULE = 1.6    # points: the rule beside a marked suggestion
SUGGESTION_INDENT = 7.0  # points between the rule and the text
SUGGESTION_AFTER = 4.0   # points below a marked suggestion, as much as a paragraph's after and more


class HeadingRoom(CondPageBreak):
    """Before a heading: a new page unless this one holds the heading and the start of what follows
    it, whole: a list's first item, or two lines of a paragraph (HEADING_ROOM at least). A list is
    a container that keepWithNext cannot hold to its heading, and where figures wait for the next
    page, a heading left at a page's foot was parted from its list by a full page of figure."""

    def __init__(self):
        super().__init__(HEADING_ROOM * MM)
        self.heading = self.following = self.then = None
        self.line = 0.0         # the body text's leading: a heading wants two lines of it below

    def wrap(self, availWidth, availHeight):
        if self.heading is not None:
            heading = self.heading
            need = heading.getSpaceBefore() + heading.wrap(availWidth, availHeight)[1] + heading.getSpaceAfter()
            canv = getattr(self, "canv", None)          # set when a frame asks, not when a test does
            start = _start_height(self.following, availWidth, canv, self.line)
            if self.then is not None and canv is not None and _is_whole(self.following, start, availWidth):
                # What follows is all in its start (a one-item list, a line or two): a marked
                # suggestion after it, which is never split, would leave the heading at the foot of
                # the page with that one line under it. So it comes along, or all of them wait.
                start += self.then.getSpaceBefore() + self.then.wrapOn(canv, availWidth, 10 ** 6)[1]
            self.height = max(HEADING_ROOM * MM, need + start)
        return super().wrap(availWidth, availHeight)


class ListEndRoom(CondPageBreak):
    """Before a list's last two items: a new page unless this one holds both, when the last is one
    or two lines. Alone at the top of a page, such an item is a widow, parted from its list (the
    Russian book ended on a page that held only the last game of a list)."""

    def __init__(self, before, last, line: float):
        super().__init__(0)
        self.before, self.last, self.line = before, last, line

    def both_height(self, canv, width: float) -> float:
        """The two items' height when the last one is short, else 0 (it may start a page)."""
        last = self.last.wrapOn(canv, width, 10 ** 6)[1]
        if last > 2 * self.line + 0.01:
            return 0.0
        before = self.before.getSpaceBefore() + self.before.wrapOn(canv, width, 10 ** 6)[1] + self.before.getSpaceAfter()
        return before + self.last.getSpaceBefore() + last

    def wrap(self, availWidth, availHeight):
        frame, canv = self._doctemplateAttr("frame"), getattr(self, "canv", None)
        # At the top of a page nothing is gained by a new one (and two tall items would never fit).
        self.height = 0.0 if frame is None or canv is None or frame._atTop else self.both_height(canv, availWidth)
        return super().wrap(availWidth, availHeight)


class _List(ListFlowable):
    """A list whose last item, when it is one paragraph, has a ListEndRoom before the item ahead of
    it. (reportlab makes a list's laid-out items when it is first laid out: so is the room.)"""

    def __init__(self, items: list, line: float, **style):
        super().__init__(items, **style)
        self._line = line
        self._guarded = len(items) > 1 and len(items[-1]._flowables) == 1

    def _getContent(self):
        content = super()._getContent()
        if self._guarded:
            content.insert(-2, ListEndRoom(*content[-2:], self._line))
        return content


def _is_whole(flowable, start: float, width: float) -> bool:
    """Whether `flowable` is all in its first unbreakable piece: a list of one item, or a paragraph
    of at most two lines."""
    if isinstance(flowable, ListFlowable):
        return len(flowable._content) == 1
    return isinstance(flowable, Paragraph) and flowable.wrap(width, 10 ** 6)[1] + flowable.getSpaceBefore() <= start + 0.01


def _start_height(flowable, width: float, canv=None, line: float = 0.0) -> float:
    """How tall the start of `flowable` is that must stand under its heading: a list's first item
    (and its second, when the first is one line of `line`; and the short last one too, when the
    second is the one before it: ListEndRoom), two lines of a paragraph, or the whole of anything
    else (0 for nothing)."""
    if flowable is None:
        return 0.0
    if isinstance(flowable, ListFlowable):
        height = flowable.getSpaceBefore()
        items = [item for item in flowable._content if not isinstance(item, ListEndRoom)]
        guard = next((item for item in flowable._content[-3:-2] if isinstance(item, ListEndRoom)), None)
        for count, item in enumerate(items, start=1):
            height += item.getSpaceBefore() + (item.wrapOn(canv, width, 10 ** 6) if canv else item.wrap(width, 10 ** 6))[1]
            if count == len(items) - 1 and guard is not None and canv is not None and guard.both_height(canv, width):
                continue        # the next item and the short last one come together: both stand here
            if count >= 2 or canv is None or height - flowable.getSpaceBefore() >= 1.5 * line:
                break
        return height
    height = flowable.wrap(width, 10 ** 6)[1] + flowable.getSpaceBefore()
    leading = getattr(getattr(flowable, "style", None), "leading", None)
    return min(height, 2 * leading) if isinstance(flowable, Paragraph) and leading else height


class FlowableBuilder:
    """Turns one file's tokens into flowables; `figure_flowables(id)` draws a figure block."""

    def __init__(self, styles: dict, figure_flowables, link_colour: str | None = "#1d4f91", links: bool = True):
        self.styles = styles
        self.figure_flowables = figure_flowables
        self.link_colour = link_colour
        self.links = links          # False: figure references stay plain text (print-shop files)

    def build(self, tokens: list[Token]) -> list:
        flowables, index = [], 0
        while index < len(tokens):
            made, index = self._block(tokens, index, "body")
            flowables.extend(made)
        for at, flowable in enumerate(flowables):       # each heading's room knows what it must hold
            if isinstance(flowable, HeadingRoom):
                flowable.heading = flowables[at + 1]
                flowable.following = flowables[at + 2] if at + 2 < len(flowables) else None
                after = flowables[at + 3] if at + 3 < len(flowables) else None
                flowable.line = self.styles["item"].leading
                flowable.then = after if isinstance(after, Table) else None      # a marked suggestion
        return flowables

    def _block(self, tokens: list[Token], index: int, style: str) -> tuple[list, int]:
        token = tokens[index]
        if token.type == "heading_open":
            level = "h2" if token.tag in ("h1", "h2") else "h3"
            # A heading needs a few lines of its section below it on the same page.
            return [HeadingRoom(),
                    Paragraph(inline_markup(tokens[index + 1], self.link_colour, self.links), self.styles[level])], index + 3
        if token.type == "paragraph_open":
            return [Paragraph(inline_markup(tokens[index + 1], self.link_colour, self.links), self.styles[style])], index + 3
        if token.type in ("bullet_list_open", "ordered_list_open"):
            return self._list(tokens, index)
        if token.type == "blockquote_open":
            return self._suggestion(tokens, index)
        if token.type == "fence" and token.info.strip() == FIGURE_FENCE:
            return self.figure_flowables(token.content.strip()), index + 1
        if token.type == "fence" or token.type == "code_block":
            return [Paragraph(escape(token.content), self.styles["code"])], index + 1
        return [], index + 1          # thematic breaks, html: nothing to set

    def _suggestion(self, tokens: list[Token], index: int) -> tuple[list, int]:
        """A block quote (a marked suggestion of ours): its paragraphs beside a grey rule."""
        depth, end = 0, index
        while True:
            if tokens[end].type == "blockquote_open":
                depth += 1
            elif tokens[end].type == "blockquote_close":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        inner, position = [], index + 1
        while position < end:
            made, position = self._block(tokens, position, "suggestion")
            inner.extend(made)
        rule = CMYKColor(0, 0, 0, 0.45) if self.link_colour is None else HexColor("#8c8c8c")
        box = Table([[inner]], style=TableStyle([
            ("LINEBEFORE", (0, 0), (0, 0), SUGGESTION_RULE, rule),
            # A table sets a font for its cells even when they hold only paragraphs: make it ours.
            ("FONTNAME", (0, 0), (0, 0), self.styles["body"].fontName),
            ("LEFTPADDING", (0, 0), (0, 0), SUGGESTION_INDENT), ("RIGHTPADDING", (0, 0), (0, 0), 0),
            ("TOPPADDING", (0, 0), (0, 0), 1), ("BOTTOMPADDING", (0, 0), (0, 0), 0)]))
        box.hAlign = "LEFT"
        box.spaceAfter = SUGGESTION_AFTER       # its cell ends on its last line: room before what follows
        return [box], end + 1

    def _list(self, tokens: list[Token], index: int) -> tuple[list, int]:
        opening = tokens[index]
        closing_type = opening.type.replace("_open", "_close")
        items, index = [], index + 1
        while tokens[index].type != closing_type:
            content, index = [], index + 1          # skip list_item_open
            while tokens[index].type != "list_item_close":
                made, index = self._block(tokens, index, "item")
                content.extend(made)
            items.append(ListItem(content))
            index += 1
        return [list_flowable(items, self.styles, ordered=opening.type == "ordered_list_open")], index + 1


def list_flowable(items: list, styles: dict, ordered: bool) -> ListFlowable:
    """A bulleted or numbered list of ListItems, as every list of the booklets is set: a number in
    the text's own size and face, so that it stands on the first line's baseline."""
    return _List(items, styles["item"].leading, bulletType="1" if ordered else "bullet",
                 bulletFormat="%s." if ordered else None, start=None if ordered else "•", leftIndent=12,
                 bulletFontSize=styles["item"].fontSize if ordered else 9, bulletFontName=styles["body"].fontName,
                 spaceAfter=3)


def inline_markup(inline: Token, link_colour: str | None = None, make_links: bool = True) -> str:
    """reportlab paragraph markup for one inline token; figure links get `link_colour`.

    With make_links=False no link is made at all (a link is an annotation, which PDF/X forbids).
    """
    parts, links = [], []
    for child in inline.children or []:
        if child.type == "text":
            parts.append(escape(child.content, quote=False))
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" " if child.type == "softbreak" else "<br/>")
        elif child.type == "strong_open":
            parts.append("<b>")
        elif child.type == "strong_close":
            parts.append("</b>")
        elif child.type == "em_open":
            parts.append("<i>")
        elif child.type == "em_close":
            parts.append("</i>")
        elif child.type == "code_inline":        # a command or a file name: in the sans face, set off from the text
            parts.append(f'<font face="{pdf_font_name("sans")}">{escape(child.content, quote=False)}</font>')
        elif child.type == "link_open":
            # Only links inside the booklet (figures) become links; others stay plain text.
            internal = make_links and child.attrs.get("href", "").startswith("#")
            links.append(internal)
            colour = f' color="{link_colour}"' if link_colour else ""
            parts.append(f'<a href="{escape(child.attrs["href"])}"{colour}>' if internal else "")
        elif child.type == "link_close":
            parts.append("</a>" if links.pop() else "")
    return "".join(parts)
