"""Movie-chat pages: pick-card list buttons, the lists page, and the memory panel."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST, require_safe

from chatapp.errors import MarqueeError
from chatapp.refusals import refused
from recs import selectors
from recs.lists_csv import list_csv
from recs.render import PAGE, PICK_ACTIONS, PROPOSAL, pick_actions_oob_html
from recs.services import imports as import_services
from recs.services import lists as list_services
from recs.services import memory as memory_services
from recs.services.proposals import NothingSelected, proposal_announce
from recs.services.proposals import proposal_decide as decide

SORTS = ("added", "title", "year", "rating")
MEMORY_NOTICE = "recs.memory_notice"


def chat_page(request, chat, history, busy: bool):
    """The movie chat page (the chat core's chat_detail hands movie chats here)."""
    keys = [(p["source"], p["id"]) for m in history for p in (m.payload or {}).get("picks", [])]
    return render(
        request,
        PAGE,
        {
            "chat": chat,
            "chat_messages": history,
            "busy": busy,
            "ws_path": f"/ws/chats/{chat.pk}/",
            "marks": selectors.list_marks(user=request.user, keys=keys),
        },
    )


def _sort(value: str | None) -> str:
    """A known sort order, else "added"."""
    return value if value in SORTS else "added"


def _back_to_memory(request, notice: str) -> HttpResponse:
    """Back to the memory card (not the top of the page), with the confirmation inside it."""
    request.session[MEMORY_NOTICE] = notice
    return redirect(reverse("lists") + "#memory")


@login_required
@require_POST
def pick_to_list(request, chat_id: int, turn_key: str, index: int, list_name: str):
    """Add the film on a pick card to the watchlist or the seen list; the card's buttons update in place."""
    try:
        message, pick = list_services.pick_to_list(
            user=request.user,
            chat_id=chat_id,
            turn_key=turn_key,
            index=index,
            list_name=list_name,
            rating=request.POST.get("rating"),
        )
    except MarqueeError as exc:
        return refused(request, exc)
    marks = selectors.list_marks(user=request.user, keys=[(pick["source"], pick["id"])])
    context = {"m": message, "pick": pick, "marks": marks}
    return render(request, PICK_ACTIONS, context)


def _lists_context(request, sort: str) -> dict:
    return {
        "sort": sort,
        "sorts": SORTS,
        "watchlist": selectors.list_items(user=request.user, list_name="watchlist", sort=sort),
        "seen": selectors.list_items(user=request.user, list_name="seen", sort=sort),
        "memory": memory_services.memory_get(user=request.user),
        "profile": memory_services.taste_profile_summary(user=request.user),
        # Set by the memory forms just before redirecting here: shown once, inside the memory card.
        "memory_notice": request.session.pop(MEMORY_NOTICE, ""),
        "import_max_kb": settings.LETTERBOXD_IMPORT_MAX_BYTES // 1024,
    }


@login_required
@require_safe
def lists_page(request):
    """The watchlist and the seen list (sortable), and what Marquee remembers about you."""
    return render(request, "recs/lists.html", _lists_context(request, _sort(request.GET.get("sort"))))


@login_required
@require_safe
def list_download(request, list_name: str):
    """One list as a CSV attachment (Letterboxd's columns)."""
    try:
        filename, text = list_csv(user=request.user, list_name=list_name)
    except MarqueeError as exc:
        return HttpResponse(exc.message, status=exc.status, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    return response


@login_required
@require_POST
def letterboxd_import(request):
    """Read a Letterboxd export and open its preview (a diff card to approve); a bad file stores nothing."""
    try:
        files = import_services.uploads_read(uploads=request.FILES.getlist("files"))
        card = import_services.letterboxd_import(user=request.user, files=files)
    except MarqueeError as exc:
        context = {**_lists_context(request, "added"), "import_error": exc.message}
        return render(request, "recs/lists.html", context, status=exc.status)
    # To the card itself (an explicit fragment: the form's own #list-files would otherwise carry over).
    return redirect(reverse("chat-detail", args=[card.chat_id]) + f"#proposal-{card.turn_key}")


@login_required
@require_POST
def list_item_remove(request, list_name: str, item_id: int):
    """Remove a row; htmx gets the list's section again (count and empty state up to date)."""
    try:
        list_services.list_item_remove(user=request.user, list_name=list_name, item_id=item_id)
    except MarqueeError as exc:
        return refused(request, exc)
    if not request.htmx:
        return redirect("lists")
    sort = _sort(request.POST.get("sort"))
    items = selectors.list_items(user=request.user, list_name=list_name, sort=sort)
    section = "watchlist_section" if list_name == "watchlist" else "seen_section"
    return render(request, f"recs/lists.html#{section}", {"sort": sort, list_name: items})


@login_required
@require_POST
def seen_rate(request, item_id: int):
    """Rate a seen film 1–5 (empty clears the rating); the page keeps its sort order."""
    try:
        item = list_services.seen_rate(user=request.user, item_id=item_id, rating=request.POST.get("rating"))
    except MarqueeError as exc:
        return refused(request, exc)
    sort = _sort(request.POST.get("sort"))
    if request.htmx:
        # The row's Remove button sends the sort back, so it must be rendered with it.
        return render(request, "recs/lists.html#seen_row", {"item": item, "sort": sort})
    return redirect(reverse("lists") + f"?sort={sort}")


@login_required
@require_POST
def memory_reset(request):
    """Forget what was learned from chats."""
    memory_services.memory_reset(user=request.user)
    return _back_to_memory(request, "Done: I have forgotten what I learned about your taste.")


@login_required
@require_POST
def autostart_toggle(request):
    """Switch the greeting with three picks in new chats on or off."""
    enabled = request.POST.get("autostart") == "on"
    memory_services.memory_set_autostart(user=request.user, enabled=enabled)
    return _back_to_memory(
        request, "New chats will greet you with picks." if enabled else "New chats will start empty."
    )


@login_required
@require_POST
def proposal_decide(request, chat_id: int, turn_key: str):
    """Apply the ticked rows of a diff card, or discard it; every open tab sees the result."""
    try:
        message = decide(
            user=request.user,
            chat_id=chat_id,
            turn_key=turn_key,
            decision=request.POST.get("decision", ""),
            selected=request.POST.getlist("rows"),
        )
    except NothingSelected as exc:
        if not request.htmx:
            return refused(request, exc)
        # htmx swaps only 2xx answers: the card comes back still pending, its boxes as the user left
        # them (not ticked again by default), saying why nothing happened.
        context = {"m": exc.card, "chosen": exc.selected, "notice": exc.message}
        return HttpResponse(render_to_string(PROPOSAL, context, request))
    except MarqueeError as exc:
        return refused(request, exc)
    except ValueError:
        return refused(request, MarqueeError("Those rows could not be read."))
    proposal_announce(message=message)
    card = render_to_string(PROPOSAL, {"m": message}, request)
    return HttpResponse(card + pick_actions_oob_html(user=request.user, message=message))
