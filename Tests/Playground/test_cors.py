#!/usr/bin/env python3
"""CORS in a real browser: headless Chromium (DevTools protocol, standard
library only, cdp.py) against `menagerie serve --cors-origin`.

  MENAGERIE=.build/release/menagerie python3 Tests/Playground/test_cors.py

Starts two tiny page servers on loopback (origins A and B: 127.0.0.1 on two
ports, so each is cross-origin to the server and to each other) and
`menagerie serve --cors-origin <A>` (its access log captured), then, from a
page of each origin, calls the server with fetch():

- from A, a POST with `Content-Type: application/json` (not a simple
  request: the browser sends a preflight first) resolves with 200 and
  `{"data":{"__typename":"Query"}}`; so do a GET with a custom header
  (preflighted too) and a simple GET (no preflight);
- from B the same fetch rejects (`TypeError: Failed to fetch`), Chromium
  reports a CORS error for the preflight, and the server's access log shows
  only the refused preflight (`OPTIONS` 403): the POST never reached it; a
  simple GET from B reaches the server but B cannot read the answer; a
  no-preflight POST (`no-cors`, `text/plain`) is refused with 415 unexecuted;
- over raw HTTP (http.client), the preflight and the actual response for A
  carry exactly one `Access-Control-Allow-Origin` (A) and one `Vary`
  header, containing `Origin`; B's get `Vary: Origin` and no allow-origin;
- without `--cors-origin` even A cannot read (the test would notice a server
  that ignored the flag), and with `--cors-origin '*'` both can.

Prints one line per check and closes with "N passed, N failed"; exits 1 if
any check failed, 2 if it could not start (no binary, server or Chromium).
"""

import http.client
import http.server
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import traceback
import urllib.request
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CDPError  # noqa: E402

QUERY = '{ __typename }'
ANSWER = {'data': {'__typename': 'Query'}}

page = None
origin_a = origin_b = ''


class StartError(Exception):
    pass


# ------------------------------------------------------------------ servers

def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class OriginPage(http.server.BaseHTTPRequestHandler):
    """Any path: a small HTML page, so the browser has a document of this origin."""

    def do_GET(self):  # noqa: N802
        body = f'<!doctype html><meta charset="utf-8"><title>origin {self.server.server_port}</title><p>CORS test page</p>'.encode()
        self.send_response(200)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def start_origin_server():
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), OriginPage)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f'http://127.0.0.1:{server.server_port}'


class Menagerie:
    """`menagerie serve` on a free loopback port with its access log kept in `lines`."""

    def __init__(self, binary, cors_origins):
        self.port = free_port()
        self.base = f'http://127.0.0.1:{self.port}'
        self.cors_origins = cors_origins
        args = [binary, 'serve', '--host', '127.0.0.1', '--port', str(self.port), '--log-level', 'info']
        for o in cors_origins:
            args += ['--cors-origin', o]
        self.lines = []
        self.lock = threading.Lock()
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read_log, daemon=True).start()
        deadline = time.time() + 60
        while True:
            if self.proc.poll() is not None:
                raise StartError(f'menagerie serve exited ({self.proc.returncode}): ' + '\n'.join(self.lines[-20:]))
            try:
                urllib.request.urlopen(self.base + '/health', timeout=2).read()
                break
            except OSError:
                if time.time() > deadline:
                    self.stop()
                    raise StartError(f'menagerie serve did not answer on port {self.port} within 60 s')
                time.sleep(0.1)

    def _read_log(self):
        for line in self.proc.stderr:
            with self.lock:
                self.lines.append(line.rstrip('\n'))

    def mark(self):
        with self.lock:
            return len(self.lines)

    def requests_since(self, mark, path='/graphql', settle=0.3):
        """(method, status) of the access-log lines for `path` written after `mark`."""
        time.sleep(settle)  # the log line is written once the response is sent
        with self.lock:
            lines = self.lines[mark:]
        out = []
        for line in lines:
            f = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', line))
            if f.get('msg') == 'request' and f.get('path') == path:
                out.append((f.get('method'), int(f.get('status', 0))))
        return out

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


# ------------------------------------------------------------------ browser helpers

def js(expr):
    return page.evaluate(expr)


def open_origin(origin):
    page.navigate(origin + '/')
    here = js('location.origin')
    assert here == origin, f'the page is at {here}, not {origin}'


