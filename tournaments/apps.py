from django.apps import AppConfig
from django.utils.translation import gettext

from rules import refusals


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # The pure rule modules' refusals speak the request's language (rules/refusals.py).
        refusals.translate_with(gettext)
