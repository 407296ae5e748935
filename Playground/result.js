// The response pane: a collapsible JSON tree, the errors with their paths,
// and the gallery of every image URL in the response with a full-screen
// viewer.

const BIG_ARRAY = 100;
const IMAGE_EXT = /\.(png|jpe?g|gif|webp|svg|avif|bmp)(\?[^#]*)?(#.*)?$/i;
const IMAGE_KEY = /image|photo|picture|thumb|avatar|icon|logo/i;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

/** "breeds.items[0].name" for a GraphQL response path. */
export function formatPath(path) {
  let s = '';
  for (const p of path || []) s += typeof p === 'number' ? `[${p}]` : (s ? '.' : '') + p;
  return s;
}

/** Is this string (found under `key`) the URL of an image? */
export function isImageUrl(value, key) {
  if (typeof value !== 'string' || value.length > 2048) return false;
  if (!/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/.test(value)) return false;
  return IMAGE_EXT.test(value) || IMAGE_KEY.test(String(key || ''));
}

/** Every image URL in a JSON value, in document order: [{url, path, name,
 *  count}], `name` the string \`name\` field of the object holding the URL,
 *  if any. The same URL under the same name is listed once, `count` times
 *  seen; the list's \`merged\` counts those repeats. */
export function collectImages(value) {
  const seen = new Map(); const out = [];
  out.merged = 0;
  const walk = (v, key, path, owner) => {
    if (Array.isArray(v)) v.forEach((x, k) => walk(x, key, path.concat(k), owner));
    else if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], k, path.concat(k), v);
    else if (isImageUrl(v, key)) {
      const name = owner && typeof owner.name === 'string' && owner.name ? owner.name : null;
      const id = v + '\u0000' + (name || '');
      if (seen.has(id)) { seen.get(id).count++; out.merged++; return; }
      const img = { url: v, path, name, count: 1 };
      seen.set(id, img); out.push(img);
    }
  };
  walk(value, '', [], null);
  return out;
}

/** Renders `value` as a tree of disclosure buttons into `root`. Nodes at
 *  the paths of `errorPaths` (Map formatted path → message) are marked.
 *  `onImage(url)` opens the viewer for image URLs. */
export function renderJSON(root, value, errorPaths, onImage) {
  root.innerHTML = '';
  const tree = el('div', 'jv-root');
  // Big answers open two levels deep (the rest builds when expanded).
  expandDepth = countNodes(value, 4000) >= 4000 ? 2 : 8;
  tree.appendChild(node(value, null, [], 0, true, errorPaths, onImage));
  root.appendChild(tree);
}

let expandDepth = 8;
function countNodes(v, limit) {
  let n = 0;
  const stack = [v];
  while (stack.length && n < limit) {
    const x = stack.pop(); n++;
    if (x && typeof x === 'object') for (const k in x) stack.push(x[k]);
  }
  return n;
}

function scalar(v, key, onImage) {
  if (v === null) return el('span', 'jv-null', 'null');
  if (typeof v === 'string') {
    if (onImage && isImageUrl(v, key)) {
      // A span, not a <button>: a button is an atomic box, so a long URL
      // would drop to a line of its own and push its comma below it.
      const b = el('span', 'jv-string jv-link', JSON.stringify(v));
      b.setAttribute('role', 'button');
      b.tabIndex = 0;
      b.title = 'Show this image';
      b.addEventListener('click', () => onImage(v));
      b.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onImage(v); } });
      return b;
    }
    return el('span', 'jv-string', JSON.stringify(v));
  }
  if (typeof v === 'number') return el('span', 'jv-number', String(v));
  if (typeof v === 'boolean') return el('span', 'jv-bool', String(v));
  return el('span', '', String(v));
}