FETCH = """(async () => {
  try {
    const r = await fetch(%(url)s, %(init)s);
    return {ok: true, status: r.status, body: await r.text(),
            allowOrigin: r.headers.get('access-control-allow-origin')};
  } catch (e) {
    return {ok: false, error: String(e)};
  }
})()"""


def browser_fetch(url, init):
    """fetch(url, init) from the current page: {ok, status, body} or {ok: false, error, corsErrors}."""
    since = len(page.events)
    result = js(FETCH % {'url': json.dumps(url), 'init': json.dumps(init)})
    if not result.get('ok'):
        result['corsErrors'] = cors_failures(since, url.split('/graphql')[0])
    return result


def post_json(server):
    return browser_fetch(server.base + '/graphql', {
        'method': 'POST', 'headers': {'Content-Type': 'application/json'},
        'body': json.dumps({'query': QUERY})})


def get_with_header(server):
    return browser_fetch(server.base + '/graphql?query=' + quote(QUERY), {
        'headers': {'X-Menagerie-Test': 'cors'}})


def simple_get(server):
    return browser_fetch(server.base + '/graphql?query=' + quote(QUERY), {})


def assert_read(result, what):
    assert result.get('ok'), (f'{what}: the fetch rejected ({result.get("error")}); the browser refused the cross-origin answer'
                              f' (Chromium\'s CORS errors: {", ".join(result.get("corsErrors") or []) or "none"})')
    assert result['status'] == 200, f'{what}: status {result["status"]}, body {result.get("body")!r}'
    body = json.loads(result['body'])
    assert body == ANSWER, f'{what}: body {result["body"]!r}, expected {json.dumps(ANSWER, separators=(",", ":"))}'


def assert_refused(result, what):
    assert not result.get('ok'), f'{what}: the browser let the page read the answer (status {result.get("status")}, body {result.get("body")!r})'
    assert 'Failed to fetch' in result.get('error', ''), f'{what}: rejected with {result.get("error")!r}, expected TypeError: Failed to fetch'


def cors_failures(since, url_prefix):
    """CORS errors Chromium reported (Network.loadingFailed corsErrorStatus) for requests to url_prefix."""
    page.pump(0.2)
    urls = {p['requestId']: p['request']['url'] for m, p in page.events[since:] if m == 'Network.requestWillBeSent'}
    out = []
    for m, p in page.events[since:]:
        if m == 'Network.loadingFailed' and p.get('corsErrorStatus') and urls.get(p['requestId'], '').startswith(url_prefix):
            out.append(p['corsErrorStatus'].get('corsError'))
    return out


def cors_console_messages(since):
    page.pump(0.05)
    return [p['entry'].get('text', '') for m, p in page.events[since:]
            if m == 'Log.entryAdded' and 'blocked by CORS policy' in p['entry'].get('text', '')]


# ------------------------------------------------------------------ raw HTTP

def raw(server, method, path, headers, body=None):
    c = http.client.HTTPConnection('127.0.0.1', server.port, timeout=10)
    try:
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        return r.status, r.msg, r.read()
    finally:
        c.close()


def assert_cors_headers(msg, origin, what):
    """Exactly one Vary (naming Origin) and, for an allowed origin, exactly one Access-Control-Allow-Origin."""
    acao = msg.get_all('Access-Control-Allow-Origin') or []
    vary = msg.get_all('Vary') or []
    assert len(vary) == 1, f'{what}: {len(vary)} Vary headers {vary}, expected one'
    assert 'origin' in [t.strip().lower() for t in vary[0].split(',')], f'{what}: Vary {vary[0]!r} does not name Origin'
    if origin is None:
        assert not acao, f'{what}: Access-Control-Allow-Origin {acao} for an origin not allowed'
    else:
        assert acao == [origin], f'{what}: Access-Control-Allow-Origin {acao}, expected exactly [{origin!r}]'


# ------------------------------------------------------------------ checks

def check_allowed_origin_posts_json(s):
    open_origin(origin_a)
    mark = s.mark()
    assert_read(post_json(s), f'POST application/json from {origin_a}')
    seen = s.requests_since(mark)
    assert ('OPTIONS', 204) in seen and ('POST', 200) in seen, f'access log: {seen}; expected a preflight (OPTIONS 204) then POST 200'
    assert seen.index(('OPTIONS', 204)) < seen.index(('POST', 200)), f'access log: {seen}; the preflight came after the POST'


