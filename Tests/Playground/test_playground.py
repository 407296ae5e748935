#!/usr/bin/env python3
"""Browser test of the playground in real headless Chromium (DevTools
protocol, standard library only).

  python3 Tests/Playground/test_playground.py
  BASE_URL=http://127.0.0.1:8080 python3 Tests/Playground/test_playground.py

Without BASE_URL it starts the mock server (mock_server.py, graphql-core) on
a free port. It depends only on the URL contract (GET / is the page, its
files are under /playground/, POST /graphql) and on the schema contract, so
it runs unchanged against the real server.

Loads the page, types queries, runs them, and checks the rendered result,
errors with paths, the gallery and its viewer, the editor (highlighting,
completion, validation markers, brackets, prettify), tabs, history, docs,
examples, dark mode persistence across a reload, a phone-width layout,
accessible names, the size budget, that nothing broke the
Content-Security-Policy, and that no request left the origin.

Prints one line per check and closes with "N passed, N failed"; exits 1 if
any check failed, 2 if it could not start.
"""

import json
import os
import re
import sys
import time
import traceback
import urllib.request
import urllib.error
from urllib.parse import quote, urljoin, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CDPError  # noqa: E402

SIZE_BUDGET = 250 * 1024

base = ''
page = None
origin = ''


def js(expr):
    return page.evaluate(expr)


def set_editor(text):
    """Replaces the editor's text as a paste would (one undoable edit)."""
    js(f"""(() => {{ const i = document.getElementById('editor-input'); i.focus(); i.select();
        document.execCommand('insertText', false, {json.dumps(text)}); }})()""")


def editor_value():
    return js("document.getElementById('editor-input').value")


def set_caret(pos):
    js(f"(() => {{ const i = document.getElementById('editor-input'); i.focus(); i.setSelectionRange({pos}, {pos}); i.dispatchEvent(new MouseEvent('click', {{bubbles: true}})); }})()")


def set_textarea(id_, text):
    js(f"""(() => {{ const v = document.getElementById({json.dumps(id_)}); v.focus(); v.select();
        document.execCommand('insertText', false, {json.dumps(text)}); }})()""")


def run_with_keyboard():
    js("document.body.dataset.state = 'idle'")
    js("document.getElementById('editor-input').focus()")
    page.key('Enter', modifiers=2)  # Ctrl+Enter
    try:
        page.wait_for("document.body.dataset.state === 'done'", what='the response')
    except AssertionError as e:
        state = js("[document.body.dataset.state, document.activeElement.id, document.getElementById('meta-status').textContent, document.getElementById('variables-error').textContent, document.getElementById('headers-error').textContent, document.getElementById('editor-input').value.slice(0, 80)]")
        raise AssertionError(f'{e}; page state, focus, status: {state}') from None


def fetch_json(query, variables=None):
    """The same request the page makes, from the page (same origin)."""
    body = {'query': query}
    if variables is not None:
        body['variables'] = variables
    return js(f"""fetch('/graphql', {{method: 'POST', headers: {{'Content-Type': 'application/json',
        'Accept': 'application/graphql-response+json, application/json'}}, body: {json.dumps(json.dumps(body))}}}).then(r => r.json())""")


def text_of(selector):
    return js(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); return e ? e.textContent : null; }})()")


def wait_validation():
    # Validation runs 120 ms after the last keystroke.
    js("new Promise(r => setTimeout(r, 250))")


# ------------------------------------------------------------------ checks

def csp_of_page():
    doc = [p for m, p in page.events if m == 'Network.responseReceived' and p.get('type') == 'Document' and p['response']['url'].rstrip('/') == base]
    return {k.lower(): v for k, v in doc[-1]['response']['headers'].items()}.get('content-security-policy', '') if doc else ''


def check_page_loads():
    page.navigate(base + '/')
    page.wait_for("['ready', 'error'].includes(document.body.dataset.schema)", what='the schema to load')
    assert js("document.body.dataset.schema") == 'ready', text_of('#schema-status')
    assert 'Menagerie' in js('document.title')
    doc = [p for m, p in page.events if m == 'Network.responseReceived' and p.get('type') == 'Document' and p['response']['url'].rstrip('/') == base]
    assert doc, 'no document response recorded'
    headers = {k.lower(): v for k, v in doc[-1]['response']['headers'].items()}
    csp = headers.get('content-security-policy', '')
    assert "default-src 'self'" in csp, f'the page is served without CSP default-src \'self\' (got {csp!r})'
    assert js("document.querySelectorAll('script:not([src]), style, [style]').length") == 0, 'inline script or style in the page'


def check_syntax_highlighting():
    set_editor('query Q($n: Int = 2) {\n  breeds(limit: $n) {\n    items { name }\n  }\n}\n')
    spans = js("""[...document.querySelectorAll('#editor-code span')].map(s => [s.className, s.textContent])""")
    classes = {}
    for cls, text in spans:
        for c in cls.split():
            classes.setdefault(c, set()).add(text)
    assert 'query' in classes.get('tk-keyword', set()), classes
    assert 'breeds' in classes.get('tk-field', set()), classes
    assert 'limit' in classes.get('tk-arg', set()), classes
    assert 'Int' in classes.get('tk-type', set()), classes
    assert '2' in classes.get('tk-number', set()), classes
    assert 'n' in classes.get('tk-variable', set()), classes
    # The highlight layer shows exactly the editor's text.
    assert js("document.getElementById('editor-code').textContent.trimEnd() === document.getElementById('editor-input').value.trimEnd()")


def check_bracket_matching():
    set_editor('{ breeds(limit: 1) { totalCount } }')
    set_caret(1)  # just after the first "{"
    marks = js("[...document.querySelectorAll('#editor-code .bracket-match')].map(s => s.textContent)")
    assert marks == ['{', '}'], marks
    set_caret(len('{ breeds('))
    marks = js("[...document.querySelectorAll('#editor-code .bracket-match')].map(s => s.textContent)")
    assert marks == ['(', ')'], marks
    set_editor('{ breeds { totalCount }')
    assert js("document.querySelectorAll('#editor-code .bracket-bad').length") >= 1


def check_autocompletion():
    set_editor('')
    page.type_text('{ bre')
    page.wait_for("!document.getElementById('completion').hidden", what='the completion list')
    labels = js("[...document.querySelectorAll('#completion li .c-label')].map(l => l.textContent)")
    assert 'breeds' in labels and 'breed' in labels, labels
    assert js("document.getElementById('editor-input').getAttribute('aria-activedescendant')") == 'completion-0'
    # Pick "breeds" with the keyboard.
    k = labels.index('breeds')
    for _ in range(k):
        page.key('ArrowDown')
    page.key('Enter')
    # An object field comes with the leaf fields Run would fill in, the caret after them.
    assert editor_value() == '{ breeds { totalCount hasMore }', editor_value()
    assert js("document.getElementById('editor-input').selectionStart") == len('{ breeds { totalCount hasMore')
    assert js("document.getElementById('completion').hidden")
    # Typing "(" closes the bracket and offers the arguments...
    set_editor('{ animals')
    page.key('(')
    assert editor_value() == '{ animals()', editor_value()
    page.wait_for("!document.getElementById('completion').hidden", what='argument completion')
    page.key('Escape')
    # ...as does Ctrl+Space; then enum values of the argument's type.
    set_editor('{ animals(')
    set_caret(len('{ animals('))
    page.key(' ', modifiers=2)  # Ctrl+Space
    page.wait_for("!document.getElementById('completion').hidden", what='argument completion')
    labels = js("[...document.querySelectorAll('#completion li .c-label')].map(l => l.textContent)")
    assert {'search', 'type', 'limit', 'skip'} <= set(labels), labels
    page.type_text('ty')
    page.key('Enter')
    assert editor_value() == '{ animals(type: ', editor_value()
    page.wait_for("!document.getElementById('completion').hidden", what='enum completion')
    labels = js("[...document.querySelectorAll('#completion li .c-label')].map(l => l.textContent)")
    assert {'MAMMAL', 'BIRD', 'REPTILE'} <= set(labels), labels
    page.key('Escape')
    # Types in variable definitions, variables in values.
    set_editor('query Q($text: ')
    set_caret(len('query Q($text: '))
    page.key(' ', modifiers=2)
    page.wait_for("!document.getElementById('completion').hidden", what='type completion')
    labels = js("[...document.querySelectorAll('#completion li .c-label')].map(l => l.textContent)")
    assert {'String', 'Int', 'AnimalType', 'MonsterSize'} <= set(labels) and 'Breed' not in labels, labels
    page.key('Escape')
    set_editor('query Q($text: String!) { search(text: ')
    page.type_text('$')
    page.wait_for("!document.getElementById('completion').hidden", what='variable completion')
    labels = js("[...document.querySelectorAll('#completion li .c-label')].map(l => l.textContent)")
    assert 'text' in labels, labels
    page.key('Enter')
    assert editor_value().endswith('search(text: $text'), editor_value()


def check_validation_markers():
    set_editor('{\n  breeds(limt: 2) {\n    items { nope }\n  }\n  animals(type: FISHY) { totalCount }\n}\n')
    wait_validation()
    msgs = js("[...document.querySelectorAll('#diagnostics .diag')].map(d => d.textContent)")
    joined = '\n'.join(msgs)
    assert '2:10 Unknown argument "limt" on field "Query.breeds".' in joined, joined
    assert '3:13 Cannot query field "nope" on type "Breed".' in joined, joined
    assert 'Value "FISHY" does not exist in "AnimalType" enum.' in joined, joined
    underlined = js("[...document.querySelectorAll('#editor-code .diag-error')].map(s => s.textContent).join('|')")
    assert 'limt' in underlined and 'nope' in underlined and 'FISHY' in underlined, underlined
    assert js("document.querySelectorAll('#editor-gutter .ln-error').length") == 3
    set_editor('{ breeds(limit: 2 { totalCount } }')
    wait_validation()
    msgs = js("[...document.querySelectorAll('#diagnostics .diag')].map(d => d.textContent)")
    assert any('Syntax Error: Expected Name, found "{".' in m for m in msgs), msgs
    set_editor('{ breeds { totalCount } }')
    wait_validation()
    assert js("document.querySelectorAll('#diagnostics .diag').length") == 0


def check_prettify():
    set_editor('query Q($n:Int=2){breeds(limit:$n){items{name imageUrl} totalCount}}')
    page.click('#prettify')
    expected = 'query Q($n: Int = 2) {\n  breeds(limit: $n) {\n    items {\n      name\n      imageUrl\n    }\n    totalCount\n  }\n}\n'
    assert editor_value() == expected, repr(editor_value())
    # Shift+Ctrl+P does the same; undo restores the previous text.
    set_editor('{a:breeds{totalCount}}')
    js("document.getElementById('editor-input').focus()")
    page.key('P', modifiers=2 | 8)
    assert editor_value() == '{\n  a: breeds {\n    totalCount\n  }\n}\n', repr(editor_value())
    page.key('a', modifiers=2)  # (select all, then undo restores the text before)
    js("document.execCommand('undo')")
    assert editor_value() == '{a:breeds{totalCount}}', repr(editor_value())
    # Comments between fields and definitions survive.
    set_editor('# top\n\n{a:breeds{ # first\ntotalCount # how many\n}}')
    page.click('#prettify')
    assert editor_value() == '# top\n\n{\n  a: breeds {\n    # first\n    totalCount # how many\n  }\n}\n', repr(editor_value())
    # A document that does not parse stays as it is and keeps the parser's error.
    broken = '{ breeds(limit: 2 { totalCount } }'
    set_editor(broken)
    wait_validation()
    page.click('#prettify')
    assert editor_value() == broken, repr(editor_value())
    msgs = js("[...document.querySelectorAll('#diagnostics .diag')].map(d => d.textContent)")
    assert any('Syntax Error: Expected Name, found "{".' in m for m in msgs), msgs
    assert not any('prettify needs' in m for m in msgs), msgs


def add_tab_with_button():
    """Clicks + and waits for the new tab. + sits after the tabs, whose titles are redrawn
    300 ms after the editor changes (`drawTabsSoon`): a click measured before such a redraw
    lands where + was. So the click waits until + has kept its place for 400 ms; should a click
    still give no tab, it is clicked again once, saying so; a button that does nothing fails
    with the tab count and the element under the pointer."""
    count = "document.querySelectorAll('#tabs .tab').length"
    n = js(count)
    for attempt in (1, 2):
        place = page.center('#tab-add')
        for _ in range(50):
            time.sleep(0.4)
            now = page.center('#tab-add')
            if now == place:
                break
            place = now
        page.click('#tab-add')
        try:
            return page.wait_for(f"{count} > {n} && {count}", timeout=5, what='the new tab')
        except AssertionError:
            x, y = page.center('#tab-add')
            under = js(f"(document.elementFromPoint({x}, {y}) || {{}}).outerHTML")
            if attempt == 2:
                raise AssertionError(f'no new tab after two clicks on + ({js(count)} tabs, {n} before; under the pointer: {under})')
            print(f'      the click on + gave no tab within 5 s ({js(count)} tabs; under the pointer: {under}): clicking again')


