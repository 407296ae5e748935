#!/usr/bin/env python3
"""Checks the embedded data snapshot in Sources/MenagerieUpstreams/Snapshot/.

Asserts the agreed layout, that every file parses, the wire shapes of the four
upstreams, the record counts, the cross links of semantics.md (breed facts,
Breed.monster, Animal.monster / Monster.animal) and the total size.

When the upstream reference data is available (`../shared/upstreams` beside the
checkout, or `--shared DIR`), the snapshot's shapes are also compared with the
recorded wire formats, the snapshot is checked not to be a copy of them, and
every fact it shares with them (breed measurements, life spans, temperaments,
groups, origins; zoo measurements; monster statistics) must equal the recorded
value (compare-snapshot-facts.py lists the differences).

Usage: python3 Tests/Scripts/check-snapshot.py [--shared DIR]
Exit status 0 when every check passes; otherwise the failures are listed.
"""
import importlib.util
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SNAP = os.path.join(ROOT, "Sources", "MenagerieUpstreams", "Snapshot")
FILES = [
    "dnd/monsters.json",
    "dog-ceo/breed-images.json",
    "dog-ceo/breeds-list-all.json",
    "thedogapi/breeds.json",
    "zoo/animals.json",
]
MAX_TOTAL_BYTES = 600 * 1024

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def load(rel):
    with open(os.path.join(SNAP, rel), encoding="utf-8") as f:
        return json.load(f)


def breed_name(path):
    """Display name of a Dog CEO path, as semantics.md defines it."""
    parts = path.split("/")
    words = [w.capitalize() for w in parts]
    if len(parts) == 2 and parts[0] not in ("australian", "african"):
        words.reverse()
    return " ".join(words)


def is_number_text(s):
    try:
        return math.isfinite(float(s))
    except (TypeError, ValueError):
        return False


def check_layout():
    found = []
    for dirpath, _, names in os.walk(SNAP):
        for n in names:
            if not n.startswith("."):
                found.append(os.path.relpath(os.path.join(dirpath, n), SNAP).replace(os.sep, "/"))
    check(sorted(found) == sorted(FILES), f"layout: expected {FILES}, found {sorted(found)}")
    total = 0
    for rel in FILES:
        path = os.path.join(SNAP, rel)
        if not check(os.path.isfile(path), f"missing {rel}"):
            continue
        total += os.path.getsize(path)
        try:
            with open(path, encoding="utf-8") as f:
                json.load(f)
        except (ValueError, UnicodeDecodeError) as e:
            check(False, f"{rel} does not parse: {e}")
    check(total < MAX_TOTAL_BYTES, f"snapshot is {total} bytes, limit {MAX_TOTAL_BYTES}")
    return total


def check_dog_ceo():
    doc = load("dog-ceo/breeds-list-all.json")
    check(set(doc) == {"message", "status"} and doc["status"] == "success", "dog-ceo: envelope")
    breeds = doc["message"]
    check(isinstance(breeds, dict) and len(breeds) >= 100, "dog-ceo: at least 100 main breeds")
    check(list(breeds) == sorted(breeds), "dog-ceo: breeds sorted A-Z")
    paths = []
    for b, subs in breeds.items():
        check(re.fullmatch(r"[a-z]+", b) is not None, f"dog-ceo: breed name {b!r}")
        check(isinstance(subs, list) and subs == sorted(set(subs)), f"dog-ceo: sub-breeds of {b}")
        check(all(re.fullmatch(r"[a-z]+", s) for s in subs), f"dog-ceo: sub-breed names of {b}")
        paths.append(b)
        paths += [f"{b}/{s}" for s in subs]
    for must in ("mastiff", "hound/afghan", "bulldog/french", "australian/shepherd", "african/wild", "akita"):
        check(must in paths, f"dog-ceo: {must} listed")
    images = load("dog-ceo/breed-images.json")
    check(sorted(images) == sorted(paths), "dog-ceo: breed-images keys are exactly the breeds and sub-breeds")
    for path, urls in images.items():
        check(isinstance(urls, list) and 3 <= len(urls) <= 12, f"dog-ceo: {path} has 3-12 images")
        check(len(set(urls)) == len(urls), f"dog-ceo: {path} images distinct")
        main = path.split("/")[0]
        for u in urls:
            m = re.fullmatch(r"https://images\.dog\.ceo/breeds/([a-z]+(?:-[a-z]+)?)/[^/\s]+\.(?:jpg|jpeg)", u)
            if not check(m is not None, f"dog-ceo: URL scheme {u}"):
                continue
            folder = m.group(1)
            if "/" in path:
                check(folder == path.replace("/", "-"), f"dog-ceo: {u} is in {path}'s folder")
            else:
                check(folder == main or folder.startswith(main + "-"), f"dog-ceo: {u} belongs to {path}")
    return paths


