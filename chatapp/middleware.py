"""Under /api/, Django's own 404/405 pages become the API's {code, message} JSON and HEAD is answered as GET;
elsewhere a 405 gets words; a query string with too many parameters, or a Host not served, is refused in words
everywhere; a page's own 404 is the app's page under DEBUG too."""

import logging

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.conf import settings
from django.core.exceptions import DisallowedHost, TooManyFieldsSent
from django.http import Http404, HttpResponseNotAllowed, JsonResponse, QueryDict
from django.template.loader import render_to_string
from django.utils.decorators import sync_and_async_middleware
from django.utils.deprecation import MiddlewareMixin
from django.views.defaults import page_not_found

from chatapp.refusals import host_refusal, is_htmx, refusal


@sync_and_async_middleware
def AllowedHostMiddleware(get_response):  # noqa: N802 - Django middleware naming
    """A Host not in ALLOWED_HOSTS is refused in words naming it, before CommonMiddleware reads the host.

    Raised there, Django answered "That request could not be read." (handler400) or, under DEBUG, its HTML
    debug page even under /api/. Logged as Django logs it (django.security.DisallowedHost, one WARNING line).
    """
    if iscoroutinefunction(get_response):

        async def middleware(request):
            if not _host_allowed(request):  # the page reads the session (the database): off the loop
                return await sync_to_async(host_refusal)(request)
            return await get_response(request)

    else:

        def middleware(request):
            return host_refusal(request) if not _host_allowed(request) else get_response(request)

    return middleware


def _host_allowed(request) -> bool:
    try:
        request.get_host()
    except DisallowedHost as exc:
        logging.getLogger("django.security.DisallowedHost").error(
            str(exc), extra={"status_code": 400, "request": request}
        )
        return False
    return True


@sync_and_async_middleware
def ApiJsonErrorsMiddleware(get_response):  # noqa: N802 - Django middleware naming
    """Under /api/, an unknown path or a wrong method answers {code, message} too, not Django's HTML page."""
    if iscoroutinefunction(get_response):

        async def middleware(request):
            if not _query_readable(request):  # the page reads the session (the database): off the loop
                return await sync_to_async(_query_refusal)(request)
            if (repeated := _api_query_repeated(request)) is not None:
                return repeated
            head = _head_as_get(request)
            response = await get_response(request)
            if _blank_page_405(request, response):  # the page reads the session (the database): off the loop
                return await sync_to_async(_page_method_error)(request, response)
            return _api_answer(request, response, head=head)

    else:

        def middleware(request):
            if not _query_readable(request):
                return _query_refusal(request)
            if (repeated := _api_query_repeated(request)) is not None:
                return repeated
            head = _head_as_get(request)
            response = get_response(request)
            if _blank_page_405(request, response):
                return _page_method_error(request, response)
            return _api_answer(request, response, head=head)

    return middleware


def _query_readable(request) -> bool:
    """Whether the query string parses within DATA_UPLOAD_MAX_NUMBER_FIELDS (read here, before any view)."""
    try:
        request.GET  # noqa: B018 - parsed (and cached) for the views
    except TooManyFieldsSent:
        # Left unparsed, every later read raises again: under DEBUG Django's own error page did, answering 500.
        request.GET = QueryDict()
        return False
    return True


def _query_refusal(request):
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    return refusal(
        request, 400, "bad_request", f"That address has too many query parameters to read (at most {limit})."
    )


def _api_query_repeated(request):
    """Under /api/, a query parameter given twice (`?q=a&q=b`, `?variation=0&variation=1`) is refused in words.

    Every API query parameter takes one value: the last was used silently, so what a proxy, a cache key or a
    log read first was not what the server answered for (as with a JSON property or a form field named twice).
    """
    if not request.path.startswith("/api/"):
        return None
    name = next((key for key, values in request.GET.lists() if len(values) > 1), None)
    if name is None:
        return None
    message = f"The address gives the query parameter {name[:40]!r} more than once; give each once."
    return refusal(request, 400, "bad_request", message)


def _head_as_get(request) -> bool:
    """Under /api/, HEAD runs the GET route (Ninja routes no HEAD), answered with its headers only (RFC 9110)."""
    if request.method == "HEAD" and request.path.startswith("/api/"):
        request.method = "GET"
        return True
    return False


def _api_answer(request, response, *, head: bool):
    response = _api_json_error(request, response)
    return _headers_only(response) if head else response


def _headers_only(response):
    if response.streaming:
        response.streaming_content = []
    else:
        response.content = b""
    return response


def _api_json_error(request, response):
    if not request.path.startswith("/api/") or response.status_code not in (404, 405):
        return response
    if response.get("Content-Type", "").startswith("application/json"):
        return response  # already an API error
    if response.status_code == 404:
        return JsonResponse({"code": "not_found", "message": "Not found."}, status=404)
    allowed = response.get("Allow", "")
    refused = JsonResponse(
        {
            "code": "method_not_allowed",
            "message": f"{_sent_method(request)} is not allowed here; use {_listed(allowed)}.",
        },
        status=405,
    )
    if allowed:
        refused["Allow"] = allowed
    return refused


def _sent_method(request) -> str:
    """The method as sent (a HEAD runs as GET under /api/)."""
    return request.META.get("REQUEST_METHOD", request.method)


def _listed(allowed: str) -> str:
    return ", ".join(sorted(m.strip() for m in allowed.split(",") if m.strip()))


def _blank_page_405(request, response) -> bool:
    """A page's wrong method (a visit to a form's POST address) answered by Django's blank 405."""
    return (
        not request.path.startswith("/api/") and isinstance(response, HttpResponseNotAllowed) and not response.content
    )


def _page_method_error(request, response):
    """Say why: {code, message} to htmx (its alert line shows the words), else a page; the Allow header kept."""
    allowed = _listed(response.get("Allow", ""))
    if is_htmx(request):
        message = f"{request.method} is not allowed here; use {allowed}."
        refused = JsonResponse({"code": "method_not_allowed", "message": message}, status=405)
        refused["Allow"] = response.get("Allow", "")
        return refused
    response.content = render_to_string("405.html", {"method": request.method, "allowed": allowed}, request)
    return response


class PageNotFoundMiddleware(MiddlewareMixin):
    """A page's own 404 (another user's chat, an image not one's own) is the app's 404 page, under DEBUG too."""

    def process_exception(self, request, exception):
        """Render 404.html as DEBUG off does; under DEBUG Django's debug page had no layout and listed the URLs."""
        if isinstance(exception, Http404) and not request.path.startswith("/api/"):
            return page_not_found(request, exception)
        return None