def check_result_tools_wait_for_a_result():
    """Expand all, Collapse all and Copy JSON show only once there is a
    result; until then the gallery says only how to get pictures."""
    add_tab_with_button()
    visible = "['expand-all', 'collapse-all', 'copy-result'].map(id => document.getElementById(id).getClientRects().length > 0)"
    assert js(visible) == [False, False, False], js(visible)
    # Before a run the gallery gives a neutral hint, not "no image URLs".
    note = text_of('#gallery-note')
    assert 'No image URLs' not in note and 'Run a query' in note, note
    page.type_text('__typename')
    run_with_keyboard()
    assert js(visible) == [True, True, True], js(visible)
    assert 'No image URLs' in text_of('#gallery-note'), text_of('#gallery-note')
    assert js("document.querySelectorAll('#tabs .tab').length") > 1, js("document.getElementById('tabs').innerHTML")
    js("document.querySelector('#tabs .tab.active .tab-close').id = 'closing'")
    page.click('#closing')


def check_run_and_result():
    query = '{ breeds(limit: 3) { totalCount hasMore items { id name imageUrl } } }'
    set_editor(query)
    run_with_keyboard()
    status = text_of('#meta-status')
    assert status.startswith('200'), status
    assert text_of('#meta-time').endswith(' ms'), text_of('#meta-time')
    assert text_of('#meta-size').endswith('B'), text_of('#meta-size')
    expected = fetch_json(query)
    items = expected['data']['breeds']['items']
    assert len(items) == 3, expected
    shown = text_of('#result')
    for it in items:
        assert json.dumps(it['name']) in shown, (it['name'], shown[:500])
    assert f'"totalCount": {expected["data"]["breeds"]["totalCount"]}' in shown.replace(':\u00a0', ': ')
    assert js("document.getElementById('errors').hidden")


def check_collapsible_json():
    # Collapse the "items" list: its names disappear from view; expand: back.
    row = "[...document.querySelectorAll('#result .jv-row')].find(r => r.querySelector(':scope > .jv-head > .jv-key')?.textContent === '\"items\"')"
    assert js(f"!!{row}")
    js(f"{row}.querySelector(':scope > .jv-head > .jv-toggle').setAttribute('id', 'items-toggle')")
    page.click('#items-toggle')
    assert js("document.getElementById('items-toggle').getAttribute('aria-expanded')") == 'false'
    assert js(f"{row}.querySelector('.jv-body').offsetParent === null")
    assert '3 items' in js(f"{row}.querySelector('.jv-summary').textContent")
    page.click('#items-toggle')
    assert js("document.getElementById('items-toggle').getAttribute('aria-expanded')") == 'true'
    page.click('#collapse-all')
    assert js("document.querySelectorAll('#result .jv-row.collapsed').length") >= 3
    page.click('#expand-all')
    assert js("document.querySelectorAll('#result .jv-row.collapsed').length") == 0


def check_variables_pane():
    set_editor('query Two($n: Int) { breeds(limit: $n) { items { name } } }')
    set_textarea('variables', '{"n": 2}')
    run_with_keyboard()
    names = js("[...document.querySelectorAll('#result .jv-key')].filter(k => k.textContent === '\"name\"').length")
    assert names == 2, names
    set_textarea('variables', '{"n": ')
    page.click('#run')
    assert 'Invalid JSON' in text_of('#variables-error'), text_of('#variables-error')
    set_textarea('variables', '')


def check_headers_pane():
    page.click('#tab-headers')
    assert not js("document.getElementById('headers-pane').hidden")
    set_textarea('headers', '{"X-Playground-Test": "yes"}')
    set_editor('{ breeds(limit: 1) { totalCount } }')
    run_with_keyboard()
    sent = [p['request'].get('headers', {}) for m, p in page.events
            if m == 'Network.requestWillBeSent' and p['request']['url'].endswith('/graphql') and p['request']['method'] == 'POST']
    assert sent and sent[-1].get('X-Playground-Test') == 'yes', sent[-1:]
    assert 'application/graphql-response+json' in sent[-1].get('Accept', ''), sent[-1]
    set_textarea('headers', '')
    page.click('#tab-variables')


def check_headers_remembered_only_on_request():
    """Headers (a token, say) reach local storage only with "Remember headers"."""
    token = 'Bearer secret-token-123'
    stored = "(localStorage.getItem('menagerie.tabs') || '') + (localStorage.getItem('menagerie.history') || '')"
    page.click('#tab-headers')
    assert js("document.getElementById('remember-headers').checked") is False, 'remember headers is on by default'
    set_textarea('headers', json.dumps({'Authorization': token}))
    set_editor('{ breeds(limit: 1) { totalCount } }')
    run_with_keyboard()
    js("new Promise(r => setTimeout(r, 400))")
    assert token not in js(stored), 'headers were stored without asking'
    page.click('#remember-headers')
    js("new Promise(r => setTimeout(r, 400))")
    assert token in js("localStorage.getItem('menagerie.tabs')"), 'headers not stored when asked'
    run_with_keyboard()
    assert token in js("localStorage.getItem('menagerie.history')")
    page.click('#remember-headers')
    js("new Promise(r => setTimeout(r, 400))")
    assert token not in js(stored), 'headers stayed stored after unticking'
    # Headers stored earlier (before the choice existed) leave on the next load.
    js(f"""(() => {{ const t = JSON.parse(localStorage.getItem('menagerie.tabs')); t.tabs[0].headers = {json.dumps(json.dumps({'Authorization': token}))};
        localStorage.setItem('menagerie.tabs', JSON.stringify(t));
        const h = JSON.parse(localStorage.getItem('menagerie.history')); h[0].headers = t.tabs[0].headers;
        localStorage.setItem('menagerie.history', JSON.stringify(h)); }})()""")
    page.reload()
    page.wait_for("document.body.dataset.schema === 'ready'")
    assert token not in js(stored), 'headers stored earlier stayed after a reload'
    set_textarea('headers', '')
    page.click('#tab-variables')


def check_errors_with_paths():
    set_editor('{\n  ok: breeds(limit: 1) { totalCount }\n  bad: breeds(limit: 500) { totalCount }\n}\n')
    run_with_keyboard()
    assert not js("document.getElementById('errors').hidden")
    paths = js("[...document.querySelectorAll('#errors .error-path')].map(p => p.textContent)")
    assert 'bad' in paths, paths
    assert 'BAD_USER_INPUT' in text_of('#errors')
    assert js("[...document.querySelectorAll('#result .jv-error .jv-key')].some(k => k.textContent === '\"bad\"')")
    # The location button moves the caret to line 3, column 3.
    js("document.querySelector('#errors .error-loc').id = 'loc0'")
    page.click('#loc0')
    assert js("document.getElementById('editor-input').selectionStart") == len('{\n  ok: breeds(limit: 1) { totalCount }\n  ')


def image_src(url):
    """Where the page loads image `url` from (Playground/result.js imageSrc)."""
    absolute = urljoin(base + '/', url)
    if urlsplit(absolute).netloc == urlsplit(base).netloc:
        return absolute
    return base + '/images?url=' + quote(url, safe="!~*'()")


def check_image_route():
    """The same-origin image route: the gallery's other-site pictures come
    through it; it refuses hosts that are not allowed and answers a picture
    (the real one with a network, else harmless SVG: the default `auto` mode
    falls back to placeholders at once offline) with headers that keep it
    inert."""
    def get(url):
        try:
            with urllib.request.urlopen(base + '/images?url=' + quote(url, safe=''), timeout=10) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()
    status, _, _ = get('https://evil.example/x.jpg')
    assert status == 403, status
    status, _, _ = get('not a url')
    assert status in (400, 403), status
    status, headers, body = get('https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg')
    assert status == 200, status
    assert headers.get('X-Content-Type-Options') == 'nosniff', headers
    if headers.get('Content-Type', '').startswith('image/svg+xml') and 'mock' not in headers.get('Server', '').lower():
        assert headers.get('Content-Security-Policy') == "default-src 'none'; style-src 'unsafe-inline'", headers
        assert b'hound-afghan' in body and b'<script' not in body


GALLERY_SETTLED = "document.getElementById('gallery').dataset.pending === '0'"
CARDS_JS = """[...document.querySelectorAll('#gallery .thumb')].map(b => ({unfetched: b.classList.contains('unfetched'),
    src: (b.querySelector('img') || {}).src || '', caption: b.querySelector('.thumb-caption').textContent,
    count: b.querySelector('.thumb-count').textContent, text: b.innerText, label: b.getAttribute('aria-label')}))"""


def check_gallery_and_viewer():
    query = '{ breeds(limit: 4) { items { name imageUrl } } }'
    set_editor(query)
    run_with_keyboard()
    expected = fetch_json(query)
    urls = []
    for it in expected['data']['breeds']['items']:
        if it['imageUrl'] and (it['imageUrl'], it['name']) not in urls:
            urls.append((it['imageUrl'], it['name']))
    names = [n for _, n in urls]
    urls = [u for u, _ in urls]
    assert urls, 'the server returned no image URLs for the first breeds'
    assert text_of('#gallery-count') == str(len(urls))
    page.click('#view-gallery')
    assert js("!document.getElementById('gallery-pane').hidden")
    # Other sites' pictures load through the server's same-origin image route
    # (/images?url=...), so the page's CSP (default-src 'self') never has to
    # let another origin in; pictures of this origin load as they are.
    expected_srcs = [image_src(u) for u in urls]
    page.wait_for(GALLERY_SETTLED, what="the server's word on each picture")
    cards = js(CARDS_JS)
    assert len(cards) == len(urls), (cards, urls)
    # Captions are the breed names (the sibling name field), not cut paths.
    assert [c['caption'] for c in cards] == names, (cards, names)
    # Each card is the picture, loaded under the CSP, or (the real server
    # offline) a card saying it could not be fetched, why, and whose it is.
    for card, src, name, url in zip(cards, expected_srcs, names, urls):
        if card['unfetched']:
            assert 'Could not be fetched: ' in card['text'] and name in card['text'] and not card['src'], card
            assert url.rsplit('/', 1)[-1].rsplit('.', 1)[0] not in card['text'], ('the card shows the file name, not the name', card)
        else:
            assert card['src'] == src, (card, src)
    page.wait_for("[...document.querySelectorAll('#gallery .thumb img')].every(i => i.complete && i.naturalWidth > 0)", what='thumbnails to load')
    assert not js("document.querySelector('#gallery .thumb.broken')"), 'a thumbnail is marked broken'
    page.click('#gallery .thumb')
    assert js("document.getElementById('viewer').open"), 'the viewer did not open'
    assert js("document.getElementById('viewer-link').href") == urls[0], 'the viewer does not link the original URL'
    size = js("(() => { const r = document.getElementById('viewer').getBoundingClientRect(); return [r.width, r.height, innerWidth, innerHeight]; })()")
    assert size[0] == size[2] and size[1] == size[3], f'the viewer does not fill the screen: {size}'
    if cards[0]['unfetched']:
        page.wait_for("!document.getElementById('viewer-missing').hidden", what="the viewer's word on the placeholder")
        said = text_of('#viewer-missing')
        assert names[0] in said and 'could not be fetched' in said, said
        assert js("document.getElementById('viewer-img').hidden")
    else:
        page.wait_for("document.getElementById('viewer-img').naturalWidth > 0", what='the full image')
        assert js("document.getElementById('viewer-img').src") == expected_srcs[0]
    shows = "document.getElementById('viewer-caption').textContent.split(' ')[0]"
    page.click(at=(size[2] / 2, size[3] / 2))
    assert not js("document.getElementById('viewer').open"), 'a click did not dismiss the viewer'
    # Visible close, previous and next buttons, and a swipe.
    if len(urls) > 1:
        page.click('#gallery .thumb')
        for b in ('#viewer-close', '#viewer-prev', '#viewer-next'):
            r = js(f"(() => {{ const r = document.querySelector('{b}').getBoundingClientRect(); return [r.width, r.height]; }})()")
            assert r[0] >= 24 and r[1] >= 24, (b, r)
        page.click('#viewer-next')
        assert js("document.getElementById('viewer').open") and js(shows) == '2' and js("document.getElementById('viewer-link').href") == urls[1]
        page.click('#viewer-prev')
        assert js(shows) == '1'
        y = size[3] / 2
        page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': size[2] * 0.7, 'y': y})
        page.call('Input.dispatchMouseEvent', {'type': 'mousePressed', 'x': size[2] * 0.7, 'y': y, 'button': 'left', 'clickCount': 1})
        for k in range(1, 6):
            page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': size[2] * (0.7 - 0.08 * k), 'y': y, 'button': 'left', 'buttons': 1})
        page.call('Input.dispatchMouseEvent', {'type': 'mouseReleased', 'x': size[2] * 0.3, 'y': y, 'button': 'left', 'clickCount': 1})
        assert js("document.getElementById('viewer').open"), 'a swipe closed the viewer'
        assert js(shows) == '2', 'a swipe left did not show the next picture'
        page.click('#viewer-close')
        assert not js("document.getElementById('viewer').open"), 'the close button did not close the viewer'
    page.click('#view-result')


