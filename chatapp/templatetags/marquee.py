"""Template filters: safe Markdown and generated poster placeholders."""

import hashlib

import nh3
from django import template
from django.utils.safestring import mark_safe
from markdown_it import MarkdownIt

register = template.Library()

# Raw HTML in model text is disabled at parse time and the output is sanitised again.
_md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
_ALLOWED_TAGS = {
    "p", "br", "strong", "em", "code", "pre", "ul", "ol", "li", "blockquote", "a",
    "h3", "h4", "table", "thead", "tbody", "tr", "th", "td", "hr",
}


@register.filter
def markdown(text: str) -> str:
    """Render Markdown to sanitised HTML (no raw HTML, safe links only)."""
    html = _md.render(text or "")
    clean = nh3.clean(
        html,
        tags=_ALLOWED_TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
    return mark_safe(clean)


@register.filter
def poster_hue(title: str) -> int:
    """A stable hue for a title's generated placeholder poster."""
    return int(hashlib.sha1((title or "").encode()).hexdigest()[:4], 16) % 360


@register.filter
def initials(title: str) -> str:
    """Up to two initials for a placeholder poster."""
    words = [w for w in (title or "").split() if w[:1].isalnum()]
    skip = {"the", "a", "an", "of"}
    core = [w for w in words if w.lower() not in skip] or words
    return "".join(w[0].upper() for w in core[:2]) or "?"


@register.filter
def pick_meta(pick) -> str:
    """A pick card's info line: genres · runtime · rating · director, only the parts it has."""
    parts = [*(pick.get("genres") or []), runtime_text(pick.get("runtime"))]
    if pick.get("rating"):
        parts.append(f"★ {pick['rating']}")
    parts.append(pick.get("director") or "")
    return " · ".join(p for p in parts if p)


@register.filter
def runtime_text(minutes) -> str:
    """120 → '2h 0m'."""
    if not minutes:
        return ""
    minutes = int(minutes)
    return f"{minutes // 60}h {minutes % 60}m" if minutes >= 60 else f"{minutes}m"


@register.filter
def mark_of(marks, pick) -> dict:
    """The watchlist/seen marks of a pick card ({} when none)."""
    if not marks or not pick:
        return {}
    return marks.get(f"{pick.get('source')}:{pick.get('id')}", {})
