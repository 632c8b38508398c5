"""Sessions signed in through Django's ModelBackend now name core.access.SignedInWithRoles
(settings.AUTHENTICATION_BACKENDS): Django signs out a session whose backend is no longer
listed, and a festival's tablets and desks should not all meet the sign-in page after an
upgrade. SessionStore's public encode and decode; the rest of each session is kept as it was."""

from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import migrations

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
WITH_ROLES = "core.access.SignedInWithRoles"


def move_sessions(apps, schema_editor, before=MODEL_BACKEND, after=WITH_ROLES) -> int:
    session_model, store, moved = apps.get_model("sessions", "Session"), SessionStore(), 0
    for session in session_model.objects.iterator():
        data = store.decode(session.session_data)
        if data.get(BACKEND_SESSION_KEY) == before:
            data[BACKEND_SESSION_KEY] = after
            session.session_data = store.encode(data)
            session.save(update_fields=["session_data"])
            moved += 1
    return moved


def move_sessions_back(apps, schema_editor) -> int:
    return move_sessions(apps, schema_editor, WITH_ROLES, MODEL_BACKEND)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0033_tournament_preregistrations_waiting"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(move_sessions, move_sessions_back)]
