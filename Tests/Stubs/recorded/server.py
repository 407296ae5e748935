"""The HTTP side of the stubs: one `ThreadingHTTPServer` per upstream on its
own loopback port, an "evil" origin for the `redirect` fault, and the control
server (faults, request log).

Control endpoint (JSON in and out):
- `POST /fault {"upstream": "dog-ceo", "fault": "garbage"}` sets a fault;
- `POST /clear` clears every fault (`{"upstream": ...}` clears one);
- `GET /requests?upstream=dog-ceo` -> `{"upstream", "count", "requests":
  [{"method", "path", "headers": {lower-case name: value}, "body"}]}`
  (`upstream=evil` for the redirect target);
- `POST /mode {"upstream": "zoo", "mode": "open-source"}` switches an
  upstream's mode: zoo `deployed` (default) | `open-source`, thedogapi
  `whole` (default) | `paged` (see zoo.py, dogapi.py); 400 on anything else;
- `POST /reset` clears faults and request logs and restores the default modes;
- `GET /ports` -> the same object as the ports file.
Upstream names are Menagerie's `UpstreamID` raw values: dog-ceo, thedogapi, zoo, dnd5e.
"""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from . import faults
from .reply import Reply, compact_json

UPSTREAMS = ["dog-ceo", "thedogapi", "zoo", "dnd5e"]
PREFIXES = {"dog-ceo": "/api", "thedogapi": "/v1", "zoo": "", "dnd5e": "/graphql/2014"}
EVIL = "evil"


class QuietServer(ThreadingHTTPServer):
    """A threading server on loopback that does not wait for hung handlers."""

    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass  # Clients hanging up mid-answer are part of the faults' behaviour.


class Stubs:
    """Shared state: faults, request logs, the servers."""

    def __init__(self, routes, modal=None):
        self.routes = routes  # name -> route(method, path, query, headers, body[, fail_aliases])
        self.modal = modal or {}  # name -> upstream with `MODES` (default first) and `mode`
        self.lock = threading.Condition()
        self.faults = {}
        self.logs = {name: [] for name in UPSTREAMS + [EVIL]}
        self.stopping = threading.Event()
        self.servers = {name: UpstreamServer(self, name) for name in UPSTREAMS + [EVIL]}
        self.control = None

    # -- faults and logs -------------------------------------------------

    def fault(self, name):
        with self.lock:
            return self.faults.get(name)

    def set_fault(self, name, fault):
        with self.lock:
            old = self.faults.get(name)
            if fault is None:
                self.faults.pop(name, None)
            else:
                self.faults[name] = fault
            self.lock.notify_all()
        if old == "refuse" and fault != "refuse":
            self.servers[name].open()
        if fault == "refuse" and old != "refuse":
            self.servers[name].close()

    def clear(self, name=None):
        for upstream in ([name] if name else UPSTREAMS):
            self.set_fault(upstream, None)

    def wait_while_hanging(self, name):
        """Blocks while `name` has the `hang` fault; False when the stubs stop."""
        with self.lock:
            while self.faults.get(name) == "hang" and not self.stopping.is_set():
                self.lock.wait(0.5)
        return not self.stopping.is_set()

    def record(self, name, entry):
        with self.lock:
            self.logs[name].append(entry)

    def requests(self, name):
        with self.lock:
            return list(self.logs[name])

    def set_mode(self, name, mode):
        """Switches upstream `name` to `mode`; False when it has no such mode."""
        upstream = self.modal.get(name)
        if upstream is None or mode not in upstream.MODES:
            return False
        with self.lock:
            upstream.mode = mode
        return True

    def reset(self):
        self.clear()
        with self.lock:
            for log in self.logs.values():
                log.clear()
            for upstream in self.modal.values():
                upstream.mode = upstream.MODES[0]

    # -- life cycle -------------------------------------------------------

    def start(self):
        for server in self.servers.values():
            server.open()
        self.control = QuietServer(("127.0.0.1", 0), control_handler(self))
        threading.Thread(target=self.control.serve_forever, daemon=True).start()

    def ports(self):
        """Base URLs (with the real path prefixes) and the control URL."""
        info = {name: f"http://127.0.0.1:{self.servers[name].port}{PREFIXES[name]}" for name in UPSTREAMS}
        info[EVIL] = f"http://127.0.0.1:{self.servers[EVIL].port}"
        info["control"] = f"http://127.0.0.1:{self.control.server_address[1]}"
        return info

    def stop(self):
        self.stopping.set()
        with self.lock:
            self.lock.notify_all()
        for server in self.servers.values():
            server.close()
        if self.control:
            self.control.shutdown()
            self.control.server_close()


