"""Shared helpers of the snapshot generator: output folder, JSON writing, a stable hash."""
import json, os, hashlib
# Sources/MenagerieUpstreams/Snapshot of this checkout
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Sources", "MenagerieUpstreams", "Snapshot")
def write(rel, obj, indent=None):
    path = os.path.join(OUT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        if indent is None:
            json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
        else:
            json.dump(obj, f, ensure_ascii=False, indent=indent)
        f.write("\n")
def h(s, n=8):
    return int(hashlib.sha256(s.encode()).hexdigest()[:n], 16)