def is_dark():
    bg = js("getComputedStyle(document.body).backgroundColor")
    nums = [int(x) for x in bg[bg.index('(') + 1:bg.index(')')].split(',')[:3]]
    return sum(nums) / 3 < 100


def check_gallery_duplicates():
    """Two breeds with one picture URL both show (their names differ); the
    same URL under the same name merges, and the gallery says so."""
    query = '{ breeds(limit: 6) { items { name imageUrl } } a: breeds(limit: 2) { items { name imageUrl } } }'
    set_editor(query)
    run_with_keyboard()
    data = fetch_json(query)['data']
    items = [it for it in data['breeds']['items'] + data['a']['items'] if it['imageUrl']]
    pairs = []
    for it in items:
        if (it['imageUrl'], it['name']) not in pairs:
            pairs.append((it['imageUrl'], it['name']))
    assert text_of('#gallery-count') == str(len(pairs)), (text_of('#gallery-count'), pairs)
    merged = len(items) - len(pairs)
    assert merged > 0
    note = text_of('#gallery-note')
    assert f'{merged} repeat' in note, note
    captions = js("[...document.querySelectorAll('#gallery .thumb-caption')].map(c => c.textContent)")
    assert captions == [n for _, n in pairs], captions
    # A repeated picture shows once, with how many times (×N).
    times = [sum(1 for it in items if (it['imageUrl'], it['name']) == p) for p in pairs]
    badges = js("[...document.querySelectorAll('#gallery .thumb-count')].map(c => c.textContent)")
    assert badges == [f'×{n}' if n > 1 else '' for n in times], (badges, times)


SHORT_REASONS = {'offline': 'offline', 'timeout': 'no answer in time', 'host-failed': 'host failed', 'not-found': 'not found',
                 'not-an-image': 'not an image', 'too-large': 'too large', 'redirected': 'redirected', 'not-fetched': 'placeholder mode'}


def image_answer(url):
    """How the server answers picture `url` (through /images when it is another site's):
    (is a placeholder, reason)."""
    src = image_src(url)
    if '/images?url=' not in src:
        return False, ''
    with urllib.request.urlopen(src, timeout=15) as r:
        r.read()
        return r.headers.get('X-Menagerie-Image') == 'placeholder', r.headers.get('X-Menagerie-Image-Reason') or ''


def check_gallery_placeholders():
    """A picture the server could not fetch (X-Menagerie-Image: placeholder)
    shows as a card that says so and why (X-Menagerie-Image-Reason), under
    the breed's name, not the image's id; alike cards show once with ×N (the
    "10 photos" example offline: one card, ×10), and the viewer says the
    same. The mock server is offline for Dog CEO's pictures (Akita's are
    404s); the real one answers what it can."""
    def run(size, theme):
        page.click('#open-examples')
        js("[...document.querySelectorAll('#examples-list .example')].find(b => b.textContent.startsWith('10 photos')).id = 'ex-photos'")
        page.click('#ex-photos')
        assert js("document.getElementById('side').hidden"), 'the Examples panel stayed open'
        run_with_keyboard()
        data = fetch_json('query ($id: ID!) { breed(id: $id) { name images(count: 10) } }', {'id': 'hound/afghan'})['data']['breed']
        name, urls = data['name'], list(dict.fromkeys(data['images']))
        answers = [image_answer(u) for u in urls]
        groups = {}  # placeholders alike: one card each
        for u, (drawn, reason) in zip(urls, answers):
            if drawn:
                groups.setdefault(reason, []).append(u)
        page.click('#view-gallery')
        js("document.getElementById('gallery').scrollIntoView()")
        page.wait_for(GALLERY_SETTLED, what="the server's word on each picture")
        cards = js(CARDS_JS)
        if size[0] > 1000 and theme == 'light':
            print(f'      10 photos of {name}: {len(cards)} card(s); not fetched: ' + (', '.join(f'{len(m)} ({r})' for r, m in groups.items()) or 'none'))
        assert len(cards) == sum(1 for d, _ in answers if not d) + len(groups), (cards, answers)
        assert text_of('#gallery-count') == str(len(cards))
        unfetched = [c for c in cards if c['unfetched']]
        assert len(unfetched) == len(groups), (cards, groups)
        for card, (reason, members) in zip(unfetched, groups.items()):
            short = SHORT_REASONS.get(reason.split(' ')[0], 'reason unknown')
            assert card['caption'] == name and name in card['text'], card
            assert 'Could not be fetched: ' + short in card['text'], (card, reason)
            if reason.startswith('not-found'):
                assert reason.split(' ')[-1] in card['text'], (card, reason)
            assert card['count'] == (f'×{len(members)}' if len(members) > 1 else ''), (card, len(members))
            assert not any(u.rsplit('/', 1)[-1].rsplit('.', 1)[0] in card['text'] for u in members), ('the card shows an image id', card)
            assert 'could not be fetched' in card['label'], card
        if groups:
            missing = sum(len(m) for m in groups.values())
            assert f'{missing} picture{"s" if missing > 1 else ""} could not be fetched' in text_of('#gallery-note'), text_of('#gallery-note')
            assert_contrast('#gallery .thumb-why')
            assert_contrast('#gallery .thumb-name')
            if any(len(m) > 1 for m in groups.values()):
                assert_contrast('#gallery .thumb-count')
            # The viewer says it too, for the whole card.
            js("document.querySelector('#gallery .thumb.unfetched').id = 'unfetched-card'")
            page.click('#unfetched-card')
            page.wait_for("!document.getElementById('viewer-missing').hidden", what="the viewer's word on the placeholder")
            said = text_of('#viewer-missing')
            reason, members = next(iter(groups.items()))
            assert name in said and 'The picture could not be fetched: ' in said, said
            if reason == 'offline':
                assert 'offline' in said and urlsplit(members[0]).hostname in said, said
            if len(members) > 1:
                assert f'all {len(members)} pictures' in said and f'×{len(members)}' in text_of('#viewer-caption'), (said, text_of('#viewer-caption'))
            assert js("document.getElementById('viewer-img').hidden"), 'the viewer shows the placeholder drawing'
            page.key('Escape')
            assert not js("document.getElementById('viewer').open")
        # The mock's Akita pictures are missing upstream: a 404, said so.
        if image_answer('https://images.dog.ceo/breeds/akita/gone_1.jpg') == (True, 'not-found 404'):
            set_editor('{ breed(id: "akita") { name images(count: 3) } }')
            run_with_keyboard()
            page.wait_for(GALLERY_SETTLED + " && document.querySelectorAll('#gallery .thumb').length === 1", what='one card for the three missing pictures')
            card = js(CARDS_JS)[0]
            assert 'Akita' in card['text'] and 'Could not be fetched: not found (404)' in card['text'] and card['count'] == '×3', card
        page.click('#view-result')
        js("document.querySelector('#tabs .tab.active .tab-close').id = 'closing'")
        page.click('#closing')

    each_size_and_theme(run)


LAYOUT_BOX = """((sel) => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).map(e => {
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }))"""


def boxes(selector):
    return js(f"{LAYOUT_BOX}({json.dumps(selector)})")