function node(v, key, path, depth, last, errorPaths, onImage) {
  const row = el('div', 'jv-row');
  const p = formatPath(path);
  const err = errorPaths && errorPaths.get(p);
  if (err) { row.classList.add('jv-error'); row.title = err; }
  const comma = last ? '' : ',';
  const keyEl = key == null ? null : el('span', 'jv-key', JSON.stringify(key));
  const complex = v && typeof v === 'object';
  if (!complex) {
    row.append(el('span', 'jv-toggle-space'));
    if (keyEl) row.append(keyEl, el('span', 'jv-punct', ': '));
    row.append(scalar(v, key, onImage), el('span', 'jv-punct', comma));
    if (err) row.append(el('span', 'jv-badge', 'error'));
    return row;
  }
  const isArr = Array.isArray(v);
  const entries = isArr ? v.map((x, k) => [k, x]) : Object.keys(v).map(k => [k, v[k]]);
  const [open, close] = isArr ? ['[', ']'] : ['{', '}'];
  const head = el('div', 'jv-head');
  const toggle = el('button', 'jv-toggle');
  toggle.type = 'button';
  const label = (key == null ? (path.length ? formatPath(path) : 'response') : String(key));
  toggle.setAttribute('aria-label', `${label}: ${isArr ? 'list of ' + entries.length : 'object with ' + entries.length + ' fields'}`);
  head.append(toggle);
  if (keyEl) head.append(keyEl, el('span', 'jv-punct', ': '));
  head.append(el('span', 'jv-punct', open));
  const summary = el('span', 'jv-summary', isArr ? `${entries.length} item${entries.length === 1 ? '' : 's'}` : `${entries.length} field${entries.length === 1 ? '' : 's'}`);
  const closeInline = el('span', 'jv-punct jv-close-inline', close + comma);
  head.append(summary, closeInline);
  if (err) head.append(el('span', 'jv-badge', 'error'));
  row.append(head);
  const body = el('div', 'jv-body');
  const tail = el('div', 'jv-tail', close + comma);
  row.append(body, tail);
  let built = false;
  const build = () => {
    if (built) return; built = true;
    const limit = entries.length > BIG_ARRAY ? BIG_ARRAY : entries.length;
    const add = (from, to) => {
      for (let k = from; k < to; k++) {
        const [kk, vv] = entries[k];
        body.appendChild(node(vv, isArr ? null : kk, path.concat(kk), depth + 1, k === entries.length - 1, errorPaths, onImage));
      }
    };
    add(0, limit);
    if (limit < entries.length) {
      const more = el('button', 'btn ghost small jv-more', `Show ${entries.length - limit} more`);
      more.type = 'button';
      more.addEventListener('click', () => { more.remove(); add(limit, entries.length); });
      body.appendChild(more);
    }
  };
  const set = (expanded) => {
    if (expanded) build();
    row.classList.toggle('collapsed', !expanded);
    toggle.setAttribute('aria-expanded', String(expanded));
  };
  toggle.addEventListener('click', () => set(row.classList.contains('collapsed')));
  row.jvSet = set;
  // The errors are listed above the tree: their node starts collapsed.
  set((depth <= expandDepth && !(depth === 1 && key === 'errors')) || entries.length === 0);
  if (entries.length === 0) { toggle.disabled = true; summary.textContent = ''; row.classList.add('empty'); }
  return row;
}

/** Expands or collapses every node under `root`. */
export function setAllExpanded(root, expanded) {
  const rows = [...root.querySelectorAll('.jv-row')];
  for (const r of rows) if (r.jvSet && !r.querySelector(':scope > .jv-head > .jv-toggle').disabled) r.jvSet(expanded);
  if (expanded) for (const r of root.querySelectorAll('.jv-row.collapsed')) if (r.jvSet) r.jvSet(true);
}

/** The error list: message, path (as text), locations (buttons that move
 *  the editor caret), extensions. */
