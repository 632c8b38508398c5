"""The tournaments' reads, one module per topic. Query floor: below every service, above core and
the models; they may read the tables', the clock's and the players' queries, never a service."""
