"""ASGI entry point: HTTP goes to Django, websockets through origin and auth checks."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatapp.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from chatapp.routing import websocket_urlpatterns  # noqa: E402
from imagelab.asgi_limits import UploadLimit, install_daphne_guard  # noqa: E402

# Oversized uploads are refused from Content-Length before their body is read (see imagelab/asgi_limits.py).
install_daphne_guard()

application = ProtocolTypeRouter(
    {
        "http": UploadLimit(django_asgi_app),
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
