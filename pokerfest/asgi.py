"""ASGI entry point: HTTP through Django, WebSockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
django_asgi_app = get_asgi_application()  # before importing anything that touches models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from pokerfest.proxy import ForwardedSocketByTrustedProxy  # noqa: E402
from tournaments.consumers import FeedConsumer, FloorConsumer, LobbyConsumer  # noqa: E402

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/floor/", FloorConsumer.as_asgi()),
    path("ws/feed/v1/tournaments/<int:tournament_id>/", FeedConsumer.as_asgi()),
]

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": ForwardedSocketByTrustedProxy(
            AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)