export function renderErrors(root, errors, goTo) {
  root.innerHTML = '';
  if (!errors || !errors.length) { root.hidden = true; return; }
  root.hidden = false;
  const h = el('h3', 'errors-title', `${errors.length} error${errors.length === 1 ? '' : 's'}`);
  root.appendChild(h);
  const ul = el('ul', 'error-list');
  for (const e of errors) {
    const li = el('li', 'error-item');
    li.appendChild(el('p', 'error-message', String(e && e.message != null ? e.message : JSON.stringify(e))));
    const meta = el('p', 'error-meta');
    if (e && Array.isArray(e.path)) {
      meta.append(el('span', 'error-label', 'path '), el('code', 'error-path', formatPath(e.path)));
    }
    if (e && Array.isArray(e.locations)) {
      for (const l of e.locations) {
        const b = el('button', 'btn ghost small error-loc', `line ${l.line}, column ${l.column}`);
        b.type = 'button';
        b.setAttribute('aria-label', `Go to line ${l.line}, column ${l.column} in the editor`);
        b.addEventListener('click', () => goTo(l.line, l.column));
        meta.append(b);
      }
    }
    if (e && e.extensions && typeof e.extensions === 'object') {
      for (const [k, v] of Object.entries(e.extensions)) meta.append(el('span', 'error-ext', `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`));
    }
    if (meta.childNodes.length) li.appendChild(meta);
    ul.appendChild(li);
  }
  root.appendChild(ul);
}

/** The server's same-origin image route: other sites' pictures are loaded
 *  through it, since the page's CSP (default-src 'self') keeps them out. */
export const IMAGE_ROUTE = '/images';

/** Where the page loads image `url` from: as is when it is on this origin
 *  (or not http(s)), else through the server's image route. */
export function imageSrc(url) {
  try {
    const u = new URL(url, location.href);
    if (u.origin === location.origin || (u.protocol !== 'https:' && u.protocol !== 'http:')) return u.href;
    return IMAGE_ROUTE + '?url=' + encodeURIComponent(url);
  } catch (e) { return url; }
}

// What the server says of a picture it shows through IMAGE_ROUTE: whether it
// is a placeholder (X-Menagerie-Image) and why (X-Menagerie-Image-Reason).
// One GET, read whole, so that the <img> then comes from the browser's
// cache; asked again after a minute, as a placeholder's max-age says.
const probes = new Map();
export function probe(src) {
  if (!src.startsWith(IMAGE_ROUTE + '?')) return Promise.resolve({ ok: true });
  const p = probes.get(src);
  if (p && Date.now() - p.at < 60000) return p.answer;
  const answer = fetch(src, { credentials: 'same-origin' }).then(async (r) => {
    await r.arrayBuffer();
    return { ok: r.ok, placeholder: r.headers.get('X-Menagerie-Image') === 'placeholder', reason: r.headers.get('X-Menagerie-Image-Reason') || '' };
  }, () => ({ ok: false }));
  probes.set(src, { at: Date.now(), answer });
  return answer;
}

const hostOf = (url) => { try { return new URL(url, location.href).host; } catch (e) { return url; } };

/** Why the server drew a placeholder for a picture of `host` (its
 *  X-Menagerie-Image-Reason): [a few words for a card, a sentence]. */
export function whyNotFetched(reason, host) {
  const [token, status] = String(reason || '').split(' ');
  const code = status ? ` (${status})` : '';
  return {
    offline: ['offline', `the server is offline or cannot reach ${host}`],
    timeout: ['no answer in time', `${host} did not answer in time`],
    'host-failed': ['host failed' + code, `${host} failed` + (status ? ` (HTTP ${status})` : ' lately')],
    'not-found': ['not found' + code, `${host} does not have it` + (status ? ` (HTTP ${status})` : '')],
    'not-an-image': ['not an image', `${host} answered something other than a picture`],
    'too-large': ['too large', 'the picture is over the size limit'],
    redirected: ['redirected', `${host} sends it elsewhere`],
    'not-fetched': ['placeholder mode', 'this server draws placeholders and fetches nothing (--images placeholder)'],
  }[token] || ['reason unknown', 'the server drew a placeholder'];
}

/** The name a picture goes by: its owner's name, else its path. */
const nameOf = (img) => img.name || formatPath(img.path);

/** The thumbnail grid; `open(shown, index)` shows one in the viewer. A
 *  picture the server could not fetch (a placeholder) shows as a card
 *  saying so, and why, under its name; such cards alike (same name, host
 *  and reason) and repeats of one URL show once, with ×N. The server is
 *  asked as cards come into view; `onCount(n)` hears how many cards show,
 *  list.dataset.pending how many are still being asked about. */
