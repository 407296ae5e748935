#!/usr/bin/env python3
"""Self-test of recorded_upstreams.py: starts it as a subprocess (as the Swift
tests do) and checks every route's wire format against the recorded files of
../shared/upstreams and every fault's behaviour.

    python3 Tests/Stubs/test_recorded_upstreams.py [-v]

The shared folder is `../shared/upstreams` beside the checkout (or
$MENAGERIE_SHARED_UPSTREAMS). Missing shared data fails the tests.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("MENAGERIE_SHARED_UPSTREAMS",
                        os.path.join(os.path.dirname(CHECKOUT), "shared", "upstreams"))
PROGRAM = os.path.join(HERE, "recorded_upstreams.py")
KEY = "test-key-123"
STUBS = {}  # the ports file's content, filled by setUpModule


def shared_bytes(name):
    with open(os.path.join(SHARED, name), "rb") as handle:
        return handle.read()


def shared_json(name):
    return json.loads(shared_bytes(name))


def request(url, method="GET", body=None, headers=None, timeout=5):
    """(status, lower-cased headers, body) of one request on a new connection."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        target = parts.path + ("?" + parts.query if parts.query else "")
        data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
        connection.request(method, target or "/", body=data, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def control(path, body=None):
    method = "GET" if body is None else "POST"
    status, _, data = request(STUBS["control"] + path, method, body)
    return status, json.loads(data)


def graphql(query, variables=None, **kwargs):
    body = {"query": query}
    if variables:
        body["variables"] = variables
    status, headers, data = request(STUBS["dnd5e"], "POST", body, {"Content-Type": "application/json"}, **kwargs)
    return status, headers, data


def dog_api(path, key=KEY):
    return request(STUBS["thedogapi"] + path, headers={"x-api-key": key} if key else {})


def set_mode(upstream, mode):
    """Switches an upstream's mode through the control endpoint; the status."""
    return control("/mode", {"upstream": upstream, "mode": mode})[0]


def start_stubs(folder, *arguments):
    """Starts recorded_upstreams.py with `arguments`; (process, ports file content)."""
    ports = os.path.join(folder, "ports.json")
    process = subprocess.Popen([sys.executable, PROGRAM, "--shared", SHARED, *arguments, "--ports-file", ports])
    deadline = time.time() + 20
    while not os.path.exists(ports):
        if process.poll() is not None or time.time() > deadline:
            process.kill()
            raise AssertionError("the stubs did not start")
        time.sleep(0.05)
    with open(ports) as handle:
        return process, json.load(handle)


def setUpModule():
    if not os.path.isdir(SHARED):
        raise AssertionError(f"shared upstream data missing: {SHARED}")
    global PROCESS, FOLDER
    FOLDER = tempfile.mkdtemp(prefix="recorded-upstreams-")
    PROCESS, ports = start_stubs(FOLDER, "--api-key", KEY)
    STUBS.update(ports)


def tearDownModule():
    PROCESS.send_signal(signal.SIGTERM)
    PROCESS.wait(10)


class StubTest(unittest.TestCase):
    def setUp(self):
        control("/reset", {})


class StartUpTests(StubTest):
    def test_ports_file_has_prefixed_base_urls(self):
        self.assertRegex(STUBS["dog-ceo"], r"^http://127\.0\.0\.1:\d+/api$")
        self.assertRegex(STUBS["thedogapi"], r"^http://127\.0\.0\.1:\d+/v1$")
        self.assertRegex(STUBS["zoo"], r"^http://127\.0\.0\.1:\d+$")
        self.assertRegex(STUBS["dnd5e"], r"^http://127\.0\.0\.1:\d+/graphql/2014$")
        ports = {urlsplit(STUBS[n]).port for n in ("dog-ceo", "thedogapi", "zoo", "dnd5e", "evil", "control")}
        self.assertEqual(len(ports), 6, "each upstream has its own port")

    def test_missing_shared_data_is_a_hard_error(self):
        with tempfile.TemporaryDirectory() as empty:
            run = subprocess.run([sys.executable, PROGRAM, "--shared", empty, "--api-key", "k",
                                  "--ports-file", os.path.join(empty, "p.json")],
                                 capture_output=True, text=True, timeout=30)
            self.assertEqual(run.returncode, 2)
            self.assertIn("missing", run.stderr)
            self.assertFalse(os.path.exists(os.path.join(empty, "p.json")))

    def test_key_arguments(self):
        with tempfile.TemporaryDirectory() as folder:
            for arguments in ([], ["--api-key", "k", "--no-api-key"], ["--api-key", ""]):
                run = subprocess.run([sys.executable, PROGRAM, "--shared", SHARED, *arguments,
                                      "--ports-file", os.path.join(folder, "p.json")],
                                     capture_output=True, text=True, timeout=30)
                self.assertEqual(run.returncode, 2, arguments)
                self.assertFalse(os.path.exists(os.path.join(folder, "p.json")))

    def test_no_api_key_accepts_no_key(self):
        with tempfile.TemporaryDirectory() as folder:
            process, ports = start_stubs(folder, "--no-api-key")
            try:
                for key in (None, "", KEY, "None"):
                    headers = {"x-api-key": key} if key is not None else {}
                    status, _, body = request(ports["thedogapi"] + "/breeds", headers=headers)
                    self.assertEqual((status, json.loads(body)["status"]), (403, 403), key)
                    status, _, body = request(ports["thedogapi"] + "/breeds/1", headers=headers)
                    self.assertEqual((status, body), (401, shared_bytes("thedogapi/error-401-no-api-key.json")), key)
            finally:
                process.send_signal(signal.SIGTERM)
                process.wait(10)


class DogCEOTests(StubTest):
    def get(self, path):
        return request(STUBS["dog-ceo"] + path)

    def assert_cached_json(self, headers, random=False):
        self.assertEqual(headers["content-type"], "application/json")
        self.assertEqual(headers["cache-control"], "no-store" if random else "s-maxage=21600, max-age=1800")

    def test_list_all_is_the_recorded_response(self):
        status, headers, body = self.get("/breeds/list/all")
        self.assertEqual(status, 200)
        self.assert_cached_json(headers)
        self.assertEqual(body, shared_bytes("dog-ceo/breeds-list-all.json"))

    def test_list_and_sub_breed_lists(self):
        recorded = shared_json("dog-ceo/breeds-list-all.json")["message"]
        status, _, body = self.get("/breeds/list")
        self.assertEqual(json.loads(body), {"message": list(recorded), "status": "success"})
        for breed in ("hound", "affenpinscher", "bulldog"):
            status, headers, body = self.get(f"/breed/{breed}/list")
            self.assertEqual((status, json.loads(body)), (200, {"message": recorded[breed], "status": "success"}))
            self.assert_cached_json(headers)
        self.assertEqual(json.loads(self.get("/breed/hound/list")[2]), shared_json("dog-ceo/breed-hound-list.derived.json"))

    def test_images(self):
        status, headers, body = self.get("/breed/akita/images")
        self.assertEqual((status, body), (200, shared_bytes("dog-ceo/breed-akita-images.json")))
        self.assert_cached_json(headers)
        sample = shared_json("dog-ceo/image-files-sample.json")["folders"]
        afghan = json.loads(self.get("/breed/hound/afghan/images")[2])["message"]
        self.assertEqual(afghan, ["https://images.dog.ceo/breeds/hound-afghan/" + f for f in sample["hound-afghan"]["files"]])
        hound = json.loads(self.get("/breed/hound/images")[2])["message"]
        subs = shared_json("dog-ceo/breeds-list-all.json")["message"]["hound"]
        self.assertEqual({u.split("/")[4] for u in hound}, {"hound-" + s for s in subs}, "main breed = its sub-breeds")
        self.assertTrue(set(afghan) <= set(hound))
        briard = json.loads(self.get("/breed/briard/images")[2])["message"]
        self.assertTrue(briard and all(u.startswith("https://images.dog.ceo/breeds/briard/") for u in briard))

    def test_random_images(self):
        status, headers, body = self.get("/breed/hound/images/random")
        self.assert_cached_json(headers, random=True)
        self.assertIsInstance(json.loads(body)["message"], str)
        three = json.loads(self.get("/breed/hound/afghan/images/random/3")[2])["message"]
        self.assertEqual(len(set(three)), 3)
        self.assertTrue(all("/hound-afghan/" in u for u in three))
        akita_all = json.loads(self.get("/breed/akita/images/random/100")[2])["message"]
        self.assertEqual(sorted(akita_all), sorted(shared_json("dog-ceo/breed-akita-images.json")["message"]))
        self.assertIsInstance(json.loads(self.get("/breeds/image/random")[2])["message"], str)
        self.assertEqual(len(json.loads(self.get("/breeds/image/random/80")[2])["message"]), 50, "capped at 50")
        self.assertEqual(len(json.loads(self.get("/breeds/image/random/0")[2])["message"]), 1)

    def test_errors(self):
        status, headers, body = self.get("/breed/unicorn/images")
        self.assertEqual((status, body), (404, shared_bytes("dog-ceo/error-breed-not-found.json")))
        self.assertEqual(headers["content-type"], "application/json")
        status, _, body = self.get("/breed/hound/unicorn/images")
        self.assertEqual((status, json.loads(body)),
                         (404, {"status": "error", "message": "Breed not found (sub breed does not exist)", "code": 404}))
        status, _, body = self.get("/breed/akita/list/random")
        self.assertEqual(json.loads(body)["message"], "Breed not found (no sub breeds exist for this main breed)")
        status, _, body = self.get("/no/such/route")
        self.assertEqual(status, 404)
        self.assertTrue(json.loads(body)["message"].startswith('No route found for "GET http://dog.ceo/api/no/such/route"'))


class DogAPITests(StubTest):
    def test_key_required_403_on_breeds(self):
        for key in (None, "wrong"):
            for path in ("/breeds", "/breeds?limit=10&page=0", "/breeds/"):
                status, headers, body = dog_api(path, key)
                self.assertEqual(status, 403, path)
                self.assertTrue(headers["content-type"].startswith("application/json"))
                self.assertEqual(json.loads(body), {"message": "Authentication required: Please provide a valid API key",
                                                    "status": 403})

    def test_key_required_401_elsewhere(self):
        for key in (None, "wrong"):
            for path in ("/breeds/1", "/breeds/search?q=akita", "/votes"):
                status, _, body = dog_api(path, key)
                self.assertEqual((status, body), (401, shared_bytes("thedogapi/error-401-no-api-key.json")), path)

    def test_breeds_byte_exact_and_requests_recorded(self):
        status, headers, body = dog_api("/breeds")
        self.assertEqual((status, body), (200, shared_bytes("thedogapi/breeds.json")))
        self.assertTrue(headers["content-type"].startswith("application/json"))
        _, log = control("/requests?upstream=thedogapi")
        self.assertEqual(log["count"], 1)
        self.assertEqual(log["requests"][0]["headers"]["x-api-key"], KEY)
        self.assertEqual((log["requests"][0]["method"], log["requests"][0]["path"]), ("GET", "/v1/breeds"))

    def test_pagination(self):
        recorded = shared_json("thedogapi/breeds.json")
        status, headers, body = dog_api("/breeds?limit=10&page=2")
        self.assertEqual(json.loads(body), recorded[20:30])
        self.assertEqual((headers["pagination-count"], headers["pagination-page"], headers["pagination-limit"]),
                         (str(len(recorded)), "2", "10"))
        self.assertEqual(json.loads(dog_api("/breeds?limit=100&page=5")[2]), [])
        toy = json.loads(dog_api("/breeds?breed_groups=toy")[2])
        self.assertEqual(toy, [b for b in recorded if b.get("breed_group") == "Toy"])

    def test_single_breed_and_search(self):
        recorded = shared_json("thedogapi/breeds.json")
        status, _, body = dog_api("/breeds/1")
        self.assertEqual((status, json.loads(body)), (200, recorded[0]))
        self.assertEqual(dog_api("/breeds/99999")[0], 404)
        found = json.loads(dog_api("/breeds/search?q=terrier")[2])
        self.assertEqual(found, [b for b in recorded if "terrier" in b["name"].lower()])
        self.assertEqual(json.loads(dog_api("/breeds/search?q=zzzz")[2]), [])

    def test_paged_mode(self):
        recorded = shared_json("thedogapi/breeds.json")
        self.assertEqual(len(recorded), 170)
        self.assertEqual(set_mode("thedogapi", "paged"), 200)
        status, headers, body = dog_api("/breeds")
        self.assertEqual((status, json.loads(body)), (200, recorded[:20]))
        self.assertEqual((headers["pagination-count"], headers["pagination-page"], headers["pagination-limit"]),
                         ("170", "0", "20"))
        status, headers, body = dog_api("/breeds?limit=20&page=8")
        self.assertEqual((status, json.loads(body)), (200, recorded[160:170]))
        self.assertEqual(len(json.loads(body)), 10)
        self.assertEqual((headers["pagination-count"], headers["pagination-page"], headers["pagination-limit"]),
                         ("170", "8", "20"))
        self.assertEqual(json.loads(dog_api("/breeds?page=1")[2]), recorded[20:40], "page without limit: pages of 20")
        toy = [b for b in recorded if b.get("breed_group") == "Toy"]
        status, headers, body = dog_api("/breeds?breed_groups=toy")
        self.assertEqual((json.loads(body), headers["pagination-count"]), (toy[:20], str(len(toy))))
        self.assertEqual(json.loads(dog_api("/breeds/1")[2]), recorded[0], "other routes unchanged")
        self.assertEqual(dog_api("/breeds", None)[0], 403)
        self.assertEqual(set_mode("thedogapi", "whole"), 200)
        status, headers, body = dog_api("/breeds")
        self.assertEqual(body, shared_bytes("thedogapi/breeds.json"))
        self.assertNotIn("pagination-count", headers)


NOT_FOUND = "Error: We're unable to find the information you are looking for. Please try again."
BAD_NUMBER = "Error: Query parameter must be a non-zero positive integer"
UNABLE = "Error: Unable to fulfill request"


class ZooTests(StubTest):
    def get(self, path):
        return request(STUBS["zoo"] + path)

    def assert_text(self, path, status, text):
        got = self.get(path)
        self.assertEqual((got[0], got[2].decode()), (status, text), path)
        self.assertTrue(got[1]["content-type"].startswith("text/"), path)

    def test_all(self):
        recorded = shared_json("zoo-animal-api/animals.json")
        status, headers, body = self.get("/animals")
        self.assertEqual(status, 200)
        self.assertTrue(headers["content-type"].startswith("application/json"))
        answer = json.loads(body)
        self.assertEqual(answer, recorded)
        self.assertEqual(list(answer[0]), ["name", "latin_name", "animal_type", "active_time", "length_min", "length_max",
                                           "weight_min", "weight_max", "lifespan", "habitat", "diet", "geo_range",
                                           "image_link", "id"])
        self.assertEqual(set_mode("zoo", "open-source"), 200)
        self.assertEqual(json.loads(self.get("/animals")[2]), recorded)

    def test_no_route_by_id_in_either_generation(self):
        for mode in ("deployed", "open-source"):
            self.assertEqual(set_mode("zoo", mode), 200)
            for path in ("/animals/3", "/animals/20", "/animals/1", "/animals/abc"):
                self.assert_text(path, 404, NOT_FOUND)

    def test_random(self):
        ids = {a["id"] for a in shared_json("zoo-animal-api/animals.json")}
        self.assertIn(json.loads(self.get("/animals/rand")[2])["id"], ids)
        ten = json.loads(self.get("/animals/rand/10")[2])
        self.assertEqual(len({a["id"] for a in ten}), 10)
        self.assertTrue({a["id"] for a in ten} <= ids)

    def test_plain_text_errors(self):
        cases = {"/animals/rand/abc": (400, BAD_NUMBER),
                 "/animals/rand/0": (400, BAD_NUMBER),
                 "/animals/rand/-3": (400, BAD_NUMBER),
                 "/animals/rand/11": (400, UNABLE),
                 "/animals/random": (404, NOT_FOUND),
                 "/animals/random/3": (404, NOT_FOUND),
                 "/animals/num/2": (404, NOT_FOUND),
                 "/nothing": (404, NOT_FOUND)}
        for path, (status, text) in cases.items():
            self.assert_text(path, status, text)

    def test_open_source_generation(self):
        recorded = shared_json("zoo-animal-api/animals.json")
        ids = {a["id"] for a in recorded}
        self.assertEqual(set_mode("zoo", "open-source"), 200)
        status, headers, body = self.get("/animals/random/3")
        three = json.loads(body)
        self.assertEqual(status, 200)
        self.assertTrue(headers["content-type"].startswith("application/json"))
        self.assertEqual(len({a["id"] for a in three}), 3)
        self.assertTrue({a["id"] for a in three} <= ids)
        one = json.loads(self.get("/animals/random")[2])
        self.assertIsInstance(one, dict)
        self.assertIn(one["id"], ids)
        self.assertEqual(json.loads(self.get("/animals/num/2")[2]), recorded[:2])
        most = min(50, len(recorded))  # 50, or every animal when there are fewer
        self.assertEqual(len({a["id"] for a in json.loads(self.get(f"/animals/random/{most}")[2])}), most)
        self.assertEqual(json.loads(self.get(f"/animals/num/{most}")[2]), recorded[:most])
        cases = {"/animals/rand": (404, NOT_FOUND),
                 "/animals/rand/3": (404, NOT_FOUND),
                 "/animals/random/0": (400, BAD_NUMBER),
                 "/animals/random/-1": (400, BAD_NUMBER),
                 "/animals/random/x": (400, BAD_NUMBER),
                 "/animals/num/0": (400, BAD_NUMBER),
                 f"/animals/random/{len(recorded) + 1}": (400, UNABLE),
                 "/animals/random/51": (400, UNABLE),
                 "/animals/num/56": (400, UNABLE)}
        for path, (status, text) in cases.items():
            self.assert_text(path, status, text)


class DnDTests(StubTest):
    def setUp(self):
        super().setUp()
        self.monsters = {m["index"]: m for m in shared_json("dnd5eapi/monsters.json")}

    def data(self, query, variables=None):
        status, _, body = graphql(query, variables)
        answer = json.loads(body)
        self.assertEqual(status, 200, answer)
        self.assertNotIn("errors", answer)
        return answer["data"]

    def test_aliased_lookups_as_the_client_sends_them(self):
        data = self.data("query Lookup($i0: String!, $i1: String!, $i2: String!) { m0: monster(index: $i0) "
                         "{ index name hit_points challenge_rating speed { walk swim hover } } m1: monster(index: $i1) "
                         "{ name xp } m2: monster(index: $i2) { name } }", {"i0": "aboleth", "i1": "lich", "i2": "unknown"})
        aboleth = self.monsters["aboleth"]
        self.assertEqual(data["m0"], {"index": "aboleth", "name": "Aboleth", "hit_points": aboleth["hit_points"],
                                      "challenge_rating": aboleth["challenge_rating"],
                                      "speed": {"walk": "10 ft.", "swim": "40 ft.", "hover": None}})
        self.assertEqual(data["m1"], {"name": "Lich", "xp": self.monsters["lich"]["xp"]})
        self.assertIsNone(data["m2"])

    def test_integral_numbers_are_written_as_javascript_does(self):
        _, _, body = graphql('{ monster(index: "aboleth") { challenge_rating } }')
        self.assertEqual(body, b'{"data":{"monster":{"challenge_rating":10}}}')

    def test_monsters_defaults_sorting_and_total_alias(self):
        names = sorted(m["name"] for m in self.monsters.values())
        data = self.data("{ monsters { name } }")
        self.assertEqual([m["name"] for m in data["monsters"]], names[:100])
        data = self.data("query MonsterPage($limit: Int, $skip: Int, $name: String) { total: monsters(limit: 10000, "
                         "name: $name) { index } page: monsters(skip: $skip, limit: $limit, name: $name) { name } }",
                         {"limit": 2, "skip": 1, "name": "DRAGON"})
        dragons = sorted(m["name"] for m in self.monsters.values() if "dragon" in m["name"].lower())
        self.assertEqual(len(data["total"]), len(dragons))
        self.assertEqual([m["name"] for m in data["page"]], dragons[1:3])
        self.assertEqual(len(self.data("{ monsters(limit: 334) { index } }")["monsters"]), 334)

    def test_filters(self):
        def indexes(arguments, variables=None):
            header = "query Q($f: NumberFilterInput)" if variables else "query Q"
            return {m["index"] for m in self.data(header + " { monsters(limit: 1000, %s) { index } }"
                                                   % arguments, variables)["monsters"]}
        every = self.monsters.values()
        self.assertEqual(indexes('type: "BEAST", size: "Large"'),
                         {m["index"] for m in every if m["type"] == "beast" and m["size"] == "Large"})
        self.assertEqual(indexes('subtype: "devil"'), {m["index"] for m in every if m.get("subtype") == "devil"})
        self.assertEqual(indexes("challenge_rating: $f", {"f": {"range": {"gte": 20}}}),
                         {m["index"] for m in every if m["challenge_rating"] >= 20})
        self.assertEqual(indexes("strength: $f", {"f": {"in": [1, 2, 3]}}),
                         {m["index"] for m in every if m["strength"] in (1, 2, 3)})
        self.assertEqual(indexes("xp: $f", {"f": {"eq": 10, "nin": [11]}}), {m["index"] for m in every if m["xp"] == 10})
        self.assertEqual(indexes('damage_immunities: ["fire"]'), set())
        self.assertEqual(indexes('condition_immunities: ["poisoned"]'),
                         {m["index"] for m in every if any(c["index"] == "poisoned" for c in m["condition_immunities"])})
        status, _, body = graphql("{ monsters(limit: 0) { index } }")
        self.assertIn("limit", json.loads(body)["errors"][0]["message"])

    def test_unions(self):
        counts = {}
        for m in self.data("{ monsters(limit: 1000) { armor_class { __typename } } }")["monsters"]:
            for entry in m["armor_class"]:
                counts[entry["__typename"]] = counts.get(entry["__typename"], 0) + 1
        self.assertEqual(counts, {"ArmorClassNatural": 180, "ArmorClassDex": 119, "ArmorClassArmor": 37,
                                  "ArmorClassSpell": 4, "ArmorClassCondition": 1})
        kinds = set()
        for m in self.data("{ monsters(limit: 1000) { actions { damage { __typename ... on DamageChoice { choose } "
                           "... on Damage { damage_dice damage_type { index name } } } } } }")["monsters"]:
            for action in m["actions"] or []:
                kinds |= {d["__typename"] for d in action["damage"] or []}
        self.assertEqual(kinds, {"Damage", "DamageChoice"})

    def test_missing_desc_is_a_non_null_error_for_that_item(self):
        status, _, body = graphql('{ m0: monster(index: "aboleth") { name desc } m1: monster(index: "acolyte") { desc } }')
        answer = json.loads(body)
        self.assertEqual(status, 200)
        self.assertIsNone(answer["data"]["m0"])
        self.assertEqual(answer["data"]["m1"]["desc"], self.monsters["acolyte"]["desc"])
        self.assertEqual(answer["errors"][0]["path"], ["m0", "desc"])
        self.assertIn("Cannot return null for non-nullable field", answer["errors"][0]["message"])

    def test_lookup_by_name_as_the_client_sends_it(self):
        data = self.data("query ByName($n0: String, $n1: String) { n0: monsters(name: $n0) { name index } "
                         "n1: monsters(name: $n1) { name } }", {"n0": "wolf", "n1": "mastiff"})
        self.assertIn({"name": "Wolf", "index": "wolf"}, data["n0"])
        self.assertEqual(data["n1"], [{"name": "Mastiff"}])

    def test_bad_requests(self):
        status, _, body = graphql("{ monster(index: 1) { nope } }")
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(body)["errors"][0]["extensions"]["code"], "GRAPHQL_VALIDATION_FAILED")
        self.assertEqual(request(STUBS["dnd5e"], "POST", b"not json", {"Content-Type": "application/json"})[0], 400)