def overlaps(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def assert_inside_viewport(selector):
    """Every visible `selector` lies across the viewport's width (what a
    classic scrollbar leaves of it)."""
    width = js("document.documentElement.clientWidth")
    found = boxes(selector)
    assert found, f'nothing visible matches {selector}'
    out = [b for b in found if b[0] < -0.5 or b[2] > width + 0.5]
    assert not out, f'{selector} leaves the viewport (0..{width}): {out}'


def layout_faults(label):
    """(a) the variables pane's ▾ clear of Fill variables, (b) the docs panel
    inside the viewport, (c) the help panel's descriptions at most 3 lines,
    (d) choosing an example closes the Examples panel."""
    try:
        # (a)
        fill = boxes('#fill-variables')
        assert fill, 'Fill variables is not shown'
        for other in ('#split-vars-toggle', '#tab-variables', '#tab-headers'):
            for b in boxes(other):
                assert not overlaps(fill[0], b), (f'Fill variables overlaps {other}', fill[0], b)
        assert_inside_viewport('#fill-variables')
        # (b)
        page.click('#open-docs')
        assert_inside_viewport('#side')
        assert_inside_viewport('#side .side-head h2, #docs-search, #docs-content .doc-section, #docs-content .doc-title')
        page.click('#side-close')
        # (c)
        page.click('#open-help')
        assert_inside_viewport('#side')
        lines = js("""[...document.querySelectorAll('#help-panel dd')].map(d => { const r = document.createRange(); r.selectNodeContents(d);
            return Math.round(r.getBoundingClientRect().height / parseFloat(getComputedStyle(d).lineHeight)); })""")
        assert lines and max(lines) <= 3, f'help descriptions wrap to {lines} lines'
        for dt, dd in zip(boxes('#help-panel dt'), boxes('#help-panel dd')):
            assert not overlaps(dt, dd), (dt, dd)
        page.click('#side-close')
        # (d)
        n = js("document.querySelectorAll('#tabs [role=tab]').length")
        page.click('#open-examples')
        js("document.querySelector('#examples-list .example').id = 'ex-first'")
        page.click('#ex-first')
        assert js("document.querySelectorAll('#tabs [role=tab]').length") == n + 1, 'no new tab'
        assert js("document.getElementById('side').hidden") and not boxes('#examples-panel'), 'the Examples panel stayed open'
        assert js("document.getElementById('open-examples').getAttribute('aria-expanded')") == 'false'
        assert js("document.activeElement.id") == 'editor-input', js("document.activeElement.id")
        js("document.querySelector('#tabs .tab.active .tab-close').id = 'closing'")
        page.click('#closing')
    except AssertionError as e:
        raise AssertionError(f'{label}: {e}') from None


def check_layout_faults():
    """The layout at 1400x900 and 390x844, from element boxes: on a phone
    (overlay scrollbars) and in a desktop Chromium with classic scrollbars,
    where 100vw counts a scrollbar the page cannot use."""
    global page
    for (w, h) in ((1400, 900), (390, 844)):
        page.viewport(w, h, mobile=w < 500, scale=2 if w < 500 else 1)
        js("localStorage.removeItem('menagerie.layout')")
        reload_page()
        layout_faults(f'{w}x{h}')
    page.call('Emulation.clearDeviceMetricsOverride')
    page.viewport(1400, 900)
    reload_page()
    main_page = page
    other = Browser(scrollbars=True)
    try:
        page = other.page
        for domain in ('Page', 'Runtime'):
            page.call(domain + '.enable')
        page.call('Emulation.setFocusEmulationEnabled', {'enabled': True})
        bars = []
        for (w, h) in ((1400, 900), (390, 844)):
            page.viewport(w, h)
            page.navigate(base + '/')
            page.wait_for("document.body.dataset.schema === 'ready'", what='the schema to load')
            bars.append(js("innerWidth - document.documentElement.clientWidth"))
            layout_faults(f'{w}x{h}, classic scrollbars')
        assert bars[1] > 0, f'no classic scrollbar at 390 px ({bars}): the check proves nothing'
        print(f'      classic scrollbars: {bars[1]} px at 390 px')
    finally:
        page = main_page
        other.quit()


CONTRAST_JS = r"""(() => {
  const rgba = (c) => { const m = c.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : m.concat(1); };
  const over = (fg, bg) => [0, 1, 2].map(k => fg[k] * fg[3] + bg[k] * (1 - fg[3])).concat(1);
  const backOf = (e) => {  // the opaque background behind e, blending translucent layers
    const layers = [];
    for (let x = e; x; x = x.parentElement) { const b = rgba(getComputedStyle(x).backgroundColor); if (b[3] > 0) { layers.push(b); if (b[3] >= 1) break; } }
    let bg = [255, 255, 255, 1];
    for (const l of layers.reverse()) bg = over(l, bg);
    return bg;
  };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = {};
  const badge = document.querySelector('#result .jv-badge');
  if (badge) { const bg = backOf(badge); out.badge = ratio(over(rgba(getComputedStyle(badge).color), bg), bg); }
  const v = document.getElementById('variables');
  { const bg = backOf(v); out.placeholder = ratio(over(rgba(getComputedStyle(v, '::placeholder').color), bg), bg); }
  const ed = document.getElementById('editor');
  const ring = getComputedStyle(ed).boxShadow.match(/rgba?\([^)]*\)/);
  { const bg = backOf(ed.querySelector('.editor-body') || ed); out.focusRing = ring ? ratio(over(rgba(ring[0]), bg), bg) : 0; }
  return out;
})()"""


def check_contrast():
    """WCAG AA from the computed styles, in both themes: the error badge
    and the variables placeholder 4.5:1, the editor's focus ring 3:1."""
    set_editor('{\n  ok: breeds(limit: 1) { totalCount }\n  bad: breeds(limit: 500) { totalCount }\n}\n')
    run_with_keyboard()
    set_textarea('variables', '')
    try:
        for theme in ('light', 'dark'):
            js(f"document.documentElement.setAttribute('data-theme', '{theme}')")
            js("document.getElementById('editor-input').focus()")
            c = js(CONTRAST_JS)
            assert c.get('badge', 0) >= 4.5, (theme, c)
            assert c['placeholder'] >= 4.5, (theme, c)
            assert c['focusRing'] >= 3, (theme, c)
    finally:
        js("document.documentElement.removeAttribute('data-theme')")


def check_dark_mode_persists():
    page.color_scheme('light')
    assert not is_dark() and js("document.getElementById('theme-toggle').getAttribute('aria-pressed')") == 'false'
    page.click('#theme-toggle')
    assert is_dark(), 'the toggle did not switch to dark'
    assert js("localStorage.getItem('menagerie.theme')") == 'dark'
    page.reload()
    page.wait_for("document.body.dataset.schema === 'ready'")
    assert is_dark(), 'dark mode did not survive a reload'
    assert js("document.documentElement.dataset.theme") == 'dark'
    assert js("document.getElementById('theme-toggle').getAttribute('aria-pressed')") == 'true'
    page.click('#theme-toggle')
    assert not is_dark() and js("localStorage.getItem('menagerie.theme')") is None
    # With no choice saved the page follows the system.
    page.color_scheme('dark')
    assert is_dark(), 'the page does not follow a dark system theme'
    page.color_scheme('light')
    assert not is_dark()


def check_operation_under_caret():
    doc = 'query First { breeds(limit: 1) { totalCount } }\n\nquery Second { monsters(limit: 1) { totalCount } }\n'
    set_editor(doc)
    set_caret(doc.index('Second') + 3)
    run_with_keyboard()
    shown = text_of('#result')
    assert '"monsters"' in shown and '"breeds"' not in shown, shown[:200]
    sent = [p['request'].get('postData', '') for m, p in page.events
            if m == 'Network.requestWillBeSent' and p['request']['url'].endswith('/graphql') and p['request']['method'] == 'POST']
    assert json.loads(sent[-1]).get('operationName') == 'Second', sent[-1][:200]


def check_tabs():
    n = js("document.querySelectorAll('#tabs [role=tab]').length")
    first_text = editor_value()
    page.click('#tab-add')
    assert js("document.querySelectorAll('#tabs [role=tab]').length") == n + 1
    set_editor('query SecondTab { breeds(limit: 1) { totalCount } }')
    page.wait_for("[...document.querySelectorAll('#tabs [role=tab]')].some(t => t.textContent === 'SecondTab')", what='the tab title')
    js("document.querySelectorAll('#tabs [role=tab]')[0].id = 'first-tab'")
    page.click('#first-tab')
    assert editor_value() == first_text
    # Tabs survive a reload.
    js("new Promise(r => setTimeout(r, 400))")
    page.reload()
    page.wait_for("document.body.dataset.schema === 'ready'")
    titles = js("[...document.querySelectorAll('#tabs [role=tab]')].map(t => t.textContent)")
    assert 'SecondTab' in titles, titles
    js("[...document.querySelectorAll('#tabs [role=tab]')].find(t => t.textContent === 'SecondTab').id = 'second-tab'")
    page.click('#second-tab')
    assert editor_value().startswith('query SecondTab')
    js("document.querySelector('#tabs .tab.active .tab-close').id = 'close-second'")
    page.click('#close-second')
    assert js("document.querySelectorAll('#tabs [role=tab]').length") == n


def check_new_tab_caret():
    """A new tab (+ or Alt+N) puts the caret inside its braces: typing a
    field there gives a query that runs."""
    for how in ('button', 'alt+n'):
        n = js("document.querySelectorAll('#tabs [role=tab]').length")
        if how == 'button':
            page.click('#tab-add')
        else:
            js("document.getElementById('run').focus()")
            page.key('n', modifiers=1)  # Alt+N
        assert js("document.querySelectorAll('#tabs [role=tab]').length") == n + 1, how
        assert js("document.activeElement.id") == 'editor-input', how
        page.type_text('__typename')
        text = editor_value()
        assert text.index('{') < text.index('__typename') < text.index('}'), (how, repr(text))
        run_with_keyboard()
        body = text_of('#result').replace('\u00a0', ' ')
        assert '"__typename": "Query"' in body, (how, body[:300])
        assert js("document.getElementById('errors').hidden"), (how, text_of('#errors'))
        js("document.querySelector('#tabs .tab.active .tab-close').id = 'closing'")
        page.click('#closing')
        assert js("document.querySelectorAll('#tabs [role=tab]').length") == n, how


def check_view_per_tab():
    """The Result/Gallery choice belongs to each tab."""
    shown = "document.getElementById('view-gallery').getAttribute('aria-selected') === 'true' && !document.getElementById('gallery-pane').hidden"
    first = '#' + js("document.querySelector('#tabs .tab.active .tab-button').id")
    page.click('#view-gallery')
    assert js(shown)
    n = js("document.querySelectorAll('#tabs .tab').length")
    add_tab_with_button()
    assert not js(shown) and not js("document.getElementById('result-pane').hidden"), 'a new tab shows the other tab\'s gallery'
    page.click(first)
    assert js(shown), 'the first tab lost its gallery view'
    page.click('#view-result')
    js("document.querySelectorAll('#tabs .tab')[" + str(n) + "].querySelector('.tab-close').id = 'closing'")
    page.click('#closing')
    assert js("document.querySelectorAll('#tabs .tab').length") == n


def check_history():
    page.click('#open-history')
    assert js("!document.getElementById('history-panel').hidden")
    entries = js("document.querySelectorAll('#history-list .history-load').length")
    assert entries >= 5, entries
    last = js("JSON.parse(localStorage.getItem('menagerie.history'))[0].query")
    set_editor('{ nothing }')
    js("document.querySelector('#history-list .history-load').id = 'h0'")
    page.click('#h0')
    assert editor_value() == last, (editor_value(), last)
    if js("!document.getElementById('side').hidden"):
        page.click('#side-close')


def check_docs_explorer():
    page.click('#open-docs')
    assert js("document.activeElement.id") == 'docs-search'
    assert 'Query' in text_of('#docs-content')
    page.type_text('monsters')
    page.wait_for("document.querySelector('#docs-content .doc-title')?.textContent.includes('result')", what='search results')
    js("[...document.querySelectorAll('#docs-content .doc-link')].find(b => b.textContent === 'Query.monsters').id = 'hit'")
    page.click('#hit')
    assert text_of('#docs-content .doc-title').startswith('Query.monsters')
    content = text_of('#docs-content')
    described = js("""fetch('/graphql', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({query:
        '{ __type(name: "Query") { fields { name description } } }'})}).then(r => r.json())
        .then(j => j.data.__type.fields.find(f => f.name === 'monsters').description)""")
    if described:
        assert ' '.join(described.replace('`', '').split())[:40] in ' '.join(content.split()), (described, content[:300])
    assert 'minChallengeRating' in content and 'MonsterPage' in content
    js("[...document.querySelectorAll('#docs-content .type-name')].find(b => b.textContent === 'MonsterSize').id = 'to-size'")
    page.click('#to-size')
    assert text_of('#docs-content .doc-title').startswith('MonsterSize')
    assert 'GARGANTUAN' in text_of('#docs-content')
    crumbs = js("[...document.querySelectorAll('#docs-crumbs .crumb')].map(c => c.textContent)")
    assert crumbs == ['Schema', 'Query', 'Query.monsters', 'MonsterSize'], crumbs
    js("document.querySelectorAll('#docs-crumbs .crumb')[2].id = 'crumb1'")
    page.click('#crumb1')
    assert text_of('#docs-content .doc-title').startswith('Query.monsters')
    # Interfaces list their implementations.
    set_textarea('docs-search', 'Creature')
    js("[...document.querySelectorAll('#docs-content .doc-link')].find(b => b.textContent === 'Creature').id = 'creature'")
    page.click('#creature')
    content = text_of('#docs-content')
    assert 'Implementations' in content and 'Monster' in content and 'Breed' in content
    # Deprecated fields, where the schema has any, say so.
    deprecated = js("""fetch('/graphql', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({query:
        '{ __schema { types { name fields(includeDeprecated: true) { name isDeprecated deprecationReason } } } }'})}).then(r => r.json())
        .then(j => j.data.__schema.types.flatMap(t => (t.fields || []).filter(f => f.isDeprecated).map(f => [t.name, f.name, f.deprecationReason])))""")
    if deprecated:
        tname, fname, reason = deprecated[0]
        set_textarea('docs-search', tname)
        js(f"[...document.querySelectorAll('#docs-content .doc-link')].find(b => b.textContent === {json.dumps(tname)}).id = 'dep-type'")
        page.click('#dep-type')
        item = js(f"[...document.querySelectorAll('#docs-content .doc-item.is-deprecated')].map(li => li.textContent).find(t => t.startsWith({json.dumps(fname)}))")
        assert item and 'Deprecated' in item and (not reason or reason in item), item
        if tname == 'Breed':  # ...and the editor marks their use with a warning.
            set_editor(f'{{ breed(id: "akita") {{ {fname} }} }}')
            wait_validation()
            msgs = js("[...document.querySelectorAll('#diagnostics .diag.warning')].map(d => d.textContent)")
            assert any(f'The field Breed.{fname} is deprecated.' in m for m in msgs), msgs
    # Ctrl+click on a field in the editor opens its page.
    set_editor('{ randomAnimals { name } }')
    js("document.getElementById('editor-input').setSelectionRange(4, 4)")
    x, y = js("""(() => { const i = document.getElementById('editor-input'); const r = i.getBoundingClientRect();
        const cw = document.querySelector('#editor-highlight .measure').getBoundingClientRect().width / 40;
        return [r.left + parseFloat(getComputedStyle(i).paddingLeft) + cw * 4.5, r.top + parseFloat(getComputedStyle(i).paddingTop) + 10]; })()""")
    page.call('Input.dispatchMouseEvent', {'type': 'mousePressed', 'x': x, 'y': y, 'button': 'left', 'clickCount': 1, 'modifiers': 2})
    page.call('Input.dispatchMouseEvent', {'type': 'mouseReleased', 'x': x, 'y': y, 'button': 'left', 'clickCount': 1, 'modifiers': 2})
    page.wait_for("document.querySelector('#docs-content .doc-title')?.textContent.startsWith('Query.randomAnimals')", what='Ctrl+click docs')
    # ...with the trail to it, not the path walked before.
    crumbs = js("[...document.querySelectorAll('#docs-crumbs .crumb')].map(c => c.textContent)")
    assert crumbs == ['Schema', 'Query', 'Query.randomAnimals'], crumbs
    page.click('#side-close')
    assert js("document.getElementById('side').hidden")


def check_examples_and_paging():
    page.click('#open-examples')
    titles = js("[...document.querySelectorAll('#examples-list .ex-title')].map(t => t.textContent)")
    assert len(titles) >= 6, titles
    for want in ['Breed list', '10 photos of a breed', 'Random animals (metres, kilograms)', 'Monsters, page by page', 'Monster detail', 'Cross-source search']:
        assert want in titles, (want, titles)
    n = js("document.querySelectorAll('#tabs [role=tab]').length")
    js("[...document.querySelectorAll('#examples-list .example')].find(b => b.textContent.startsWith('Monsters, page by page')).id = 'ex-monsters'")
    page.click('#ex-monsters')
    assert js("document.querySelectorAll('#tabs [role=tab]').length") == n + 1
    if js("!document.getElementById('side').hidden"):
        page.click('#side-close')
    wait_validation()
    assert js("document.querySelectorAll('#diagnostics .diag').length") == 0, text_of('#diagnostics')
    assert json.loads(js("document.getElementById('variables').value")) == {'limit': 10, 'skip': 0}
    run_with_keyboard()
    assert text_of('#meta-status').startswith('200')
    data = js("document.getElementById('result').textContent")
    assert '"monsters"' in data
    if js("!!document.querySelector('.pager')"):
        first = js("[...document.querySelectorAll('#result .jv-key')].filter(k => k.textContent === '\"id\"').map(k => k.nextSibling.nextSibling.textContent)")
        js("document.body.dataset.state = 'idle'")
        js("[...document.querySelectorAll('.pager')].find(b => b.textContent.startsWith('Next')).id = 'next-page'")
        page.click('#next-page')
        page.wait_for("document.body.dataset.state === 'done'")
        assert json.loads(js("document.getElementById('variables').value"))['skip'] == 10
        second = js("[...document.querySelectorAll('#result .jv-key')].filter(k => k.textContent === '\"id\"').map(k => k.nextSibling.nextSibling.textContent)")
        assert second and not set(first) & set(second), (first, second)


def check_defer_example_arrives_in_parts():
    """The @defer example: the answer comes as multipart/mixed parts; the result view shows them
    put together and when each part arrived."""
    page.click('#open-examples')
    js("[...document.querySelectorAll('#examples-list .example')].find(b => b.textContent.startsWith('Facts later')).id = 'ex-defer'")
    page.click('#ex-defer')
    if js("!document.getElementById('side').hidden"):
        page.click('#side-close')
    wait_validation()
    assert js("document.querySelectorAll('#diagnostics .diag').length") == 0, text_of('#diagnostics')
    run_with_keyboard()
    assert text_of('#meta-status').startswith('200'), text_of('#meta-status')
    timing = text_of('#meta-time')
    assert timing.startswith('2 parts: ') or timing.startswith('3 parts: '), timing
    data = js("document.getElementById('result').textContent")
    assert '"name"' in data and '"lifeSpan"' in data and '"temperament"' in data, data[:400]


def check_long_urls_wrap():
    """A long image URL in the result wraps in place: it starts on its key's
    line and its comma follows its last character (Cross-source search), on
    a desktop and on a phone."""
    page.click('#open-examples')
    js("[...document.querySelectorAll('#examples-list .example')].find(b => b.textContent.startsWith('Cross-source search')).id = 'ex-cross'")
    page.click('#ex-cross')
    if js("!document.getElementById('side').hidden"):
        page.click('#side-close')
    run_with_keyboard()
    layout = """[...document.querySelectorAll('#result .jv-link')].map(a => {
        const key = a.parentElement.querySelector('.jv-key'); const comma = a.nextElementSibling;
        const r = a.getClientRects(); const k = key && key.getBoundingClientRect(); const c = comma && comma.textContent ? comma.getBoundingClientRect() : null;
        return [a.textContent.length, r.length, k ? Math.abs(r[0].top - k.top) : 0, c ? Math.abs(r[r.length - 1].top - c.top) : 0]; })"""
    try:
        for size in ((1400, 900), (390, 844)):
            page.viewport(*size, mobile=size[0] < 500)
            js("new Promise(r => setTimeout(r, 150))")
            rows = js(layout)
            assert rows, 'no image links in the result'
            assert any(n > 0 and lines > 1 for n, lines, _, _ in rows) or size[0] > 1000, ('no URL wraps on a phone?', rows)
            bad = [r for r in rows if r[2] > 2 or r[3] > 2]
            assert not bad, (size, bad)
    finally:
        page.call('Emulation.clearDeviceMetricsOverride')
        page.viewport(1400, 900)
    js("document.querySelector('#tabs .tab.active .tab-close').id = 'closing'")
    page.click('#closing')


def check_examples_validate():
    """Each example runs without a validation error from the server."""
    page.click('#open-examples')
    count = js("document.querySelectorAll('#examples-list .example').length")
    page.click('#side-close')
    for k in range(count):
        page.click('#open-examples')
        js(f"document.querySelectorAll('#examples-list .example')[{k}].id = 'ex-{k}'")
        page.click(f'#ex-{k}')
        if js("!document.getElementById('side').hidden"):
            page.click('#side-close')
        wait_validation()
        assert js("document.querySelectorAll('#diagnostics .diag').length") == 0, (k, text_of('#diagnostics'))
        run_with_keyboard()
        body = js("(() => { const t = document.getElementById('result').textContent; return t; })()")
        assert text_of('#meta-status').startswith('200'), (k, text_of('#meta-status'), body[:300])
        assert '"data"' in body, (k, body[:300])
        assert 'GRAPHQL_VALIDATION_FAILED' not in text_of('#errors') and 'Cannot query' not in text_of('#errors'), (k, text_of('#errors'))
    # Close the example tabs again.
    while js("document.querySelectorAll('#tabs [role=tab]').length") > 1:
        js("document.querySelector('#tabs .tab.active .tab-close').id = 'closing'")
        page.click('#closing')


def check_keyboard_and_labels():
    page.click('#open-help')
    assert 'Prettify' in text_of('#help-panel') and js("!document.getElementById('help-panel').hidden")
    page.key('Escape')
    assert js("document.getElementById('side').hidden"), 'Escape did not close the side panel'
    unnamed = js("""[...document.querySelectorAll('button, input, textarea, select, [role=tab], [role=listbox]')].filter(e => {
        if (e.closest('[hidden]') && e.id !== 'completion') return false;
        const name = e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') && document.getElementById(e.getAttribute('aria-labelledby'))?.textContent)
          || (e.id && document.querySelector('label[for="' + e.id + '"]')?.textContent) || e.textContent.trim() || e.title;
        return !name; }).map(e => e.outerHTML.slice(0, 80))""")
    assert not unnamed, unnamed
    # Tab moves through the page; the editor keeps Tab for indenting until Escape.
    js("document.activeElement.blur(); window.focus()")
    seen = []
    for _ in range(30):
        page.key('Tab')
        seen.append(js("document.activeElement.id || document.activeElement.className"))
        if seen[-1] == 'editor-input':
            break
    assert 'editor-input' in seen, seen
    assert 'run' in seen and 'theme-toggle' in seen, seen
    before = editor_value()
    page.key('Tab')
    assert js("document.activeElement.id") == 'editor-input' and editor_value() != before, 'Tab should indent in the editor'
    page.key('Escape')
    page.key('Tab')
    assert js("document.activeElement.id") != 'editor-input', 'Escape then Tab should leave the editor'


def ax_name(selector):
    """The accessible name Chromium computes for the element."""
    root = page.call('DOM.getDocument', {'depth': 0})['root']['nodeId']
    node = page.call('DOM.querySelector', {'nodeId': root, 'selector': selector})['nodeId']
    nodes = page.call('Accessibility.getPartialAXTree', {'nodeId': node, 'fetchRelatives': False})['nodes']
    return ((nodes[0].get('name') or {}).get('value') or '') if nodes else ''


def check_phone_layout():
    page.viewport(390, 844, mobile=True, scale=2)
    try:
        js("new Promise(r => setTimeout(r, 200))")
        overflow = js("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 1, f'the page is {overflow}px wider than a phone'
        for sel in ['#run', '#editor-input', '#theme-toggle', '#open-docs', '#result-pane']:
            w = js(f"document.querySelector('{sel}').getBoundingClientRect().width")
            assert w > 0, sel
        r = js("(() => { const a = document.querySelector('.query-pane').getBoundingClientRect(); const b = document.querySelector('.response-pane').getBoundingClientRect(); return [a.bottom, b.top, b.width]; })()")
        assert r[1] >= r[0] - 1 and r[2] <= 391, f'panes not stacked on a phone: {r}'
        # The icon-only panel buttons keep an accessible name and a tooltip.
        for sel, want in [('#open-examples', 'Examples'), ('#open-history', 'History'), ('#open-docs', 'Docs')]:
            assert js(f"document.querySelector('{sel} .label').getClientRects().length") == 0, f'{sel} shows its label on a phone?'
            assert ax_name(sel) == want, (sel, ax_name(sel))
            assert js(f"document.querySelector('{sel}').title") == want, sel
        page.click('#open-docs')
        w = js("document.getElementById('side').getBoundingClientRect().width")
        assert w <= 391, w
        page.click('#side-close')
    finally:
        page.call('Emulation.clearDeviceMetricsOverride')
        page.viewport(1400, 900)


def check_phone_side_panel_is_modal():
    """At phone width the open side panel keeps the focus: Tab and
    Shift+Tab never reach the page behind it (a gallery thumbnail, say)."""
    set_editor('{ breeds(limit: 3) { items { name imageUrl } } }')
    run_with_keyboard()
    page.click('#view-gallery')
    page.viewport(390, 844, mobile=True, scale=2)
    try:
        js("new Promise(r => setTimeout(r, 200))")
        page.click('#open-docs')
        assert js("document.getElementById('side').contains(document.activeElement)")
        for key, mods in (('Tab', 8), ('Tab', 0)):
            for _ in range(12):
                page.key(key, modifiers=mods)
                where = js("[document.getElementById('side').contains(document.activeElement), document.activeElement.id || document.activeElement.className]")
                assert where[0], f'focus left the side panel: {where[1]}'
        assert js("!!document.querySelector('#gallery .thumb').closest('[inert]')"), 'the gallery behind the panel is not inert'
        page.key('Escape')
        assert js("document.getElementById('side').hidden")
        assert js("document.querySelectorAll('[inert]').length") == 0, 'the page stayed inert after closing'
        assert js("document.activeElement.id") == 'open-docs'
    finally:
        page.call('Emulation.clearDeviceMetricsOverride')
        page.viewport(1400, 900)
        page.click('#view-result')


# ------------------------------------------ variables editor and hover help

SIZES_AND_THEMES = [((1400, 900), 'light'), ((1400, 900), 'dark'), ((390, 844), 'light'), ((390, 844), 'dark')]


def each_size_and_theme(fn):
    """Runs fn(size, theme) on a desktop and a phone, light and dark."""
    try:
        for size, theme in SIZES_AND_THEMES:
            page.viewport(*size, mobile=size[0] < 500, scale=2 if size[0] < 500 else 1)
            js(f"document.documentElement.setAttribute('data-theme', '{theme}')")
            js("new Promise(r => setTimeout(r, 100))")
            try:
                fn(size, theme)
            except AssertionError as e:
                raise AssertionError(f'{size[0]}x{size[1]} {theme}: {e}') from None
    finally:
        js("document.documentElement.removeAttribute('data-theme')")
        page.call('Emulation.clearDeviceMetricsOverride')
        page.viewport(1400, 900)


CONTRAST_OF_JS = r"""((sel) => {
  const rgba = (c) => { const m = c.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : m.concat(1); };
  const over = (fg, bg) => [0, 1, 2].map(k => fg[k] * fg[3] + bg[k] * (1 - fg[3])).concat(1);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  return [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).map(e => {
    const layers = [];
    for (let x = e; x; x = x.parentElement) { const b = rgba(getComputedStyle(x).backgroundColor); if (b[3] > 0) { layers.push(b); if (b[3] >= 1) break; } }
    let bg = [255, 255, 255, 1];
    for (const l of layers.reverse()) bg = over(l, bg);
    const fg = over(rgba(getComputedStyle(e).color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05);
  });
})"""


def assert_contrast(selector, at_least=4.5):
    ratios = js(f"{CONTRAST_OF_JS}({json.dumps(selector)})")
    assert ratios, f'nothing visible matches {selector}'
    assert min(ratios) >= at_least, (selector, ratios)


def char_point(textarea_id, offset):
    """The viewport point at the middle of character `offset` of a textarea
    (scrolled into view first)."""
    return js(f"""(() => {{ const i = document.getElementById({json.dumps(textarea_id)}); i.scrollIntoView({{block: 'center'}});
        const cs = getComputedStyle(i); const r = i.getBoundingClientRect();
        const cw = i.parentElement.querySelector('.measure').getBoundingClientRect().width / 40; const lh = parseFloat(cs.lineHeight);
        const before = i.value.slice(0, {offset}); const line = before.split('\\n').length - 1; const col = before.length - before.lastIndexOf('\\n') - 1;
        return [r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft) + (col + 0.5) * cw - i.scrollLeft,
                r.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop) + (line + 0.5) * lh - i.scrollTop]; }})()""")


VISIBLE_TIP = "[...document.querySelectorAll('.hover-tip')].find(t => !t.hidden)"


def hover(textarea_id, offset):
    """Rests the mouse on a character; returns the tooltip's text ('' if none)."""
    js(f"[...document.querySelectorAll('.hover-tip')].forEach(t => t.hidden = true)")
    page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': 1, 'y': 1})
    x, y = char_point(textarea_id, offset)
    page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': x, 'y': y})
    page.wait_for(f"!!{VISIBLE_TIP}", what='the tooltip', timeout=5)
    box = js(f"(() => {{ const r = {VISIBLE_TIP}.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom, innerWidth, innerHeight]; }})()")
    assert box[0] >= 0 and box[1] <= box[4] and box[2] >= 0 and box[3] <= box[5], f'the tooltip leaves the window: {box}'
    return js(f"{VISIBLE_TIP}.textContent")


def graphql_posts():
    return [p['request'].get('postData', '') for m, p in page.events
            if m == 'Network.requestWillBeSent' and p['request']['url'].endswith('/graphql') and p['request']['method'] == 'POST']


def ctrl_key(key, code, vk):
    for kind in ('keyDown', 'keyUp'):
        page.call('Input.dispatchKeyEvent', {'type': kind, 'key': key, 'code': code, 'windowsVirtualKeyCode': vk, 'nativeVirtualKeyCode': vk, 'modifiers': 2})


VARS_QUERY = 'query V($id: ID!, $n: Int = 3, $t: AnimalType) {\n  breed(id: $id) { name images(count: $n) }\n  animals(type: $t, limit: $n) { totalCount }\n}\n'


def check_variables_editor():
    """The variables pane highlights JSON, completes the operation's
    variables, checks each value against its declared type (a marker on the
    value, the message under the pane, and Run sends nothing), and "Fill
    variables" writes the declared variables keeping what was typed."""
    page.click('#tab-variables')
    set_editor(VARS_QUERY)

    def run(size, theme):
        # Highlighting: names, strings, numbers, literals.
        set_textarea('variables', '{"id": "akita", "n": 2, "t": null}')
        spans = js("[...document.querySelectorAll('#variables-code span')].map(s => [s.className, s.textContent])")
        assert ['tk-variable', '"id"'] in spans and ['tk-string', '"akita"'] in spans and ['tk-number', '2'] in spans and ['tk-keyword', 'null'] in spans, spans
        assert js("document.getElementById('variables-code').textContent.trimEnd() === document.getElementById('variables').value")
        # Completion of the declared names on '"' and on Ctrl+Space.
        set_textarea('variables', '{\n  \n}')
        js("(() => { const v = document.getElementById('variables'); v.focus(); v.setSelectionRange(4, 4); })()")
        page.key('"')
        page.wait_for("!document.getElementById('vars-completion').hidden", what='variable completion')
        items = js("[...document.querySelectorAll('#vars-completion li')].map(l => [l.querySelector('.c-label').textContent, l.querySelector('.c-detail').textContent])")
        assert items == [['$id', 'ID!'], ['$n', 'Int'], ['$t', 'AnimalType']], items
        assert js("document.getElementById('variables').getAttribute('aria-activedescendant')") == 'vars-completion-0'
        page.key('ArrowDown')
        page.key('Enter')
        assert js("document.getElementById('variables').value") == '{\n  "n": \n}', repr(js("document.getElementById('variables').value"))
        page.type_text('5, ')
        page.key(' ', modifiers=2)
        page.wait_for("!document.getElementById('vars-completion').hidden", what='variable completion')
        labels = js("[...document.querySelectorAll('#vars-completion li .c-label')].map(l => l.textContent)")
        assert labels == ['$id', '$t'], labels
        page.key('Escape')
        assert js("document.getElementById('vars-completion').hidden")
        # Values checked against their types before sending.
        bad = [('{"id": "akita", "n": "three"}', '"three"', 'Variable "$n" got invalid value "three"; Int cannot represent non-integer value: "three"'),
               ('{"id": "akita", "n": 3000000000}', '3000000000', 'Int cannot represent non 32-bit signed integer value: 3000000000'),
               ('{"id": "akita", "t": "FISHY"}', '"FISHY"', 'Value "FISHY" does not exist in "AnimalType" enum. Did you mean the enum value "FISH"?'),
               ('{"id": null}', 'null', 'Variable "$id" of non-null type "ID!" must not be null.'),
               ('{"n": 1}', '{', 'Variable "$id" of required type "ID!" was not provided.'),
               ('{"id": "akita", "n": }', '}', 'Invalid JSON')]
        for text, marked, message in bad:
            set_textarea('variables', text)
            sent = len(graphql_posts())
            page.click('#run')
            js("new Promise(r => setTimeout(r, 300))")
            assert len(graphql_posts()) == sent, f'{text}: a request was sent'
            shown = text_of('#variables-error')
            assert message in shown, (text, shown)
            assert js("document.getElementById('variables-error').getClientRects().length > 0"), 'the message is not visible'
            assert js("document.getElementById('variables').getAttribute('aria-invalid')") == 'true'
            underlined = js("[...document.querySelectorAll('#variables-code .diag-error')].map(s => s.textContent).join('')")
            assert underlined == marked, (text, underlined, marked)
        assert_contrast('#variables-error .var-diag')
        # The marked value's message on hover.
        set_textarea('variables', bad[0][0])
        js("new Promise(r => setTimeout(r, 300))")
        tip = hover('variables', bad[0][0].index('three'))
        assert bad[0][2] in tip, tip
        assert_contrast('.hover-tip p')
        # Good values run.
        set_textarea('variables', '{"id": "akita", "n": 2, "t": "MAMMAL"}')
        run_with_keyboard()
        assert text_of('#meta-status').startswith('200'), text_of('#meta-status')
        assert json.loads(graphql_posts()[-1])['variables'] == {'id': 'akita', 'n': 2, 't': 'MAMMAL'}
        assert '"Akita"' in text_of('#result') and js("document.getElementById('errors').hidden"), text_of('#errors')
        assert not text_of('#variables-error')
        # Fill variables: declared order, what was typed kept, then defaults
        # and typed placeholders.
        set_textarea('variables', '{"n": 7, "other": true}')
        page.click('#fill-variables')
        text = js("document.getElementById('variables').value")
        assert list(json.loads(text).items()) == [('id', ''), ('n', 7), ('t', 'MAMMAL'), ('other', True)], text
        set_textarea('variables', '')
        page.click('#fill-variables')
        assert list(json.loads(js("document.getElementById('variables').value")).items()) == [('id', ''), ('n', 3), ('t', 'MAMMAL')]
        assert_contrast('#fill-variables')
        set_textarea('variables', '')

    each_size_and_theme(run)
    set_textarea('variables', '')


def check_hover_help():
    """Resting the mouse on a field, argument, enum value or type shows its
    type and description; on a marked range, the problem; Ctrl+I shows the
    help at the caret."""
    described = js("""fetch('/graphql', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({query:
        '{ q: __type(name: "Query") { fields { name description } } b: __type(name: "BreedPage") { fields { name description } } }'})}).then(r => r.json())
        .then(j => [j.data.q.fields.find(f => f.name === 'breeds').description, j.data.b.fields.find(f => f.name === 'totalCount').description])""")
    first_line = lambda d: ' '.join((d or '').split())[:30]  # noqa: E731
    text = '{\n  breeds(limt: 2) { totalCount }\n  animals(type: BIRD) { items { id } }\n  search(text: "x") { ... on Breed { id } }\n}\n'

    def run(size, theme):
        set_editor(text)
        wait_validation()
        tip = hover('editor-input', text.index('breeds') + 2)
        assert 'Query.breeds(' in tip and '): BreedPage' in tip, tip
        assert first_line(described[0]) in ' '.join(tip.split()), (described[0], tip)
        tip = hover('editor-input', text.index('limt') + 1)
        assert 'Unknown argument "limt" on field "Query.breeds". Did you mean "limit"?' in tip, tip
        assert js(f"{VISIBLE_TIP}.querySelector('.tip-problem.error') !== null")
        assert_contrast('.hover-tip p')
        tip = hover('editor-input', text.index('totalCount') + 3)
        assert 'BreedPage.totalCount: Int!' in tip and first_line(described[1]) in ' '.join(tip.split()), tip
        assert 'AnimalType.BIRD' in hover('editor-input', text.index('BIRD') + 1)
        assert 'type Breed' in hover('editor-input', text.index('Breed {') + 1)
        assert 'text: String!' in hover('editor-input', text.index('text:') + 1)
        # The mouse leaving hides it.
        page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': 2, 'y': 2})
        assert js(f"!{VISIBLE_TIP}")
        # Ctrl+I at the caret; the editor then names the tooltip; Escape hides it.
        set_caret(text.index('totalCount') + 2)
        ctrl_key('i', 'KeyI', 73)
        page.wait_for(f"!!{VISIBLE_TIP}", what='the tooltip from Ctrl+I', timeout=5)
        assert 'BreedPage.totalCount: Int!' in js(f"{VISIBLE_TIP}.textContent")
        assert js(f"document.getElementById('editor-input').getAttribute('aria-describedby').includes({VISIBLE_TIP}.id)")
        page.key('Escape')
        assert js(f"!{VISIBLE_TIP}")
        assert 'hover-tip' not in (js("document.getElementById('editor-input').getAttribute('aria-describedby')") or '')

    each_size_and_theme(run)


def accept_completion(label):
    """Waits for the completion list and accepts `label` with the keyboard."""
    page.wait_for("!document.getElementById('completion').hidden", what='the completion list')
    labels = js("[...document.querySelectorAll('#completion li .c-label')].map(l => l.textContent)")
    assert label in labels, (label, labels)
    for _ in range(labels.index(label)):
        page.key('ArrowDown')
    page.key('Enter')


def check_completion_inserts_leaf_fields():
    """Accepting an object field gives `field { leaf fields| }` (those Run
    fills in); a leaf field just its name; a field with a required argument
    `field(arg: |) { id name }`; on a line of its own, one field a line."""
    caret = "document.getElementById('editor-input').selectionStart"

    def run(size, theme):
        set_editor('')
        page.type_text('{ bre')
        accept_completion('breeds')
        assert editor_value() == '{ breeds { totalCount hasMore }', repr(editor_value())
        assert js(caret) == len('{ breeds { totalCount hasMore')
        page.type_text(' ite')
        accept_completion('items')
        assert editor_value() == '{ breeds { totalCount hasMore items { id name } }', repr(editor_value())
        set_editor('{ breeds { ')
        page.type_text('totalC')
        accept_completion('totalCount')
        assert editor_value() == '{ breeds { totalCount', repr(editor_value())
        set_editor('{ breeds { totalCount } ')
        page.type_text('bree')
        accept_completion('breed')
        assert editor_value() == '{ breeds { totalCount } breed(id: ) { id name }', repr(editor_value())
        assert js(caret) == len('{ breeds { totalCount } breed(id: ')
        set_editor('{\n  \n}\n')
        set_caret(4)
        page.type_text('anim')
        accept_completion('animals')
        assert editor_value() == '{\n  animals {\n    totalCount\n    hasMore\n  }\n}\n', repr(editor_value())
        assert js(caret) == len('{\n  animals {\n    totalCount\n    hasMore')

    each_size_and_theme(run)


def check_accepted_completion_runs():
    """Type part of a field, accept the completion, run (Ctrl+Enter): the
    query runs as accepted (Run has nothing to fill in) and the result has
    data and no errors. Also on a line of its own, and for a field with a
    required argument once its value is typed."""
    cases = [  # (text, caret, typed, accepted, then typed)
        ('{  }', 2, 'bre', 'breeds', ''),
        ('{\n  \n}\n', 4, 'randomA', 'randomAnimals', ''),
        ('{ breeds { totalCount }  }', 24, 'bree', 'breed', '"akita"'),
    ]

    def run(size, theme):
        set_textarea('variables', '')
        for text, at, typed, label, then in cases:
            set_editor(text)
            set_caret(at)
            page.type_text(typed)
            accept_completion(label)
            page.type_text(then)
            accepted = editor_value()
            run_with_keyboard()
            assert editor_value() == accepted, ('Run had to fill in the accepted completion', accepted, editor_value())
            assert json.loads(graphql_posts()[-1])['query'] == accepted
            assert js("document.getElementById('editor-notice').hidden"), text_of('#editor-notice')
            assert text_of('#meta-status').startswith('200'), (accepted, text_of('#meta-status'), text_of('#errors'))
            assert js("document.getElementById('errors').hidden"), (accepted, text_of('#errors'))
            body = text_of('#result').replace('\u00a0', ' ')
            assert '"data"' in body and f'"{label}"' in body and '"errors"' not in body, (accepted, body[:300])

    each_size_and_theme(run)


def check_run_fills_leaf_fields():
    """Run fills object fields that lack a selection with their leaf fields
    (id and name where the type has them), says so, sends the completed
    query and gets data; Ctrl+Z undoes the filling."""
    query = '{ breed(id: "akita") }'

    def run(size, theme):
        set_textarea('variables', '')
        set_editor(query)
        run_with_keyboard()
        assert editor_value() == '{ breed(id: "akita") { id name } }', repr(editor_value())
        assert json.loads(graphql_posts()[-1])['query'] == editor_value()
        notice = text_of('#editor-notice')
        assert 'breed { id name }' in notice and js("document.getElementById('editor-notice').getClientRects().length > 0"), notice
        assert_contrast('#editor-notice')
        body = text_of('#result').replace('\u00a0', ' ')
        assert '"id": "akita"' in body and '"name": "Akita"' in body, body[:300]
        assert js("document.getElementById('errors').hidden"), text_of('#errors')
        js("document.getElementById('editor-input').focus(); document.execCommand('undo')")
        assert editor_value() == query, repr(editor_value())
        assert js("document.getElementById('editor-notice').hidden")
        # Several lines: the fields go on lines of their own; an interface
        # gets __typename too.
        multi = '{\n  search(text: "akita", limit: 1)\n}\n'
        set_editor(multi)
        run_with_keyboard()
        assert editor_value() == '{\n  search(text: "akita", limit: 1) {\n    __typename\n    id\n    name\n  }\n}\n', repr(editor_value())
        assert '"__typename": "Breed"' in text_of('#result').replace('\u00a0', ' ')

    each_size_and_theme(run)


def check_size_budget():
    total = js("""(() => { const e = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .filter(r => new URL(r.name).pathname === '/' || new URL(r.name).pathname.startsWith('/playground/'));
        return [e.reduce((n, r) => n + r.decodedBodySize, 0), e.map(r => new URL(r.name).pathname)]; })()""")
    size, paths = total
    assert '/playground/app.js' in paths and '/playground/playground.css' in paths, paths
    assert 0 < size < SIZE_BUDGET, f'the page weighs {size} bytes'
    print(f'      page weight {size} bytes in {len(paths)} files')


def check_no_csp_violations_or_errors():
    page.pump()
    problems = []
    for m, p in page.events:
        if m == 'Runtime.exceptionThrown':
            problems.append('exception: ' + json.dumps(p['exceptionDetails'])[:300])
        elif m == 'Runtime.consoleAPICalled' and p.get('type') in ('error', 'assert'):
            problems.append('console.error: ' + json.dumps(p.get('args'))[:300])
        elif (m == 'Log.entryAdded' and p['entry'].get('level') == 'error' and p['entry'].get('source') != 'network'
              and not re.match(r"(Refused to load|Loading) the image '", p['entry'].get('text', ''))):
            # An HTTP error status is an answer the page shows, not a page
            # error; images of other origins that the server's CSP refuses
            # are the policy at work (the gallery says so).
            text = p['entry'].get('text', '')
            problems.append(f"log ({p['entry'].get('source')}): {text[:300]}")
    assert not problems, '\n'.join(problems)


def check_no_request_left_the_origin():
    page.pump()
    blocked = {p['requestId'] for m, p in page.events if m == 'Network.loadingFailed' and p.get('blockedReason')}
    urls = [(p['requestId'], p['request']['url']) for m, p in page.events if m == 'Network.requestWillBeSent']
    assert any(u.endswith('/graphql') for _, u in urls), 'no request recorded at all?'
    foreign = [u for rid, u in urls if rid not in blocked and urlsplit(u).scheme not in ('data', 'blob', 'about')
               and f'{urlsplit(u).scheme}://{urlsplit(u).netloc}' != origin]
    assert not foreign, 'requests left the origin: ' + ', '.join(sorted(set(foreign))[:10])
    stopped = [u for rid, u in urls if rid in blocked]
    print(f'      {len(urls)} requests, all to {origin}' + (f'; {len(stopped)} blocked before leaving (CSP)' if stopped else ''))


# ------------------------------------------- panes, operation picker, history
# Each of these runs at a desktop and a phone size, in the light and the dark
# theme (each_layout), from a fresh layout each time.

LAYOUTS = [((1400, 900), 'light'), ((1400, 900), 'dark'), ((390, 844), 'light'), ((390, 844), 'dark')]


def reload_page():
    page.reload()
    page.wait_for("document.body.dataset.schema === 'ready'")
    js("new Promise(r => setTimeout(r, 250))")  # validation (and the Run label) follows the text by 120 ms


def each_layout(body):
    """Runs body(phone, scheme) at each size and theme, from the default layout."""
    try:
        for (w, h), scheme in LAYOUTS:
            phone = w < 500
            page.viewport(w, h, mobile=phone, scale=2 if phone else 1)
            page.color_scheme(scheme)
            js("localStorage.removeItem('menagerie.layout')")
            reload_page()
            assert is_dark() == (scheme == 'dark'), (w, scheme)
            try:
                body(phone, scheme)
            except AssertionError as e:
                raise AssertionError(f'{w}x{h} {scheme}: {e}') from None
    finally:
        page.call('Emulation.clearDeviceMetricsOverride')
        page.viewport(1400, 900)
        page.color_scheme('light')
        js("localStorage.removeItem('menagerie.layout')")
        reload_page()


def grip(selector):
    """A point on a splitter bar away from its button (which sits on the
    middle of an upright bar)."""
    x, y = page.center(selector)
    upright = js(f"document.querySelector({json.dumps(selector)}).getAttribute('aria-orientation')") == 'vertical'
    return (x, y + 60) if upright else (x, y)


def drag(selector, dx, dy, steps=6):
    """Drags a splitter bar by (dx, dy) with the mouse."""
    x, y = grip(selector)
    page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': x, 'y': y})
    page.call('Input.dispatchMouseEvent', {'type': 'mousePressed', 'x': x, 'y': y, 'button': 'left', 'clickCount': 1})
    for k in range(1, steps + 1):
        page.call('Input.dispatchMouseEvent', {'type': 'mouseMoved', 'x': x + dx * k / steps, 'y': y + dy * k / steps, 'button': 'left', 'buttons': 1})
    page.call('Input.dispatchMouseEvent', {'type': 'mouseReleased', 'x': x + dx, 'y': y + dy, 'button': 'left', 'clickCount': 1})


def double_click(selector):
    x, y = grip(selector)
    for n in (1, 2):
        for kind in ('mousePressed', 'mouseReleased'):
            page.call('Input.dispatchMouseEvent', {'type': kind, 'x': x, 'y': y, 'button': 'left', 'clickCount': n})


def press(key):
    """Home or End (not in cdp.Page.key's table)."""
    vk = {'Home': 36, 'End': 35}[key]
    for kind in ('keyDown', 'keyUp'):
        page.call('Input.dispatchKeyEvent', {'type': kind, 'key': key, 'code': key, 'windowsVirtualKeyCode': vk, 'nativeVirtualKeyCode': vk})


def box(selector):
    return js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect(); return {{w: r.width, h: r.height}}; }})()")


