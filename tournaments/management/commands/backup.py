"""`manage.py backup [--folder DIR]` (`make backup`): one checked backup now (core/backups.py)."""

from django.core.management.base import BaseCommand, CommandError

from core import backups


class Command(BaseCommand):
    help = "Write one consistent, checked backup of the database (pg_dump) into BACKUP_FOLDER or --folder."

    def add_arguments(self, parser):
        parser.add_argument("--folder", help="where to write it (default: the BACKUP_FOLDER setting)")

    def handle(self, *args, folder=None, **options):
        try:
            path = backups.make_backup(folder)
        except backups.BackupRefused as refusal:
            raise CommandError(str(refusal)) from None
        self.stdout.write(f"backup written and checked: {path}")
