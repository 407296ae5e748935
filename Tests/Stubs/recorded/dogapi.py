"""The Dog API (`https://api.thedogapi.com/v1`) from the recorded `breeds.json`.

Routes (GET under `/v1`): `/breeds` (the captured bytes when neither `limit`
nor a group filter is given; otherwise the selected records re-serialised
compactly, which reproduces the capture's bytes exactly), `/breeds/{id}`,
`/breeds/search?q=`. `limit`/`page` (zero-based) add the headers
`pagination-count`, `pagination-page`, `pagination-limit`;
`breed_groups` / `exclude_breed_groups` are comma lists, case-insensitive.

Two modes, chosen at run time (`mode`, set through the control endpoint's
`POST /mode`): `whole` (the default, the behaviour above) and `paged`, as if
the API now paged by default: a `/breeds` request without `limit` gets the
page `page` (default 0) of 20 breeds, with the pagination headers; requests
with `limit` are answered as in `whole`.

Every route needs `x-api-key` equal to the key given on the command line (with
`--no-api-key`, no key is valid). Without it `GET /breeds` (with or without a
query) answers 403 `{"message":"Authentication required: Please provide a
valid API key","status":403}` (the 2026 behaviour; the status and message were
reported, the exact body was never recorded, so its shape is made up), every
other route 401 with the recorded body `error-401-no-api-key.json`. The
response to an unknown breed id was never recorded: this stub answers 404 with
a body of the same shape as the 401 (made up).
"""

from .reply import Reply, compact_json

HEADERS = [("Content-Type", "application/json; charset=utf-8"), ("Access-Control-Allow-Origin", "*")]
FORBIDDEN = {"message": "Authentication required: Please provide a valid API key", "status": 403}
NOT_FOUND = {"message": "NOT_FOUND", "status": 404, "level": "info"}
MODES = ("whole", "paged")  # the first is the default
DEFAULT_LIMIT = 20  # the page size of `paged` mode


def split_list(text):
    return {item.strip().lower() for item in (text or "").split(",") if item.strip()}


def first(query, name, default=None):
    """The first value of query parameter `name`, or `default`."""
    return (query.get(name) or [default])[0]


class DogAPI:
    """The Dog API routes over the recorded breeds, in the mode `mode`.
    `api_key` None: no key is valid."""

    MODES = MODES

    def __init__(self, data, api_key):
        self.data = data
        self.api_key = api_key
        self.breeds = data.json("thedogapi/breeds.json")
        self.mode = MODES[0]

    def authorized(self, headers):
        """True when the request carries the valid key."""
        return self.api_key is not None and headers.get("x-api-key") == self.api_key

    def unauthorized(self, method, parts):
        """403 (JSON) for `GET /v1/breeds`, the recorded 401 for every other route."""
        if method in ("GET", "HEAD") and parts == ["v1", "breeds"]:
            return Reply(403, compact_json(FORBIDDEN), list(HEADERS))
        return Reply(401, self.data.raw("thedogapi/error-401-no-api-key.json"), list(HEADERS))

    def route(self, method, path, query, headers, body):
        parts = [p for p in path.split("/") if p]
        if not self.authorized(headers):
            return self.unauthorized(method, parts)
        if parts[:1] != ["v1"] or method not in ("GET", "HEAD"):
            return Reply(404, compact_json(NOT_FOUND), list(HEADERS))
        rest = parts[1:]
        if rest == ["breeds"]:
            return self.list_breeds(query)
        if rest == ["breeds", "search"]:
            text = first(query, "q", "").strip().lower()
            found = [b for b in self.breeds if text and text in b["name"].lower()]
            return Reply(200, compact_json(found), list(HEADERS))
        if len(rest) == 2 and rest[0] == "breeds":
            for breed in self.breeds:
                if str(breed["id"]) == rest[1]:
                    return Reply(200, compact_json(breed), list(HEADERS))
        return Reply(404, compact_json(NOT_FOUND), list(HEADERS))

    def list_breeds(self, query):
        groups = split_list(first(query, "breed_groups", ""))
        excluded = split_list(first(query, "exclude_breed_groups", ""))
        limit_text = first(query, "limit")
        if limit_text is None and self.mode == "paged":
            limit_text = str(DEFAULT_LIMIT)
        if not groups and not excluded and limit_text is None:
            return Reply(200, self.data.raw("thedogapi/breeds.json"), list(HEADERS))
        selected = [b for b in self.breeds
                    if (not groups or b.get("breed_group", "").lower() in groups)
                    and b.get("breed_group", "").lower() not in excluded]
        headers = list(HEADERS)
        if limit_text is not None:
            try:
                limit = max(1, int(limit_text))
                page = max(0, int(first(query, "page", "0")))
            except ValueError:
                return Reply(400, compact_json({"message": "limit and page must be numbers", "status": 400}), headers)
            headers += [("pagination-count", str(len(selected))), ("pagination-page", str(page)),
                        ("pagination-limit", str(limit))]
            selected = selected[page * limit:(page + 1) * limit]
        return Reply(200, compact_json(selected), headers)
