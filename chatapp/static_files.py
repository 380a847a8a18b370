"""ServeStatic, with a static address it has no file for answered 404 under DEBUG too.

Under DEBUG, ServeStatic raises MissingFileError for any missing file under STATIC_URL (a typo, an old hashed
name, `/static/%2e%2e/chatapp/settings.py`): a 500 whose debug page listed the server's static directories.
It is a 404 like any unknown address (as with DEBUG off, where ServeStatic passes it on to the URLs).
"""

from django.http import Http404
from servestatic.middleware import ServeStaticMiddleware
from servestatic.responders import MissingFileError


class StaticFilesMiddleware(ServeStaticMiddleware):
    async def __call__(self, request):
        try:
            return await super().__call__(request)
        except MissingFileError:
            raise Http404("There is no static file at this address.") from None
