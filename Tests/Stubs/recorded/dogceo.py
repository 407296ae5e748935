"""Dog CEO API (`https://dog.ceo/api`) from the recorded breed list.

Routes (GET, under `/api` or at the root, as the real server answers both):
`/breeds/list/all`, `/breeds/list`, `/breeds/list/all/random[/n]`,
`/breeds/list/random[/n]`, `/breed/{b}/list`, `/breed/{b}/list/random[/n]`,
`/breed/{b}[/{sub}]/images`, `/breed/{b}[/{sub}]/images/random[/n]`,
`/breeds/image/random[/n]` (n capped at 50).

Image lists: `akita` serves the captured response `breed-akita-images.json`
byte for byte; folders listed in `image-files-sample.json` (affenpinscher,
african-wild, bulldog-french, hound-afghan, hound-basset; akita's other
variants are not used) serve those recorded file names; every other folder gets
a deterministic list of three made-up names in the real URL pattern
`https://images.dog.ceo/breeds/{breed}[-{sub}]/{breed}[-{sub}]_{i}.jpg`
(i = 1, 2, 3). A main breed's list is its own folder (when it has no
sub-breeds) or the concatenation of its sub-breeds' folders, as the API does.
"""

import random

from .reply import Reply, compact_json

IMAGE_ROOT = "https://images.dog.ceo/breeds/"
CACHED = [("Content-Type", "application/json"), ("Access-Control-Allow-Origin", "*"),
          ("Cache-Control", "s-maxage=21600, max-age=1800")]
NO_STORE = [("Content-Type", "application/json"), ("Access-Control-Allow-Origin", "*"),
            ("Cache-Control", "no-store")]

MAIN_NOT_FOUND = "Breed not found (main breed does not exist)"
SUB_NOT_FOUND = "Breed not found (sub breed does not exist)"
NO_SUBS = "Breed not found (no sub breeds exist for this main breed)"


def parse_count(text):
    """`{n}` as the PHP server parses it: non-numeric or 0 -> 1, negative -> 10."""
    try:
        n = int(text)
    except (TypeError, ValueError):
        digits = ""
        for ch in text or "":
            if ch.isdigit() or (ch == "-" and not digits):
                digits += ch
            else:
                break
        try:
            n = int(digits)
        except ValueError:
            n = 0
    if n == 0:
        return 1
    return 10 if n < 0 else n


class DogCEO:
    """The Dog CEO routes over the recorded list (`SharedData`)."""

    def __init__(self, data, rng=None):
        self.data = data
        self.breeds = data.json("dog-ceo/breeds-list-all.json")["message"]
        self.sample = data.json("dog-ceo/image-files-sample.json")["folders"]
        self.rng = rng or random.Random(1)

    # -- answers --------------------------------------------------------

    @staticmethod
    def success(message, headers=CACHED):
        return Reply(200, compact_json({"message": message, "status": "success"}), list(headers))

    @staticmethod
    def error(message, headers=CACHED):
        return Reply(404, compact_json({"status": "error", "message": message, "code": 404}), list(headers))

    @staticmethod
    def no_route(method, path):
        text = f'No route found for "{method} http://dog.ceo{path}" with code: 0'
        return DogCEO.error(text[:128])

    # -- images ---------------------------------------------------------

    def folder_images(self, folder):
        """The image URLs of one image folder (`hound-afghan`)."""
        if folder in self.sample and folder != "akita":
            return [IMAGE_ROOT + folder + "/" + name for name in self.sample[folder]["files"]]
        return [f"{IMAGE_ROOT}{folder}/{folder}_{i}.jpg" for i in (1, 2, 3)]

    def breed_images(self, breed, sub=None):
        """Every image of a breed (main breed: its sub-breeds' folders)."""
        if sub is not None:
            return self.folder_images(f"{breed}-{sub}")
        if breed == "akita":
            return self.data.json("dog-ceo/breed-akita-images.json")["message"]
        subs = self.breeds[breed]
        if not subs:
            return self.folder_images(breed)
        return [url for s in subs for url in self.folder_images(f"{breed}-{s}")]

    def random_pick(self, items, count):
        """`count` distinct random items, all of them (shuffled) when fewer."""
        items = list(items)
        self.rng.shuffle(items)
        return items[:count]

    # -- routing --------------------------------------------------------

    def route(self, method, path, query, headers, body):
        """Answers one request; `path` has no query string."""
        full = path
        if path.startswith("/api/") or path == "/api":
            path = path[4:]
        parts = [p for p in path.split("/") if p]
        if method not in ("GET", "HEAD"):
            return Reply(405, b"No matching route.", [("Content-Type", "text/plain")])
        if parts[:2] == ["breeds", "list"]:
            return self.breeds_list(parts[2:], method, full)
        if parts[:3] == ["breeds", "image", "random"] and len(parts) <= 4:
            pool = [url for b in self.breeds for url in self.breed_images(b)]
            if len(parts) == 3:
                return self.success(self.rng.choice(pool), NO_STORE)
            return self.success(self.random_pick(pool, min(parse_count(parts[3]), 50)), NO_STORE)
        if parts and parts[0] == "breed" and len(parts) >= 2:
            return self.breed_route(parts[1:], method, full)
        return self.no_route(method, full)

    def breeds_list(self, rest, method, full):
        if rest == []:
            return Reply(200, self.data.raw("dog-ceo/breeds-list.derived.json"), list(CACHED))
        if rest == ["all"]:
            return Reply(200, self.data.raw("dog-ceo/breeds-list-all.json"), list(CACHED))
        if rest[:1] == ["random"] and len(rest) <= 2:
            names = list(self.breeds)
            if len(rest) == 1:
                return self.success(self.rng.choice(names), NO_STORE)
            return self.success(self.random_pick(names, parse_count(rest[1])), NO_STORE)
        if rest[:2] == ["all", "random"] and len(rest) <= 3:
            count = 1 if len(rest) == 2 else parse_count(rest[2])
            names = self.random_pick(list(self.breeds), count)
            return self.success({name: self.breeds[name] for name in names}, NO_STORE)
        return self.no_route(method, full)

    def breed_route(self, parts, method, full):
        breed = parts[0]
        if breed not in self.breeds:
            return self.error(MAIN_NOT_FOUND)
        rest = parts[1:]
        if rest == ["list"]:
            return self.success(self.breeds[breed])
        if rest[:2] == ["list", "random"] and len(rest) <= 3:
            subs = self.breeds[breed]
            if not subs:
                return self.error(NO_SUBS, NO_STORE)
            if len(rest) == 2:
                return self.success(self.rng.choice(subs), NO_STORE)
            return self.success(self.random_pick(subs, parse_count(rest[2])), NO_STORE)
        sub = None
        if rest and rest[0] not in ("images", "list"):
            sub = rest[0]
            if sub not in self.breeds[breed]:
                return self.error(SUB_NOT_FOUND)
            rest = rest[1:]
        if rest == ["images"]:
            if sub is None and breed == "akita":
                return Reply(200, self.data.raw("dog-ceo/breed-akita-images.json"), list(CACHED))
            return self.success(self.breed_images(breed, sub))
        if rest[:2] == ["images", "random"] and len(rest) <= 3:
            images = self.breed_images(breed, sub)
            if len(rest) == 2:
                return self.success(self.rng.choice(images), NO_STORE)
            return self.success(self.random_pick(images, parse_count(rest[2])), NO_STORE)
        if rest == []:
            return self.error("Breed not found (No info file for this breed exists)")
        return self.no_route(method, full)