export function renderGallery(list, note, images, open, onCount) {
  if (list.observer) list.observer.disconnect();
  list.innerHTML = '';
  const cards = [];
  const alike = new Map();
  let pending = 0;
  const draw = () => {
    list.dataset.pending = String(pending);
    const repeats = cards.reduce((n, c) => n + c.img.count - 1, 0);
    const missing = cards.filter(c => c.why).reduce((n, c) => n + c.img.count, 0);
    note.textContent = !images.length ? 'No image URLs in this response. Ask for fields such as imageUrl or images(count: 10).'
      : [missing ? `${missing} picture${missing === 1 ? '' : 's'} could not be fetched: ${[...new Set(cards.filter(c => c.why).map(c => c.why[0]))].join(', ')}.` : '',
        repeats ? `${repeats} repeat${repeats === 1 ? '' : 's'} merged (×N on the card).` : ''].filter(Boolean).join(' ');
    if (onCount) onCount(cards.length);
  };
  const label = (c) => {
    const k = cards.indexOf(c); const img = c.img;
    c.b.setAttribute('aria-label', `Show image ${k + 1} of ${cards.length}: ${img.name ? img.name + ', ' : ''}${formatPath(img.path)}`
      + (img.count > 1 ? `, ${img.count} pictures` : '') + (c.why ? `; could not be fetched: ${c.why[1]}` : ''));
    c.badge.textContent = img.count > 1 ? '×' + img.count : '';
  };
  const settle = (c, info) => {
    pending--;
    if (info.placeholder) {
      c.why = whyNotFetched(info.reason, hostOf(c.img.url));
      const key = [nameOf(c.img), hostOf(c.img.url), info.reason].join('\u0000');
      const first = alike.get(key);
      if (first) {
        // The same card again: counted on the first one.
        first.img = Object.assign({}, first.img, { count: first.img.count + c.img.count, urls: first.img.urls.concat(c.img.urls) });
        cards.splice(cards.indexOf(c), 1);
        c.li.remove();
        cards.forEach(label);
        draw();
        return;
      }
      alike.set(key, c);
      c.pic.remove();
      const box = el('span', 'thumb-missing');
      box.append(el('strong', 'thumb-name', nameOf(c.img)), el('span', 'thumb-why', 'Could not be fetched: ' + c.why[0]));
      c.b.prepend(box);
      c.b.classList.add('unfetched');
      c.b.title = `${nameOf(c.img)}: the picture could not be fetched (${c.why[1]}).`;
    } else c.pic.src = c.src;
    c.img = Object.assign({}, c.img, { why: c.why });
    label(c);
    draw();
  };
  const seen = list.observer = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      seen.unobserve(e.target);
      const c = cards.find(x => x.b === e.target);
      if (c) probe(c.src).then(info => { if (list.observer === seen) settle(c, info); });
    }
  }, { rootMargin: '100% 0px' });
  images.forEach((img) => {
    const li = el('li', 'thumb-item');
    const b = el('button', 'thumb');
    b.type = 'button';
    const pic = document.createElement('img');
    pic.decoding = 'async';
    pic.alt = '';
    pic.addEventListener('error', () => { b.classList.add('broken'); });
    const cap = el('span', 'thumb-caption', img.name || formatPath(img.path));
    cap.title = formatPath(img.path);
    const where = el('span', 'thumb-url', shortUrl(img.url));
    const c = { img: Object.assign({}, img, { urls: [img.url] }), li, b, pic, src: imageSrc(img.url), badge: el('span', 'thumb-count') };
    b.append(pic, where, cap, c.badge);
    b.addEventListener('click', () => open(cards.map(x => x.img), cards.indexOf(c)));
    li.appendChild(b);
    list.appendChild(li);
    cards.push(c);
    pending++;
    seen.observe(b);
  });
  cards.forEach(label);
  draw();
}