def check_thedogapi(dog_ceo_names):
    breeds = load("thedogapi/breeds.json")
    check(isinstance(breeds, list) and len(breeds) >= 40, "thedogapi: at least 40 breeds")
    names, ids, gens = set(), set(), set()
    for b in breeds:
        name = b.get("name")
        check(isinstance(name, str) and name, f"thedogapi: name of {b.get('id')}")
        check(name not in names, f"thedogapi: duplicate {name}")
        names.add(name)
        i = b.get("id")
        check(isinstance(i, int) or (isinstance(i, str) and i.isdigit()), f"thedogapi: id of {name}")
        check(str(i) not in ids, f"thedogapi: duplicate id {i}")
        ids.add(str(i))
        gens.add("string-id" if isinstance(i, str) else "number-id")
        gens.add("image" if "image" in b else "no-image")
        for k in ("weight", "height"):
            v = b.get(k)
            check(isinstance(v, dict) and isinstance(v.get("imperial"), str) and isinstance(v.get("metric"), str),
                  f"thedogapi: {k} of {name}")
        for k in ("bred_for", "breed_group", "life_span", "temperament", "origin", "reference_image_id"):
            check(k not in b or b[k] is None or isinstance(b[k], str), f"thedogapi: {k} of {name}")
        if "image" in b:
            img = b["image"]
            check(isinstance(img, dict) and img.get("id") == b.get("reference_image_id")
                  and isinstance(img.get("url"), str) and img["url"].startswith("https://")
                  and isinstance(img.get("width"), int) and isinstance(img.get("height"), int),
                  f"thedogapi: image of {name}")
    check(gens == {"string-id", "number-id", "image", "no-image"}, f"thedogapi: both wire generations ({gens})")
    check(any("temperament" not in b for b in breeds), "thedogapi: a breed without temperament")
    check(any("breed_group" not in b for b in breeds), "thedogapi: a breed without breed_group")
    check(any("\u2013" in (b.get("life_span") or "") for b in breeds), "thedogapi: an en-dash life span")
    check(any(";" in b["weight"]["metric"] for b in breeds), "thedogapi: a 'Male: ..; Female: ..' weight")
    check("Mastiff" in names, "thedogapi: Mastiff")
    lower = {n.lower() for n in names}
    matched = sorted(n for n in dog_ceo_names if n.lower() in lower)
    check(len(matched) >= 30, f"thedogapi: at least 30 Dog CEO breeds have facts (got {len(matched)})")
    check(not (len(set(b["name"].lower() for b in breeds)) < len(breeds)), "thedogapi: names unique ignoring case")
    return breeds, matched


ZOO_KEYS = ["name", "latin_name", "animal_type", "active_time", "length_min", "length_max", "weight_min",
            "weight_max", "lifespan", "habitat", "diet", "geo_range", "image_link", "id"]