def shown(selector):
    return js(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); return !!e && e.getClientRects().length > 0; }})()")


def valuenow(selector):
    return int(js(f"document.querySelector({json.dumps(selector)}).getAttribute('aria-valuenow')"))


def close_side():
    if js("!document.getElementById('side').hidden"):
        page.click('#side-close')


def check_panes_resize():
    """Dragging a splitter (or its arrow keys) resizes the panes, within
    their smallest sizes, and the sizes survive a reload. At phone width the
    panes stack: the variables and side-panel splitters are hidden and the
    main splitter sets the editor's height."""
    def body(phone, scheme):
        for sel in ('#split-main', '#split-vars', '#split-side'):
            assert js(f"document.querySelector('{sel}').getAttribute('role')") == 'separator'
            assert (ax_name(sel) if shown(sel) else 'Resize').startswith('Resize'), (sel, ax_name(sel))
        if phone:
            assert not shown('#split-vars') and not shown('#split-side'), 'splitters shown at phone width'
            assert js("document.getElementById('split-main').getAttribute('aria-orientation')") == 'horizontal'
            before = box('#editor')['h']
            drag('#split-main', 0, 90)
            after = box('#editor')['h']
            assert abs(after - before - 90) <= 3, (before, after)
            assert abs(valuenow('#split-main') - after) <= 1
            js("document.getElementById('split-main').focus()")
            page.key('ArrowDown')
            assert abs(box('#editor')['h'] - after - 20) <= 1, 'ArrowDown did not grow the editor'
            page.key('ArrowUp')
            reload_page()
            assert abs(box('#editor')['h'] - after) <= 1, ('editor height not kept', box('#editor')['h'], after)
            # The side panel still opens full width.
            page.click('#open-docs')
            assert box('#side')['w'] <= 391
            page.click('#side-close')
            return
        assert js("document.getElementById('split-main').getAttribute('aria-orientation')") == 'vertical'
        # The query/response split.
        q0, r0 = box('.query-pane')['w'], box('.response-pane')['w']
        drag('#split-main', -150, 0)
        q1, r1 = box('.query-pane')['w'], box('.response-pane')['w']
        assert abs(q0 - q1 - 150) <= 3 and abs(r1 - r0 - 150) <= 3, (q0, q1, r0, r1)
        assert abs(valuenow('#split-main') - r1) <= 1, (valuenow('#split-main'), r1)
        js("document.getElementById('split-main').focus()")
        page.key('ArrowLeft')
        assert abs(box('.response-pane')['w'] - r1 - 20) <= 1, 'ArrowLeft did not grow the response pane'
        page.key('ArrowRight')
        assert abs(box('.response-pane')['w'] - r1) <= 1
        # The smallest sizes hold.
        press('Home')
        assert abs(box('.response-pane')['w'] - 240) <= 1, box('.response-pane')
        press('End')
        assert abs(box('.query-pane')['w'] - 240) <= 1, box('.query-pane')
        drag('#split-main', box('.response-pane')['w'] - r1, 0)
        assert abs(box('.response-pane')['w'] - r1) <= 3, (box('.response-pane'), r1)
        r1 = box('.response-pane')['w']
        # The editor/variables split.
        v0 = box('.subpanes')['h']
        drag('#split-vars', 0, -70)
        v1 = box('.subpanes')['h']
        assert abs(v1 - v0 - 70) <= 3, (v0, v1)
        # The side panel's width.
        page.click('#open-docs')
        assert ax_name('#split-side') == 'Resize the side panel', ax_name('#split-side')
        s0 = box('#side')['w']
        drag('#split-side', -110, 0)
        s1 = box('#side')['w']
        assert abs(s1 - s0 - 110) <= 3, (s0, s1)
        r1 = box('.response-pane')['w']  # the panes share what the side panel leaves
        reload_page()
        assert abs(box('.response-pane')['w'] - r1) <= 2, ('response width not kept', box('.response-pane'), r1)
        assert abs(box('.subpanes')['h'] - v1) <= 2, ('variables height not kept', box('.subpanes'), v1)
        assert js("!document.getElementById('side').hidden && !document.getElementById('docs-panel').hidden"), 'the docs panel did not stay open'
        assert abs(box('#side')['w'] - s1) <= 2, ('side width not kept', box('#side'), s1)
        page.click('#side-close')
    each_layout(body)


