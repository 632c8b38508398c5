"""The tournaments' pages (server-rendered, one per screen). Entry points: check access, read,
render."""
