"""Drives headless Chromium over the DevTools protocol with the standard
library only: a minimal WebSocket client (RFC 6455, client side) and a
synchronous CDP session. Used by test_playground.py and screenshot.py.

Chromium is found as $CHROMIUM, else chromium, chromium-browser,
google-chrome or headless_shell on PATH (Debian: `apt-get install chromium`).
"""

import atexit
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
from urllib.parse import urlsplit


class CDPError(Exception):
    pass


def find_chromium():
    for name in [os.environ.get('CHROMIUM') or '', 'chromium', 'chromium-browser', 'google-chrome', 'headless_shell']:
        if not name:
            continue
        path = name if os.path.isabs(name) and os.access(name, os.X_OK) else shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    """Just enough of a WebSocket client for the DevTools protocol."""

    def __init__(self, url, timeout=30):
        u = urlsplit(url)
        self.sock = socket.create_connection((u.hostname, u.port or 80), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        path = u.path + ('?' + u.query if u.query else '')
        request = (f'GET {path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                   f'Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n')
        self.sock.sendall(request.encode())
        head = b''
        while b'\r\n\r\n' not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise CDPError('WebSocket handshake: connection closed')
            head += chunk
        head, self.buffer = head.split(b'\r\n\r\n', 1)
        if b' 101 ' not in head.split(b'\r\n', 1)[0]:
            raise CDPError('WebSocket handshake refused: ' + head.decode(errors='replace'))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buffer)))
            if not chunk:
                raise CDPError('WebSocket closed')
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def send(self, text, opcode=0x1):
        data = text.encode() if isinstance(text, str) else text
        head = bytes([0x80 | opcode])
        n = len(data)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack('>H', n)
        else:
            head += bytes([0x80 | 127]) + struct.pack('>Q', n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(head + mask + masked)

    def recv(self):
        """The next complete text message."""
        parts = []
        while True:
            b0, b1 = self._read(2)
            opcode = b0 & 0x0F
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack('>H', self._read(2))[0]
            elif n == 127:
                n = struct.unpack('>Q', self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            data = self._read(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            if opcode == 0x8:
                raise CDPError('WebSocket closed by the browser')
            if opcode == 0x9:
                self.send(data, 0xA)
                continue
            if opcode == 0xA:
                continue
            parts.append(data)
            if b0 & 0x80:
                return b''.join(parts).decode('utf-8', errors='replace')

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Page:
    """A CDP session on one page target. Every event read is kept in
    `events` (method, params) so tests can inspect the network log."""

    def __init__(self, ws_url):
        self.ws = WebSocket(ws_url)
        self.next_id = 0
        self.events = []
        self.unread = []

    def call(self, method, params=None, timeout=30):
        self.next_id += 1
        mid = self.next_id
        self.ws.send(json.dumps({'id': mid, 'method': method, 'params': params or {}}))
        deadline = time.time() + timeout
        while True:
            if time.time() > deadline:
                raise CDPError(f'{method}: no answer within {timeout} s')
            msg = json.loads(self.ws.recv())
            if 'method' in msg:
                self.events.append((msg['method'], msg.get('params', {})))
                self.unread.append((msg['method'], msg.get('params', {})))
                continue
            if msg.get('id') == mid:
                if 'error' in msg:
                    raise CDPError(f"{method}: {msg['error'].get('message')} {msg['error'].get('data', '')}")
                return msg.get('result', {})

    def pump(self, seconds=0.05):
        """Reads the events that arrived meanwhile."""
        self.call('Runtime.evaluate', {'expression': '0'})
        if seconds:
            time.sleep(seconds)

    def wait_event(self, method, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for k, (m, p) in enumerate(self.unread):
                if m == method:
                    del self.unread[:k + 1]
                    return p
            self.pump(0.05)
        raise CDPError(f'no {method} event within {timeout} s')

    def evaluate(self, expression, await_promise=True):
        r = self.call('Runtime.evaluate', {'expression': expression, 'returnByValue': True, 'awaitPromise': await_promise, 'userGesture': True})
        if 'exceptionDetails' in r:
            d = r['exceptionDetails']
            raise CDPError('JS: ' + (d.get('exception', {}).get('description') or d.get('text') or str(d)))
        return r.get('result', {}).get('value')

    def wait_for(self, expression, timeout=60, what=None):
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            last = self.evaluate(expression)
            if last:
                return last
            time.sleep(0.05)
        raise AssertionError(f'timed out waiting for {what or expression} (last value {last!r})')

    def navigate(self, url, timeout=30):
        self.unread.clear()
        self.call('Page.navigate', {'url': url})
        self.wait_event('Page.loadEventFired', timeout)

    def reload(self, timeout=30):
        self.unread.clear()
        self.call('Page.reload', {'ignoreCache': True})
        self.wait_event('Page.loadEventFired', timeout)

    def uncovered_center(self, selector, timeout=5):
        """The centre of `selector` once the element there is it or inside it."""
        deadline = time.time() + timeout
        while True:
            x, y = self.center(selector)
            covering = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
                const hit = document.elementFromPoint({x}, {y});
                if (!hit || e === hit || e.contains(hit)) return null;
                return hit.tagName.toLowerCase() + (hit.id ? '#' + hit.id : '') + (hit.className ? '.' + String(hit.className).split(' ').join('.') : ''); }})()""")
            if covering is None:
                return x, y
            if time.time() >= deadline:
                raise AssertionError(f'{selector} is covered by {covering} at its centre')
            time.sleep(0.05)

    def center(self, selector):
        r = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;
            e.scrollIntoView({{block: 'center', inline: 'center'}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; }})()""")
        if not r:
            raise AssertionError(f'no element {selector}')
        if r[2] == 0 or r[3] == 0:
            raise AssertionError(f'element {selector} is not visible')
        return r[0], r[1]

    def click(self, selector=None, at=None, timeout=5):
        """Clicks at `at`, or at the centre of `selector` once nothing covers it there (a
        tooltip or popup left by an earlier step would take the click instead)."""
        x, y = at if at else self.uncovered_center(selector, timeout)
        for kind in ('mouseMoved', 'mousePressed', 'mouseReleased'):
            self.call('Input.dispatchMouseEvent', {'type': kind, 'x': x, 'y': y, 'button': 'left' if kind != 'mouseMoved' else 'none', 'clickCount': 1})

    def type_text(self, text):
        """Types text one character at a time as keyboard input."""
        for ch in text:
            if ch == '\n':
                self.key('Enter')
            else:
                self.call('Input.insertText', {'text': ch})

    def key(self, key, modifiers=0):
        codes = {'Enter': ('Enter', 13, '\r'), 'Tab': ('Tab', 9, ''), 'Escape': ('Escape', 27, ''), 'ArrowDown': ('ArrowDown', 40, ''),
                 'ArrowUp': ('ArrowUp', 38, ''), 'ArrowLeft': ('ArrowLeft', 37, ''), 'ArrowRight': ('ArrowRight', 39, ''),
                 'Backspace': ('Backspace', 8, ''), ' ': ('Space', 32, ' '), 'a': ('KeyA', 65, 'a'), 'p': ('KeyP', 80, 'p'),
                 'P': ('KeyP', 80, 'P'), 'n': ('KeyN', 78, 'n'), '(': ('Digit9', 57, '('), '{': ('BracketLeft', 219, '{'), '"': ('Quote', 222, '"')}
        code, vk, text = codes[key]
        base = {'key': key, 'code': code, 'windowsVirtualKeyCode': vk, 'nativeVirtualKeyCode': vk, 'modifiers': modifiers}
        down = dict(base, type='keyDown')
        if text and not modifiers & (1 | 2 | 4):
            down['text'] = text
        self.call('Input.dispatchKeyEvent', down)
        self.call('Input.dispatchKeyEvent', dict(base, type='keyUp'))

    def screenshot(self, path, full_page=False):
        params = {'format': 'png'}
        if full_page:
            m = self.call('Page.getLayoutMetrics')
            size = m.get('cssContentSize') or m['contentSize']
            params['clip'] = {'x': 0, 'y': 0, 'width': size['width'], 'height': size['height'], 'scale': 1}
            params['captureBeyondViewport'] = True
        data = self.call('Page.captureScreenshot', params)['data']
        with open(path, 'wb') as f:
            f.write(base64.b64decode(data))

    def viewport(self, width, height, mobile=False, scale=1):
        self.call('Emulation.setDeviceMetricsOverride', {'width': width, 'height': height, 'deviceScaleFactor': scale, 'mobile': mobile})

    def color_scheme(self, scheme):
        self.call('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})

    def close(self):
        self.ws.close()


class Browser:
    """A headless Chromium with its own throw-away profile; `scrollbars=True`
    keeps classic scrollbars (15 px, taking room) instead of hiding them."""

    def __init__(self, width=1400, height=900, scrollbars=False):
        exe = find_chromium()
        if not exe:
            raise CDPError('Chromium not found: install it (Debian: apt-get install -y chromium) or set CHROMIUM')
        self.profile = tempfile.mkdtemp(prefix='menagerie-chromium-')
        args = [exe, '--headless=new', '--remote-debugging-port=0', f'--user-data-dir={self.profile}',
                '--no-first-run', '--no-default-browser-check', '--disable-background-networking', '--disable-component-update',
                '--disable-default-apps', '--disable-extensions', '--disable-sync', '--disable-gpu', '--mute-audio',
                '--disable-features=Translate,MediaRouter,OptimizationHints', '--metrics-recording-only', '--password-store=basic',
                '--use-mock-keychain'] + ([] if scrollbars else ['--hide-scrollbars']) + [f'--window-size={width},{height}', 'about:blank']
        if os.geteuid() == 0:
            args.insert(1, '--no-sandbox')
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        atexit.register(self.quit)  # never leave a browser behind, even on a crash
        port_file = os.path.join(self.profile, 'DevToolsActivePort')
        deadline = time.time() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.proc.poll() is not None:
                raise CDPError('Chromium exited: ' + self.proc.stderr.read().decode(errors='replace')[-2000:])
            if time.time() > deadline:
                self.quit()
                raise CDPError('Chromium did not start within 60 s')
            time.sleep(0.1)
        time.sleep(0.1)
        with open(port_file) as f:
            self.port = int(f.readline().strip())
        targets = []
        while time.time() < deadline and not any(t.get('type') == 'page' for t in targets):
            with urllib.request.urlopen(f'http://127.0.0.1:{self.port}/json/list', timeout=10) as r:
                targets = json.load(r)
            time.sleep(0.1)
        target = next(t for t in targets if t.get('type') == 'page')
        self.page = Page(target['webSocketDebuggerUrl'])

    def quit(self):
        if getattr(self, 'closed', False):
            return
        self.closed = True
        try:
            if getattr(self, 'page', None):
                self.page.close()
        finally:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait(5)
            for _ in range(10):  # helper processes may still be writing to it
                shutil.rmtree(self.profile, ignore_errors=True)
                if not os.path.exists(self.profile):
                    break
                time.sleep(0.3)
