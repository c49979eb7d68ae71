"""The second gate: a SOCKS5 proxy on 127.0.0.1 that every connection of the browser goes through."""

from __future__ import annotations

import select
import socket
import struct
import threading
from urllib.parse import urlsplit

from ..fetch import FetchOptions, _line, address_refusal, host_allowed, resolve


class Gate:
    """A SOCKS5 proxy on 127.0.0.1 (CONNECT only, no authentication) that applies the current
    page's address policy and byte budget to every connection the browser makes."""

    def __init__(self) -> None:
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.lock = threading.Lock()
        self.options: FetchOptions | None = None
        self.budget = 0
        self.received = 0
        self.over = False
        self.refused: list[str] = []
        self.approved: set[tuple[str, int]] = set()
        self.open: set[socket.socket] = set()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True, name="rules-auditor-gate").start()

    def start(self, options: FetchOptions, budget: int) -> None:
        with self.lock:
            self.options, self.budget, self.received, self.over = options, budget, 0, False
            self.refused, self.approved = [], set()

    def approve(self, url: str) -> None:
        """Let the current page connect to the host and port of `url` (the routing allowed it)."""
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme.lower() in ("https", "wss") else 80)
        except ValueError:
            return
        with self.lock:
            self.approved.add(((parts.hostname or "").lower().rstrip("."), port))

    def stop(self) -> None:
        """The page is done: refuse new connections and close those still open."""
        with self.lock:
            self.options = None
            conns = list(self.open)
        for conn in conns:
            _close(conn)

    def close(self) -> None:
        self.closed = True
        self.stop()
        _close(self.server)

    def _accept(self) -> None:
        while not self.closed:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        upstream = None
        try:
            conn.settimeout(10)
            with self.lock:
                self.open.add(conn)
            greeting = _recv(conn, 2)
            if greeting[0] != 5:
                return
            _recv(conn, greeting[1])
            conn.sendall(b"\x05\x00")
            version, command, _, kind = _recv(conn, 4)
            if kind == 1:
                host = socket.inet_ntop(socket.AF_INET, _recv(conn, 4))
            elif kind == 4:
                host = socket.inet_ntop(socket.AF_INET6, _recv(conn, 16))
            elif kind == 3:
                host = _recv(conn, _recv(conn, 1)[0]).decode("ascii")
            else:
                return
            port = struct.unpack("!H", _recv(conn, 2))[0]
            if version != 5 or command != 1:
                conn.sendall(b"\x05\x07\x00\x01" + bytes(6))
                return
            upstream = self._connect(host, port)
            if upstream is None:
                conn.sendall(b"\x05\x02\x00\x01" + bytes(6))
                return
            with self.lock:
                self.open.add(upstream)
            conn.sendall(b"\x05\x00\x00\x01" + bytes(6))
            conn.settimeout(None)
            upstream.settimeout(None)
            self._relay(conn, upstream)
        except (OSError, ValueError, IndexError, UnicodeError):
            return
        finally:
            with self.lock:
                self.open.discard(conn)
                if upstream is not None:
                    self.open.discard(upstream)
            _close(conn)
            if upstream is not None:
                _close(upstream)

    def _connect(self, host: str, port: int) -> socket.socket | None:
        with self.lock:
            options = self.options
            if options is None or (host.lower().rstrip("."), port) not in self.approved:
                return None  # not asked for by the page (the browser's own traffic), or between pages
        addresses = resolve(host, port)
        if isinstance(addresses, str):
            return None
        if not host_allowed(host, options):
            why = address_refusal(host, addresses)
            if why is not None:
                with self.lock:
                    self.refused.append(_line(f"{host}:{port}: {why}"))
                return None
        for address in addresses:
            family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
            sock = socket.socket(family, socket.SOCK_STREAM)
            sock.settimeout(min(10.0, options.timeout[0]))
            try:
                sock.connect((str(address), port))
                return sock
            except OSError:
                _close(sock)
        return None

    def _relay(self, a: socket.socket, b: socket.socket) -> None:
        while self.options is not None and not self.over:
            ready, _, _ = select.select([a, b], [], [], 1.0)
            for sock in ready:
                data = sock.recv(65536)
                if not data:
                    return
                (b if sock is a else a).sendall(data)
                if sock is b:
                    with self.lock:
                        self.received += len(data)
                        if self.received > self.budget:
                            self.over = True
                            return


def _recv(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ValueError("the connection closed")
        data += chunk
    return data


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass
