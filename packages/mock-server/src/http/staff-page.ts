/**
 * The staff console page: static HTML, CSS, a script file (no inline script) and its icon. On a
 * narrow screen each table row is a card of labelled fields; the table keeps its roles (set by the
 * script), so the rows and cells read the same with any layout. Amounts come written from the state
 * (`amountText`, `balanceText`): the page formats no money itself. The clock section moves the bank's
 * time (/__mock/clock); the snapshots section saves, restores and deletes named snapshots of the bank
 * (/__mock/snapshots). The request journal section lists
 * the API calls the mock answered (GET /__mock/journal), refreshed every two seconds while the page is
 * visible, with its filters and a button that clears it.
 */

/** The portal's icon (packages/web/public/favicon.svg). */
export const STAFF_FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b3b66"/><path d="M8 13l8-5 8 5v1H8zM10 15h2v7h-2zM15 15h2v7h-2zM20 15h2v7h-2zM8 23h16v2H8z" fill="#fff"/></svg>
`;

export const STAFF_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staff console · Mock bank</title>
<link rel="icon" type="image/svg+xml" href="/__mock/staff/favicon.svg">
<link rel="stylesheet" href="/__mock/staff/staff.css">
<script type="module" src="/__mock/staff/staff.js"></script>
</head>
<body>
<header><h1>Staff console</h1><p>Decisions the customer portal does not show. Changes apply at once.</p>
<nav aria-label="Sections"><a href="#journal-h">Request journal</a></nav></header>
<main>
<p id="status" role="status" aria-live="polite"></p>
<section id="signin" aria-labelledby="signin-h" hidden><h2 id="signin-h">Staff sign-in</h2>
<p class="sub">This server lets only staff use the console. Sign in with an admin account of the bank.</p>
<form id="signin-form" class="inline-form">
<label>E-mail<input name="email" type="email" autocomplete="username" spellcheck="false" required></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" class="ok">Sign in</button>
</form></section>
<section aria-labelledby="kyc-h"><h2 id="kyc-h">Identity checks awaiting review</h2><div id="kyc"></div></section>
<section aria-labelledby="req-h"><h2 id="req-h">Pending deposits, fixed deposits, upgrades and transfers</h2><div id="requests"></div></section>
<section aria-labelledby="cust-h"><h2 id="cust-h">Customers</h2><div id="customers"></div></section>
<section aria-labelledby="clock-h"><h2 id="clock-h">Clock</h2>
<p class="sub">Move the bank's time forward to show a code expiring, a lock ending or a session timing out without waiting. Resetting the bank sets the clock back too.</p>
<p class="clock-now">Bank time: <time id="clock-time"></time> <span id="clock-offset"></span></p>
<form id="clock-form" class="inline-form">
<div class="actions" role="group" aria-label="Advance the clock by">
<button type="button" class="plain" data-minutes="15">+15 min</button><button type="button" class="plain" data-minutes="60">+1 h</button><button type="button" class="plain" data-minutes="1440">+1 day</button>
</div>
<label>Minutes<input name="minutes" type="number" min="1" max="525600" step="1" inputmode="numeric" required></label>
<button type="submit" class="plain">Advance</button>
<button type="button" class="no" id="clock-reset">Reset to real time</button>
</form></section>
<section aria-labelledby="snap-h"><h2 id="snap-h">Snapshots</h2>
<p class="sub">Save the bank under a name and bring it back later. Snapshots keep the bank's records, not its clock; resetting the bank keeps them.</p>
<form id="snapshot-form" class="inline-form">
<label>Name<input name="name" required maxlength="64" autocomplete="off" spellcheck="false" placeholder="before-transfer" aria-describedby="snapshot-hint"></label>
<button type="submit" class="ok">Save snapshot</button>
<span id="snapshot-hint" class="sub">1 to 64 letters, digits, dots, underscores or hyphens; a name saved again is overwritten.</span>
</form>
<div id="snapshots"></div></section>
<section aria-labelledby="journal-h"><h2 id="journal-h">Request journal</h2>
<p class="sub">Every API call the mock answered, newest first, with passcodes, PINs, codes and tokens masked. Refreshed every 2 seconds.</p>
<form id="journal-filters" class="filters">
<label>Operation<input name="operation" list="journal-operations" autocomplete="off" spellcheck="false" placeholder="login"></label>
<label>Customer e-mail<input name="email" type="email" autocomplete="off" spellcheck="false"></label>
<label>Status<input name="status" inputmode="numeric" pattern="[0-9]*" maxlength="3" autocomplete="off" placeholder="200"></label>
<button type="button" class="plain" id="journal-clear">Clear the journal</button>
<datalist id="journal-operations"></datalist>
</form>
<p id="journal-count" class="sub"></p>
<div id="journal"></div></section>
</main>
</body>
</html>
`;

