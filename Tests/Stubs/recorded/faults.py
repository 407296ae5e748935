"""Fault injection: what each fault does to one request of an upstream.

`FAULTS` names them all. A fault set on an upstream (through the control port)
applies to every request to it until cleared:

- `garbage`   200, a body that is not JSON, with the route's usual headers
               (Dog CEO: its Cache-Control);
- `truncated` 200, the route's real JSON cut in half (Content-Length matches
               the cut body, so the HTTP message itself is complete);
- `html`      200, `Content-Type: text/html`, an HTML error page;
- `500`       500, plain text;
- `503`, `429` that status with `Retry-After: 1`;
- `hang`      the request is read but not answered until the fault is
               cleared (then it is answered normally) or the stubs stop;
- `refuse`    the listening socket is closed (new connections are refused;
               requests on kept-alive connections are dropped unanswered);
               it is reopened on the same port when cleared;
- `reset`     status line, headers (full Content-Length) and part of the body,
               then a TCP reset (SO_LINGER 0);
- `redirect`  302 to the same path on the "evil" origin (another port), which
               records the headers it receives;
- `drip`      the real answer, its body one byte every 0.5 s;
- `slow`      the real answer, 1 s late (injected latency: a slow upstream that
               still answers);
- `graphql-errors` (D&D only) every other root field fails with a GraphQL
               error naming its alias (see `dnd.py`).
"""

import socket
import struct
import time

from .reply import Reply

FAULTS = ["garbage", "truncated", "html", "500", "503", "429", "hang", "refuse", "reset",
          "redirect", "drip", "slow", "graphql-errors"]
DRIP_INTERVAL = 0.5
SLOW_DELAY = 1.0
GARBAGE = b"\x00\x1f<<garbage>> this is not JSON \xff\xfe{{{"
HTML_PAGE = (b"<!DOCTYPE html><html><head><title>Application Error</title></head>"
             b"<body><h1>Application Error</h1><p>An error occurred in the application and your page "
             b"could not be served.</p></body></html>")


def replaced_reply(fault, real, evil_origin, target):
    """The answer for the faults that only replace the answer (None for others)."""
    if fault == "garbage":
        return Reply(200, GARBAGE, [h for h in real.headers if h[0].lower() != "content-length"])
    if fault == "truncated":
        return Reply(200, real.body[: len(real.body) // 2], list(real.headers))
    if fault == "html":
        return Reply(200, HTML_PAGE, [("Content-Type", "text/html; charset=utf-8")])
    if fault == "500":
        return Reply(500, b"Internal Server Error", [("Content-Type", "text/plain; charset=utf-8")])
    if fault == "503":
        return Reply(503, b"Service Unavailable", [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")])
    if fault == "429":
        return Reply(429, b"Too many requests, please try again later.",
                     [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")])
    if fault == "redirect":
        return Reply(302, b"Found", [("Content-Type", "text/plain; charset=utf-8"), ("Location", evil_origin + target)])
    return None


def send_reset(handler, reply):
    """Headers and part of the body, then a TCP reset."""
    handler.send_head(reply)
    handler.wfile.write(reply.body[: max(1, len(reply.body) // 3)])
    handler.wfile.flush()
    reset_connection(handler.connection)
    handler.close_connection = True


def reset_connection(sock):
    """Closes `sock` with a reset instead of an orderly FIN."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    except OSError:
        pass


def send_drip(handler, reply, stopping):
    """The answer with its body sent one byte at a time."""
    handler.send_head(reply)
    handler.wfile.flush()
    for byte in reply.body:
        if stopping.is_set():
            break
        handler.wfile.write(bytes([byte]))
        handler.wfile.flush()
        time.sleep(DRIP_INTERVAL)
