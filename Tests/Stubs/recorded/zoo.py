"""Zoo Animal API (`https://zoo-animal-api.herokuapp.com`) from the recorded
`animals.json` (55 animals; ids 3-196 with gaps).

Two generations of the API, chosen at run time (`mode`, set through the
control endpoint's `POST /mode`; `deployed` is the default):

- `deployed`: `/animals` (all, compact JSON in the API's key order; kept
  because Menagerie's documentation lists it for the deployed API, although
  the recorded material only shows the two `rand` routes), `/animals/rand`
  (one object), `/animals/rand/{n}` (n distinct animals, 1-10);
- `open-source` (the author's Oct 2021 Express source): `/animals` (all),
  `/animals/num/{n}` (the first n animals), `/animals/random` (one object),
  `/animals/random/{n}` (n distinct animals); n must be at most 50 and at
  most the number of animals.

No generation has `/animals/{id}`: it answers 404 like any unknown route, as
do the other generation's routes. Errors are plain text as in the API's
source: 400 `Error: Query parameter must be a non-zero positive integer`
(n not a positive integer), 400 `Error: Unable to fulfill request` (n too
large), 404 `Error: We're unable to find the information you are looking
for. Please try again.` (unknown route).
"""

import random

from .reply import Reply, compact_json, text_reply

JSON_HEADERS = [("Content-Type", "application/json; charset=utf-8"), ("Access-Control-Allow-Origin", "*")]
HTML = "text/html; charset=utf-8"
BAD_NUMBER = "Error: Query parameter must be a non-zero positive integer"
UNABLE = "Error: Unable to fulfill request"
NOT_FOUND = "Error: We're unable to find the information you are looking for. Please try again."
MODES = ("deployed", "open-source")  # the first is the default
MAX_RANDOM = 10  # deployed `/animals/rand/{n}`
MAX_OPEN_SOURCE = 50  # open-source `/animals/num/{n}` and `/animals/random/{n}`


def positive(text):
    """`text` as a positive integer, or None."""
    if not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value > 0 else None


def json_answer(value):
    """A 200 JSON answer."""
    return Reply(200, compact_json(value), list(JSON_HEADERS))


def not_found():
    """The plain-text 404 of an unknown route."""
    return text_reply(404, NOT_FOUND, HTML)


class Zoo:
    """The Zoo routes over the recorded animals, in the generation `mode`."""

    MODES = MODES

    def __init__(self, data, rng=None):
        self.animals = data.json("zoo-animal-api/animals.json")
        self.rng = rng or random.Random(2)
        self.mode = MODES[0]

    def route(self, method, path, query, headers, body):
        parts = [p for p in path.split("/") if p]
        if method not in ("GET", "HEAD") or parts[:1] != ["animals"]:
            return not_found()
        rest = parts[1:]
        if rest == []:
            return json_answer(self.animals)
        generation = self.deployed if self.mode == "deployed" else self.open_source
        return generation(rest) or not_found()

    def deployed(self, rest):
        """The deployed API's `rand` routes; None for any other path."""
        if rest == ["rand"]:
            return json_answer(self.rng.choice(self.animals))
        if len(rest) == 2 and rest[0] == "rand":
            return self.counted(rest[1], MAX_RANDOM, lambda n: self.rng.sample(self.animals, n))
        return None

    def open_source(self, rest):
        """The open-source version's `num` and `random` routes; None for any other path."""
        limit = min(MAX_OPEN_SOURCE, len(self.animals))
        if rest == ["random"]:
            return json_answer(self.rng.choice(self.animals))
        if len(rest) == 2 and rest[0] == "random":
            return self.counted(rest[1], limit, lambda n: self.rng.sample(self.animals, n))
        if len(rest) == 2 and rest[0] == "num":
            return self.counted(rest[1], limit, lambda n: self.animals[:n])
        return None

    def counted(self, text, maximum, select):
        """`select(n)` for the path's `{n}`, or the API's 400 when n is not a
        positive integer or exceeds `maximum`."""
        n = positive(text)
        if n is None:
            return text_reply(400, BAD_NUMBER, HTML)
        if n > maximum:
            return text_reply(400, UNABLE, HTML)
        return json_answer(select(n))
