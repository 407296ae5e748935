#!/usr/bin/env python3
"""Writes the embedded data snapshot, Sources/MenagerieUpstreams/Snapshot/*.json, from the data in this folder.

The data (breed lists, breed facts, zoo animals, SRD 5.1 monsters) is written out in the
*.py files beside this one; this script only serialises it in the upstreams' wire formats.
Edit the data there, run `python3 Tests/Scripts/snapshot-source/make-snapshot.py`, then
`python3 Tests/Scripts/check-snapshot.py`. Output is deterministic.
"""
import os
import sys

sys.dont_write_bytecode = True  # keep the checkout clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dogceo    # noqa: E402
import dogapi    # noqa: E402
import zoo       # noqa: E402
from common import write               # noqa: E402
from monsters_beasts import BEASTS     # noqa: E402
from monsters_others import OTHERS     # noqa: E402


def main():
    dogceo.main()
    dogapi.main()
    zoo.main()
    monsters = sorted(BEASTS + OTHERS, key=lambda m: m["name"])
    indexes = [m["index"] for m in monsters]
    assert len(set(indexes)) == len(indexes), "duplicate monster index"
    write("dnd/monsters.json", monsters, indent=1)
    print(len(monsters), "monsters")


if __name__ == "__main__":
    main()
