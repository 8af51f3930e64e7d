"""A connection's way out (:class:`doko.server.app.Outlet`): messages are written at once when
the socket takes them, else they wait and a task sends them; in both cases in order, and an end
of the connection comes after everything put before it."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.websockets import WebSocketState

from doko.server.app import Outlet
from doko.server.table import Conn


class FakeSocket:
    """A socket whose send waits while ``open`` is clear (a full socket, or a test client's
    send that yields); records what was sent and how it was closed."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.open = asyncio.Event()
        self.open.set()
        self.closed_with: int | None = None
        self.application_state = WebSocketState.CONNECTED
        self.fail = False

    async def send_text(self, text: str) -> None:
        if self.fail:
            raise RuntimeError("the client is gone")
        await self.open.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code
        self.application_state = WebSocketState.DISCONNECTED


def connected() -> tuple[FakeSocket, Conn, Outlet]:
    ws = FakeSocket()
    conn = Conn()
    outlet = conn.outlet = Outlet(ws, conn)  # type: ignore[arg-type]
    return ws, conn, outlet


def test_a_socket_that_takes_the_message_gets_it_at_once() -> None:
    async def run() -> None:
        ws, conn, outlet = connected()
        conn.send("a")
        conn.send({"type": "ack", "ref": 1})
        # written before send returned: no task, nothing waiting
        assert ws.sent == ["a", '{"type":"ack","ref":1}']
        assert outlet.task is None and conn.queue.empty()

    asyncio.run(run())


def test_messages_wait_in_order_while_the_socket_is_full() -> None:
    async def run() -> None:
        ws, conn, outlet = connected()
        conn.send("1")
        ws.open.clear()  # the socket is full
        conn.send("2")  # starts, then waits
        conn.send("3")
        conn.send("4")
        assert ws.sent == ["1"] and outlet.task is not None and conn.queue.qsize() == 2
        await asyncio.sleep(0.01)
        assert ws.sent == ["1"]  # still full: nothing overtakes
        ws.open.set()
        await asyncio.wait_for(outlet.task, 5)
        assert ws.sent == ["1", "2", "3", "4"]
        assert outlet.task is None
        conn.send("5")  # at once again
        assert ws.sent[-1] == "5" and outlet.task is None

    asyncio.run(run())


def test_close_comes_after_what_waits_and_ends_the_socket() -> None:
    async def run() -> None:
        ws, conn, outlet = connected()
        ws.open.clear()
        conn.send("error")
        conn.close()  # e.g. a bad key: the error first, then the end
        conn.send("late")  # ignored: the connection is closed
        assert outlet.task is not None
        ws.open.set()
        await asyncio.wait_for(outlet.task, 5)
        assert ws.sent == ["error"] and ws.closed_with == 1008
        # closed with nothing waiting: a task ends the socket
        ws2, conn2, outlet2 = connected()
        conn2.close()
        assert outlet2.task is not None
        await asyncio.wait_for(outlet2.task, 5)
        assert ws2.closed_with == 1008 and ws2.sent == []

    asyncio.run(run())


def test_a_gone_client_marks_the_connection_closed() -> None:
    async def run() -> None:
        ws, conn, outlet = connected()
        ws.fail = True
        conn.send("x")  # fails at once
        assert conn.closed and outlet.task is None
        ws2, conn2, outlet2 = connected()
        ws2.open.clear()
        conn2.send("y")
        ws2.fail = True
        conn2.send("z")  # waits behind y, then fails
        ws2.open.set()
        assert outlet2.task is not None
        await asyncio.wait_for(outlet2.task, 5)
        assert ws2.sent == ["y"] and conn2.closed and outlet2.task is None

    asyncio.run(run())


def test_a_send_that_yields_without_a_future_is_finished_by_the_task() -> None:
    """A test client's send yields to the loop (a bare yield, no future): the task finishes
    it and the messages stay in order."""
    class Yielding(FakeSocket):
        async def send_text(self, text: str) -> None:
            await asyncio.sleep(0)
            self.sent.append(text)

    async def run() -> None:
        ws = Yielding()
        conn = Conn()
        outlet = conn.outlet = Outlet(ws, conn)  # type: ignore[arg-type]
        for i in range(5):
            conn.send(str(i))
        task: Any = outlet.task
        assert task is not None
        await asyncio.wait_for(task, 5)
        assert ws.sent == ["0", "1", "2", "3", "4"]

    asyncio.run(run())
