"""The Dog API (`https://api.thedogapi.com/v1`) from the recorded `breeds.json`.

Routes (GET under `/v1`): `/breeds` (the captured bytes when neither `limit`
nor a group filter is given; otherwise the selected records re-serialised
compactly, which reproduces the capture's bytes exactly), `/breeds/{id}`,
`/breeds/search?q=`. `limit`/`page` (zero-based) add the headers
`pagination-count`, `pagination-page`, `pagination-limit`;
`breed_groups` / `exclude_breed_groups` are comma lists, case-insensitive.

Every route needs `x-api-key` equal to the key given on the command line, else
401 with the recorded body `error-401-no-api-key.json`. The response to an
unknown breed id was never recorded: this stub answers 404 with a body of the
same shape as the 401 (made up).
"""

from .reply import Reply, compact_json

HEADERS = [("Content-Type", "application/json; charset=utf-8"), ("Access-Control-Allow-Origin", "*")]


def split_list(text):
    return {item.strip().lower() for item in (text or "").split(",") if item.strip()}


class DogAPI:
    """The Dog API routes over the recorded breeds."""

    def __init__(self, data, api_key):
        self.data = data
        self.api_key = api_key
        self.breeds = data.json("thedogapi/breeds.json")

    def unauthorized(self):
        return Reply(401, self.data.raw("thedogapi/error-401-no-api-key.json"), list(HEADERS))

    def route(self, method, path, query, headers, body):
        if headers.get("x-api-key") != self.api_key:
            return self.unauthorized()
        parts = [p for p in path.split("/") if p]
        if parts[:1] != ["v1"] or method not in ("GET", "HEAD"):
            return Reply(404, compact_json({"message": "NOT_FOUND", "status": 404, "level": "info"}), list(HEADERS))
        rest = parts[1:]
        if rest == ["breeds"]:
            return self.list_breeds(query)
        if rest == ["breeds", "search"]:
            text = (query.get("q") or [""])[0].strip().lower()
            found = [b for b in self.breeds if text and text in b["name"].lower()]
            return Reply(200, compact_json(found), list(HEADERS))
        if len(rest) == 2 and rest[0] == "breeds":
            for breed in self.breeds:
                if str(breed["id"]) == rest[1]:
                    return Reply(200, compact_json(breed), list(HEADERS))
        return Reply(404, compact_json({"message": "NOT_FOUND", "status": 404, "level": "info"}), list(HEADERS))

    def list_breeds(self, query):
        groups = split_list((query.get("breed_groups") or [""])[0])
        excluded = split_list((query.get("exclude_breed_groups") or [""])[0])
        limit_text = (query.get("limit") or [None])[0]
        if not groups and not excluded and limit_text is None:
            return Reply(200, self.data.raw("thedogapi/breeds.json"), list(HEADERS))
        selected = [b for b in self.breeds
                    if (not groups or b.get("breed_group", "").lower() in groups)
                    and b.get("breed_group", "").lower() not in excluded]
        headers = list(HEADERS)
        if limit_text is not None:
            try:
                limit = max(1, int(limit_text))
                page = max(0, int((query.get("page") or ["0"])[0]))
            except ValueError:
                return Reply(400, compact_json({"message": "limit and page must be numbers", "status": 400}), headers)
            headers += [("pagination-count", str(len(selected))), ("pagination-page", str(page)),
                        ("pagination-limit", str(limit))]
            selected = selected[page * limit:(page + 1) * limit]
        return Reply(200, compact_json(selected), headers)
