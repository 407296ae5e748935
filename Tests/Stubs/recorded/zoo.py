"""Zoo Animal API (`https://zoo-animal-api.herokuapp.com`) from the recorded
`animals.json` (55 animals; ids 3-196 with gaps).

Routes (GET at the root), every one the Menagerie Zoo client uses:
`/animals` (all, compact JSON in the API's key order), `/animals/{id}`,
`/animals/rand` (one object), `/animals/rand/{n}` (n distinct animals, 1-10).
Errors are plain text as in the API's source: 400 `Error: Query parameter must
be a non-zero positive integer` (bad id or n), 400 `Error: Unable to fulfill
request` (n > 10), 404 `Error: We're unable to find the information you are
looking for. Please try again.` (unknown id or route).
"""

import random

from .reply import Reply, compact_json, text_reply

JSON_HEADERS = [("Content-Type", "application/json; charset=utf-8"), ("Access-Control-Allow-Origin", "*")]
HTML = "text/html; charset=utf-8"
BAD_NUMBER = "Error: Query parameter must be a non-zero positive integer"
UNABLE = "Error: Unable to fulfill request"
NOT_FOUND = "Error: We're unable to find the information you are looking for. Please try again."
MAX_RANDOM = 10


def positive(text):
    """`text` as a positive integer, or None."""
    if not text.isdigit():
        return None
    value = int(text)
    return value if value > 0 else None


class Zoo:
    """The Zoo routes over the recorded animals."""

    def __init__(self, data, rng=None):
        self.animals = data.json("zoo-animal-api/animals.json")
        self.by_id = {a["id"]: a for a in self.animals}
        self.rng = rng or random.Random(2)

    def route(self, method, path, query, headers, body):
        parts = [p for p in path.split("/") if p]
        if method not in ("GET", "HEAD") or parts[:1] != ["animals"]:
            return text_reply(404, NOT_FOUND, HTML)
        rest = parts[1:]
        if rest == []:
            return Reply(200, compact_json(self.animals), list(JSON_HEADERS))
        if rest == ["rand"]:
            return Reply(200, compact_json(self.rng.choice(self.animals)), list(JSON_HEADERS))
        if len(rest) == 2 and rest[0] == "rand":
            n = positive(rest[1])
            if n is None:
                return text_reply(400, BAD_NUMBER, HTML)
            if n > MAX_RANDOM:
                return text_reply(400, UNABLE, HTML)
            return Reply(200, compact_json(self.rng.sample(self.animals, n)), list(JSON_HEADERS))
        if len(rest) == 1:
            animal_id = positive(rest[0])
            if animal_id is None:
                return text_reply(400, BAD_NUMBER, HTML)
            if animal_id not in self.by_id:
                return text_reply(404, NOT_FOUND, HTML)
            return Reply(200, compact_json(self.by_id[animal_id]), list(JSON_HEADERS))
        return text_reply(404, NOT_FOUND, HTML)