class UpstreamServer:
    """One upstream's listening socket; closed and reopened (same port) by `refuse`."""

    def __init__(self, stubs, name):
        self.stubs, self.name, self.port = stubs, name, 0
        self.httpd = None
        self.guard = threading.Lock()

    def open(self):
        with self.guard:
            if self.httpd is None:
                self.httpd = QuietServer(("127.0.0.1", self.port), upstream_handler(self.stubs, self.name))
                self.port = self.httpd.server_address[1]
                threading.Thread(target=self.httpd.serve_forever, args=(0.1,), daemon=True).start()

    def close(self):
        with self.guard:
            if self.httpd is not None:
                self.httpd.shutdown()
                self.httpd.server_close()
                self.httpd = None


class BaseHandler(BaseHTTPRequestHandler):
    """HTTP/1.1 with keep-alive, no console logging, errors of vanished clients ignored."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def finish(self):
        try:
            super().finish()
        except OSError:
            pass

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send_head(self, reply):
        self.send_response(reply.status)
        for name, value in reply.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(reply.body)))
        self.end_headers()

    def send(self, reply):
        self.send_head(reply)
        if self.command != "HEAD":
            self.wfile.write(reply.body)


def upstream_handler(stubs, name):
    """The request handler class of upstream `name`."""

    class Handler(BaseHandler):
        def handle_any(self):
            body = self.read_body()
            split = urlsplit(self.path)
            headers = {}
            for key, value in self.headers.items():
                key = key.lower()
                headers[key] = headers[key] + ", " + value if key in headers else value
            stubs.record(name, {"method": self.command, "path": self.path, "headers": headers,
                                "body": body.decode("utf-8", "replace")})
            if name == EVIL:
                return self.send(Reply(200, compact_json({"evil": True}), [("Content-Type", "application/json")]))
            fault = stubs.fault(name)
            if fault == "hang":
                if not stubs.wait_while_hanging(name):
                    self.close_connection = True
                    return
                fault = stubs.fault(name)
            if fault == "refuse":
                faults.reset_connection(self.connection)
                self.close_connection = True
                return
            query = parse_qs(split.query, keep_blank_values=True)
            route = stubs.routes[name]
            if name == "dnd5e":
                real = route(self.command, split.path, query, headers, body, fault == "graphql-errors")
            else:
                real = route(self.command, split.path, query, headers, body)
            replaced = faults.replaced_reply(fault, real, stubs.ports()[EVIL], self.path)
            if replaced is not None:
                return self.send(replaced)
            if fault == "reset":
                return faults.send_reset(self, real)
            if fault == "drip":
                return faults.send_drip(self, real, stubs.stopping)
            if fault == "slow" and stubs.stopping.wait(faults.SLOW_DELAY):
                self.close_connection = True
                return
            self.send(real)

        do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = handle_any

    return Handler


def control_handler(stubs):
    """The request handler class of the control server."""

    class Control(BaseHandler):
        def answer(self, status, value):
            self.send(Reply(status, compact_json(value), [("Content-Type", "application/json")]))

        def do_GET(self):
            split = urlsplit(self.path)
            if split.path == "/ports":
                return self.answer(200, stubs.ports())
            if split.path == "/requests":
                upstream = (parse_qs(split.query).get("upstream") or [""])[0]
                if upstream not in stubs.logs:
                    return self.answer(400, {"error": f"unknown upstream {upstream!r}"})
                log = stubs.requests(upstream)
                return self.answer(200, {"upstream": upstream, "count": len(log), "requests": log})
            self.answer(404, {"error": "unknown control route"})

        def do_POST(self):
            try:
                raw = self.read_body()
                request = json.loads(raw) if raw.strip() else {}
            except ValueError:
                return self.answer(400, {"error": "the body is not JSON"})
            if not isinstance(request, dict):
                return self.answer(400, {"error": "the body is not a JSON object"})
            path = urlsplit(self.path).path
            upstream = request.get("upstream")
            if upstream is not None and upstream not in UPSTREAMS:
                return self.answer(400, {"error": f"unknown upstream {upstream!r}"})
            if path == "/fault":
                fault = request.get("fault")
                if upstream is None or fault not in faults.FAULTS:
                    return self.answer(400, {"error": "give an upstream and one of " + ", ".join(faults.FAULTS)})
                if fault == "graphql-errors" and upstream != "dnd5e":
                    return self.answer(400, {"error": "graphql-errors applies to dnd5e only"})
                stubs.set_fault(upstream, fault)
                return self.answer(200, {"upstream": upstream, "fault": fault})
            if path == "/mode":
                mode = request.get("mode")
                if not stubs.set_mode(upstream, mode):
                    choices = "; ".join(f"{name}: {', '.join(u.MODES)}" for name, u in stubs.modal.items())
                    return self.answer(400, {"error": f"give an upstream and one of its modes ({choices})"})
                return self.answer(200, {"upstream": upstream, "mode": mode})
            if path == "/clear":
                stubs.clear(upstream)
                return self.answer(200, {"cleared": upstream or "all"})
            if path == "/reset":
                stubs.reset()
                return self.answer(200, {"reset": True})
            self.answer(404, {"error": "unknown control route"})

    return Control