def check_allowed_origin_get_with_custom_header(s):
    open_origin(origin_a)
    mark = s.mark()
    assert_read(get_with_header(s), f'GET with X-Menagerie-Test from {origin_a}')
    seen = s.requests_since(mark)
    assert seen[:1] == [('OPTIONS', 204)] and ('GET', 200) in seen, f'access log: {seen}; expected OPTIONS 204 then GET 200'


def check_allowed_origin_simple_get(s):
    open_origin(origin_a)
    assert_read(simple_get(s), f'simple GET from {origin_a}')


def check_allowed_origin_reads_errors(s):
    # A GraphQL error answer carries the header too, so the page can show it.
    open_origin(origin_a)
    r = browser_fetch(s.base + '/graphql', {'method': 'POST', 'headers': {'Content-Type': 'application/json'},
                                            'body': json.dumps({'query': '{ noSuchField }'})})
    assert r.get('ok'), f'POST of an invalid query from {origin_a}: the fetch rejected ({r.get("error")}; CORS errors {r.get("corsErrors")})'
    errors = json.loads(r['body']).get('errors')
    assert errors and 'noSuchField' in errors[0]['message'], f'status {r["status"]}, body {r["body"]!r}'


def check_disallowed_origin_cannot_post(s):
    open_origin(origin_b)
    since = len(page.events)
    mark = s.mark()
    assert_refused(post_json(s), f'POST application/json from {origin_b}')
    errors = cors_failures(since, s.base)
    assert errors, f'Chromium reported no CORS error for the POST from {origin_b} (Network.loadingFailed without corsErrorStatus)'
    assert all(e.startswith('Preflight') for e in errors), f'CORS errors {errors}: expected the preflight to fail'
    seen = s.requests_since(mark)
    assert seen == [('OPTIONS', 403)], f'access log: {seen}; expected only the refused preflight (OPTIONS 403), no POST'
    console = [t for t in cors_console_messages(since) if origin_b in t]
    assert console, f'no "blocked by CORS policy" console message for {origin_b}'
    print(f'      corsError {", ".join(errors)}; server saw only OPTIONS 403; console: {console[0][:200]}')


def check_disallowed_origin_get_with_custom_header(s):
    open_origin(origin_b)
    since = len(page.events)
    mark = s.mark()
    assert_refused(get_with_header(s), f'GET with X-Menagerie-Test from {origin_b}')
    assert cors_failures(since, s.base), 'Chromium reported no CORS error'
    seen = s.requests_since(mark)
    assert seen == [('OPTIONS', 403)], f'access log: {seen}; expected only the refused preflight'


def check_disallowed_origin_cannot_read_simple_get(s):
    # A simple GET needs no preflight: it reaches the server (a query has no
    # effect), but without Access-Control-Allow-Origin the page cannot read it.
    open_origin(origin_b)
    since = len(page.events)
    assert_refused(simple_get(s), f'simple GET from {origin_b}')
    errors = cors_failures(since, s.base)
    assert errors == ['MissingAllowOriginHeader'], f'CORS errors {errors}, expected [MissingAllowOriginHeader]'


def check_disallowed_origin_no_cors_post_refused(s):
    # The one POST a page can send without a preflight (no-cors, a simple
    # content type) is refused before execution (CSRF protection).
    open_origin(origin_b)
    mark = s.mark()
    r = browser_fetch(s.base + '/graphql', {'method': 'POST', 'mode': 'no-cors', 'headers': {'Content-Type': 'text/plain'},
                                            'body': json.dumps({'query': QUERY})})
    assert r.get('ok') and r['status'] == 0 and r['body'] == '', f'no-cors fetch: {r} (expected an opaque response)'
    seen = s.requests_since(mark)
    assert seen == [('POST', 415)], f'access log: {seen}; expected POST 415 (not executed)'


