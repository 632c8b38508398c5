"""The tables' JSON endpoints: the floor tablets' and the director's table operations, the public
seating reads. Entry points: parse, check access, call a service or a query, answer."""
