"""Server-rendered pages, one per kind of screen. Thin: check access, render; the live client
(static/live.js) does the rest over the socket and the API."""

import csv
import re
from datetime import datetime

import qrcode
import qrcode.image.svg
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie

from clock.models import Clock, Structure
from clock.queries.structures import numbered, speed_choices, templates_for
from core.access import Action, can, tournament_for
from players.models import Company, LogoCapResolution
from players.queries.logos import compliance_report
from tables.models import KeepApart, SeatPin
from tables.queries.draws import SHOWN_SEATS, draws_view
from tables.queries.seating import place_of
from tables.queries.tables import seat_of
from tournaments.models import Entry, Festival, Tournament
from tournaments.queries import results as results_queries
from tournaments.queries.day_two import day_two_seats, day_two_start, flights_view, main_event_of, way_to_day_two
from tournaments.queries.forecast import day_forecast
from tournaments.queries.record import latest_log
from tournaments.queries.results import public_standings, standings
from tournaments.queries.satellites import vouchers_won_by
from tournaments.queries.schedule import festival_schedule, home_listing
from tournaments.queries.seat import entry_numbers, followed
from tournaments.queries.venue_tables import venue_tables
from tournaments.rules import announcements
from tournaments.rules.rulesets import endings
from tournaments.views.paper import paper_for, remember_paper

OVER = [Tournament.Status.FINISHED, Tournament.Status.CANCELLED]


def home(request):
    return render(
        request,
        "pokerfest/home.html",
        {
            "festivals": home_listing(),
            "may_floor": can(request.user, Action.FLOOR),
            "may_desk": can(request.user, Action.DESK),
            "may_direct": can(request.user, Action.RUN_CLOCK),
            "may_pay": can(request.user, Action.PAY_PRIZES),
            "may_count": can(request.user, Action.COUNT_CHIPS),
        },
    )


def _allowed(request, tournament_id: int, *actions: Action) -> Tournament | HttpResponse:
    """The tournament, or the answer for a visitor without the right: the right is checked
    before the tournament is looked up, so a visitor without it learns nothing of which
    tournaments exist (the login page or 403, as for one that exists); staff with the right
    get a 404 for an unknown id."""
    try:
        for action in actions:
            tournament = tournament_for(request.user, tournament_id, action)
    except Tournament.DoesNotExist:
        raise Http404(_("There is no tournament with that id.")) from None
    except PermissionDenied as refusal:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(request, "pokerfest/forbidden.html", {"message": str(refusal)}, status=403)
    return tournament


def _screen(
    request,
    tournament_id: int,
    action: Action,
    template: str,
    also: Action | None = None,
    context=lambda tournament: {},
    **fixed,
):
    """A staff or public screen of one tournament. `context(tournament)` reads the page's data
    only once access is checked and the tournament is known to exist."""
    tournament = _allowed(request, tournament_id, *(action, also) if also else (action,))
    if isinstance(tournament, HttpResponse):
        return tournament
    return render(request, template, {"tournament": tournament, **fixed, **context(tournament)})


def lobby(request, tournament_id: int):
    return _screen(
        request,
        tournament_id,
        Action.VIEW_LOBBY,
        "pokerfest/lobby.html",
        context=lambda tournament: {"flights": flights_view(tournament)},
    )


@ensure_csrf_cookie
def floor(request, tournament_id: int):
    return _screen(
        request,
        tournament_id,
        Action.FLOOR,
        "pokerfest/floor.html",
        may_direct=can(request.user, Action.DIRECTOR_APPROVAL),
    )


def desk(request, tournament_id: int):
    return _screen(
        request,
        tournament_id,
        Action.DESK,
        "pokerfest/desk.html",
        may_refund=can(request.user, Action.VOID_OR_REFUND),
        may_direct=can(request.user, Action.DIRECTOR_APPROVAL),
    )


@ensure_csrf_cookie
def new_tournament(request):
    """The director creates a tournament: festival, preset, structure template, money."""
    if not can(request.user, Action.DIRECTOR_APPROVAL):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(
            request,
            "pokerfest/forbidden.html",
            {"message": _("Creating a tournament needs the director's role.")},
            status=403,
        )
    return render(
        request,
        "pokerfest/new_tournament.html",
        {
            "festivals": Festival.objects.order_by("name"),
            "presets": Tournament.Preset.choices,
            "targets": Tournament.objects.exclude(status__in=OVER)
            .filter(main_event=None)
            .select_related("festival")
            .order_by("festival__name", "starts_at", "id"),
            "templates": templates_for(),
            "speeds": speed_choices(),
        },
    )


