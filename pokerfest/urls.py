from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.i18n import JavaScriptCatalog

from pokerfest.api import api
from pokerfest.health import health
from pokerfest.outage import server_error
from tournaments.views import close_out as close_out_views
from tournaments.views import exports as export_views
from tournaments.views import imports as import_views
from tournaments.views import leagues as league_views
from tournaments.views import pages as views
from tournaments.views import personal_data as personal_data_views
from tournaments.views import preregistration as preregistration_views
from tournaments.views import prints as print_views
from tournaments.views import structures as structure_views
from tournaments.views import tv as tv_views

handler500 = server_error  # a database outage is a 503 with a sentence, not a 500

urlpatterns = [
    # First: Django tries the routes in order, and every screen's action is an API call (a page
    # loads once). Behind the 48 page routes, a pre-registration's route took 120 us to find.
    path("api/", api.urls),
    path("", views.home, name="home"),
    path("tournaments/new/", views.new_tournament, name="new_tournament"),
    path("structures/", structure_views.structures, name="structures"),
    path("structures/<int:structure_id>/", structure_views.structure, name="structure"),
    path("structures/<int:structure_id>/levels.csv", structure_views.structure_csv, name="structure_csv"),
    path("tournaments/<int:tournament_id>/", views.lobby, name="lobby"),
    path("tournaments/<int:tournament_id>/setup/", views.setup, name="setup"),
    path("tournaments/<int:tournament_id>/floor/", views.floor, name="floor"),
    path("tournaments/<int:tournament_id>/desk/", views.desk, name="desk"),
    path(
        "tournaments/<int:tournament_id>/players/<int:player_id>/data/",
        personal_data_views.player_data,
        name="player_data",
    ),
    path("tournaments/<int:tournament_id>/director/", views.director, name="director"),
    path("tournaments/<int:tournament_id>/entries/<int:number>/ticket/", views.ticket, name="ticket"),
    path("tournaments/<int:tournament_id>/seat/<str:code>/", views.seat, name="seat"),
    # issue 26, "Print": slips for 80 mm thermal rolls or A4 (?paper=)
    path("tournaments/<int:tournament_id>/print/moves/", print_views.moves, name="print_moves"),
    path("tournaments/<int:tournament_id>/print/receipts/<int:number>/", print_views.receipt, name="print_receipt"),
    path("tournaments/<int:tournament_id>/print/chip-counts/", print_views.chip_counts, name="print_chip_counts"),
    path("tournaments/<int:tournament_id>/close-out/", close_out_views.close_out, name="close_out"),
    path("festivals/<int:festival_id>/close-out/", close_out_views.festival, name="festival_close_out"),
    path("festivals/<int:festival_id>/close-out.csv", close_out_views.festival_csv, name="festival_close_out_csv"),
    path("tournaments/<int:tournament_id>/results/", views.results, name="results"),
    path("tournaments/<int:tournament_id>/draws/", views.draws, name="draws"),
    path("tournaments/<int:tournament_id>/results.csv", views.results_csv, name="results_csv"),
    # the results for results databases, media and the league (public names): once finished
    path(
        "tournaments/<int:tournament_id>/results/export.json",
        export_views.tournament_results,
        {"kind": "json"},
        name="results_json_export",
    ),
    path(
        "tournaments/<int:tournament_id>/results/export.csv",
        export_views.tournament_results,
        {"kind": "csv"},
        name="results_csv_export",
    ),
    path(
        "tournaments/<int:tournament_id>/results/upload.csv",
        export_views.tournament_results,
        {"kind": "upload"},
        name="results_upload_export",
    ),
    path(
        "festivals/<int:festival_id>/results/export.json",
        export_views.festival_results,
        {"kind": "json"},
        name="festival_results_json_export",
    ),
    path(
        "festivals/<int:festival_id>/results/export.csv",
        export_views.festival_results,
        {"kind": "csv"},
        name="festival_results_csv_export",
    ),
    path(
        "festivals/<int:festival_id>/results/upload.csv",
        export_views.festival_results,
        {"kind": "upload"},
        name="festival_results_upload_export",
    ),
    path("festivals/<int:festival_id>/schedule.ics", export_views.schedule_ics, name="schedule_ics"),
    path("tournaments/<int:tournament_id>/payouts/", views.payout_desk, name="payout_desk"),
    path("festivals/<int:festival_id>/leaderboard/", views.leaderboard, name="leaderboard"),
    path("leagues/new/", league_views.setup, name="league_new"),
    path("festivals/<int:festival_id>/import/", import_views.import_page, name="import_tdt"),
    path("leagues/<int:league_id>/", league_views.leaderboard, name="league"),
    path("leagues/<int:league_id>/leaderboard.csv", league_views.leaderboard_csv, name="league_csv"),
    path("leagues/<int:league_id>/edit/", league_views.setup, name="league_edit"),
    path("leagues/<int:league_id>/players/<int:player_id>/", league_views.player, name="league_player"),
    path("festivals/<int:festival_id>/schedule/", views.schedule, name="schedule"),
    path("tournaments/<int:tournament_id>/tv/", tv_views.tv, name="tv"),
    path("festivals/<int:festival_id>/register/", preregistration_views.register, name="preregister"),
    path("festivals/<int:festival_id>/terms/", preregistration_views.terms, name="terms"),
    path("preregistered/<str:prereg_code>/", preregistration_views.confirmation, name="preregistered"),
    path("festivals/<int:festival_id>/tv/", tv_views.festival_tv, name="festival_tv"),
    path("tv-images/<int:image_id>/", tv_views.tv_image, name="tv_image"),
    path("tournaments/<int:tournament_id>/compliance/", views.compliance, name="compliance"),
    path("tournaments/<int:tournament_id>/counts/", views.media, name="media"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("health/", health, name="health"),
    # gettext() and friends for the pages' scripts, in the request's language
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript_catalog"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("admin/", admin.site.urls),
]
