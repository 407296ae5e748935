#!/usr/bin/env python3
"""A stand-in Menagerie server for testing the playground offline.

Serves the playground under the same URL contract as the real server:

  GET  /                 Playground/index.html, with
                         Content-Security-Policy: default-src 'self'
  GET  /playground/NAME  Playground/NAME
  POST /graphql          GraphQL over HTTP (JSON body: query, variables,
                         operationName), also GET /graphql?query=...

and executes queries with graphql-core against the schema contract
(../shared/design/schema.graphql beside the checkout) with a few fake
breeds, animals and monsters. Their image URLs point at small SVGs that this
server draws itself (/mock-images/NAME.svg), so the gallery works offline and
no request leaves the origin; a breed's photos (images(count:)) are on Dog
CEO's host, for which /images answers as the real server does offline:
placeholders with X-Menagerie-Image-Reason "offline" (Akita's: "not-found 404").

  python3 Tests/Playground/mock_server.py [--port 8099] [--no-playground]
"""

import argparse
import hashlib
import json
import mimetypes
import os
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from graphql import GraphQLError, build_schema, graphql_sync

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
PLAYGROUND = os.path.join(CHECKOUT, 'Playground')
# The schema contract: shared/ beside the checkout (CI), else the shared
# folder of this workplace, else the project's served schema (a superset).
SCHEMA_CANDIDATES = [
    os.environ.get('MENAGERIE_SCHEMA') or '',
    os.path.join(os.path.dirname(CHECKOUT), 'shared', 'design', 'schema.graphql'),
    '/work/shared/design/schema.graphql',
    os.path.join(CHECKOUT, 'Schema', 'schema.graphql'),
]
SCHEMA_FILE = next((p for p in SCHEMA_CANDIDATES if p and os.path.isfile(p)), SCHEMA_CANDIDATES[1])
CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"


def bad_input(message):
    return GraphQLError(message, extensions={'code': 'BAD_USER_INPUT'})


def check_page(limit, skip):
    if limit is None:
        limit = 20
    if skip is None:
        skip = 0
    if not 0 <= limit <= 100:
        raise bad_input(f'limit must be between 0 and 100, got {limit}.')
    if skip < 0:
        raise bad_input(f'skip must be at least 0, got {skip}.')
    return limit, skip


def page(items, limit, skip):
    limit, skip = check_page(limit, skip)
    chunk = items[skip:skip + limit]
    return {'items': chunk, 'totalCount': len(items), 'hasMore': skip + len(chunk) < len(items)}


def image(slug):
    return f'/mock-images/{slug}.svg'


def rng(lo, hi, unit):
    return {'min': lo, 'max': hi, 'unit': unit}


# ------------------------------------------------------------------ fake data

MONSTERS = {}
BREEDS = {}
ANIMALS = {}


def monster_of(name):
    return next((m for m in MONSTERS.values() if m['name'].lower() == name.lower()), None)


def breed_named(name):
    return next((b for b in BREEDS.values() if b['name'].lower() == name.lower()), None)


def animal_named(name):
    return next((a for a in ANIMALS.values() if a['name'].lower() == name.lower()), None)


def make_breed(path, name, facts=None, parent=None):
    slug = path.replace('/', '-')

    def images(info, count=10):
        count = 10 if count is None else count
        if not 1 <= count <= 50:
            raise bad_input(f'count must be between 1 and 50, got {count}.')
        # Photos on Dog CEO's host, which /images answers as the real server
        # does offline: placeholders saying why (a "gone" one: 404).
        return [f'https://images.dog.ceo/breeds/{slug}/{"gone" if slug == "akita" else "photo"}_{k + 1}.jpg' for k in range(min(count, 12))]

    b = {
        '__typename': 'Breed', 'id': path, 'path': path, 'name': name, 'imageUrl': image(slug), 'source': 'DOG_CEO',
        'parent': (lambda info: BREEDS.get(parent)) if parent else None,
        'subBreeds': lambda info: sorted((x for x in BREEDS.values() if x['id'].startswith(path + '/')), key=lambda x: x['name'].lower()),
        'images': images,
        'facts': facts,
        'monster': lambda info: monster_of(name),
    }
    BREEDS[path] = b
    return b


