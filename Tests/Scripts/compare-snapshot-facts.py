#!/usr/bin/env python3
"""Lists every fact where the embedded snapshot (Sources/MenagerieUpstreams/Snapshot/)
departs from the recorded upstream data (../shared/upstreams).

Facts compared (descriptions and sentences are the project's own and are not):
- The Dog API breeds, matched by name with `thedogapi/breeds.json`: weight and
  height (imperial, metric), life span, temperament, breed group, origin.
- Zoo animals, matched by name with `zoo-animal-api/animals.json`: latin name,
  animal type, active time, length, weight, lifespan.
- D&D monsters, matched by index with `dnd5eapi/monsters.json`: size, type,
  subtype, alignment, armor class, hit points and dice, speed, the six
  abilities, proficiencies, damage and condition immunities, senses,
  languages, challenge rating, xp (not `proficiency_bonus`: the snapshot
  leaves it out, as the GraphQL `Monster` type does).

The snapshot's deliberate quirks (docs/upstreams.md, "Quirks kept on purpose") are not
differences: numbers are compared as numbers, so en dashes, `"1.60"` for 1.6,
the 2026 generation's `"12-15"` and lower-case temperaments match their
recorded values; a missing temperament and a missing or empty breed group
assert nothing. A `"NaN"` or `"unknown"` measurement where the recorded record
has numbers contradicts it. For a 2026-style `"Male: 60-70; Female: 40-50"`
value the overall range (40-70) is compared. Records the recorded data lacks,
and facts (origin, temperament) a recorded record does not have, are listed
as the project's own, not as differences.

Usage: python3 Tests/Scripts/compare-snapshot-facts.py [--shared DIR]
Exit status 0 when no fact differs, 1 when some do, 2 when the data is missing.
Also imported by check-snapshot.py (`differences`, `own_records`).
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SNAP = os.path.join(ROOT, "Sources", "MenagerieUpstreams", "Snapshot")
DEFAULT_SHARED = os.path.join(os.path.dirname(ROOT), "shared", "upstreams")

BREED_MEASURES = [("weight", "imperial"), ("weight", "metric"), ("height", "imperial"), ("height", "metric")]
ZOO_NAMES = ["latin_name", "animal_type", "active_time"]
ZOO_NUMBERS = ["length_min", "length_max", "weight_min", "weight_max", "lifespan"]
MONSTER_STATS = ["size", "type", "subtype", "alignment", "armor_class", "hit_points", "hit_dice",
                 "hit_points_roll", "speed", "strength", "dexterity", "constitution", "intelligence",
                 "wisdom", "charisma", "proficiencies", "damage_vulnerabilities", "damage_resistances",
                 "damage_immunities", "condition_immunities", "senses", "languages", "challenge_rating", "xp"]


def load(folder, rel):
    with open(os.path.join(folder, rel), encoding="utf-8") as handle:
        return json.load(handle)


def numbers(text):
    """The numbers of a measurement text; for 'Male: a-b; Female: c-d' the overall range."""
    values = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", text or "")]
    if "Male" in (text or "") and values:
        return [min(values), max(values)]
    return values


def same_measure(snapshot, recorded):
    if snapshot is None:
        return True
    return numbers(snapshot) == numbers(recorded)


def breed_differences(snapshot, recorded):
    by_name = {b["name"].lower(): b for b in recorded}
    found = []
    for breed in snapshot:
        rec = by_name.get(breed["name"].lower())
        if rec is None:
            continue
        name = breed["name"]
        for part, unit in BREED_MEASURES:
            mine, theirs = (breed.get(part) or {}).get(unit), (rec.get(part) or {}).get(unit)
            if not same_measure(mine, theirs):
                found.append(("thedogapi", name, f"{part}.{unit}", mine, theirs))
        if not same_measure(breed.get("life_span"), rec.get("life_span")):
            found.append(("thedogapi", name, "life_span", breed.get("life_span"), rec.get("life_span")))
        if breed.get("temperament") and rec.get("temperament") and breed["temperament"].lower() != rec["temperament"].lower():
            found.append(("thedogapi", name, "temperament", breed["temperament"], rec.get("temperament")))
        if breed.get("breed_group") and breed["breed_group"] != rec.get("breed_group"):
            found.append(("thedogapi", name, "breed_group", breed["breed_group"], rec.get("breed_group")))
        if rec.get("origin") is not None and breed.get("origin") != rec["origin"]:
            found.append(("thedogapi", name, "origin", breed.get("origin"), rec.get("origin")))
    return found


def animal_differences(snapshot, recorded):
    by_name = {a["name"].strip().lower(): a for a in recorded}
    found = []
    for animal in snapshot:
        rec = by_name.get(animal["name"].strip().lower())
        if rec is None:
            continue
        for key in ZOO_NAMES:
            if animal.get(key) != rec.get(key):
                found.append(("zoo", animal["name"], key, animal.get(key), rec.get(key)))
        for key in ZOO_NUMBERS:
            if float(animal[key]) != float(rec[key]):
                found.append(("zoo", animal["name"], key, animal[key], rec[key]))
    return found


def monster_differences(snapshot, recorded):
    by_index = {m["index"]: m for m in recorded}
    found = []
    for monster in snapshot:
        rec = by_index.get(monster["index"])
        if rec is None:
            continue
        for key in MONSTER_STATS:
            if json.dumps(monster.get(key), sort_keys=True) != json.dumps(rec.get(key), sort_keys=True):
                found.append(("dnd", monster["index"], key, monster.get(key), rec.get(key)))
    return found


def differences(shared, snap=SNAP):
    """Every (upstream, record, fact, snapshot value, recorded value) that differs."""
    return (breed_differences(load(snap, "thedogapi/breeds.json"), load(shared, "thedogapi/breeds.json"))
            + animal_differences(load(snap, "zoo/animals.json"), load(shared, "zoo-animal-api/animals.json"))
            + monster_differences(load(snap, "dnd/monsters.json"), load(shared, "dnd5eapi/monsters.json")))


def own_records(shared, snap=SNAP):
    """Snapshot records the recorded data lacks, and breed facts a recorded
    record lacks (origin, temperament): the project's own values."""
    breeds = {b["name"].lower() for b in load(shared, "thedogapi/breeds.json")}
    animals = {a["name"].strip().lower() for a in load(shared, "zoo-animal-api/animals.json")}
    monsters = {m["index"] for m in load(shared, "dnd5eapi/monsters.json")}
    recorded_breeds = {b["name"].lower(): b for b in load(shared, "thedogapi/breeds.json")}
    own_facts = [f"{b['name']} {key}" for b in load(snap, "thedogapi/breeds.json") for key in ("origin", "temperament")
                 if b.get(key) and b["name"].lower() in recorded_breeds and key not in recorded_breeds[b["name"].lower()]]
    return {
        "thedogapi": [b["name"] for b in load(snap, "thedogapi/breeds.json") if b["name"].lower() not in breeds],
        "thedogapi facts": own_facts,
        "zoo": [a["name"] for a in load(snap, "zoo/animals.json") if a["name"].strip().lower() not in animals],
        "dnd": [m["index"] for m in load(snap, "dnd/monsters.json") if m["index"] not in monsters],
    }


def short(value):
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 100 else text[:97] + "..."


def main(argv):
    shared = DEFAULT_SHARED
    if len(argv) == 3 and argv[1] == "--shared":
        shared = argv[2]
    elif len(argv) != 1:
        print(__doc__)
        return 2
    if not os.path.isdir(shared):
        print(f"recorded upstream data not found: {shared}")
        return 2
    found = differences(shared)
    for upstream, record, fact, mine, theirs in found:
        print(f"{upstream}: {record}: {fact}: snapshot {short(mine)} recorded {short(theirs)}")
    own = own_records(shared)
    for upstream, names in own.items():
        print(f"{upstream}: {len(names)} not in the recorded data (the project's own): {', '.join(names)}")
    print(f"{len(found)} facts differ from the recorded data")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
