"""The tournaments' pure rules: rulesets (the five house presets), entries, places, payouts,
flights, satellites, pre-registration, announcements and TV images. Plain data in, plain data
out; time and randomness are parameters. No Django, no I/O (.importlinter's pure-rules)."""
