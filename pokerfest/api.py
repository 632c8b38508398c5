"""The JSON API under /api/, schema at /api/openapi.json.

Every error is JSON {"detail": "<a sentence a person can act on>"}; nothing becomes a 500.
"""

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.parser import Parser

from clock.api.clock import router as clock_router
from clock.api.structures import router as structures_router
from core.api import TooManyRequests
from core.log import KeyReused
from pokerfest import outage
from rules.refusals import Invalid, Refused
from tables.api.absent import router as absent_router
from tables.api.buttons import router as buttons_router
from tables.api.colour_up import router as race_router
from tables.api.counts import router as counts_router
from tables.api.draws import public as draws_router
from tables.api.forfeits import router as forfeits_router
from tables.api.penalties import router as penalties_router
from tables.api.seat_cards import router as seat_cards_router
from tables.api.tables import public as seating_router
from tables.api.tables import router as tables_router
from tournaments.api.bounties import public as bounty_board_router
from tournaments.api.bounties import router as bounties_router
from tournaments.api.close_out import router as close_out_router
from tournaments.api.deals import router as deals_router
from tournaments.api.desk import router as desk_router
from tournaments.api.devices import router as devices_router
from tournaments.api.exports import router as exports_router
from tournaments.api.feed import router as feed_router
from tournaments.api.flights import router as flights_router
from tournaments.api.forecast import router as forecast_router
from tournaments.api.imports import router as imports_router
from tournaments.api.leagues import router as leagues_router
from tournaments.api.logos import router as logos_router
from tournaments.api.payout_desk import router as payout_desk_router
from tournaments.api.personal_data import router as personal_data_router
from tournaments.api.preregistration import router as preregistration_router
from tournaments.api.record import router as record_router
from tournaments.api.schedule import router as schedule_router
from tournaments.api.setup import router as setup_router
from tournaments.api.tournaments import router as tournaments_router
from tournaments.api.tournaments import staff as rulings_router
from tournaments.api.tv import router as tv_router


class EmptyBodyIsEmptyObject(Parser):
    """An action whose body has only optional fields may be posted with no body at all."""

    def parse_body(self, request):
        empty_form = request.content_type != "application/json" and not request.POST and not request.FILES
        return {} if not request.body.strip() or empty_form else super().parse_body(request)


NOT_JSON = {
    "description": "The body is not JSON",
    "content": {
        "application/json": {
            "schema": {"type": "object", "properties": {"detail": {"type": "string"}}, "required": ["detail"]}
        }
    },
}


class PokerfestAPI(NinjaAPI):
    def get_openapi_schema(self, **options):
        """The schema, with the parser's 400 on every operation that takes a body: the parser
        answers it for all of them, so it is documented once, here, beside the parser."""
        schema = super().get_openapi_schema(**options)
        for operations in schema["paths"].values():
            for operation in operations.values():
                if "requestBody" in operation:
                    operation["responses"].setdefault("400", NOT_JSON)
        return schema


api = PokerfestAPI(title="pokerfest", version="1", urls_namespace="api", parser=EmptyBodyIsEmptyObject())
# The public pre-registration first: the one route thousands of players post to at once when a
# festival opens registration; Django scans the API's 200 routes in order (about 0.6 us each).
api.add_router("/", preregistration_router)
api.add_router("/", tournaments_router)
api.add_router("/", clock_router)
api.add_router("/", structures_router)
api.add_router("/", desk_router)
api.add_router("/", personal_data_router)
api.add_router("/", close_out_router)
api.add_router("/", logos_router)
api.add_router("/", tables_router)
api.add_router("/", seating_router)
api.add_router("/", draws_router)
api.add_router("/", rulings_router)
api.add_router("/", deals_router)
api.add_router("/", payout_desk_router)
api.add_router("/", setup_router)
api.add_router("/", record_router)
api.add_router("/", counts_router)
api.add_router("/", race_router)
api.add_router("/", absent_router)
api.add_router("/", forfeits_router)
api.add_router("/", penalties_router)
api.add_router("/", buttons_router)
api.add_router("/", seat_cards_router)
api.add_router("/", tv_router)
api.add_router("/", forecast_router)
api.add_router("/", devices_router)
api.add_router("/", flights_router)
api.add_router("/", schedule_router)
api.add_router("/", bounty_board_router)
api.add_router("/", bounties_router)
api.add_router("/", exports_router)
api.add_router("/", feed_router)
api.add_router("/", leagues_router)
api.add_router("/", imports_router)
for failure in outage.OUTAGE:
    api.add_exception_handler(failure, outage.api_answer)


@api.exception_handler(Refused)
def refused(request, exc):
    return api.create_response(request, {"detail": str(exc), **exc.details()}, status=409)


@api.exception_handler(Invalid)
def invalid_input(request, exc):
    return api.create_response(request, {"detail": str(exc)}, status=422)


@api.exception_handler(KeyReused)
def key_reused(request, exc):
    return api.create_response(request, {"detail": str(exc)}, status=422)


@api.exception_handler(PermissionDenied)
def forbidden(request, exc):
    return api.create_response(request, {"detail": str(exc) or _("You may not do that.")}, status=403)


@api.exception_handler(AuthenticationError)
def unauthenticated(request, exc):
    return api.create_response(
        request, {"detail": _("Sign in first (a staff account with the right role is needed).")}, status=401
    )


@api.exception_handler(TooManyRequests)
def too_many(request, exc):
    answer = api.create_response(request, {"detail": str(exc), "retry_after": exc.retry_after}, status=429)
    answer["Retry-After"] = str(exc.retry_after)
    return answer


@api.exception_handler(HttpError)
def http_error(request, exc):
    detail = str(exc)
    if detail.startswith("Cannot parse request body"):
        detail = _('The request body must be JSON sent as Content-Type: application/json, e.g. {"seconds": 60}.')
    return api.create_response(request, {"detail": detail}, status=exc.status_code)


@api.exception_handler(ObjectDoesNotExist)
def not_found(request, exc):
    thing = type(exc).__qualname__.split(".")[0].lower() or "object"
    return api.create_response(
        request, {"detail": _("There is no %(thing)s with that id.") % {"thing": thing}}, status=404
    )


@api.exception_handler(ValidationError)
def invalid(request, exc):
    problems = []
    for error in exc.errors:
        where = ".".join(str(part) for part in error.get("loc", ()) if part not in ("body", "query", "path"))
        problems.append(f"{where}: {error.get('msg', 'invalid')}" if where else error.get("msg", "invalid"))
    return api.create_response(
        request,
        {"detail": _("Invalid input — %(problems)s") % {"problems": "; ".join(problems)}, "errors": exc.errors},
        status=422,
    )
