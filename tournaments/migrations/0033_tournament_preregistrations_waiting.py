"""The waiting list's length kept on the tournament row (issue 25): a pre-registration's seat
UPDATE returns it with the seats, so the flight's row is held for one statement fewer. Kept by
row triggers on the pre-registrations that fire only when a row joins or leaves the waiting
list (a held seat's insert, the burst's one, fires none). On the tournament row, not a row of
its own: the seat's UPDATE has to read it under the row's lock (a subquery would read the
statement's snapshot, taken before it waited for the lock). Tournament.save never writes it
back (Tournament.COUNTERS)."""

from django.db import migrations, models

KEEP = """
CREATE FUNCTION players_preregistration_keep_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'waiting' THEN
        UPDATE tournaments_tournament SET preregistrations_waiting = preregistrations_waiting - 1
            WHERE id = OLD.tournament_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'waiting' THEN
        UPDATE tournaments_tournament SET preregistrations_waiting = preregistrations_waiting + 1
            WHERE id = NEW.tournament_id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER players_preregistration_waiting_insert AFTER INSERT ON players_preregistration
    FOR EACH ROW WHEN (NEW.status = 'waiting') EXECUTE FUNCTION players_preregistration_keep_waiting();
CREATE TRIGGER players_preregistration_waiting_update AFTER UPDATE ON players_preregistration
    FOR EACH ROW WHEN ((OLD.status = 'waiting') IS DISTINCT FROM (NEW.status = 'waiting')
        OR (NEW.status = 'waiting' AND OLD.tournament_id <> NEW.tournament_id))
    EXECUTE FUNCTION players_preregistration_keep_waiting();
CREATE TRIGGER players_preregistration_waiting_delete AFTER DELETE ON players_preregistration
    FOR EACH ROW WHEN (OLD.status = 'waiting') EXECUTE FUNCTION players_preregistration_keep_waiting();
UPDATE tournaments_tournament t SET preregistrations_waiting = w.waiting
    FROM (SELECT tournament_id, count(*) AS waiting FROM players_preregistration
          WHERE status = 'waiting' GROUP BY 1) w
    WHERE t.id = w.tournament_id;
"""

UNKEEP = """
DROP TRIGGER players_preregistration_waiting_insert ON players_preregistration;
DROP TRIGGER players_preregistration_waiting_update ON players_preregistration;
DROP TRIGGER players_preregistration_waiting_delete ON players_preregistration;
DROP FUNCTION players_preregistration_keep_waiting();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0006_player_erased_at"),
        ("tournaments", "0032_draw_inputs_compressed_with_lz4"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="preregistrations_waiting",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.RunSQL(KEEP, UNKEEP),
    ]
