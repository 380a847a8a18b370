"""Small request middleware."""

from asgiref.sync import iscoroutinefunction
from django.utils.decorators import sync_and_async_middleware


@sync_and_async_middleware
def HtmxMiddleware(get_response):  # noqa: N802 - Django middleware naming
    """Set request.htmx when the request came from htmx (so views return a partial)."""
    if iscoroutinefunction(get_response):

        async def middleware(request):
            request.htmx = request.headers.get("HX-Request") == "true"
            return await get_response(request)

    else:

        def middleware(request):
            request.htmx = request.headers.get("HX-Request") == "true"
            return get_response(request)

    return middleware
