"""HTMX pages: a full page, or one partial when request.htmx."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import DisallowedHost, RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from chatapp import kinds, selectors, services
from chatapp.errors import MarqueeError
from chatapp.refusals import host_refusal, refusal, refused
from chatapp.stopping import stop_deleted
from chatapp.text import form_int

NEW_KEY_SESSION = "account_new_api_key"


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request):
    """Create an account and log straight in."""
    if request.user.is_authenticated:
        return redirect("chat-list")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("chat-list")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_safe
def chat_list(request):
    """All the user's chats, newest first."""
    return _chat_list_page(request, {})


def _chat_list_page(request, extra: dict, status: int = 200):
    # A kind may show related rows in its list icon (an image chat's current picture): one query, not one per chat.
    related = [name for kind in kinds.all_kinds() for name in kind.list_related]
    chats = selectors.chat_list(user=request.user).select_related(*related)
    # The page's own header has the new-chat buttons: the sidebar beside it leaves its copies out.
    context = {"chats": chats, "new_chat_in_page": True, **extra}
    return render(request, "chatapp/chat_list.html", context, status=status)


@login_required
@require_POST
def chat_create(request):
    """Start a chat and open it."""
    try:
        chat = services.chat_create(user=request.user, kind=request.POST.get("kind", "movies"))
    except MarqueeError as exc:
        messages.error(request, exc.message)
        return redirect("chat-list")
    return redirect("chat-detail", chat_id=chat.pk)


@login_required
@require_safe
def chat_detail(request, chat_id: int):
    """One chat with its full history; the page then listens on the chat's websocket."""
    chat = _owned(request, chat_id)
    services.turn_close_stale(chat=chat)  # an answer whose process died shows as interrupted, not as running
    history = list(selectors.message_list(chat=chat))
    busy = any(m.is_active for m in history)
    kind = kinds.get(chat.kind)
    return kind.load(kind.page)(request, chat, history, busy)


@login_required
@require_POST
def chat_rename(request, chat_id: int):
    """Rename a chat; htmx gets the updated row back (or, refused, the row with the reason and the old title)."""
    try:
        chat = services.chat_rename(user=request.user, chat_id=chat_id, title=request.POST.get("title", ""))
    except MarqueeError as exc:
        if exc.status == 404:
            return refused(request, exc)
        said = {"rename_error": exc.message, "rename_chat_id": chat_id}
        if not request.htmx:  # a plain form post (htmx not loaded yet): the whole list, this row saying why
            return _chat_list_page(request, said, status=exc.status)
        said["chat"] = _owned(request, chat_id)
        return render(request, "chatapp/chat_list.html#chat_row", said, status=exc.status)
    if request.htmx:
        return render(request, "chatapp/chat_list.html#chat_row", {"chat": chat})
    return redirect("chat-list")


@login_required
@require_POST
def chat_pin(request, chat_id: int):
    """Pin or unpin a chat; htmx gets the sidebar's chats back (from the chat list: the row, the sidebar beside it)."""
    try:
        chat = services.chat_pin(user=request.user, chat_id=chat_id, pinned=request.POST.get("pinned") == "1")
    except MarqueeError as exc:
        return refused(request, exc)
    if not request.htmx:
        return redirect("chat-list")
    current = request.POST.get("current", "")
    context = {
        "chat": chat,
        "groups": selectors.chat_sidebar_groups(user=request.user),
        "current_id": _page_id(current),
        "oob": request.POST.get("where") == "list",
    }
    template = "chatapp/chat_list.html#chat_row_pinned" if context["oob"] else "chatapp/sidebar.html#chat_groups"
    return render(request, template, context)


@login_required
@require_safe
def chat_search(request):
    """Search hits for the sidebar (an emptied box clears them), or a page of them for a visit without htmx; a
    refused query says why (400)."""
    q = request.GET.get("q", "")
    template = "chatapp/search_results.html" if request.htmx else "chatapp/search_page.html"
    if not q.strip():
        return HttpResponse("") if request.htmx else render(request, template, {"q": q})
    try:
        hits = selectors.search(user=request.user, q=q)
    except MarqueeError as exc:
        return render(request, template, {"error": exc.message, "q": q}, status=exc.status)
    return render(request, template, {"hits": hits, "q": q})