def check_headers_once_raw_http(s):
    pre = {'Origin': origin_a, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type'}
    status, msg, _ = raw(s, 'OPTIONS', '/graphql', pre)
    assert status == 204, f'preflight for {origin_a}: status {status}'
    assert_cors_headers(msg, origin_a, f'preflight for {origin_a}')
    assert 'POST' in (msg.get('Access-Control-Allow-Methods') or ''), f'preflight: Access-Control-Allow-Methods {msg.get("Access-Control-Allow-Methods")!r}'
    assert 'content-type' in (msg.get('Access-Control-Allow-Headers') or '').lower(), f'preflight: Access-Control-Allow-Headers {msg.get("Access-Control-Allow-Headers")!r}'

    body = json.dumps({'query': QUERY}).encode()
    status, msg, data = raw(s, 'POST', '/graphql', {'Origin': origin_a, 'Content-Type': 'application/json'}, body)
    assert status == 200 and json.loads(data) == ANSWER, f'POST for {origin_a}: {status} {data!r}'
    assert_cors_headers(msg, origin_a, f'POST for {origin_a}')

    status, msg, _ = raw(s, 'GET', '/health', {'Origin': origin_a})
    assert_cors_headers(msg, origin_a, f'GET /health for {origin_a}')

    status, msg, _ = raw(s, 'OPTIONS', '/graphql', dict(pre, Origin=origin_b))
    assert status == 403, f'preflight for {origin_b}: status {status}, expected 403'
    assert_cors_headers(msg, None, f'preflight for {origin_b}')
    status, msg, _ = raw(s, 'POST', '/graphql', {'Origin': origin_b, 'Content-Type': 'application/json'}, body)
    assert_cors_headers(msg, None, f'POST for {origin_b}')


def check_cors_off_blocks_everyone(s):
    # Without --cors-origin even origin A cannot read: the browser really checks.
    open_origin(origin_a)
    since = len(page.events)
    assert_refused(post_json(s), f'POST application/json from {origin_a} to a server without --cors-origin')
    assert cors_failures(since, s.base), 'Chromium reported no CORS error'


def check_any_origin(s):
    for o in (origin_a, origin_b):
        open_origin(o)
        assert_read(post_json(s), f'POST application/json from {o} with --cors-origin "*"')
        status, msg, _ = raw(s, 'OPTIONS', '/graphql', {'Origin': o, 'Access-Control-Request-Method': 'POST'})
        assert status == 204, f'preflight for {o}: status {status}'
        assert_cors_headers(msg, o, f'preflight for {o} with "*"')


# (server's --cors-origin values, checks); None stands for origin A.
SUITES = [
    ([None], [
        check_allowed_origin_posts_json,
        check_allowed_origin_get_with_custom_header,
        check_allowed_origin_simple_get,
        check_allowed_origin_reads_errors,
        check_disallowed_origin_cannot_post,
        check_disallowed_origin_get_with_custom_header,
        check_disallowed_origin_cannot_read_simple_get,
        check_disallowed_origin_no_cors_post_refused,
        check_headers_once_raw_http,
    ]),
    ([], [check_cors_off_blocks_everyone]),
    (['*'], [check_any_origin]),
]


def main():
    global page, origin_a, origin_b
    binary = os.environ.get('MENAGERIE', '.build/debug/menagerie')
    if not os.access(binary, os.X_OK):
        print(f'no menagerie binary at {binary} (set MENAGERIE)')
        return 2
    (server_a, origin_a), (server_b, origin_b) = start_origin_server(), start_origin_server()
    origin_servers = [server_a, server_b]
    try:
        browser = Browser()
    except CDPError as e:
        print(f'cannot start Chromium: {e}')
        return 2
    page = browser.page
    passed = failed = 0
    try:
        for domain in ('Page', 'Runtime', 'Network', 'Log'):
            page.call(domain + '.enable')
        print(f'CORS browser test: allowed origin A {origin_a}, other origin B {origin_b}')
        for flags, checks in SUITES:
            flags = [origin_a if f is None else f for f in flags]
            try:
                server = Menagerie(binary, flags)
            except StartError as e:
                print(f'cannot start menagerie serve: {e}')
                return 2
            shown = ' '.join(f"--cors-origin '{f}'" for f in flags) or 'no --cors-origin'
            print(f'menagerie serve at {server.base}, {shown}')
            try:
                for check in checks:
                    name = check.__name__[len('check_'):]
                    try:
                        check(server)
                        passed += 1
                        print(f'  ok    {name}')
                    except Exception as e:  # noqa: BLE001
                        failed += 1
                        print(f'  FAIL  {name}: {e}')
                        if os.environ.get('VERBOSE'):
                            traceback.print_exc()
            finally:
                server.stop()
    finally:
        browser.quit()
        for s in origin_servers:
            s.shutdown()
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
