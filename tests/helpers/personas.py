"""The people the tests sign in as: one user per role and a superuser (the `staff` fixture)."""

from core.access import Role

PASSWORD = "test-password-1"
PERSONAS = ["anonymous", *[role.value for role in Role], "superuser"]
