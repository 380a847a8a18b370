"""The sidebar every logged-in page carries (see templates/chatapp/sidebar.html)."""

from django import template

from chatapp import selectors

register = template.Library()


@register.inclusion_tag("chatapp/sidebar.html", takes_context=True)
def sidebar(context) -> dict:
    """The user's chats in date groups, the open chat (if any) highlighted."""
    request = context["request"]
    chat = context.get("chat")
    return {
        "groups": selectors.chat_sidebar_groups(user=request.user),
        "current_id": getattr(chat, "pk", None),
        "CHAT_KINDS": [] if context.get("new_chat_in_page") else context.get("CHAT_KINDS", []),
        "csrf_token": context.get("csrf_token"),
        "request": request,
    }