@login_required
@require_POST
def chat_delete(request, chat_id: int):
    """Delete a chat; htmx removes its row."""
    try:
        services.chat_delete(user=request.user, chat_id=chat_id)
    except MarqueeError as exc:
        return refused(request, exc)
    stop_deleted(chat_id)  # its running answer too
    return HttpResponse("") if request.htmx else redirect("chat-list")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account(request):
    """Personal API tokens: create (the key is shown once) and revoke."""
    if request.method == "POST":
        if "revoke" in request.POST:
            try:
                services.api_token_revoke(user=request.user, token_id=_revoke_id(request.POST["revoke"]))
                messages.success(request, "Token revoked.")
            except (MarqueeError, ValueError):
                messages.error(request, "That token does not exist.")
            return redirect("account")
        try:
            _token, key = services.api_token_create(user=request.user, name=request.POST.get("name", ""))
        except MarqueeError as exc:  # a name that cannot be stored: say why, create nothing
            messages.error(request, exc.message)
            return redirect("account")
        # Post/redirect/get: reloading the page must not create a second token. The key waits in the
        # session for the one page that shows it.
        request.session[NEW_KEY_SESSION] = key
        return redirect("account")
    new_key = request.session.pop(NEW_KEY_SESSION, None)
    tokens = selectors.api_token_list(user=request.user)
    context = {"tokens": tokens, "new_key": new_key, **_usage_context(request.user)}
    response = render(request, "chatapp/account.html", context)
    # The page may carry a secret: no copy in any cache (nor behind the Back button).
    patch_cache_control(response, no_store=True, private=True)
    return response


def _usage_context(user) -> dict:
    """The account page's usage: today against the quotas, totals per day and per chat."""
    return {
        "usage_today": selectors.usage_today(user_id=user.pk),
        "usage_days": selectors.usage_by_day(user=user),
        "usage_chats": selectors.usage_by_chat(user=user),
        "token_quota": settings.USER_DAILY_TOKEN_QUOTA,
        "cost_quota": settings.USER_DAILY_COST_QUOTA,
        "quota_tz": settings.TIME_ZONE,
    }


def _page_id(value: str) -> int | None:
    """The id a page sent back (the open chat), or None: "²" or a 5,000-digit number is no id, not a 500."""
    return form_int(value)


def _revoke_id(value: str) -> int:
    """The token a revoke button names; anything but ASCII digits names none (ValueError: "does not exist")."""
    token_id = form_int(value)
    if token_id is None:
        raise ValueError(value)
    return token_id


def _owned(request, chat_id: int):
    try:
        return selectors.chat_get(user=request.user, chat_id=chat_id)
    except MarqueeError:
        raise Http404("That chat does not exist.") from None


class LogoutView(auth_views.LogoutView):
    """Log out on POST (Django's rule); a plain visit gets a page with the button instead of a blank 405."""

    http_method_names = ["get", "post", "options"]

    def get(self, request, *args, **kwargs):
        return render(request, "registration/logout_confirm.html")


def bad_request(request, exception=None):
    """Django's own 400s (a form body past DATA_UPLOAD_MAX_MEMORY_SIZE, too many fields or files) in words.

    Raised while the view reads request.POST, so no view can answer them.
    """
    if isinstance(exception, DisallowedHost):  # read after AllowedHostMiddleware (a forwarded host)
        return host_refusal(request)
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_048_576
        status, code = 413, "payload_too_large"
        message = f"That form is too large to read (its text may be at most {limit:.1f} MB)."
    elif isinstance(exception, (TooManyFieldsSent, TooManyFilesSent)):
        status, code, message = 400, "bad_request", "That form has too many fields or files to read."
    else:
        status, code, message = 400, "bad_request", "That request could not be read."
    return refusal(request, status, code, message)


def csrf_failure(request, reason=""):
    """A page's form sent without a valid CSRF token (usually a tab opened before the session changed)."""
    message = "This page is out of date (you logged in or out since it opened). Reload it and try again."
    return refusal(request, 403, "csrf_failed", message)
