"""`manage.py restore FILE --clock running|paused` (`make restore FILE=… CLOCK=…`): a backup into
an empty database, then the clocks' truth for the time lost (clock/services/restored.py)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from clock.services import restored
from core import backups


class Command(BaseCommand):
    help = "Restore a pokerfest backup into an empty database, then set the running clocks as the director chose."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup file pokerfest wrote (pokerfest-<time>.dump)")
        parser.add_argument(
            "--clock",
            choices=restored.CHOICES,
            default=settings.RESTORE_CLOCK,
            help="running: the clocks ran on through the time lost, by their timestamps; "
            "paused: they stopped at the backup's moment (default: the RESTORE_CLOCK setting)",
        )

    def handle(self, *args, file, clock, **options):
        try:
            taken_at = backups.restore(file)
        except backups.BackupRefused as refusal:
            raise CommandError(str(refusal)) from None
        changed = restored.clocks_after_restore(taken_at, clock)
        self.stdout.write(
            f"restored {file} (taken {taken_at.isoformat()}); clocks {clock}: {len(changed)} running at the backup"
        )
