"""Loading the recorded upstream data of ../shared/upstreams.

Every file the stubs serve is read here, once, at start-up. A missing or
unreadable file is a hard error (`MissingData`): the stubs never answer with an
empty list in place of recorded data. Nothing is copied into the repository.
"""

import json
import os


class MissingData(Exception):
    """A recorded file is missing or does not parse."""


# Files each upstream needs, relative to the shared folder.
REQUIRED = [
    "dog-ceo/breeds-list-all.json",
    "dog-ceo/breeds-list.derived.json",
    "dog-ceo/breed-akita-images.json",
    "dog-ceo/image-files-sample.json",
    "dog-ceo/error-breed-not-found.json",
    "thedogapi/breeds.json",
    "thedogapi/error-401-no-api-key.json",
    "zoo-animal-api/animals.json",
    "dnd5eapi/monsters.json",
    "dnd5eapi/schema.graphql",
    "dnd5eapi/monster-aboleth.rest.json",
]


class SharedData:
    """The raw bytes and parsed JSON of the recorded files."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        if not os.path.isdir(self.root):
            raise MissingData(f"shared upstream data not found: {self.root} is not a directory")
        self._raw = {}
        for name in REQUIRED:
            path = os.path.join(self.root, name)
            try:
                with open(path, "rb") as handle:
                    self._raw[name] = handle.read()
            except OSError as error:
                raise MissingData(f"shared upstream data missing: {path} ({error.strerror})") from None
        self._parsed = {}
        for name, raw in self._raw.items():
            if name.endswith(".json"):
                try:
                    self._parsed[name] = json.loads(raw)
                except ValueError as error:
                    raise MissingData(f"shared upstream data does not parse: {name}: {error}") from None

    def raw(self, name):
        """The bytes of a recorded file, exactly as stored."""
        return self._raw[name]

    def json(self, name):
        """The parsed JSON of a recorded file."""
        return self._parsed[name]

    def text(self, name):
        """A recorded text file (the GraphQL schema)."""
        return self._raw[name].decode("utf-8")
