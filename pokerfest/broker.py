"""The Celery broker transport: kombu's Redis transport with one repair, so a worker outlives a
Redis outage (settings: CELERY_BROKER_TRANSPORT).

kombu 5.7's Redis channel, closed while its BRPOP is in flight, re-raises the connection error
of that read before it marks itself closed. Celery 5.7 closes a lost connection twice: first
through `Connection.collect()` (the close fails there, then the transport is detached), then
through `Connection.close()`, which closes the channel again; if the worker holds an
unacknowledged message (an ETA task: the next level boundary), putting it back needs a new
connection pool, built from the detached transport: "Unrecoverable error: AttributeError:
'NoneType' object has no attribute 'hostname'", and the worker exits. Here the failed read is
ignored, so the first close finishes while the transport is still attached.
"""

from queue import Empty

from kombu.transport import redis


class Channel(redis.Channel):
    def close(self):
        if self._in_poll:
            try:
                self._brpop_read()  # clears _in_poll whatever happens
            except Empty:
                pass
            except self.connection_errors:
                pass  # the server is gone: close the rest all the same
        super().close()


class Transport(redis.Transport):
    Channel = Channel
