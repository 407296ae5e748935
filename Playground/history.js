// The history of runs, kept in localStorage ("menagerie.history", newest
// first), with each run's response so an entry opens without running again.
// Entries can be starred (listed first, never dropped by the bounds) and
// renamed. Bounds (LIMITS): the newest 100 unstarred entries; responses for
// the newest 30 unstarred entries and every starred one, each at most
// 128 KB (a larger one is not kept; the entry says so), 1 MB in all (the
// oldest unstarred responses go first). Should the browser's storage still
// be full, responses go oldest first (unstarred, then starred), then the
// oldest unstarred entries. Headers arrive here blank unless the user asked
// to remember them (app.js).

import { formatBytes } from '/playground/result.js';

const KEY = 'menagerie.history';
export const LIMITS = { entries: 100, responses: 30, responseChars: 128 * 1024, totalChars: 1024 * 1024 };

const uid = () => Math.random().toString(36).slice(2, 10);
const sizeOf = (h) => (h.response && typeof h.response.text === 'string' ? h.response.text.length : 0);

/** The stored entries, newest first (each with an id). */
export function readHistory() {
  let list;
  try { list = JSON.parse(localStorage.getItem(KEY) || '[]'); } catch (e) { list = []; }
  if (!Array.isArray(list)) return [];
  return list.filter(h => h && typeof h === 'object').map(h => (h.id ? h : Object.assign({}, h, { id: uid() })));
}

/** Applies the bounds to `list` (newest first); returns the kept entries. */
export function bound(list) {
  const out = [];
  let unstarred = 0; let responses = 0;
  for (const h of list) {
    if (!h.starred && ++unstarred > LIMITS.entries) continue;
    if (h.response && !h.starred && ++responses > LIMITS.responses) drop(h, 'old');
    out.push(h);
  }
  let total = out.filter(h => h.starred).reduce((n, h) => n + sizeOf(h), 0);
  for (const h of out) {
    if (h.starred || !h.response) continue;
    if (total + sizeOf(h) > LIMITS.totalChars) drop(h, 'space'); else total += sizeOf(h);
  }
  return out;
}
function drop(h, why) { h.response = null; h.dropped = why; }

/** Stores `list` within the bounds; when the browser's storage is full,
 *  drops responses (oldest unstarred first), then old unstarred entries. */
export function writeHistory(list) {
  const kept = bound(list);
  for (;;) {
    try { localStorage.setItem(KEY, JSON.stringify(kept)); return kept; } catch (e) { /* full: make room */ }
    const withResponse = kept.filter(h => h.response);
    const victim = withResponse.reverse().sort((a, b) => (a.starred ? 1 : 0) - (b.starred ? 1 : 0))[0];
    if (victim) { drop(victim, 'space'); continue; }
    const k = kept.map(h => !h.starred).lastIndexOf(true);
    if (k < 0) return kept;
    kept.splice(k, 1);
  }
}

/** Adds a run (newest first). Re-running the newest unstarred entry's
 *  request replaces it (keeping its name). `response`: as app.js keeps it. */
export function addRun(entry, response) {
  const list = readHistory();
  const h = Object.assign({ id: uid() }, entry);
  if (response) {
    const r = { status: response.status, statusText: response.statusText || '', ms: response.ms, bytes: response.bytes, text: response.text, contentType: response.contentType || '' };
    if (typeof r.text === 'string' && r.text.length <= LIMITS.responseChars) h.response = r; else h.dropped = 'large';
  }
  const top = list[0];
  if (top && !top.starred && top.query === h.query && top.variables === h.variables && top.headers === h.headers && top.operationName === h.operationName) {
    h.id = top.id;
    if (top.name) h.name = top.name;
    list[0] = h;
  } else list.unshift(h);
  return writeHistory(list);
}

/** Changes the entry `id` with `fn(entry)`; returns the stored list. */
export function updateEntry(id, fn) {
  const list = readHistory();
  const h = list.find(x => x.id === id);
  if (h) fn(h);
  return writeHistory(list);
}
export function removeEntry(id) { return writeHistory(readHistory().filter(h => h.id !== id)); }
/** Clears the history but for the starred entries. */
export function clearHistory() { return writeHistory(readHistory().filter(h => h.starred)); }