def make_facts(group, bred_for, life, temperament, kg, cm):
    def weight(info, unit='KILOGRAMS'):
        unit = unit or 'KILOGRAMS'
        return rng(kg[0], kg[1], 'kg') if unit == 'KILOGRAMS' else rng(kg[0] / 0.45359237, kg[1] / 0.45359237, 'lb')

    def height(info, unit='CENTIMETERS'):
        unit = unit or 'CENTIMETERS'
        div = {'CENTIMETERS': (1, 'cm'), 'METERS': (100, 'm'), 'INCHES': (2.54, 'in'), 'FEET': (30.48, 'ft')}[unit]
        return rng(cm[0] / div[0], cm[1] / div[0], div[1])

    m = re.match(r'(\d+)\s*-\s*(\d+)', life)
    return {
        'bredFor': bred_for, 'breedGroup': group, 'lifeSpan': life,
        'lifeSpanYears': rng(float(m.group(1)), float(m.group(2)), 'years') if m else None,
        'temperament': temperament, 'origin': None, 'weight': weight, 'height': height,
    }


def make_animal(id_, name, latin, type_, ft, lb, life, habitat):
    def length(info, unit='FEET'):
        unit = unit or 'FEET'
        mul = {'FEET': (1, 'ft'), 'METERS': (0.3048, 'm'), 'INCHES': (12, 'in'), 'CENTIMETERS': (30.48, 'cm')}[unit]
        return rng(ft[0] * mul[0], ft[1] * mul[0], mul[1])

    def weight(info, unit='POUNDS'):
        unit = unit or 'POUNDS'
        return rng(lb[0], lb[1], 'lb') if unit == 'POUNDS' else rng(lb[0] * 0.45359237, lb[1] * 0.45359237, 'kg')

    a = {
        '__typename': 'Animal', 'id': str(id_), 'name': name, 'imageUrl': image(f'animal-{id_}'), 'source': 'ZOO_ANIMAL_API',
        'latinName': latin, 'type': type_, 'activeTime': 'Diurnal', 'length': length, 'weight': weight,
        'lifespan': life, 'habitat': habitat, 'diet': 'Omnivore', 'geoRange': 'Somewhere',
        'monster': lambda info: monster_of(name),
    }
    ANIMALS[str(id_)] = a
    return a