def check_panes_collapse():
    """A double click, Enter or the splitter's button collapses a pane and
    restores it; collapsed panes stay collapsed across a reload; running a
    query brings the response pane back."""
    def body(phone, scheme):
        set_editor('{ breeds(limit: 1) { totalCount } }')
        run_with_keyboard()
        assert ax_name('#split-main-toggle') == 'Collapse the response pane', ax_name('#split-main-toggle')
        double_click('#split-main')
        assert not shown('#result-pane') and js("document.getElementById('split-main-toggle').getAttribute('aria-expanded')") == 'false'
        if not phone:
            assert box('.response-pane')['w'] <= 30 and box('.query-pane')['w'] > 1000, (box('.response-pane'), box('.query-pane'))
        reload_page()
        assert not shown('#result-pane'), 'the response pane did not stay collapsed'
        assert ax_name('#split-main-toggle') == 'Restore the response pane'
        page.click('#split-main-toggle')
        assert shown('#result-pane'), 'the button did not restore the response pane'
        js("document.getElementById('split-main').focus()")
        page.key('Enter')
        assert not shown('#result-pane'), 'Enter did not collapse'
        run_with_keyboard()
        assert shown('#result-pane') and '"totalCount"' in text_of('#result'), 'running did not bring the response back'
        if phone:
            return
        # The variables pane: Enter collapses it, its tabs bring it back.
        js("document.getElementById('split-vars').focus()")
        page.key('Enter')
        assert not shown('#variables') and shown('#tab-variables'), 'the variables pane did not collapse'
        reload_page()
        assert not shown('#variables'), 'the variables pane did not stay collapsed'
        page.click('#tab-variables')
        assert shown('#variables'), 'the Variables tab did not restore the pane'
        # The side panel: collapsed to a rail, kept so, restored by its button.
        page.click('#open-docs')
        page.click('#split-side-toggle')
        assert box('#side')['w'] <= 30 and not shown('#docs-search'), box('#side')
        reload_page()
        assert box('#side')['w'] <= 30 and js("!document.getElementById('side').hidden"), 'the side panel did not stay collapsed'
        page.click('#open-docs')
        assert shown('#docs-search') and box('#side')['w'] >= 260, 'the Docs button did not restore the panel'
        double_click('#split-side')
        assert not shown('#docs-search')
        double_click('#split-side')
        assert shown('#docs-search')
        page.click('#side-close')
    each_layout(body)