export const STAFF_CSS = `
:root { font-family: system-ui, sans-serif; color: #14213d; background: #f5f7fb; line-height: 1.4; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; }
header { background: #0b3d91; color: #fff; padding: 1rem 1.5rem; }
h1 { margin: 0; font-size: 1.5rem; }
header p { margin: .25rem 0 0; opacity: .9; }
header nav { margin-top: .4rem; } header a { color: #fff; font-weight: 600; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
section { background: #fff; border-radius: 12px; padding: 1rem 1.25rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
.scroll { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: .92rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e3e8f0; vertical-align: top; overflow-wrap: break-word; }
th { color: #3d4b63; font-weight: 600; }
td.money { white-space: nowrap; font-variant-numeric: tabular-nums; }
.who { display: block; font-weight: 600; }
.sub { display: block; color: #46556d; }
.label { display: none; }
.actions { display: flex; gap: .4rem; }
button { font: inherit; white-space: nowrap; border: 0; border-radius: 8px; padding: .45rem .9rem; min-height: 2.5rem; cursor: pointer; }
button.ok { background: #0b7a3e; color: #fff; } button.no { background: #b42318; color: #fff; }
button.plain { background: #e3e8f0; color: #14213d; }
button:focus-visible, a:focus-visible, .scroll:focus-visible { outline: 3px solid #f4b400; outline-offset: 2px; }
.docs { display: flex; flex-wrap: wrap; gap: .4rem; }
.docs a { display: inline-block; border-radius: 4px; }
img.doc { display: block; height: 64px; width: auto; max-width: 112px; border: 1px solid #ccd; border-radius: 4px; background: #eef3f8; }
.empty { color: #46556d; margin: 0; }
.inline-form { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .5rem .75rem; margin: .75rem 0; }
.inline-form label { display: flex; flex-direction: column; gap: .2rem; font-size: .85rem; font-weight: 600; color: #3d4b63; }
.inline-form input { font: inherit; width: 13rem; max-width: 100%; min-height: 2.5rem; padding: .4rem .6rem; border: 1px solid #8a96aa; border-radius: 8px; color: #14213d; }
.inline-form input:focus-visible { outline: 3px solid #f4b400; outline-offset: 1px; }
.inline-form .actions { flex-wrap: wrap; }
.clock-now { margin: .5rem 0; font-weight: 600; overflow-wrap: anywhere; } .clock-now span { font-weight: 400; color: #46556d; }
#status { min-height: 1.5em; font-weight: 600; margin: 0; }
.filters { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .5rem .75rem; margin: .75rem 0; }
.filters label { display: flex; flex-direction: column; gap: .2rem; font-size: .85rem; font-weight: 600; color: #3d4b63; }
.filters input { font: inherit; width: 13rem; max-width: 100%; min-height: 2.5rem; padding: .4rem .6rem; border: 1px solid #8a96aa; border-radius: 8px; color: #14213d; }
.filters input:focus-visible { outline: 3px solid #f4b400; outline-offset: 1px; }
code.fields { font-size: .85rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.bad { color: #b42318; font-weight: 600; }

/* Narrow screens: each row a card, each cell a labelled line. */
@media (max-width: 60rem) {
  header { padding: .9rem 1rem; }
  main { padding: .5rem .75rem 2rem; }
  section { padding: .9rem .75rem; border-radius: 10px; }
  table, tbody, tr, td { display: block; width: 100%; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  tr { border: 1px solid #d5dce7; border-radius: 10px; padding: .25rem .75rem; margin: 0 0 .75rem; }
  td { display: grid; grid-template-columns: minmax(6.5rem, 35%) 1fr; gap: .75rem; padding: .5rem 0; overflow-wrap: anywhere; }
  tr td:last-child { border-bottom: 0; }
  .actions { flex-wrap: wrap; }
  .label { display: block; color: #46556d; font-size: .85rem; font-weight: 600; }
  .inline-form label { flex: 1 1 11rem; } .inline-form input { width: 100%; }
  .filters label { flex: 1 1 11rem; } .filters input { width: 100%; }
  td > .value { min-width: 0; }
}
@media (max-width: 22rem) {
  td { grid-template-columns: 1fr; gap: .1rem; }
}
`;

