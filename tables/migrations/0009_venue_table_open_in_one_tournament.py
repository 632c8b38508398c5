# Issue 12, item 10: one venue table was opened by two tournaments at once, and its seats were
# handed out twice. A venue table is now open (not broken) in one tournament at most.

from django.db import migrations, models
from django.db.models import Count, Max
from django.db.models.functions import Now


def close_ended_and_check(apps, schema_editor):
    """Tables a finished or cancelled tournament left open (before the finish closed them)
    are closed at its last event; a table still open in two live tournaments is a person's
    decision, so the migration stops and names them."""
    TournamentTable = apps.get_model("tables", "TournamentTable")
    Event = apps.get_model("tournaments", "Event")
    left_open = TournamentTable.objects.filter(broken_at__isnull=True,
                                               tournament__status__in=["finished", "cancelled"])
    for tournament_id in set(left_open.values_list("tournament_id", flat=True)):
        ended = Event.objects.filter(tournament_id=tournament_id).aggregate(at=Max("at"))["at"]
        left_open.filter(tournament_id=tournament_id).update(broken_at=ended or Now())
    clashes = (TournamentTable.objects.filter(broken_at__isnull=True).values("table_id")
               .annotate(n=Count("id")).filter(n__gt=1).values_list("table_id", flat=True))
    if clashes:
        rows = (TournamentTable.objects.filter(table_id__in=list(clashes), broken_at__isnull=True)
                .select_related("table", "tournament").order_by("table__number"))
        named = "; ".join(f"table {row.table.number} in {row.tournament.name} (#{row.tournament_id})" for row in rows)
        raise RuntimeError(f"A venue table is open in two tournaments: {named}. Break it in all but one of them, "
                           "then run the migrations again.")


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0008_hand_for_hand'),
        ('tournaments', '0013_registration_open_status'),
    ]

    operations = [
        migrations.RunPython(close_ended_and_check, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='tournamenttable',
            constraint=models.UniqueConstraint(condition=models.Q(('broken_at__isnull', True)), fields=('table',), name='venue_table_open_in_one_tournament'),
        ),
    ]