def check_zoo():
    animals = load("zoo/animals.json")
    check(isinstance(animals, list) and len(animals) >= 40, "zoo: at least 40 animals")
    ids, names = set(), set()
    for a in animals:
        check(list(a) == ZOO_KEYS, f"zoo: keys of {a.get('name')} in wire order")
        check(isinstance(a.get("id"), int) and not isinstance(a.get("id"), bool), f"zoo: integer id of {a.get('name')}")
        check(a.get("id") not in ids, f"zoo: duplicate id {a.get('id')}")
        ids.add(a.get("id"))
        check(a.get("name", "").lower() not in names, f"zoo: duplicate name {a.get('name')}")
        names.add(a.get("name", "").lower())
        for k in ZOO_KEYS[:-1]:
            check(isinstance(a.get(k), str), f"zoo: {k} of {a.get('name')} is a string")
        for k in ("length_min", "length_max", "weight_min", "weight_max", "lifespan"):
            check(is_number_text(a.get(k)), f"zoo: {k} of {a.get('name')} is a number")
        check(a.get("animal_type") in ("Mammal", "Bird", "Reptile", "Amphibian", "Fish", "Marsupial", "Invertebrate"),
              f"zoo: animal_type of {a.get('name')}")
        check(a.get("active_time") in ("Diurnal", "Nocturnal"), f"zoo: active_time of {a.get('name')}")
        check(a.get("image_link", "").startswith("https://"), f"zoo: image_link of {a.get('name')}")
    check([a["id"] for a in animals] == sorted(ids), "zoo: sorted by id")
    check(any(float(a["weight_min"]) > float(a["weight_max"]) for a in animals), "zoo: a weight_min > weight_max quirk")
    return animals


MONSTER_SIZES = ("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan")
XP = {0: 10, 0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100, 5: 1800, 6: 2300, 7: 2900,
      8: 3900, 9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000, 14: 11500, 15: 13000, 16: 15000,
      17: 18000, 18: 20000, 19: 22000, 20: 25000, 21: 33000, 22: 41000, 23: 50000, 24: 62000,
      25: 75000, 26: 90000, 27: 105000, 28: 120000, 29: 135000, 30: 155000}
ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


def check_damage_list(where, damage):
    check(isinstance(damage, list), f"dnd: {where} damage is a list")
    for d in damage or []:
        if "choose" in d:
            opts = d.get("from", {}).get("options", [])
            check(len(opts) >= 2 and all("damage_dice" in o and "index" in o.get("damage_type", {}) for o in opts),
                  f"dnd: {where} damage choice")
        else:
            check(isinstance(d.get("damage_dice"), str) and re.fullmatch(r"\d+(d\d+([+-]\d+)?)?", d["damage_dice"]),
                  f"dnd: {where} damage_dice {d.get('damage_dice')}")
            check(isinstance(d.get("damage_type", {}).get("index"), str), f"dnd: {where} damage_type.index")