def score(n):
    return {'score': n, 'modifier': (n - 10) // 2}


def make_monster(index, name, size, type_, cr, hp, with_image=True):
    m = {
        '__typename': 'Monster', 'id': index, 'name': name, 'source': 'DND_5E_API',
        'imageUrl': image(f'monster-{index}') if with_image else None,
        'size': size, 'type': type_, 'subtype': None, 'alignment': 'unaligned', 'armorClass': 12, 'hitPoints': hp,
        'hitDice': '5d10', 'speed': {'walk': '40 ft.', 'swim': None, 'fly': None, 'climb': '30 ft.', 'burrow': None, 'hover': False},
        'abilities': {k: score(v) for k, v in zip(['strength', 'dexterity', 'constitution', 'intelligence', 'wisdom', 'charisma'], [19, 10, 16, 2, 13, 7])},
        'challengeRating': cr, 'xp': int(cr * 200) + 10, 'languages': '',
        'specialAbilities': [{'name': 'Keen Smell', 'description': 'Advantage on Wisdom (Perception) checks that rely on smell.', 'attackBonus': None, 'damage': []}],
        'actions': [{'name': 'Bite', 'description': 'Melee Weapon Attack: +6 to hit.', 'attackBonus': 6, 'damage': [{'dice': '1d8+4', 'type': 'piercing'}]}],
        'legendaryActions': [],
        'animal': lambda info: animal_named(name),
        'breed': lambda info: breed_named(name),
    }
    MONSTERS[index] = m
    return m


make_breed('akita', 'Akita', make_facts('Working', 'Hunting bears', '10 - 14 years', ['Docile', 'Alert', 'Responsive'], (29, 52), (61, 71)))
make_breed('hound', 'Hound')
make_breed('hound/afghan', 'Afghan Hound', make_facts('Hound', 'Coursing', '10 - 13 years', ['Aloof', 'Clownish', 'Dignified'], (23, 27), (64, 69)), parent='hound')
make_breed('hound/basset', 'Basset Hound', make_facts('Hound', 'Hunting by scent', '12 - 13 years', ['Tenacious', 'Friendly'], (23, 29), (36, 38)), parent='hound')
make_breed('bulldog', 'Bulldog')
make_breed('bulldog/french', 'French Bulldog', None, parent='bulldog')
make_breed('mastiff', 'Mastiff', make_facts('Working', 'Guardian', '8 - 10 years', ['Dignified', 'Good-natured'], (68, 100), (70, 76)))
make_breed('mastiff/bull', 'Bull Mastiff', None, parent='mastiff')
make_animal(1, 'Brown Bear', 'Ursus arctos', 'MAMMAL', (5, 8), (300, 860), 25, 'Forest')
make_animal(2, 'Polar Bear', 'Ursus maritimus', 'MAMMAL', (6, 8), (330, 1500), 25, 'Arctic')
make_animal(3, 'Emu', 'Dromaius novaehollandiae', 'BIRD', (5, 6.2), (66, 120), 10, 'Grassland')
make_animal(4, 'Green Anaconda', 'Eunectes murinus', 'REPTILE', (15, 22), (110, 550), 10, 'Swamp')
make_animal(5, 'Axolotl', 'Ambystoma mexicanum', 'AMPHIBIAN', (0.5, 1), (0.1, 0.5), 12, 'Lake')
make_animal(6, 'Red Kangaroo', 'Osphranter rufus', 'MARSUPIAL', (3.2, 5.3), (40, 200), 22, 'Desert')
for k, (idx, nm, size, typ, cr, hp) in enumerate([
        ('aboleth', 'Aboleth', 'LARGE', 'aberration', 10, 135),
        ('adult-black-dragon', 'Adult Black Dragon', 'HUGE', 'dragon', 14, 195),
        ('black-bear', 'Black Bear', 'MEDIUM', 'beast', 0.5, 19),
        ('brown-bear', 'Brown Bear', 'LARGE', 'beast', 1, 34),
        ('goblin', 'Goblin', 'SMALL', 'humanoid', 0.25, 7),
        ('mastiff', 'Mastiff', 'MEDIUM', 'beast', 0.125, 5),
        ('owlbear', 'Owlbear', 'LARGE', 'monstrosity', 3, 59),
        ('polar-bear', 'Polar Bear', 'LARGE', 'beast', 2, 42),
        ('tarrasque', 'Tarrasque', 'GARGANTUAN', 'monstrosity', 30, 676),
        ('zombie', 'Zombie', 'MEDIUM', 'undead', 0.25, 22),
        ('ancient-red-dragon', 'Ancient Red Dragon', 'GARGANTUAN', 'dragon', 24, 546),
        ('wolf', 'Wolf', 'MEDIUM', 'beast', 0.25, 11)]):
    make_monster(idx, nm, size, typ, cr, hp, with_image=k % 4 != 3)
MONSTERS['adult-black-dragon']['legendaryActions'] = [{'name': 'Tail Attack', 'description': 'The dragon makes a tail attack.', 'attackBonus': None, 'damage': []}]


def by_name(items):
    return sorted(items, key=lambda x: (x['name'].lower(), x['id']))


def contains(text):
    t = (text or '').lower()
    return lambda x: t in x['name'].lower()


def q_breeds(info, search=None, includeSubBreeds=True, limit=20, skip=0):
    items = [b for b in by_name(BREEDS.values()) if (includeSubBreeds is not False or '/' not in b['id']) and contains(search)(b)]
    return page(items, limit, skip)


def q_breed(info, id):
    key = id.strip().lower()
    return BREEDS.get(key) or next((b for b in BREEDS.values() if b['name'].lower() == key), None)


def q_animals(info, search=None, type=None, limit=20, skip=0):
    items = [a for a in by_name(ANIMALS.values()) if contains(search)(a) and (type is None or a['type'] == type)]
    return page(items, limit, skip)


def q_random(info, count=10):
    count = 10 if count is None else count
    if not 1 <= count <= 10:
        raise bad_input(f'count must be between 1 and 10, got {count}.')
    return by_name(ANIMALS.values())[:count]


def q_monsters(info, search=None, type=None, size=None, minChallengeRating=None, maxChallengeRating=None, limit=20, skip=0):
    items = [m for m in by_name(MONSTERS.values())
             if contains(search)(m) and (not type or m['type'] == type.lower()) and (size is None or m['size'] == size)
             and (minChallengeRating is None or m['challengeRating'] >= minChallengeRating)
             and (maxChallengeRating is None or m['challengeRating'] <= maxChallengeRating)]
    return page(items, limit, skip)


def q_search(info, text, limit=20):
    limit, _ = check_page(limit, 0)
    f = contains(text)
    items = [x for x in by_name(BREEDS.values()) if f(x)] + [x for x in by_name(ANIMALS.values()) if f(x)] + [x for x in by_name(MONSTERS.values()) if f(x)]
    return items[:limit]


ROOT = {
    'breeds': q_breeds, 'breed': q_breed, 'animals': q_animals,
    'animal': lambda info, id: ANIMALS.get(id), 'randomAnimals': q_random,
    'monsters': q_monsters, 'monster': lambda info, index: MONSTERS.get(index.strip().lower()), 'search': q_search,
}


# ------------------------------------------------------------------- images

# Hosts /images draws for: the real server's allowlist and MOCK_IMAGE_ORIGIN's.
MOCK_IMAGE_HOSTS = {'images.dog.ceo', 'cdn2.thedogapi.com', 'upload.wikimedia.org', 'storage.googleapis.com',
                    'www.dnd5eapi.co', urlsplit(os.environ.get('MOCK_IMAGE_ORIGIN') or 'https://images.example').hostname}


def svg_for(name):
    digest = hashlib.sha1(name.encode()).digest()
    hue = digest[0] * 360 // 256
    label = re.sub(r'[^A-Za-z0-9 -]', '', name.replace('-', ' '))[:22]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">'
            f'<rect width="320" height="240" fill="hsl({hue},60%,55%)"/>'
            f'<circle cx="160" cy="105" r="58" fill="hsl({(hue + 180) % 360},70%,80%)"/>'
            f'<text x="160" y="210" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#fff">{label}</text></svg>').encode()


