"""The client's address and scheme from a proxy's headers only when the proxy is trusted.

daphne sees the socket's peer. In front of it, deploy/nginx.conf sets X-Forwarded-For to the
address it saw and passes X-Forwarded-Proto on. Any client can send those headers too, so they
count only when the peer is one of TRUSTED_PROXIES (settings): then the client is the last
address in X-Forwarded-For that is not itself a trusted proxy. From anyone else the headers are
dropped before any view, the rate limits (core/throttle.py) or the login lockout (django-axes)
read them, and the socket's address is the client's.
"""

from ipaddress import ip_address

from django.conf import settings

FORWARDED = ("HTTP_X_FORWARDED_", "HTTP_FORWARDED")  # X-Forwarded-For, -Proto, -Host, -Ssl…, Forwarded


def trusted(address: str) -> bool:
    try:
        parsed = ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(parsed in network for network in settings.TRUSTED_PROXIES)


def client_of(peer: str, forwarded_for: str) -> str:
    """The client's address: the peer's, unless the peer is a trusted proxy; then the last
    address of X-Forwarded-For that no trusted proxy added (the proxies append, right to left)."""
    if not trusted(peer):
        return peer
    for address in reversed([part.strip() for part in forwarded_for.split(",") if part.strip()]):
        if not trusted(address):
            return address
    return peer


class ForwardedByTrustedProxy:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        peer = request.META.get("REMOTE_ADDR", "")
        if trusted(peer):
            request.META["REMOTE_ADDR"] = client_of(peer, request.META.get("HTTP_X_FORWARDED_FOR", ""))
        else:
            ssl_header = settings.SECURE_PROXY_SSL_HEADER[0] if settings.SECURE_PROXY_SSL_HEADER else ""
            for name in [name for name in request.META if name.startswith(FORWARDED) or name == ssl_header]:
                del request.META[name]
        return self.get_response(request)


class ForwardedSocketByTrustedProxy:
    """The same for a WebSocket's ASGI scope (the Channels consumers): its `client` is the one a
    trusted proxy named in X-Forwarded-For, else the peer's; the live feed's limits count by it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        client = scope.get("client")
        if client and trusted(client[0]):
            forwarded = b",".join(value for name, value in scope.get("headers", []) if name == b"x-forwarded-for")
            scope = {**scope, "client": [client_of(client[0], forwarded.decode("latin-1")), client[1]]}
        return await self.app(scope, receive, send)