class FaultTests(StubTest):
    """Every fault, on the upstream where it matters most."""

    def set(self, upstream, fault):
        status, _ = control("/fault", {"upstream": upstream, "fault": fault})
        self.assertEqual(status, 200)

    def test_control_validation(self):
        self.assertEqual(control("/fault", {"upstream": "nope", "fault": "garbage"})[0], 400)
        self.assertEqual(control("/fault", {"upstream": "zoo", "fault": "nope"})[0], 400)
        self.assertEqual(control("/fault", {"upstream": "zoo", "fault": "graphql-errors"})[0], 400)
        self.assertEqual(control("/fault", ["zoo"])[0], 400)

    def test_mode_validation(self):
        self.assertEqual(control("/mode", {"upstream": "zoo", "mode": "open-source"}),
                         (200, {"upstream": "zoo", "mode": "open-source"}))
        for body in ({"upstream": "zoo", "mode": "paged"}, {"upstream": "thedogapi", "mode": "open-source"},
                     {"upstream": "dog-ceo", "mode": "whole"}, {"upstream": "dnd5e", "mode": "deployed"},
                     {"upstream": "nope", "mode": "whole"}, {"upstream": "zoo"}, {"mode": "paged"}, {},
                     {"upstream": "zoo", "mode": ["deployed"]}):
            self.assertEqual(control("/mode", body)[0], 400, body)
        self.assertEqual(request(STUBS["zoo"] + "/animals/random")[0], 200, "a rejected request changes nothing")

    def test_reset_restores_the_default_modes(self):
        self.assertEqual(set_mode("zoo", "open-source"), 200)
        self.assertEqual(set_mode("thedogapi", "paged"), 200)
        self.assertEqual(request(STUBS["zoo"] + "/animals/rand")[0], 404)
        self.assertEqual(len(json.loads(dog_api("/breeds")[2])), 20)
        control("/clear", {})
        self.assertEqual(request(STUBS["zoo"] + "/animals/rand")[0], 404, "clear keeps the modes")
        control("/reset", {})
        self.assertEqual(request(STUBS["zoo"] + "/animals/rand")[0], 200)
        self.assertEqual(request(STUBS["zoo"] + "/animals/random")[0], 404)
        self.assertEqual(dog_api("/breeds")[2], shared_bytes("thedogapi/breeds.json"))

    def test_garbage_keeps_the_cache_headers(self):
        self.set("dog-ceo", "garbage")
        status, headers, body = request(STUBS["dog-ceo"] + "/breeds/list/all")
        self.assertEqual(status, 200)
        self.assertEqual(headers["cache-control"], "s-maxage=21600, max-age=1800")
        self.assertRaises(ValueError, json.loads, body)
        control("/clear", {})
        self.assertEqual(request(STUBS["dog-ceo"] + "/breeds/list/all")[2], shared_bytes("dog-ceo/breeds-list-all.json"))

    def test_truncated_html_and_statuses(self):
        self.set("zoo", "truncated")
        status, _, body = request(STUBS["zoo"] + "/animals")
        full = request(STUBS["zoo"] + "/animals")  # still truncated
        self.assertEqual(status, 200)
        self.assertEqual(body, full[2])
        self.assertRaises(ValueError, json.loads, body)
        control("/clear", {"upstream": "zoo"})
        self.assertEqual(body, request(STUBS["zoo"] + "/animals")[2][: len(body)])
        self.set("thedogapi", "html")
        status, headers, body = dog_api("/breeds")
        self.assertEqual((status, headers["content-type"].split(";")[0]), (200, "text/html"))
        self.assertIn(b"<html>", body)
        for fault, status in (("500", 500), ("503", 503), ("429", 429)):
            self.set("dnd5e", fault)
            got, headers, _ = graphql("{ monster(index: \"aboleth\") { name } }")
            self.assertEqual(got, status)
            if status != 500:
                self.assertEqual(headers["retry-after"], "1")

    def test_hang_until_cleared(self):
        self.set("zoo", "hang")
        with self.assertRaises(socket.timeout):
            request(STUBS["zoo"] + "/animals", timeout=1)
        parts = urlsplit(STUBS["zoo"])
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
        connection.request("GET", "/animals/rand/2")
        time.sleep(0.3)
        control("/clear", {})
        response = connection.getresponse()
        self.assertEqual((response.status, len(json.loads(response.read()))), (200, 2))
        connection.close()

    def test_refuse_then_reopen(self):
        self.set("dog-ceo", "refuse")
        with self.assertRaises(ConnectionRefusedError):
            request(STUBS["dog-ceo"] + "/breeds/list/all")
        control("/clear", {})
        self.assertEqual(request(STUBS["dog-ceo"] + "/breeds/list/all")[0], 200)

    def test_reset_mid_body(self):
        self.set("thedogapi", "reset")
        parts = urlsplit(STUBS["thedogapi"])
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
        connection.request("GET", "/v1/breeds", headers={"x-api-key": KEY})
        response = connection.getresponse()
        self.assertEqual(response.status, 200)
        self.assertEqual(int(response.getheader("Content-Length")), len(shared_bytes("thedogapi/breeds.json")))
        with self.assertRaises((ConnectionResetError, http.client.IncompleteRead)):
            response.read()
        connection.close()

    def test_redirect_to_an_evil_origin_that_records_headers(self):
        self.set("thedogapi", "redirect")
        status, headers, _ = dog_api("/breeds?limit=1")
        self.assertEqual(status, 302)
        self.assertEqual(headers["location"], STUBS["evil"] + "/v1/breeds?limit=1")
        request(headers["location"], headers={"x-api-key": KEY})  # what a leaking client would do
        _, log = control("/requests?upstream=evil")
        self.assertEqual(log["count"], 1)
        self.assertEqual(log["requests"][0]["headers"]["x-api-key"], KEY)

    def test_drip(self):
        self.set("dog-ceo", "drip")
        parts = urlsplit(STUBS["dog-ceo"])
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
        connection.request("GET", "/api/breed/affenpinscher/list")
        start = time.time()
        response = connection.getresponse()
        self.assertEqual(response.status, 200)
        first = response.read(3)
        self.assertEqual(first, b'{"m')
        self.assertGreaterEqual(time.time() - start, 0.9, "three bytes take at least two intervals")
        connection.close()

    def test_slow(self):
        self.set("thedogapi", "slow")
        start = time.time()
        status, _, body = request(STUBS["thedogapi"] + "/breeds?limit=1", headers={"x-api-key": KEY})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)[0]["name"], "Affenpinscher")
        self.assertGreaterEqual(time.time() - start, 0.9, "the answer comes about 1 s late")

    def test_graphql_errors_fail_every_other_alias(self):
        self.set("dnd5e", "graphql-errors")
        status, _, body = graphql("query Lookup($i0: String!) { m0: monster(index: $i0) { name } "
                                  "m1: monster(index: \"lich\") { name } m2: monster(index: \"wolf\") { name } "
                                  "m3: monster(index: \"mastiff\") { name } }", {"i0": "aboleth"})
        answer = json.loads(body)
        self.assertEqual(status, 200)
        self.assertEqual(answer["data"], {"m0": None, "m1": {"name": "Lich"}, "m2": None, "m3": {"name": "Mastiff"}})
        self.assertEqual([e["path"] for e in answer["errors"]], [["m0"], ["m2"]])
        status, _, body = graphql("{ total: monsters(limit: 3) { index } page: monsters(limit: 1) { name } }")
        answer = json.loads(body)
        self.assertEqual((status, answer["data"]), (200, None), "a failed non-null field nulls data; still 200")
        self.assertEqual([e["path"] for e in answer["errors"]], [["total"]])

    def test_requests_log_and_reset(self):
        request(STUBS["zoo"] + "/animals")
        request(STUBS["zoo"] + "/animals/3")  # a 404 is logged too
        _, log = control("/requests?upstream=zoo")
        self.assertEqual((log["count"], [r["path"] for r in log["requests"]]), (2, ["/animals", "/animals/3"]))
        control("/reset", {})
        self.assertEqual(control("/requests?upstream=zoo")[1]["count"], 0)


if __name__ == "__main__":
    unittest.main()