def check_dnd():
    monsters = load("dnd/monsters.json")
    check(isinstance(monsters, list) and len(monsters) >= 40, "dnd: at least 40 monsters")
    check([m["name"] for m in monsters] == sorted(m["name"] for m in monsters), "dnd: sorted by name")
    seen = set()
    for m in monsters:
        idx = m.get("index")
        check(isinstance(idx, str) and re.fullmatch(r"[a-z0-9-]+", idx), f"dnd: index {idx}")
        check(idx not in seen, f"dnd: duplicate {idx}")
        seen.add(idx)
        for k in ("name", "type", "alignment", "hit_dice", "hit_points_roll", "languages"):
            check(isinstance(m.get(k), str), f"dnd: {idx}.{k}")
        check(m.get("size") in MONSTER_SIZES, f"dnd: {idx}.size")
        check(isinstance(m.get("hit_points"), int) and m["hit_points"] > 0, f"dnd: {idx}.hit_points")
        check(re.fullmatch(r"\d+d\d+", m.get("hit_dice", "")) is not None, f"dnd: {idx}.hit_dice")
        for a in ABILITIES:
            check(isinstance(m.get(a), int) and 1 <= m[a] <= 30, f"dnd: {idx}.{a}")
        ac = m.get("armor_class")
        check(isinstance(ac, list) and ac and all(
            e.get("type") in ("dex", "natural", "armor", "spell", "condition") and isinstance(e.get("value"), int)
            for e in ac), f"dnd: {idx}.armor_class")
        speed = m.get("speed", {})
        check(isinstance(speed, dict) and speed and all(
            (k == "hover" and isinstance(v, bool)) or (k in ("walk", "swim", "fly", "climb", "burrow")
                                                       and re.fullmatch(r"\d+ ft\.", v)) for k, v in speed.items()),
              f"dnd: {idx}.speed")
        cr = m.get("challenge_rating")
        check(cr in XP and m.get("xp") == XP[cr], f"dnd: {idx} challenge_rating/xp")
        check(isinstance(m.get("senses", {}).get("passive_perception"), int), f"dnd: {idx}.senses")
        for k in ("damage_vulnerabilities", "damage_resistances", "damage_immunities"):
            check(isinstance(m.get(k), list) and all(isinstance(x, str) for x in m[k]), f"dnd: {idx}.{k}")
        check(all({"index", "name", "url"} <= set(c) for c in m.get("condition_immunities", [])),
              f"dnd: {idx}.condition_immunities")
        check(all(isinstance(p.get("value"), int) and "index" in p.get("proficiency", {}) for p in m.get("proficiencies", [])),
              f"dnd: {idx}.proficiencies")
        check(m.get("image") == f"/api/images/monsters/{idx}.png", f"dnd: {idx}.image")
        check(isinstance(m.get("actions"), list) and m["actions"], f"dnd: {idx}.actions")
        for field in ("actions", "special_abilities", "legendary_actions", "reactions"):
            for f in m.get(field, []) or []:
                where = f"{idx}.{field}.{f.get('name')}"
                check(isinstance(f.get("name"), str) and isinstance(f.get("desc"), str) and f["desc"], f"dnd: {where}")
                if "attack_bonus" in f:
                    check(isinstance(f["attack_bonus"], int), f"dnd: {where}.attack_bonus")
                if "damage" in f:
                    check_damage_list(where, f["damage"])
                if "dc" in f:
                    check(isinstance(f["dc"].get("dc_value"), int) and "index" in f["dc"].get("dc_type", {}), f"dnd: {where}.dc")
    check(any(m.get("legendary_actions") for m in monsters), "dnd: a monster with legendary actions")
    check(any(m.get("subtype") for m in monsters), "dnd: a monster with a subtype")
    check(any(m["type"].startswith("swarm") for m in monsters), "dnd: a swarm")
    for must in ("aboleth", "adult-red-dragon", "goblin", "orc", "mastiff", "brown-bear", "lion", "wolf", "black-bear",
                 "polar-bear", "tiger", "crocodile", "ape", "elephant"):
        check(must in seen, f"dnd: {must} present")
    return monsters


def check_cross_links(breed_paths, animals, monsters):
    breed_names = {breed_name(p).lower() for p in breed_paths}
    monster_names = {m["name"].lower() for m in monsters}
    animal_names = {a["name"].lower() for a in animals}
    # Breed.monster / Monster.breed
    breed_links = sorted(breed_names & monster_names)
    check("mastiff" in breed_links, "cross-link: breed Mastiff <-> monster Mastiff")
    # Animal.monster / Monster.animal
    animal_links = sorted(animal_names & monster_names)
    for must in ("lion", "tiger", "wolf", "brown bear", "black bear", "polar bear", "crocodile", "elephant"):
        check(must in animal_links, f"cross-link: animal {must} <-> monster")
    return breed_links, animal_links


