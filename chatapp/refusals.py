"""A page action's refusal in words: what the page's alert line can show, never HTML."""

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails

from chatapp.errors import MarqueeError


def is_htmx(request) -> bool:
    """Whether htmx sent the request, as django-htmx reads it (`HX-Request: true`, not any value)."""
    # The Host and charset checks run before HtmxMiddleware has set request.htmx: read the header the same way.
    htmx = getattr(request, "htmx", None)
    return bool(htmx if htmx is not None else HtmxDetails(request))


def refused(request, exc: MarqueeError) -> HttpResponse:
    """JSON {code, message} for htmx (static/app.js shows its message), plain text for a plain form post."""
    if is_htmx(request):
        return JsonResponse(exc.as_dict(), status=exc.status)
    # Plain text: a message may quote the request (an unknown list's name), so it must never be read as HTML.
    return HttpResponse(exc.message, status=exc.status, content_type="text/plain; charset=utf-8")


def refusal(request, status: int, code: str, message: str) -> HttpResponse:
    """JSON {code, message} for the API and htmx (the image composer shows a JSON refusal's message), else a page."""
    if request.path.startswith("/api/") or is_htmx(request):
        return JsonResponse({"code": code, "message": message}, status=status)
    return render(request, "400.html", {"message": message}, status=status)


def host_refusal(request) -> HttpResponse:
    """A Host not in ALLOWED_HOSTS, named: the request reached a server that does not answer for that address."""
    host = request.META.get("HTTP_HOST", request.META.get("SERVER_NAME", ""))
    if not host.strip():  # an empty Host header was named as the server's own address, which it does answer for
        message = "The request's Host header is empty: send the address the server is published at."
    else:
        message = (
            f"This server does not answer for the host {host[:100]!r} (the request's Host header). "
            "Use the address it is published at."
        )
    return refusal(request, 400, "bad_request", message)
