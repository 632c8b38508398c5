"""The tournaments' JSON endpoints (django-ninja routers, assembled in pokerfest/api.py). Entry
points: parse, check access, call a service or a query, answer."""
