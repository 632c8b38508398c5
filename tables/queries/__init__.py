"""The tables' reads, one module per topic. Query floor: below the tournaments' queries, above
the clock's and the players'."""
