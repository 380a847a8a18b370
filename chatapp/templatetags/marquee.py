"""Template filters every chat kind uses: safe Markdown, and the icon a chat's kind draws in the list."""

import nh3
from django import template
from django.utils.safestring import mark_safe
from markdown_it import MarkdownIt

from chatapp import kinds
from chatapp.selectors import version_info as _version_info
from chatapp.text import isolated, without_bidi_controls

register = template.Library()

# Raw HTML in model text is disabled at parse time and the output is sanitised again.
_md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
_ALLOWED_TAGS = {
    "p",
    "br",
    "strong",
    "em",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "h3",
    "h4",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
}


@register.filter
def markdown(text: str) -> str:
    """Render Markdown to sanitised HTML (no raw HTML, safe links only)."""
    # An answer quotes what people wrote (a film's name) and model text is untrusted: an override left open in it
    # (U+202E) reversed the rest of its paragraph, past the </strong> around it. Right-to-left words need none.
    html = _md.render(without_bidi_controls(text or ""))
    clean = nh3.clean(
        html,
        tags=_ALLOWED_TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
    return mark_safe(clean)


@register.filter
def isolate(text: str) -> str:
    """Text people wrote, for a <title>: bidi-isolated, so a U+202E in it cannot reorder what follows."""
    return isolated(text)


@register.filter
def kind_icon(chat) -> str:
    """The template of a chat's icon in the chat list (its kind draws it)."""
    return kinds.get(chat.kind).list_icon


@register.filter
def version_info(message) -> dict:
    """`{index, count}` of the message's shown version (1-based), for the ‹ 2/3 › switch."""
    return _version_info(message)


@register.filter
def dollars(value) -> str:
    """A cost in US dollars: cents for a dollar or more, four significant digits below ("$0.001575")."""
    if value is None or value == "":
        return "price unknown"
    amount = float(value)
    if amount == 0:
        return "$0"
    if amount >= 1:
        return f"${amount:,.2f}"
    return "$" + f"{amount:.4g}" if amount >= 0.0001 else f"${amount:.8f}".rstrip("0")
