"""Under /api/, Django's own 404/405 pages become the API's {code, message} JSON."""

from asgiref.sync import iscoroutinefunction
from django.http import JsonResponse
from django.utils.decorators import sync_and_async_middleware


@sync_and_async_middleware
def ApiJsonErrorsMiddleware(get_response):  # noqa: N802 - Django middleware naming
    """Under /api/, an unknown path or a wrong method answers {code, message} too, not Django's HTML page."""
    if iscoroutinefunction(get_response):

        async def middleware(request):
            return _api_json_error(request, await get_response(request))

    else:

        def middleware(request):
            return _api_json_error(request, get_response(request))

    return middleware


def _api_json_error(request, response):
    if not request.path.startswith("/api/") or response.status_code not in (404, 405):
        return response
    if response.get("Content-Type", "").startswith("application/json"):
        return response  # already an API error
    if response.status_code == 404:
        return JsonResponse({"code": "not_found", "message": "Not found."}, status=404)
    allowed = response.get("Allow", "")
    listed = ", ".join(sorted(m.strip() for m in allowed.split(",") if m.strip()))
    refused = JsonResponse(
        {"code": "method_not_allowed", "message": f"{request.method} is not allowed here; use {listed}."},
        status=405,
    )
    if allowed:
        refused["Allow"] = allowed
    return refused