# --------------------------------------------------------------------- HTTP

class Handler(BaseHTTPRequestHandler):
    server_version = 'MenagerieMock/1'
    schema = None
    playground = True

    def log_message(self, fmt, *args):
        if os.environ.get('MOCK_LOG'):
            sys.stderr.write('mock: ' + (fmt % args) + '\n')

    def send(self, status, body, ctype, extra=None):
        self.send_response(status)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Cache-Control', 'no-store')
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(body)

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == '/' and self.playground:
            return self.file('index.html')
        if url.path.startswith('/playground/') and self.playground:
            return self.file(url.path[len('/playground/'):])
        m = re.fullmatch(r'/mock-images/([A-Za-z0-9_-]+)\.svg', url.path)
        if m:
            return self.send(200, svg_for(m.group(1)), 'image/svg+xml')
        if url.path == '/images' and self.playground:
            # The real server's image route in placeholder mode, roughly: a
            # drawing named after the file of an https URL of an allowed host.
            target = urlsplit((parse_qs(url.query).get('url') or [''])[0])
            if not target.scheme or not target.hostname:
                return self.send(400, b'Malformed image URL.\n', 'text/plain; charset=utf-8')
            if target.scheme != 'https' or target.hostname not in MOCK_IMAGE_HOSTS:
                return self.send(403, b'Not allowed.\n', 'text/plain; charset=utf-8')
            name = os.path.splitext(target.path.rsplit('/', 1)[-1])[0] or target.hostname
            extra = {'X-Content-Type-Options': 'nosniff'}
            if target.hostname == 'images.dog.ceo':
                # As the real server in auto mode offline (or for a missing picture).
                extra.update({'X-Menagerie-Image': 'placeholder', 'X-Menagerie-Image-Reason': 'not-found 404' if name.startswith('gone') else 'offline'})
            return self.send(200, svg_for(name), 'image/svg+xml', extra)
        if url.path == '/graphql':
            qs = parse_qs(url.query)
            try:
                variables = json.loads(qs['variables'][0]) if 'variables' in qs else None
            except ValueError:
                return self.reply({'errors': [{'message': 'Variables are invalid JSON.'}]}, 400)
            return self.execute((qs.get('query') or [None])[0], variables, (qs.get('operationName') or [None])[0])
        self.send(404, b'Not found\n', 'text/plain; charset=utf-8')

    def file(self, name):
        if not re.fullmatch(r'[A-Za-z0-9_-][A-Za-z0-9._-]*', name) or '..' in name:
            return self.send(404, b'Not found\n', 'text/plain; charset=utf-8')
        path = os.path.join(PLAYGROUND, name)
        if not os.path.isfile(path):
            return self.send(404, b'Not found\n', 'text/plain; charset=utf-8')
        with open(path, 'rb') as f:
            body = f.read()
        ctype = {'.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8',
                 '.svg': 'image/svg+xml'}.get(os.path.splitext(name)[1]) or mimetypes.guess_type(name)[0] or 'application/octet-stream'
        self.send(200, body, ctype, {'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff'})

    def do_POST(self):
        if urlsplit(self.path).path != '/graphql':
            return self.send(404, b'Not found\n', 'text/plain; charset=utf-8')
        length = int(self.headers.get('Content-Length') or 0)
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw or b'null')
        except ValueError:
            return self.reply({'errors': [{'message': 'The body is not valid JSON.'}]}, 400)
        if not isinstance(body, dict) or not isinstance(body.get('query'), str):
            return self.reply({'errors': [{'message': 'The request must have a "query" string.'}]}, 400)
        return self.execute(body['query'], body.get('variables'), body.get('operationName'))

    def execute(self, query, variables, operation_name):
        if not query:
            return self.reply({'errors': [{'message': 'Must provide query string.'}]}, 400)
        result = graphql_sync(self.schema, query, root_value=ROOT, variable_values=variables, operation_name=operation_name)
        out = {}
        if result.errors:
            out['errors'] = [e.formatted for e in result.errors]
        if result.data is not None or 'errors' not in out:
            out['data'] = result.data
        status = 200 if 'data' in out else 400
        return self.reply(out, status)

    def reply(self, obj, status):
        accept = self.headers.get('Accept') or ''
        ctype = 'application/graphql-response+json' if 'application/graphql-response+json' in accept else 'application/json'
        if ctype == 'application/json':
            status = 200 if status == 400 and 'errors' in obj else status
        # Image URLs are absolute in the contract: give them this origin.
        # MOCK_IMAGE_ORIGIN=https://images.example puts them elsewhere, as
        # the real upstreams do (the page's CSP then keeps them out).
        origin = os.environ.get('MOCK_IMAGE_ORIGIN') or 'http://' + (self.headers.get('Host') or '%s:%d' % self.server.server_address[:2])
        body = json.dumps(obj).replace('"/mock-images/', '"' + origin + '/mock-images/')
        self.send(status, body.encode(), ctype + '; charset=utf-8')