@ensure_csrf_cookie
def setup(request, tournament_id: int):
    """The director's set-up of one tournament: settings, venue tables, seat pins, keep-apart
    groups, sponsor companies, exclusions."""
    # A satellite's possible targets: the festival's other events not over (and the one chosen);
    # a main event, not its flights (its vouchers are good in every flight).
    targets = (
        Tournament.objects.filter(festival__tournaments=tournament_id, main_event=None)
        .exclude(pk=tournament_id)
        .filter(~Q(status__in=OVER) | Q(satellites=tournament_id))
        .distinct()
        .select_related("festival")
        .order_by("starts_at", "id")
    )
    return _screen(
        request,
        tournament_id,
        Action.DIRECTOR_APPROVAL,
        "pokerfest/setup.html",
        presets=Tournament.Preset.choices,
        targets=targets,
        companies=Company.objects.all(),
        statuses=Company.Status.choices,
        pins=SeatPin.objects.filter(tournament_id=tournament_id).select_related("entry__player", "table"),
        groups=KeepApart.objects.filter(tournament_id=tournament_id).prefetch_related("entries"),
        context=lambda tournament: {
            "flights": flights_view(tournament),
            "venue_tables": venue_tables(tournament.festival_id),
            "structure_id": _levels(tournament)["structure_id"],
        },
    )


@ensure_csrf_cookie
def media(request, tournament_id: int):
    """CHIP-COUNT: the media's chip-count page (also the director's and the floor's): a count per
    seat, the check against the chips in play, and the chip leaders published to the lobby."""
    return _screen(
        request,
        tournament_id,
        Action.COUNT_CHIPS,
        "pokerfest/media.html",
        may_publish=can(request.user, Action.PUBLISH_COUNTS),
    )


@ensure_csrf_cookie  # the controls post to the API with the CSRF token from this cookie
def director(request, tournament_id: int):
    templates = Structure.objects.filter(
        Q(festival__isnull=True) | Q(festival__tournaments=tournament_id), is_template=True
    ).order_by("name")
    return _screen(
        request,
        tournament_id,
        Action.RUN_CLOCK,
        "pokerfest/director.html",
        templates=templates,
        announcement_templates=announcements.translated(),
        context=lambda tournament: {
            "log": latest_log(tournament.id),
            "endings": endings(tournament.rules()),
            "action_clock": tournament.rules().clock.action_clock,  # AC-SUSPEND's control
            "forecast": day_forecast(tournament, timezone.now()),  # issue 26: the day ahead
            **_day_two(tournament),
            **_levels(tournament),
        },
    )


def _levels(tournament: Tournament) -> dict:
    """The console's level list, numbered as the clock and the lobby number them (play levels
    1, 2, 3…, breaks unnumbered), and the structure's page."""
    clock = Clock.objects.filter(tournament=tournament).select_related("structure").first()
    if clock is None:
        return {"levels": [], "structure_id": None}
    return {"levels": numbered(clock.structure.timeline_levels()), "structure_id": clock.structure_id}


def _day_two(tournament: Tournament) -> dict:
    """The director's flights section: the flights, and for a main event its qualifiers."""
    main = main_event_of(tournament)
    return {
        "flights": flights_view(tournament),
        "qualifiers": day_two_seats(main) if main is not None and main.id == tournament.id else [],
        "day_two_start": day_two_start(main) if main is not None and main.id == tournament.id else None,
    }


def qr_svg(url: str) -> str:
    """An inline SVG QR code: sharp at any print resolution, no image file to serve."""
    return qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10).to_string(encoding="unicode")


def ticket(request, tournament_id: int, number: int):
    """The seat ticket the desk prints (the page's print stylesheet drops everything else).
    Access first: a visitor without the desk's right cannot tell which entries exist."""

    def page(tournament):
        entry = get_object_or_404(
            Entry.objects.select_related("player", "tournament__festival"), tournament=tournament, number=number
        )
        seat_url = request.build_absolute_uri(reverse("seat", args=[tournament_id, entry.public_code]))
        playing = followed(entry)[0]  # a flight's ticket printed again after the Day 2 draw: its Day 2 seat
        return {
            "entry": entry,
            "playing": playing,
            "entries": entry_numbers(entry, playing),
            "seat_url": seat_url,
            "qr": mark_safe(qr_svg(seat_url)),  # our own SVG, no user text
            "seat": seat_of(playing),
            "place": place_of(entry),
        }

    response = _screen(
        request,
        tournament_id,
        Action.DESK,
        "pokerfest/ticket.html",
        also=Action.PERSONAL_DATA,
        context=page,
        paper=paper_for(request, "80mm"),
    )
    return remember_paper(request, response)


def seat(request, tournament_id: int, code: str):
    """The player's public seat page, reached from the ticket's QR code: no personal data."""
    entry = get_object_or_404(Entry.objects.select_related("tournament"), tournament_id=tournament_id, public_code=code)
    playing, follow = followed(entry)  # a flight's ticket follows its player into Day 2
    return render(
        request,
        "pokerfest/seat.html",
        {
            "entry": entry,
            "tournament": entry.tournament,
            "follow": follow,
            "playing": playing,
            "entries": entry_numbers(entry, playing),
            "seat": seat_of(playing),
            "day_two": way_to_day_two(entry),
            "won_seats": vouchers_won_by(entry),
        },
    )


