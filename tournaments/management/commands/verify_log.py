"""`manage.py verify_log <tournament id>…` or `--all`: check each tournament's hash chain
(issue 27, core/chain.py) and name the first event that does not match. Exit code 1 when one
does not; each re-seal after an erasure is listed with the old head it records."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core import chain
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Check tournaments' event logs against their hash chain; name the first event that does not match."

    def add_arguments(self, parser):
        parser.add_argument("tournaments", nargs="*", type=int, help="tournament ids")
        parser.add_argument("--all", action="store_true", help="every tournament")

    def handle(self, *args, **options):
        ids = list(options["tournaments"])
        if options["all"]:
            ids = list(Tournament.objects.order_by("id").values_list("id", flat=True))
        if not ids:
            raise CommandError(_("Name a tournament's id, or --all."))
        broken = 0
        for tournament_id in ids:
            try:
                verdict = chain.verify(tournament_id)
            except Tournament.DoesNotExist:
                raise CommandError(_("There is no tournament %(id)s.") % {"id": tournament_id}) from None
            for reseal in verdict.reseals:
                checked = {True: _("matches"), False: _("DOES NOT MATCH"), None: _("not checkable")}
                self.stdout.write(
                    _(
                        "tournament %(id)s: re-sealed at #%(seq)s after an erasure; "
                        "old head %(head)s at #%(old)s: %(checked)s"
                    )
                    % {
                        "id": tournament_id,
                        "seq": reseal["seq"],
                        "head": reseal["old_head"],
                        "old": reseal["old_seq"],
                        "checked": checked[reseal["checked"]],
                    }
                )
            if verdict.intact:
                self.stdout.write(
                    _("tournament %(id)s: %(count)s events, chain intact, head %(head)s")
                    % {"id": tournament_id, "count": verdict.events, "head": verdict.head}
                )
            else:
                broken += 1
                self.stderr.write(
                    _("tournament %(id)s: %(problem)s") % {"id": tournament_id, "problem": verdict.problem}
                )
        if broken:
            raise SystemExit(1)