def recorded_facts():
    """The module compare-snapshot-facts.py (its name has dashes, so loaded by path)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare-snapshot-facts.py")
    spec = importlib.util.spec_from_file_location("compare_snapshot_facts", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compare_with_shared(shared, breeds, animals, monsters):
    up = os.path.join(shared, "upstreams")
    if not os.path.isdir(up):
        print(f"note: {up} not found; shape comparison with the recorded upstream data skipped")
        return
    def read(rel):
        with open(os.path.join(up, rel), encoding="utf-8") as f:
            return json.load(f)
    # Zoo: same keys in the same order as the recorded responses.
    rec_zoo = read("zoo-animal-api/animals.json")
    check(list(rec_zoo[0]) == ZOO_KEYS, "shared: recorded zoo key order changed?")
    rec_zoo_rows = {json.dumps(a, sort_keys=True) for a in rec_zoo}
    check(not any(json.dumps(a, sort_keys=True) in rec_zoo_rows for a in animals), "zoo: a record is a copy of the recorded data")
    # The Dog API: every key occurs in some recorded generation.
    known = set()
    for rel in ("thedogapi/breeds.json", "thedogapi/breeds-classic-with-images.json"):
        for b in read(rel):
            known |= set(b)
    known |= set(read("thedogapi/breed-1.2026-format.json"))
    for b in breeds:
        check(set(b) <= known, f"thedogapi: {b['name']} has keys no recorded generation has: {set(b) - known}")
    # D&D: top-level keys are keys of the data set; every selected Monster field exists in the upstream schema.
    rec_m = read("dnd5eapi/monsters.json")
    rec_keys = set().union(*(set(m) for m in rec_m))
    with open(os.path.join(up, "dnd5eapi", "schema.graphql"), encoding="utf-8") as f:
        sdl = f.read()
    body = re.search(r"type Monster \{(.*?)\n\}", sdl, re.S).group(1)
    schema_fields = set(re.findall(r"^\s+([a-z_]+)\s*:", body, re.M))
    for m in monsters:
        check(set(m) <= rec_keys, f"dnd: {m['index']} has keys the data set lacks: {set(m) - rec_keys}")
        check(set(m) - {"url", "proficiency_bonus"} <= schema_fields,
              f"dnd: {m['index']} has keys the GraphQL Monster type lacks: {set(m) - schema_fields}")
    # Monsters transcribe the public SRD 5.1 text in the data set's fixed conventions, so a faithful
    # record can equal the recorded one; that is reported, not failed. Statistics that differ are listed.
    rec_by_index = {m["index"]: m for m in rec_m}
    same = [m["index"] for m in monsters if json.dumps(m, sort_keys=True) == json.dumps(rec_by_index.get(m["index"]), sort_keys=True)]
    print(f"note: {len(same)} of {len(monsters)} monsters read exactly like the recorded SRD data set")
    stats = ("size", "type", "subtype", "alignment", "hit_points", "hit_dice", "speed", "challenge_rating", "xp") + ABILITIES
    for m in monsters:
        r = rec_by_index.get(m["index"])
        if not check(r is not None, f"dnd: {m['index']} is not an SRD 5.1 monster index"):
            continue
        diff = [k for k in stats if m.get(k) != r.get(k)]
        diff += ["armor_class"] if [a["value"] for a in m["armor_class"]] != [a["value"] for a in r["armor_class"]] else []
        if diff:
            print(f"note: {m['index']} differs from the recorded data set in {diff}")
    # Facts: every fact shared with the recorded data equals it (no drift).
    for upstream, record, fact, mine, theirs in recorded_facts().differences(up):
        failures.append(f"facts: {upstream} {record} {fact} is {json.dumps(mine, ensure_ascii=False)[:80]}, "
                        f"recorded {json.dumps(theirs, ensure_ascii=False)[:80]}")
    # Not copies: the Dog CEO list is the project's own.
    with open(os.path.join(up, "dog-ceo", "breeds-list-all.json"), "rb") as f:
        rec_list = f.read()
    with open(os.path.join(SNAP, "dog-ceo", "breeds-list-all.json"), "rb") as f:
        check(f.read() != rec_list, "dog-ceo: breeds-list-all.json is byte-identical to the recorded file")


def main(argv):
    shared = os.path.join(os.path.dirname(ROOT), "shared")
    if len(argv) == 3 and argv[1] == "--shared":
        shared = argv[2]
    elif len(argv) != 1:
        print(__doc__)
        return 2
    total = check_layout()
    if failures:
        print("\n".join("FAIL " + f for f in failures))
        return 1
    paths = check_dog_ceo()
    names = [breed_name(p) for p in paths]
    breeds, matched = check_thedogapi(names)
    animals = check_zoo()
    monsters = check_dnd()
    breed_links, animal_links = check_cross_links(paths, animals, monsters)
    compare_with_shared(shared, breeds, animals, monsters)
    mains = sum(1 for p in paths if "/" not in p)
    print(f"snapshot: {total} bytes in {len(FILES)} files")
    print(f"dog-ceo: {mains} breeds, {len(paths) - mains} sub-breeds")
    print(f"thedogapi: {len(breeds)} breeds, facts for {len(matched)} Dog CEO breeds")
    print(f"zoo: {len(animals)} animals; dnd: {len(monsters)} monsters")
    print(f"cross-links: breed<->monster {breed_links}; animal<->monster {animal_links}")
    if failures:
        print("\n".join("FAIL " + f for f in failures))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