def check_operation_picker():
    """With several operations the Run button names the one it runs (the
    one under the caret) and a menu beside it picks another; the server gets
    that operationName. One anonymous operation: a plain Run button."""
    doc = 'query GetBreeds { breeds(limit: 1) { items { name } } }\n\nquery GetMonsters { monsters(limit: 1) { items { name } } }\n'

    def sent_operation():
        sent = [p['request'].get('postData', '') for m, p in page.events
                if m == 'Network.requestWillBeSent' and p['request']['url'].endswith('/graphql') and p['request']['method'] == 'POST']
        return json.loads(sent[-1]).get('operationName')

    def body(phone, scheme):
        set_editor('{ breeds(limit: 1) { totalCount } }')
        wait_validation()
        assert ax_name('#run') == 'Run' and not shown('#run-op'), (ax_name('#run'), shown('#run-op'))
        set_editor(doc)
        set_caret(doc.index('GetBreeds') + 2)
        page.wait_for("document.getElementById('run').textContent.includes('GetBreeds')", what='the Run label')
        assert ax_name('#run') == 'Run GetBreeds', ax_name('#run')
        assert shown('#run-op') and ax_name('#run-op') == 'Choose the operation to run'
        # Keyboard: open, move, pick.
        js("document.getElementById('run-op').focus()")
        page.key('Enter')
        assert js("document.getElementById('run-op').getAttribute('aria-expanded')") == 'true' and shown('#run-op-menu')
        items = js("[...document.querySelectorAll('#run-op-menu [role=menuitemradio]')].map(i => [i.dataset.name, i.getAttribute('aria-checked')])")
        assert items == [['GetBreeds', 'true'], ['GetMonsters', 'false']], items
        assert js("document.activeElement.dataset.name") == 'GetBreeds'
        page.key('ArrowDown')
        page.key('Enter')
        assert not shown('#run-op-menu') and js("document.activeElement.id") == 'run-op'
        assert ax_name('#run') == 'Run GetMonsters', ax_name('#run')
        js("document.body.dataset.state = 'idle'")
        page.click('#run')
        page.wait_for("document.body.dataset.state === 'done'", what='the response')
        assert sent_operation() == 'GetMonsters', sent_operation()
        assert '"monsters"' in text_of('#result') and '"breeds"' not in text_of('#result')
        # The mouse; Ctrl+Enter in the editor keeps the pick.
        page.click('#run-op')
        js("document.querySelector('#run-op-menu [data-name=GetBreeds]').id = 'pick-breeds'")
        page.click('#pick-breeds')
        assert ax_name('#run') == 'Run GetBreeds'
        set_caret(doc.index('GetBreeds') + 4)
        run_with_keyboard()
        assert sent_operation() == 'GetBreeds' and '"breeds"' in text_of('#result')
        # Escape closes the menu; moving the caret into the other operation follows it.
        page.click('#run-op')
        page.key('Escape')
        assert not shown('#run-op-menu') and js("document.activeElement.id") == 'run-op'
        set_caret(doc.index('GetMonsters') + 2)
        page.wait_for("document.getElementById('run').textContent.includes('GetMonsters')", what='the label to follow the caret')
        # Contrast of the label, the menu button and the menu (AA).
        page.click('#run-op')
        ratios = js(RATIOS_JS + """([['#run .run-op-name'], ['#run-op'], ['#run-op-menu .op-item[aria-checked=false]'],
            ['#run-op-menu .op-item[aria-checked=false] .op-kind'], ['#run-op-menu .op-item:focus']])""")
        page.key('Escape')
        assert all(r >= 4.5 for r in ratios), ratios
    each_layout(body)


