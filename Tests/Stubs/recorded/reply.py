"""The answer a route gives: status, headers and body bytes."""

import json
from dataclasses import dataclass, field


@dataclass
class Reply:
    """One HTTP answer. `headers` is a list of (name, value) pairs, in order;
    Content-Length is added by the server."""

    status: int
    body: bytes = b""
    headers: list = field(default_factory=list)

    def header(self, name):
        """The value of header `name` (case-insensitive), or None."""
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


def js_numbers(value):
    """`value` with integral floats as ints: JavaScript writes 16.0 as `16`."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: js_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [js_numbers(item) for item in value]
    return value


def compact_json(value):
    """JSON as Node's JSON.stringify writes it: no spaces, non-ASCII kept as
    UTF-8, integral numbers without a fraction."""
    return json.dumps(js_numbers(value), separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def json_reply(status, value, headers=()):
    """A compact JSON answer with the given extra headers."""
    return Reply(status, compact_json(value), list(headers))


def text_reply(status, text, content_type="text/plain; charset=utf-8", headers=()):
    """A plain-text answer."""
    return Reply(status, text.encode("utf-8"), [("Content-Type", content_type)] + list(headers))