/** The response as app.js shows it, from a stored entry. */
export function responseOf(h) {
  const r = h.response;
  if (!r) return null;
  let json; let parseError = null;
  try { json = JSON.parse(r.text); } catch (e) { parseError = e.message; }
  return Object.assign({}, r, { json, parseError, fromHistory: h.at || 0 });
}

const NOT_KEPT = { large: 'response not kept (over 128 KB)', space: 'response not kept (history full)', old: 'response no longer kept' };

/** Draws the list into `ol`: starred entries first, then the others, newest
 *  first. `hooks`: title(entry) → string, open(entry). */
export function renderHistory(ol, hooks, focusId) {
  ol.innerHTML = '';
  const all = readHistory();
  const list = all.filter(h => h.starred).concat(all.filter(h => !h.starred));
  if (!list.length) { const li = document.createElement('li'); li.className = 'muted'; li.textContent = 'Nothing run yet.'; ol.appendChild(li); return; }
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };
  const redraw = (focus) => renderHistory(ol, hooks, focus);
  for (const h of list) {
    const title = h.name || hooks.title(h);
    const when = new Date(h.at || 0);
    const li = el('li', 'history-item' + (h.starred ? ' starred' : ''));
    const star = el('button', 'icon-btn small h-star', h.starred ? '★' : '☆');
    star.type = 'button'; star.id = `h-star-${h.id}`;
    star.setAttribute('aria-pressed', String(!!h.starred));
    star.setAttribute('aria-label', `Star ${title}`);
    star.title = h.starred ? 'Starred: kept first, never dropped (click to unstar)' : 'Star: keep first, never dropped';
    star.addEventListener('click', () => { updateEntry(h.id, x => { x.starred = !x.starred; }); redraw(`h-star-${h.id}`); });

    const b = el('button', 'history-load');
    b.type = 'button'; b.id = `h-open-${h.id}`;
    const name = el('span', 'h-title', title);
    const meta = el('span', 'h-meta');
    const time = el('time', 'h-time', when.toLocaleString()); time.dateTime = when.toISOString();
    const r = h.response;
    const status = el('span', 'h-status' + (r ? (r.status >= 200 && r.status < 300 ? ' ok' : ' bad') : ''),
      r ? `${r.status || 'network error'} · ${formatBytes(r.bytes || 0)}` : (NOT_KEPT[h.dropped] || ''));
    meta.append(time, status);
    const snippet = el('span', 'h-snippet', (h.query || '').replace(/#[^\n]*/g, '').replace(/\s+/g, ' ').trim().slice(0, 90));
    b.append(name, meta, snippet);
    b.setAttribute('aria-label', `Open ${title} from ${when.toLocaleString()}${r ? ' with its response' : ''}`);
    b.addEventListener('click', () => hooks.open(h));

    const rename = el('button', 'icon-btn small h-rename', '✎');
    rename.type = 'button'; rename.id = `h-rename-${h.id}`;
    rename.setAttribute('aria-label', `Rename ${title}`);
    rename.title = 'Rename';
    rename.addEventListener('click', () => {
      const input = el('input', 'h-name-input');
      input.type = 'text'; input.value = title; input.id = `h-name-${h.id}`;
      input.setAttribute('aria-label', `New name for ${title} (Enter saves, Escape cancels)`);
      let done = false;
      const finish = (keep) => {
        if (done) return;
        done = true;
        if (keep) updateEntry(h.id, x => { const v = input.value.trim(); if (v && v !== hooks.title(x)) x.name = v.slice(0, 80); else delete x.name; });
        redraw(`h-rename-${h.id}`);
      };
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') { e.preventDefault(); finish(true); }
        else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); finish(false); }
      });
      input.addEventListener('blur', () => finish(true));
      b.replaceWith(input);
      input.focus();
      input.select();
    });
    const del = el('button', 'icon-btn small h-remove', '✕');
    del.type = 'button';
    del.setAttribute('aria-label', `Remove ${title} from history`);
    del.title = 'Remove';
    del.addEventListener('click', () => { removeEntry(h.id); redraw(null); });
    li.append(star, b, rename, del);
    ol.appendChild(li);
  }
  if (focusId && document.getElementById(focusId)) document.getElementById(focusId).focus();
}