MOCK_EXTENSION = '''
extend type Breed {
  "The Dog CEO path again (mock only)."
  path: ID! @deprecated(reason: "Use `id`.")
}
'''


def make_server(port=0, host='127.0.0.1', playground=True):
    """Builds (does not start) the server; `server.server_address` has the port."""
    with open(SCHEMA_FILE, encoding='utf-8') as f:
        # The served schema may add to the contract: the mock adds one
        # deprecated field so the docs explorer's deprecation notes show.
        schema = build_schema(f.read() + MOCK_EXTENSION)
    handler = type('BoundHandler', (Handler,), {'schema': schema, 'playground': playground})
    return ThreadingHTTPServer((host, port), handler)


def start_in_thread(port=0, playground=True):
    """Starts the mock on a free port in a daemon thread; returns (server, base_url)."""
    server = make_server(port, playground=playground)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    host, port = server.server_address[:2]
    return server, f'http://{host}:{port}'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--host', default='127.0.0.1')
    ap.add_argument('--port', type=int, default=8099)
    ap.add_argument('--no-playground', action='store_true', help='serve /graphql only (GET / is 404), like the real server')
    args = ap.parse_args()
    server = make_server(args.port, args.host, not args.no_playground)
    print(f'Mock Menagerie on http://{args.host}:{server.server_address[1]}/', flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