function shortUrl(url) {
  try {
    const u = new URL(url, location.href);
    const file = u.pathname.split('/').filter(Boolean).pop() || '';
    return u.host + (file ? ' … ' + file : '');
  } catch (e) { return url; }
}

/** The full-screen viewer: a modal <dialog>; a click anywhere or Escape
 *  dismisses it, arrow keys move through the images. */
export class Viewer {
  constructor() {
    this.dialog = document.getElementById('viewer');
    this.img = document.getElementById('viewer-img');
    this.caption = document.getElementById('viewer-caption');
    this.images = [];
    this.index = 0;
    // A click closes, except one that ends a swipe; a horizontal swipe of
    // 50 px or more steps to the previous or next picture.
    this.dialog.addEventListener('click', () => { if (this.swiped) { this.swiped = false; return; } this.close(); });
    this.dialog.addEventListener('pointerdown', (e) => { this.from = [e.clientX, e.clientY]; this.swiped = false; });
    this.dialog.addEventListener('pointerup', (e) => {
      if (!this.from) return;
      const dx = e.clientX - this.from[0]; const dy = e.clientY - this.from[1];
      this.from = null;
      if (Math.abs(dx) >= 50 && Math.abs(dx) > Math.abs(dy)) { this.swiped = true; this.step(dx < 0 ? 1 : -1); }
    });
    const button = (id, fn) => document.getElementById(id).addEventListener('click', (e) => { e.stopPropagation(); fn(); });
    button('viewer-close', () => this.close());
    button('viewer-prev', () => this.step(-1));
    button('viewer-next', () => this.step(1));
    this.dialog.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        this.step(e.key === 'ArrowRight' ? 1 : -1);
      } else if ((e.key === 'Enter' || e.key === ' ') && e.target === this.dialog) { e.preventDefault(); this.close(); }
    });
    this.dialog.addEventListener('close', () => { if (this.returnFocus) this.returnFocus.focus(); });
    this.link = document.getElementById('viewer-link');
    this.link.addEventListener('click', (e) => e.stopPropagation());
    this.img.addEventListener('error', () => {
      this.img.classList.add('broken');
      const shown = this.images[this.index];
      this.caption.textContent = `Could not show ${shown ? shown.url : this.img.src} here (the server may not allow that site, or it is offline); the link opens it in a new tab.`;
    });
    this.img.addEventListener('load', () => this.img.classList.remove('broken'));
  }
  open(images, index) {
    this.images = images; this.index = index;
    this.returnFocus = document.activeElement;
    this.show();
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.focus();
  }
  show() {
    const img = this.images[this.index];
    if (!img) return;
    const missing = document.getElementById('viewer-missing');
    this.img.classList.remove('broken');
    this.img.hidden = true;
    missing.hidden = true;
    this.link.href = img.url;
    this.img.alt = `Image ${this.index + 1} of ${this.images.length}`;
    for (const id of ['viewer-prev', 'viewer-next']) document.getElementById(id).hidden = this.images.length < 2;
    const n = img.count > 1 ? ` · ×${img.count}` : '';
    this.caption.textContent = `${this.index + 1} / ${this.images.length}${n} · ${img.name ? img.name + ' · ' : ''}${img.path ? formatPath(img.path) + ' · ' : ''}${img.url}`;
    // A placeholder is not shown as a picture: the viewer says what it is.
    const src = imageSrc(img.url);
    probe(src).then((info) => {
      if (this.images[this.index] !== img) return;
      if (!info.placeholder) { this.img.hidden = false; this.img.src = src; return; }
      const why = whyNotFetched(info.reason, hostOf(img.url));
      missing.textContent = '';
      missing.append(el('strong', 'viewer-name', nameOf(img)),
        el('span', '', `The picture could not be fetched: ${why[1]}.` + (img.count > 1 ? ` The same for all ${img.count} pictures.` : '')));
      missing.hidden = false;
    });
  }
  step(by) {
    if (!this.images.length) return;
    this.index = (this.index + by + this.images.length) % this.images.length;
    this.show();
  }
  close() { if (this.dialog.open) this.dialog.close(); }
}

/** A human-readable byte count. */
export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
