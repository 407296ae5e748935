// The operation picker: with several operations in the document the Run
// button names the one it will run (the one under the caret, as before), and
// a menu button beside it ("▾", role="menu" of menuitemradio) picks another.
// A pick holds until the caret moves into a different operation or the
// picked operation leaves the document. One operation: Run looks as before.

import { parse, operations } from '/playground/lang.js';

const nameOf = (op) => (op && op.name ? op.name.value : undefined);

export class OperationPicker {
  /** `input`: the editor's textarea; `run`: the Run button. */
  constructor(input, run) {
    this.input = input;
    this.run = run;
    this.ops = [];
    this.picked = null;      // the operation picked in the menu
    this.pickedFrom = null;  // the operation under the caret when it was picked
    // The Run button's label: "Run" plus the operation's name.
    const tail = [...run.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
    this.label = document.createElement('span');
    this.label.className = 'run-label';
    this.label.textContent = 'Run';
    this.opName = document.createElement('span');
    this.opName.className = 'run-op-name';
    if (tail) tail.replaceWith(' ', this.label, ' ', this.opName); else run.append(this.label, ' ', this.opName);

    this.group = document.createElement('span');
    this.group.className = 'op-picker';
    this.group.hidden = true;
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.id = 'run-op';
    this.button.className = 'btn primary op-toggle';
    this.button.textContent = '▾';
    this.button.setAttribute('aria-haspopup', 'menu');
    this.button.setAttribute('aria-expanded', 'false');
    this.button.setAttribute('aria-controls', 'run-op-menu');
    this.button.setAttribute('aria-label', 'Choose the operation to run');
    this.button.title = 'Choose the operation to run';
    this.menu = document.createElement('ul');
    this.menu.id = 'run-op-menu';
    this.menu.className = 'op-menu';
    this.menu.setAttribute('role', 'menu');
    this.menu.setAttribute('aria-label', 'Operation to run');
    this.menu.hidden = true;
    this.group.append(this.button, this.menu);
    run.after(this.group);

    this.button.addEventListener('click', () => (this.menu.hidden ? this.open() : this.close(false)));
    this.button.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') { e.preventDefault(); this.open(e.key === 'ArrowUp' ? -1 : 0); }
    });
    this.menu.addEventListener('keydown', (e) => this.menuKey(e));
    document.addEventListener('pointerdown', (e) => { if (!this.menu.hidden && !this.group.contains(e.target)) this.close(false); });
    this.group.addEventListener('focusout', (e) => { if (!this.menu.hidden && !this.group.contains(e.relatedTarget)) this.close(false); });
    const caret = () => this.draw();
    for (const ev of ['click', 'keyup', 'input', 'focus']) input.addEventListener(ev, caret);
    document.addEventListener('selectionchange', () => { if (document.activeElement === input) this.draw(); });
  }

  /** The operations of the document as last parsed (kept while it does not parse). */
  setDocument(doc) {
    if (!doc) return;
    this.ops = operations(doc);
    this.draw();
  }

  /** The operation under the caret among `ops` (the first when between them). */
  here(ops) {
    const caret = this.input.selectionStart;
    return ops.find(o => o.start <= caret && caret <= o.end) || ops[0];
  }

  /** The operationName to send for `ops` (undefined with fewer than two). */
  choose(ops) {
    if (ops.length < 2) return undefined;
    const here = nameOf(this.here(ops));
    if (this.picked != null && (this.pickedFrom !== here || !ops.some(o => nameOf(o) === this.picked))) this.picked = null;
    return this.picked != null ? this.picked : here;
  }

  /** Picks an operation by name (the menu, or an entry from history). */
  pick(name) {
    this.setDocument(parse(this.input.value).doc);
    this.picked = name || null;
    this.pickedFrom = nameOf(this.here(this.ops));
    this.draw();
  }

  draw() {
    const named = this.ops.filter(o => nameOf(o));
    const several = this.ops.length > 1;
    const chosen = several ? this.choose(this.ops) : undefined;
    this.group.hidden = !several || named.length < 2;
    if (this.group.hidden && !this.menu.hidden) this.close(false);
    this.run.classList.toggle('has-picker', !this.group.hidden);
    this.opName.textContent = several && chosen ? chosen : '';
    this.run.title = several && chosen ? `Run ${chosen} (Ctrl+Enter)` : 'Run (Ctrl+Enter)';
    if (!this.menu.hidden) this.fill(chosen);
  }

  fill(chosen) {
    this.menu.innerHTML = '';
    for (const op of this.ops) {
      const name = nameOf(op);
      if (!name) continue;
      const li = document.createElement('li');
      li.setAttribute('role', 'menuitemradio');
      li.setAttribute('aria-checked', String(name === chosen));
      li.tabIndex = -1;
      li.className = 'op-item';
      li.dataset.name = name;
      const kind = document.createElement('span');
      kind.className = 'op-kind';
      kind.textContent = op.operation || 'query';
      li.append(name, ' ', kind);
      li.addEventListener('click', () => { this.pick(name); this.close(true); });
      this.menu.appendChild(li);
    }
  }

  items() { return [...this.menu.querySelectorAll('[role=menuitemradio]')]; }

  /** Opens the menu with the focus on the chosen item (`at` -1: the last). */
  open(at) {
    this.fill(this.choose(this.ops));
    this.menu.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    const items = this.items();
    const k = at === -1 ? items.length - 1 : Math.max(0, items.findIndex(li => li.getAttribute('aria-checked') === 'true'));
    if (items[k]) items[k].focus();
  }

  close(refocus) {
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (refocus) this.button.focus();
  }

  menuKey(e) {
    const items = this.items();
    const k = items.indexOf(document.activeElement);
    let to = null;
    if (e.key === 'ArrowDown') to = (k + 1) % items.length;
    else if (e.key === 'ArrowUp') to = (k - 1 + items.length) % items.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = items.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') { if (items[k]) { this.pick(items[k].dataset.name); this.close(true); } }
    else if (e.key === 'Escape') this.close(true);
    else if (e.key === 'Tab') { this.close(false); return; }
    else return;
    e.preventDefault();
    e.stopPropagation();
    if (to != null && items[to]) items[to].focus();
  }
}
