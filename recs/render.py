"""Movie-chat fragments that need the database: pick-card buttons refreshed after a diff applies."""

from django.template.loader import render_to_string

from chatapp.models import Message
from recs import selectors
from recs.services.proposals import proposal_touched_cards

PICK_ACTIONS = "chatapp/chat.html#pick_actions"


def pick_actions_oob_html(*, user, message: Message) -> str:
    """The buttons of every pick card showing a film the diff changed, for out-of-band swaps."""
    cards = proposal_touched_cards(message=message)
    marks = selectors.list_marks(user=user, keys=[(pick["source"], pick["id"]) for _, pick in cards])
    return "".join(
        render_to_string(PICK_ACTIONS, {"m": m, "pick": pick, "marks": marks}).replace(
            "<div ", '<div hx-swap-oob="outerHTML" ', 1
        )
        for m, pick in cards
    )
