"""The clock's JSON endpoints. Entry points: parse, check access, call a service, answer."""
