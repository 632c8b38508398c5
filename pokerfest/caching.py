"""Nothing is kept by a browser, proxy or CDN unless it says so.

A response that sets no Cache-Control of its own (a staff page, the desk's player search, a
seat page, anything signed in) leaves as `private, no-store`: a shared cache must never hand one
person's or the staff's data to another, and a desk's back button must not show a player's ID
details from the disk cache. The public reads set theirs with core.http_cache.public_read;
static files and the TV's images set their own.
"""


class PrivateByDefault:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Cache-Control" not in response:
            response["Cache-Control"] = "private, no-store"
        return response
