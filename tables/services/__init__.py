"""The tables' services: one function per operation a floor person or the director does.

Service floor. The apps' services call each other in one direction, tournaments → tables →
clock: a tables service may call the clock's (inside the same operation), never the
tournaments'. Reads come from the queries. Modules: draw (open tables, the draw, a late
entry's seat), floor (hand done, player out, moves, swaps), breaking (breaking order, breaking
a table, the final table), hand_for_hand, counts, absent (absent players, PEN-ABSENT).
"""
