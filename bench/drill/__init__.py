"""The fault drill: a whole tournament through the HTTP JSON API and two live sockets while
processes of the system under test are killed; invariants checked after every step.

    python -m bench.drill --entries 300 --fault-every 20
    python -m bench.drill --nodes 2 --entries 300 --fault-every 20   (two nodes behind nginx)

Modules: `system` starts the system under test and kills its processes, `client` is a
signed-in member of staff, `screens` the lobby and floor sockets applied as static/live.js
applies them, `checks` the invariants, `play` the tournament, `tally` what is counted, `nodes` the
two-node system (bench/cluster.py's nodes and nginx, the drill's shared servers) and its faults.
"""