@ensure_csrf_cookie
def compliance(request, tournament_id: int):
    return _screen(
        request,
        tournament_id,
        Action.LOGO_RULINGS,
        "pokerfest/compliance.html",
        context=lambda tournament: {
            "report": compliance_report(tournament.id),
            "companies": {c.name: c.id for c in Company.objects.all()},
            "rulings": LogoCapResolution.objects.filter(tournament=tournament)
            .select_related("company")
            .order_by("-at"),
        },
    )


def results(request, tournament_id: int):
    """The public results: the prize pool, the payouts and every player out with place and
    prize (names as the lobby shows them)."""
    tournament = get_object_or_404(Tournament.objects.select_related("festival"), pk=tournament_id)
    return render(
        request, "pokerfest/results.html", {"tournament": tournament, "results": public_standings(tournament)}
    )


def draws(request, tournament_id: int):
    """Checkable draws, public: each seat draw recomputed from its seed, whose hash was published
    before it, beside the seats the floor recorded; the next draw's hash; the breaking order."""
    tournament = get_object_or_404(Tournament.objects.select_related("festival"), pk=tournament_id)
    view = draws_view(tournament)
    for drawn in view["draws"]:
        drawn["shown"] = drawn["recorded"][:SHOWN_SEATS]
        drawn["more"] = max(0, len(drawn["recorded"]) - SHOWN_SEATS)
        drawn["hash_published"], drawn["drawn"] = _moment(drawn["hash_published_at"]), _moment(drawn["drawn_at"])
    # The API keeps ISO times; the page says them in the festival's zone (pokerfest/festival_locale.py).
    if view.get("next_draw"):
        view["next_draw"]["published"] = _moment(view["next_draw"]["published_at"])
    if view.get("breaking_order"):
        view["breaking_order"]["published"] = _moment(view["breaking_order"]["published_at"])
        for change in view["breaking_order"]["changes"]:
            change["moment"] = _moment(change["at"])
    return render(request, "pokerfest/draws.html", {"tournament": tournament, **view})


def _moment(iso: str | None) -> datetime | None:
    return datetime.fromisoformat(iso) if iso else None


def leaderboard(request, festival_id: int):
    """PAY-POINTS: the season's ranking points (public names)."""
    festival = get_object_or_404(Festival, pk=festival_id)
    return render(
        request, "pokerfest/leaderboard.html", {"festival": festival, "board": results_queries.leaderboard(festival_id)}
    )


def schedule(request, festival_id: int):
    """The festival's public schedule; static/schedule.js keeps it live from the API."""
    try:
        document = festival_schedule(festival_id)
    except Festival.DoesNotExist:
        raise Http404(_("There is no festival with that id.")) from None
    for event in document["events"]:
        for shown in [event, *event["flights"], *event["satellites"]]:
            shown["starts"] = datetime.fromisoformat(shown["starts_at"]) if shown["starts_at"] else None
    return render(
        request,
        "pokerfest/schedule.html",
        {
            "festival": document["festival"],
            "schedule": document,
            "may_close_out": can(request.user, Action.CASHIER_REPORT),  # the staff's link to the festival's close-out
        },
    )


def results_csv(request, tournament_id: int):
    """The results for the office and media, with full names: staff with the cashier's report."""
    tournament = _allowed(request, tournament_id, Action.CASHIER_REPORT)
    if isinstance(tournament, HttpResponse):
        return tournament
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="results-{tournament_id}.csv"'
    writer = csv.writer(response)
    writer.writerow(
        ["place_from", "place_to", "entry", "name", "prize_minor_units", "currency", "points", "freeroll"]
        + ["flight", "field_entries"]  # FLIGHT-ITM: where a player went out in the money; every flight's entries
    )
    table = standings(tournament)
    for row in table["out"]:
        writer.writerow(
            [
                row["place"][0],
                row["place"][1],
                row["entry"],
                row["name"],
                row["prize"],
                tournament.festival.currency,
                row["points"],
                "yes" if row["freeroll"] else "",
                row["flight"] or "",
                table["field"],
            ]
        )
    return response


@ensure_csrf_cookie
def payout_desk(request, tournament_id: int):
    """The prizes and their payments come from the API (static/payout_desk.js)."""
    return _screen(request, tournament_id, Action.PAY_PRIZES, "pokerfest/payout_desk.html")


SEAT_PAGE = re.compile(r"^/tournaments/\d+/seat/[A-Za-z0-9_-]{1,64}/$")


def manifest(request):
    """The web app manifest: a phone installs the seat page as the player's companion (`start`:
    the seat page it was installed from; anything else starts at the home page)."""
    start = request.GET.get("start", "")
    mine = bool(SEAT_PAGE.match(start))
    return JsonResponse(
        {
            "name": "pokerfest: my seat" if mine else "pokerfest",
            "short_name": "pokerfest",
            "start_url": start if mine else "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#0f1a14",
            "theme_color": "#17281f",
            "icons": [
                {
                    "src": static(f"icons/icon-{size}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": "any",
                }
                for size in (192, 512)
            ],
        },
        content_type="application/manifest+json",
    )
