#!/usr/bin/env python3
"""Screenshots of the playground for humans: light, dark, docs, gallery,
viewer and phone layouts, as PNG files.

  python3 Tests/Playground/screenshot.py [OUT_DIR]      (default /tmp/playground-shots)
  BASE_URL=http://127.0.0.1:8080 python3 Tests/Playground/screenshot.py

Without BASE_URL it starts the mock server (mock_server.py) on a free port.
Needs Chromium (Debian: apt-get install -y chromium).
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

QUERY = '''query Gallery($id: ID!) {
  breeds(limit: 4) {
    totalCount
    items { name imageUrl }
  }
  breed(id: $id) {
    name
    images(count: 6)
  }
  oops: monsters(limit: 500) { totalCount }
}
'''


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else '/tmp/playground-shots'
    os.makedirs(out, exist_ok=True)
    base = os.environ.get('BASE_URL', '').rstrip('/')
    server = None
    if not base:
        from mock_server import start_in_thread
        server, base = start_in_thread()
    browser = Browser()
    page = browser.page
    written = []

    def shot(name, full=False):
        path = os.path.join(out, name + '.png')
        page.screenshot(path, full)
        written.append(path)

    try:
        page.call('Page.enable')
        page.call('Runtime.enable')
        page.color_scheme('light')
        page.viewport(1400, 860)
        page.navigate(base + '/')
        page.wait_for("document.body.dataset.schema === 'ready' || document.body.dataset.schema === 'error'")
        page.evaluate(f"(() => {{ const i = document.getElementById('editor-input'); i.focus(); i.select(); document.execCommand('insertText', false, {json.dumps(QUERY)}); }})()")
        page.evaluate("(() => { const v = document.getElementById('variables'); v.value = '{\\n  \"id\": \"hound/afghan\"\\n}'; v.dispatchEvent(new Event('input')); })()")
        page.click('#run')
        page.wait_for("document.body.dataset.state === 'done'")
        page.evaluate("new Promise(r => setTimeout(r, 300))")
        shot('light')
        page.click('#open-docs')
        page.evaluate("(() => { const s = document.getElementById('docs-search'); s.value = ''; })()")
        page.click('#docs-content button.type-name')
        page.evaluate("new Promise(r => setTimeout(r, 100))")
        page.evaluate("[...document.querySelectorAll('#docs-content .field-name')].find(b => b.textContent === 'monsters').click()")
        shot('light-docs')
        page.click('#side-close')
        page.color_scheme('dark')
        page.evaluate("new Promise(r => setTimeout(r, 100))")
        shot('dark')
        page.click('#view-gallery')
        page.evaluate("new Promise(r => setTimeout(r, 400))")
        shot('dark-gallery')
        page.click('#gallery .thumb')
        page.evaluate("new Promise(r => setTimeout(r, 300))")
        shot('dark-viewer')
        page.click(at=(30, 30))
        page.click('#view-result')
        editing = 'query Animals($type: AnimalType) {\n  animals(type: $type, limt: 5) {\n    items {\n      nmae\n      weight(unit: KILOGRAMS) { min max }\n      le\n    }\n  }\n}\n'
        page.evaluate(f"(() => {{ const i = document.getElementById('editor-input'); i.focus(); i.select(); document.execCommand('insertText', false, {json.dumps(editing)}); }})()")
        caret = editing.index('      le') + len('      le')
        page.evaluate(f"(() => {{ const i = document.getElementById('editor-input'); i.setSelectionRange({caret}, {caret}); }})()")
        page.key(' ', modifiers=2)
        page.evaluate("new Promise(r => setTimeout(r, 400))")
        shot('dark-editing')
        page.key('Escape')
        page.color_scheme('light')
        page.viewport(390, 844, mobile=True, scale=2)
        page.evaluate("new Promise(r => setTimeout(r, 300))")
        shot('phone-light')
        shot('phone-light-full', full=True)
        page.color_scheme('dark')
        page.click('#open-examples')
        page.evaluate("new Promise(r => setTimeout(r, 200))")
        shot('phone-dark-examples')
    finally:
        browser.quit()
        if server:
            server.shutdown()
    for p in written:
        print(p)


if __name__ == '__main__':
    main()
