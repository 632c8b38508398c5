"""The festival's language wins over the browser's (issue 14).

LocaleMiddleware has already picked the browser's language (Accept-Language); a page or API
answer about one tournament or festival (/tournaments/<id>/…, /festivals/<id>/…, and the same
under /api/) speaks the festival's language instead when the director set one, so the floor's
tablets and the venue's TV all say the same words whatever the device is set to. The JavaScript
catalog follows too: base.html asks /jsi18n/?language=<the page's language>.

A middleware rather than each view: every page and API operation of a tournament gets it, and
the refusals raised inside the services are translated in that language."""

import re

from django.conf import settings
from django.utils import translation

from tournaments.models import Festival

_ABOUT = re.compile(r"^/(?:api/)?(?P<what>tournaments|festivals)/(?P<id>\d+)/")
_KNOWN = {code for code, _name in settings.LANGUAGES}


def festival_language(path: str) -> str:
    """The language of the festival the path is about, or "" (none set, or not about one)."""
    about = _ABOUT.match(path)
    if about is None:
        return ""
    festivals = Festival.objects.all()
    if about["what"] == "tournaments":
        festivals = festivals.filter(tournaments=int(about["id"]))
    else:
        festivals = festivals.filter(pk=int(about["id"]))
    return festivals.values_list("language", flat=True).first() or ""


class FestivalLanguage:
    """After LocaleMiddleware: activate the festival's language for the rest of the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == "/jsi18n/":
            language = request.GET.get("language", "")
        else:
            language = festival_language(request.path)
        if language in _KNOWN:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
