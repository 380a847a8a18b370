"""A chat whose last answer is a pending diff card (Se7en and Fargo to the watchlist), for approval tests."""

from chatapp.models import Chat, Message


def _row(i: int, slug: str, title: str, year: int) -> dict:
    movie = {
        "source": "catalogue",
        "id": slug,
        "media_type": "movie",
        "title": title,
        "year": year,
        "genres": [],
        "director": None,
    }
    return {
        "i": i,
        "action": "add_watchlist",
        "label": "Add to watchlist",
        "title": title,
        "year": year,
        "rating": None,
        "movie": movie,
        "status": "ready",
        "note": "",
    }


def chat_with_proposal(user) -> tuple[Chat, Message]:
    """A chat of the user's whose answer is a pending two-row diff card (rows 0 and 1 ready)."""
    chat = Chat.objects.create(owner=user)
    Message.objects.create(chat=chat, role="user", turn_key="t1", content="add se7en and fargo to my watchlist")
    rows = [_row(0, "se7en-1995", "Se7en", 1995), _row(1, "fargo-1996", "Fargo", 1996)]
    message = Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t1",
        status="complete",
        content="Shall I?",
        payload={"proposal": {"state": "pending", "rows": rows}},
    )
    return chat, message