RATIOS_JS = r"""((list) => {
  const rgba = (c) => { const m = c.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : m.concat(1); };
  const over = (fg, bg) => [0, 1, 2].map(k => fg[k] * fg[3] + bg[k] * (1 - fg[3])).concat(1);
  const backOf = (e) => { const layers = [];
    for (let x = e; x; x = x.parentElement) { const b = rgba(getComputedStyle(x).backgroundColor); if (b[3] > 0) { layers.push(b); if (b[3] >= 1) break; } }
    let bg = [255, 255, 255, 1]; for (const l of layers.reverse()) bg = over(l, bg); return bg; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  return list.map(([sel, prop]) => { const e = document.querySelector(sel); if (!e) return 'missing ' + sel;
    const bg = backOf(e); return ratio(over(rgba(getComputedStyle(e)[prop || 'color']), bg), bg); });
})"""


def check_panes_contrast():
    """The splitters' buttons (their arrows 4.5:1, their outlines 3:1) and a
    focused splitter's ring (3:1), in both themes and sizes."""
    def body(phone, scheme):
        sels = ['#split-main-toggle'] + ([] if phone else ['#split-vars-toggle'])
        for sel in sels:
            text, edge = js(RATIOS_JS + f"([['{sel}'], ['{sel}', 'borderTopColor']])")
            assert text >= 4.5 and edge >= 3, (sel, text, edge)
        js("document.getElementById('split-main').focus()")
        page.key('ArrowLeft' if not phone else 'ArrowDown')
        assert js("document.getElementById('split-main').matches(':focus-visible')")
        ring = js(RATIOS_JS + "([['#split-main', 'outlineColor']])")[0]
        assert ring >= 3, ring
    each_layout(body)


def check_history_keeps_responses():
    """History keeps each run's response: star and rename an entry, reload,
    open it, and its response shows without a request. Headers stay out of
    storage (Remember headers is off); the bounds hold."""
    secret = 'Bearer history-secret-42'

    def posts():
        return len([1 for m, p in page.events if m == 'Network.requestWillBeSent' and p['request']['url'].endswith('/graphql') and p['request']['method'] == 'POST'])

    def body(phone, scheme):
        js("localStorage.removeItem('menagerie.history')")
        page.click('#tab-headers')
        set_textarea('headers', json.dumps({'Authorization': secret}))
        page.click('#tab-variables')
        set_editor('query TwoDogs { breeds(limit: 2) { items { name } } }')
        run_with_keyboard()
        dogs = text_of('#result')
        assert '"name"' in dogs
        set_editor('{ monsters(limit: 1) { totalCount } }')
        run_with_keyboard()
        page.click('#open-history')
        titles = "[...document.querySelectorAll('#history-list .h-title')].map(t => t.textContent)"
        assert js(titles) == ['monsters', 'TwoDogs'], js(titles)
        assert '200' in text_of('#history-list .h-status'), text_of('#history-list .h-status')
        # Star the older entry: it moves first.
        js("document.querySelectorAll('#history-list .h-star')[1].setAttribute('data-t', 'star')")
        page.click('[data-t=star]')
        assert js(titles) == ['TwoDogs', 'monsters'], js(titles)
        assert js("document.querySelector('#history-list .h-star').getAttribute('aria-pressed')") == 'true'
        assert ax_name('#history-list .h-star') == 'Star TwoDogs'
        # Rename: Escape cancels, Enter saves.
        page.click('#history-list .h-rename')
        assert js("document.activeElement.classList.contains('h-name-input')")
        page.type_text('nope')
        page.key('Escape')
        assert js(titles)[0] == 'TwoDogs' and js("!document.getElementById('side').hidden"), js(titles)
        page.click('#history-list .h-rename')
        js("document.activeElement.select()")
        page.type_text('Two good dogs')
        page.key('Enter')
        assert js(titles) == ['Two good dogs', 'monsters'], js(titles)
        assert js("document.activeElement.classList.contains('h-rename')"), 'focus did not return to the rename button'
        stored = js("localStorage.getItem('menagerie.history')")
        assert secret not in stored and secret not in js("JSON.stringify(localStorage)"), 'headers stored without asking'
        close_side()
        page.click('#tab-headers')
        set_textarea('headers', '')
        page.click('#tab-variables')
        # After a reload the starred, renamed entry opens with its response.
        set_editor('{ __typename }')
        reload_page()
        js("document.getElementById('result').textContent = ''")
        page.click('#open-history')
        assert js(titles) == ['Two good dogs', 'monsters'], js(titles)
        n = posts()
        page.click('#history-list .history-load')
        page.pump(0.3)
        assert posts() == n, 'opening a history entry sent a request'
        assert editor_value() == 'query TwoDogs { breeds(limit: 2) { items { name } } }', editor_value()
        assert text_of('#result') == dogs, (text_of('#result')[:200], dogs[:200])
        assert text_of('#meta-status').startswith('200') and 'from history' in text_of('#meta-history'), text_of('#response-meta')
        # Contrast of the new history parts (AA).
        page.click('#open-history') if js("document.getElementById('side').hidden") else None
        ratios = js(RATIOS_JS + """([['#history-list .h-star[aria-pressed=true]'], ['#history-list .h-star[aria-pressed=false]'], ['#history-list .h-status'],
            ['#history-list .h-rename'], ['#history-list .h-remove'], ['#meta-history']])""")
        assert all(r >= 4.5 for r in ratios), ratios
        close_side()
        # The bounds: 30 unstarred responses, none over 128 KB, starred ones kept.
        kept = js("""import('/playground/history.js').then(m => {
            localStorage.removeItem('menagerie.history');
            const resp = (k) => ({status: 200, statusText: 'OK', ms: 1, bytes: 10, text: '{"data":{"k":' + k + '}}'});
            m.addRun({query: '{ a }', variables: '', headers: '', at: 1}, resp(-1));
            m.updateEntry(m.readHistory()[0].id, h => { h.starred = true; });
            for (let k = 0; k < 40; k++) m.addRun({query: '{ q' + k + ' }', variables: '', headers: '', at: k + 2}, resp(k));
            m.addRun({query: '{ big }', variables: '', headers: '', at: 99}, {status: 200, ms: 1, bytes: 200000, text: 'x'.repeat(200000)});
            for (let k = 0; k < 60; k++) m.addRun({query: '{ r' + k + ' }', variables: '', headers: '', at: 100 + k}, null);
            const l = m.readHistory();
            return [l.length, l.filter(h => h.response).length, l.filter(h => h.starred && h.response).length,
                    l.some(h => h.query === '{ big }' && !h.response && h.dropped === 'large'), l.some(h => h.query === '{ q0 }')]; })""")
        # 101 entries (100 unstarred and the starred one, q0 the oldest gone), 30 unstarred responses and the starred one, the big one not kept.
        assert kept == [101, 31, 1, True, False], kept
        refill = js("""import('/playground/history.js').then(m => {
            localStorage.removeItem('menagerie.history');
            for (let k = 0; k < 40; k++) m.addRun({query: '{ q' + k + ' }', variables: '', headers: '', at: k}, {status: 200, ms: 1, bytes: 100000, text: 'y'.repeat(100000)});
            const l = m.readHistory();
            return [l.length, l.filter(h => h.response).length, l.filter(h => h.response).reduce((n, h) => n + h.response.text.length, 0), l[0].response ? 1 : 0]; })""")
        assert refill[0] == 40 and refill[1] == 10 and refill[2] <= 1024 * 1024 and refill[3] == 1, refill
        js("localStorage.removeItem('menagerie.history')")
    each_layout(body)


CHECKS = [
    check_page_loads,
    check_syntax_highlighting,
    check_bracket_matching,
    check_autocompletion,
    check_validation_markers,
    check_prettify,
    check_result_tools_wait_for_a_result,
    check_run_and_result,
    check_collapsible_json,
    check_variables_pane,
    check_headers_pane,
    check_headers_remembered_only_on_request,
    check_errors_with_paths,
    check_image_route,
    check_gallery_and_viewer,
    check_gallery_duplicates,
    check_gallery_placeholders,
    check_contrast,
    check_dark_mode_persists,
    check_operation_under_caret,
    check_tabs,
    check_new_tab_caret,
    check_view_per_tab,
    check_history,
    check_docs_explorer,
    check_examples_and_paging,
    check_defer_example_arrives_in_parts,
    check_long_urls_wrap,
    check_examples_validate,
    check_keyboard_and_labels,
    check_phone_layout,
    check_phone_side_panel_is_modal,
    check_layout_faults,
    check_panes_resize,
    check_panes_collapse,
    check_operation_picker,
    check_panes_contrast,
    check_history_keeps_responses,
    check_variables_editor,
    check_hover_help,
    check_completion_inserts_leaf_fields,
    check_accepted_completion_runs,
    check_run_fills_leaf_fields,
    check_size_budget,
    check_no_csp_violations_or_errors,
    check_no_request_left_the_origin,
]


def main():
    global base, page, origin
    base = os.environ.get('BASE_URL', '').rstrip('/')
    server = None
    if not base:
        from mock_server import start_in_thread
        server, base = start_in_thread()
    u = urlsplit(base)
    origin = f'{u.scheme}://{u.netloc}'
    try:
        urllib.request.urlopen(base + '/', timeout=10).read()
    except Exception as e:  # noqa: BLE001
        print(f'cannot load {base}/: {e}')
        return 2
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
        # Headless windows may not hold the system focus: let the page
        # behave as focused so key events always reach it.
        page.call('Emulation.setFocusEmulationEnabled', {'enabled': True})
        page.color_scheme('light')
        page.viewport(1400, 900)
        print(f'playground browser test against {base}')
        for check in CHECKS:
            name = check.__name__[len('check_'):]
            try:
                check()
                passed += 1
                print(f'  ok    {name}')
            except Exception as e:  # noqa: BLE001
                failed += 1
                print(f'  FAIL  {name}: {e}')
                if os.environ.get('VERBOSE'):
                    traceback.print_exc()
                if name == 'page_loads':
                    break
    finally:
        browser.quit()
        if server:
            server.shutdown()
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
