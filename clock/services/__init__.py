"""The clock's services: the level clock, clocks on a player and the action clock, end of day.

Service floor, the last in the direction tournaments → tables → clock: the clock's services
call no other app's services. Reads come from the queries. Modules: level_clock, calls, day.
"""