export const STAFF_JS = `
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c ?? '')));
  return node;
};
const say = (text) => { $('status').textContent = text; };

// --- staff sign-in: a server with a staff key asks for an admin's token --------------------------
const TOKEN_KEY = 'mockStaffToken';
async function staffFetch(url, init = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const headers = { ...(init.headers || {}), ...(token ? { authorization: 'Bearer ' + token } : {}) };
  const res = await fetch(url, { ...init, headers });
  if (res.status === 401) {
    sessionStorage.removeItem(TOKEN_KEY);
    $('signin').hidden = false;
    throw new Error('Sign in as staff to continue.');
  }
  return res;
}
$('signin-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.target;
  const button = form.querySelector('button');
  if (button.disabled) return;
  button.disabled = true;
  try {
    const res = await fetch('/api/users.php?crud=userlogin', { method: 'POST', body: new URLSearchParams({
      email: form.elements.email.value, password: form.elements.password.value, remeber: '0' }) });
    const data = await res.json().catch(() => ({}));
    if (!res.ok || data.error) throw new Error(data.message || 'Sign-in failed');
    if (data.role !== 'admin' || !data.jwt) throw new Error('Only staff accounts can sign in here.');
    sessionStorage.setItem(TOKEN_KEY, data.jwt);
    form.reset();
    $('signin').hidden = true;
    say('Signed in as ' + data.email);
    await Promise.all([load(), loadClock(), loadSnapshots(), refreshJournal()]);
  } catch (e) { say(e.message); } finally { button.disabled = false; }
});

async function call(method, path, body) {
  const res = await staffFetch('/__mock/staff/' + path, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || 'Request failed');
  return data;
}

/** A cell's content: text, a node, or { text, className } for a cell with a class of its own. */
const cellOf = (c) => (c && typeof c === 'object' && !(c instanceof Node) ? c : { text: c });

/**
 * A table whose rows become labelled cards on a narrow screen. Explicit roles keep it a table for
 * assistive technology when the style shows its parts as blocks; each cell's label is for the eye only.
 */
function table(caption, headers, rows, empty = 'Nothing waiting.') {
  if (rows.length === 0) return el('p', { className: 'empty' }, empty);
  const withRole = (node, role) => { node.setAttribute('role', role); return node; };
  const head = withRole(el('thead', {}, withRole(el('tr', {},
    ...headers.map((h) => withRole(el('th', { scope: 'col' }, h), 'columnheader'))), 'row')), 'rowgroup');
  const body = withRole(el('tbody', {}, ...rows.map((r) => withRole(el('tr', {}, ...r.map((c, i) => {
    const { text, className } = cellOf(c);
    const label = el('span', { className: 'label' }, headers[i]);
    label.setAttribute('aria-hidden', 'true');
    return withRole(el('td', { className: className || '' }, label, el('div', { className: 'value' }, text)), 'cell');
  })), 'row'))), 'rowgroup');
  const t = withRole(el('table', {}, head, body), 'table');
  t.setAttribute('aria-label', caption);
  // A wide table scrolls inside its box; the box takes focus so that it scrolls from the keyboard too.
  const box = withRole(el('div', { className: 'scroll' }, t), 'region');
  box.setAttribute('tabindex', '0');
  box.setAttribute('aria-label', caption + ' (scrolls sideways when wide)');
  return box;
}

const who = (fullname, email) => el('span', {}, el('span', { className: 'who' }, fullname), el('span', { className: 'sub' }, email));
const money = (text) => ({ text, className: 'money' });

const action = (label, cls, run) => el('button', { className: cls, type: 'button', onclick: async () => {
  try { await run(); say(label + ': done'); await load(); } catch (e) { say(e.message); }
} }, label);
const actions = (...buttons) => el('div', { className: 'actions' }, ...buttons);

const picture = (src, alt) => el('a', { href: src, target: '_blank', rel: 'noopener' },
  el('img', { className: 'doc', src, alt, loading: 'lazy' }));

async function load() {
  const s = await call('GET', 'state');
  $('kyc').replaceChildren(table('Identity checks awaiting review', ['Customer', 'Document', 'Images', 'Decision'], s.kyc.map((k) => [
    who(k.fullname, k.email), k.documentType + ' (' + k.country + ')',
    el('div', { className: 'docs' }, ...k.documents.map((d, i) =>
      picture(d, (['Portrait', 'ID front', 'ID back'][i] || 'Document') + ' of ' + k.fullname))),
    actions(action('Approve', 'ok', () => call('POST', 'kyc/' + k.userId + '/approve')),
      action('Decline', 'no', () => call('POST', 'kyc/' + k.userId + '/decline'))),
  ])));
  $('requests').replaceChildren(table('Pending requests', ['Kind', 'Customer', 'Details', 'Amount', 'Proof', 'Decision'], s.requests.map((r) => [
    r.kind, r.email, [r.type, r.plan, r.purpose, r.payee].filter(Boolean).join(' · '), money(r.amountText),
    r.proof ? el('div', { className: 'docs' }, picture(r.proof, 'Proof of payment')) : '—',
    actions(action('Confirm', 'ok', () => call('POST', 'requests/' + r.id + '/confirm')),
      action('Decline', 'no', () => call('POST', 'requests/' + r.id + '/decline'))),
  ])));
  $('customers').replaceChildren(table('Customers', ['Customer', 'Role', 'E-mail verified', 'KYC', 'Plan', 'Balance', 'Account message'], s.customers.map((c) => [
    who(c.fullname, c.email), c.role, c.emailVerified ? 'yes' : 'no', c.kyc, c.plan, money(c.balanceText),
    c.notice
      ? el('div', {}, el('span', { className: 'sub' }, c.notice.head), actions(action('Clear', 'plain', () => call('DELETE', 'customers/' + c.id + '/notice'))))
      : actions(action('Set message…', 'plain', async () => {
          const head = prompt('Heading of the account message'); if (!head) throw new Error('Cancelled');
          const body = prompt('Body of the account message'); if (!body) throw new Error('Cancelled');
          await call('PUT', 'customers/' + c.id + '/notice', { head, body });
        })),
  ])));
}

load().catch((e) => say(e.message));

// --- the clock and the named snapshots ---------------------------------------------------------
async function dev(method, path, body) {
  const res = await staffFetch('/__mock/' + path, {
    method, cache: 'no-store',
    headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || 'Request failed');
  return data;
}
const aheadText = (minutes) => {
  if (minutes === 0) return '(real time)';
  const d = Math.floor(minutes / 1440), h = Math.floor((minutes % 1440) / 60), m = minutes % 60;
  return '(' + [d && d + (d === 1 ? ' day' : ' days'), h && h + ' h', m && m + ' min'].filter(Boolean).join(' ') + ' ahead)';
};
async function loadClock() {
  const c = await dev('GET', 'clock');
  $('clock-time').dateTime = c.now;
  $('clock-time').textContent = new Date(c.now).toLocaleString();
  $('clock-offset').textContent = aheadText(c.offsetMinutes);
}
async function moveClock(body, done) {
  try { await dev('POST', 'clock', body); say(done); } catch (e) { say(e.message); }
  await loadClock().catch((e) => say(e.message));
}
for (const b of document.querySelectorAll('#clock-form [data-minutes]')) {
  b.addEventListener('click', () => moveClock({ advanceMinutes: Number(b.dataset.minutes) }, 'Clock: ' + b.textContent + ' done'));
}
$('clock-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const minutes = Number(new FormData(event.target).get('minutes'));
  moveClock({ advanceMinutes: minutes }, 'Clock: +' + minutes + ' min done');
});
$('clock-reset').addEventListener('click', () => moveClock({ reset: true }, 'Clock: back to real time'));
setInterval(() => { if (document.visibilityState === 'visible') loadClock().catch(() => undefined); }, 15000);
loadClock().catch((e) => say(e.message));

async function loadSnapshots() {
  const list = await dev('GET', 'snapshots');
  const run = (label, name, work) => {
    const button = el('button', { className: label === 'Delete' ? 'no' : 'ok', type: 'button', onclick: async () => {
      try { await work(); say(label + ' ' + name + ': done'); } catch (e) { say(e.message); }
      await Promise.all([loadSnapshots(), load(), loadClock()]).catch((e) => say(e.message));
    } }, label);
    button.setAttribute('aria-label', label + ' ' + name);
    return button;
  };
  $('snapshots').replaceChildren(table('Snapshots', ['Name', 'Saved (bank time)', 'Action'], list.map((s) => [
    el('span', { className: 'who' }, s.name),
    el('time', { dateTime: s.savedAt }, new Date(s.savedAt).toLocaleString()),
    actions(run('Restore', s.name, () => dev('POST', 'snapshots/' + encodeURIComponent(s.name) + '/restore')),
      run('Delete', s.name, () => dev('DELETE', 'snapshots/' + encodeURIComponent(s.name)))),
  ]), 'No snapshots yet.'));
}
$('snapshot-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = String(new FormData(event.target).get('name') || '').trim();
  try { await dev('POST', 'snapshots', { name }); say('Snapshot ' + name + ' saved'); event.target.reset(); } catch (e) { say(e.message); }
  await loadSnapshots().catch((e) => say(e.message));
});
loadSnapshots().catch((e) => say(e.message));

// --- the request journal -----------------------------------------------------------------------
const JOURNAL_SHOWN = 100;
const filters = $('journal-filters');
const shownValue = (v) => (v && typeof v === 'object' ? v.name + ' (' + (v.type || 'not an image') + ', ' + v.size + ' bytes)' : v);
const fieldsText = (fields) => Object.entries(fields)
  .map(([k, v]) => k + ': ' + (Array.isArray(v) ? v.map(shownValue).join(' | ') : shownValue(v))).join('\\n');
let journalSeen = '';

async function loadJournal() {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(filters)) if (String(value).trim()) query.set(name, String(value).trim());
  const res = await staffFetch('/__mock/journal' + (query.size ? '?' + query : ''), { cache: 'no-store' });
  const text = await res.text();
  if (text === journalSeen) return;
  journalSeen = text;
  const data = JSON.parse(text);
  if (!res.ok) {
    $('journal-count').replaceChildren(el('span', { className: 'bad' }, data.message || 'The journal cannot be read'));
    $('journal').replaceChildren();
    return;
  }
  const names = new Set([...$('journal-operations').options].map((o) => o.value));
  for (const e of data) if (e.operation && !names.has(e.operation)) {
    names.add(e.operation);
    $('journal-operations').append(el('option', { value: e.operation }));
  }
  $('journal-count').textContent = data.length > JOURNAL_SHOWN
    ? 'The latest ' + JOURNAL_SHOWN + ' of ' + data.length + ' calls.'
    : data.length + (data.length === 1 ? ' call.' : ' calls.');
  $('journal').replaceChildren(table('Request journal', ['Time', 'Operation', 'Customer', 'Status', 'Duration', 'Fields', 'Reply'],
    data.slice(0, JOURNAL_SHOWN).map((e) => [
      el('time', { dateTime: e.at }, new Date(e.at).toLocaleTimeString()),
      el('span', {}, el('span', { className: 'who' }, e.operation || 'no operation'), el('span', { className: 'sub' }, e.selector || '—')),
      e.email || '—',
      e.status,
      e.durationMs + ' ms',
      el('code', { className: 'fields' }, fieldsText(e.fields)),
      e.replyValid === null ? 'not checked' : e.replyValid ? 'matches the contract' : el('span', { className: 'bad' }, 'does not match'),
    ]), 'No calls yet.'));
}

const refreshJournal = () => loadJournal().catch(() => {
  journalSeen = '';
  $('journal-count').textContent = 'The journal cannot be read.';
});
filters.addEventListener('input', refreshJournal);
filters.addEventListener('submit', (event) => { event.preventDefault(); refreshJournal(); });
$('journal-clear').addEventListener('click', async () => {
  const res = await staffFetch('/__mock/journal', { method: 'DELETE' }).catch(() => undefined);
  say(res && res.ok ? 'The journal is cleared' : 'The journal could not be cleared');
  await refreshJournal();
});
setInterval(() => { if (document.visibilityState === 'visible') refreshJournal(); }, 2000);
refreshJournal();
`;
