"""Values every template may use."""

from django.conf import settings

from chatapp import kinds, llm

THEMES = ("light", "dark")


def marquee(request) -> dict:
    """Limits, the chat kinds (new-chat buttons, top-bar links), the planner mode shown in the footer, and the
    person's theme and sidebar choices (cookies static/sidebar.js sets, so the first paint is already right)."""
    theme = request.COOKIES.get("theme", "")
    return {
        "THEME": theme if theme in THEMES else "",
        "SIDEBAR_CLOSED": request.COOKIES.get("sidebar") == "closed",
        "MESSAGE_MAX_CHARS": settings.MESSAGE_MAX_CHARS,
        "PLANNER_MODE": "OpenAI" if llm.openai_enabled() else "offline rules",
        "CHAT_KINDS": kinds.all_kinds(),
        "KIND_NAV": [link for kind in kinds.all_kinds() for link in kind.nav],
    }
