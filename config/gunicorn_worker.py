"""gunicorn's sync worker, woken alone for each connection.

gunicorn's sync workers wait for a connection with ``select`` on the listening socket they
share, and the kernel wakes every waiting worker for each connection: one accepts it, the
others find nothing and go back to sleep. With 3 workers on 2 cores that is two wasted
wake-ups per request, on the cores the request needs (docs/benchmarks.md, "HTTP path").
This worker waits on an epoll registered with ``EPOLLEXCLUSIVE`` (Linux 4.5+), which wakes
one waiting worker per connection. Everything else is gunicorn's sync worker: one request at
a time, its heartbeat, and gunicorn's timeout, which kills a worker stuck in a request (the
database's statement timeout is below it, config/settings.py). Without ``EPOLLEXCLUSIVE``
(not Linux) it is the sync worker unchanged.
"""

from __future__ import annotations

import os
import select

from gunicorn.workers.sync import SyncWorker


class ExclusiveSyncWorker(SyncWorker):
    poller = None

    def run(self) -> None:
        """Register the listeners (exclusively) and the signal pipe, then serve as the sync
        worker does. Runs in the worker, after the fork: each worker has its own epoll."""
        if hasattr(select, "EPOLLEXCLUSIVE"):
            self.poller = select.epoll()
            for listener in self.sockets:
                self.poller.register(listener.fileno(), select.EPOLLIN | select.EPOLLEXCLUSIVE)
            self.poller.register(self.PIPE[0], select.EPOLLIN)
        super().run()

    def wait(self, timeout: float):
        """The listeners with a connection waiting (the sync worker's ``wait``, on the epoll)."""
        if self.poller is None:
            return super().wait(timeout)
        self.notify()
        ready = {fd for fd, _events in self.poller.poll(timeout)}
        if self.PIPE[0] in ready:
            os.read(self.PIPE[0], 1)
        return [listener for listener in self.sockets if listener.fileno() in ready]
