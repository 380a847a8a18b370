"""ASGI entry point: HTTP goes to Django, websockets through origin (scheme, host and port) and auth checks."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatapp.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from chatapp import kinds  # noqa: E402
from chatapp.http_limits import install_line_limits  # noqa: E402
from chatapp.origins import StrictOriginValidator  # noqa: E402
from chatapp.request_target import OriginFormTargets  # noqa: E402
from chatapp.routing import websocket_urlpatterns  # noqa: E402
from chatapp.socket_limits import install_close_codes  # noqa: E402
from chatapp.socket_tokens import BearerTokenSockets  # noqa: E402

install_close_codes()  # an oversized frame gets close 1009, not a dropped connection
install_line_limits()  # an overlong URL or header gets 414 / 431, not a dropped connection

# A chat kind may wrap the http app (the image lab refuses oversized uploads before reading their body).
http_app = django_asgi_app
for kind in kinds.all_kinds():
    if kind.http_wrapper:
        http_app = kind.load(kind.http_wrapper)(http_app)

application = OriginFormTargets(  # outermost: `GET http://host/path` (proxies send it) is routed by its path
    ProtocolTypeRouter(
        {
            "http": http_app,
            # An API client's JSON socket may carry its bearer token instead of a session (no Origin to check)
            "websocket": BearerTokenSockets(
                URLRouter(websocket_urlpatterns),
                StrictOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
            ),
        }
    )
)
