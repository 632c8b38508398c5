"""The director allows the TV to show the forecast (issue 26): the bubble and the end of the
day as tournaments.queries.forecast estimates them. One setting, logged as a settings change."""

from django.utils.translation import gettext as _

from core import kinds
from core.operation import operation
from rules.refusals import Refused
from tournaments.models import Tournament


def show_forecast_on_tv(tournament_id: int, shown: bool, director, request_key: str | None = None) -> dict:
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        if op.tournament.forecast_on_tv == shown:
            raise Refused(
                _("The TV already shows the forecast.") if shown else _("The TV already leaves the forecast out.")
            )
        Tournament.objects.filter(pk=tournament_id).update(forecast_on_tv=shown)
        public = {"changes": {"forecast_on_tv": shown}}
        op.append(kinds.TOURNAMENT_UPDATED, public=public, payload=public)
    return public
