"""The tournaments' services: the desk's sales, voids and refunds, the director's rulings,
deals and the payout desk.

Service floor, the first in the direction tournaments → tables → clock: they may call the
tables' and the clock's services (a late entry sits down at once). Reads come from the
queries. Modules: desk, rulings, deals, payout_desk, id_checks (photo ID at restarts, REG-ID).
"""
