#!/usr/bin/env python3
"""Independent stub upstreams for Menagerie's tests, serving the RECORDED data
of ../shared/upstreams (not the project's snapshot) in each API's real wire
format, each upstream on its own loopback port, with run-time fault injection.

    python3 Tests/Stubs/recorded_upstreams.py --shared ../shared/upstreams \
        (--api-key KEY | --no-api-key) --ports-file FILE

picks free ports, writes FILE (JSON: base URL of each upstream with its real
path prefix, e.g. "dog-ceo": "http://127.0.0.1:P/api", plus "evil" and
"control"), then serves until SIGTERM/SIGINT. Missing shared data is a hard
error: exit status 2 and a message on stderr. `--api-key KEY` is the one
`x-api-key` The Dog API stub accepts; `--no-api-key` accepts none (every Dog
API request is answered as one without a valid key, as a server that has no
key sees it). See recorded/server.py for the control endpoint (faults, modes)
and recorded/faults.py for the faults. Needs graphql-core 3.2.
"""

import argparse
import json
import os
import random
import signal
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recorded.data import MissingData, SharedData  # noqa: E402


def build(shared, api_key, seed=1):
    """The (not yet started) `Stubs` over the shared folder; `api_key` None:
    The Dog API accepts no key."""
    from recorded.dnd import DnD
    from recorded.dogapi import DogAPI
    from recorded.dogceo import DogCEO
    from recorded.server import Stubs
    from recorded.zoo import Zoo

    data = SharedData(shared)
    dog_api = DogAPI(data, api_key)
    zoo = Zoo(data, random.Random(seed + 1))
    routes = {
        "dog-ceo": DogCEO(data, random.Random(seed)).route,
        "thedogapi": dog_api.route,
        "zoo": zoo.route,
        "dnd5e": DnD(data).route,
        "evil": None,
    }
    return Stubs(routes, modal={"thedogapi": dog_api, "zoo": zoo})


def write_ports(path, info):
    """Writes the ports file atomically (readers never see half a file)."""
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        json.dump(info, handle, indent=2)
    os.replace(temporary, path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", required=True, help="the recorded data folder (../shared/upstreams)")
    key = parser.add_mutually_exclusive_group(required=True)
    key.add_argument("--api-key", help="the x-api-key The Dog API stub accepts")
    key.add_argument("--no-api-key", action="store_true",
                     help="accept no x-api-key: every Dog API request is treated as without a valid key")
    parser.add_argument("--ports-file", required=True, help="where to write the base URLs (JSON)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random endpoints")
    args = parser.parse_args(argv)
    if args.api_key is not None and not args.api_key:
        parser.error("--api-key must not be empty (use --no-api-key for a server without a key)")
    try:
        import graphql  # noqa: F401
    except ImportError:
        print("recorded_upstreams: graphql-core 3.2 is required (pip install 'graphql-core>=3.2,<3.3')", file=sys.stderr)
        return 2
    try:
        stubs = build(args.shared, None if args.no_api_key else args.api_key, args.seed)
    except MissingData as error:
        print(f"recorded_upstreams: {error}", file=sys.stderr)
        return 2
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    # A parent may start us with signals blocked (Foundation's Process, spawned from a
    # Swift worker thread, passes its mask on): SIGTERM must still stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    stubs.start()
    info = stubs.ports()
    info["pid"] = os.getpid()
    write_ports(args.ports_file, info)
    while not stop.wait(1):
        pass
    stubs.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
