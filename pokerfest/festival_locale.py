"""A festival's pages speak its language and tell its time (issue 14).

LocaleMiddleware has already picked the browser's language (Accept-Language); a page or API
answer about one tournament or festival (/tournaments/<id>/…, /festivals/<id>/…, and the same
under /api/) speaks the festival's language instead when the director set one, so the floor's
tablets and the venue's TV all say the same words whatever the device is set to. The JavaScript
catalog follows too: base.html asks /jsi18n/?language=<the page's language>.

The same pages show times in the festival's time zone (the database keeps UTC): a ruling at
21:30 in Vienna reads 21:30, and a tournament's start is edited in the venue's own time.

A middleware rather than each view: every page and API operation of a tournament gets it, and
the refusals raised inside the services are translated in that language."""

import re
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection
from django.utils import timezone, translation

from tournaments.models import Festival, Tournament

_ABOUT = re.compile(r"^/(?:api/)?(?P<what>tournaments|festivals)/(?P<id>\d+)/")
_KNOWN = {code for code, _name in settings.LANGUAGES}


def festival_locale(path: str) -> tuple[str, str] | None:
    """(language, time zone) of the festival the path is about; None when it is about none."""
    about = _ABOUT.match(path)
    if about is None:
        return None
    # Static SQL: every request about a tournament runs it, and building it through the ORM
    # took longer than the statement itself.
    sql = _OF_TOURNAMENT if about["what"] == "tournaments" else _OF_FESTIVAL
    with connection.cursor() as cursor:
        cursor.execute(sql, [int(about["id"])])
        return cursor.fetchone()


_OF_FESTIVAL = f"SELECT language, time_zone FROM {Festival._meta.db_table} WHERE id = %s"
_OF_TOURNAMENT = (
    f"SELECT f.language, f.time_zone FROM {Festival._meta.db_table} f "
    f"JOIN {Tournament._meta.db_table} t ON t.festival_id = f.id WHERE t.id = %s"
)


class FestivalLocale:
    """After LocaleMiddleware: the festival's language, when set, and its time zone for the
    rest of the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language, time_zone = "", None
        if request.path == "/jsi18n/":
            language = request.GET.get("language", "")
        elif found := festival_locale(request.path):
            language, time_zone = found
        if language in _KNOWN:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        if time_zone:
            timezone.activate(ZoneInfo(time_zone))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
