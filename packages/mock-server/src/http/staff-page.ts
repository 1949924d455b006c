/** The staff console page: static HTML, CSS and a script file (no inline script). */

export const STAFF_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staff console · Mock bank</title>
<link rel="stylesheet" href="/__mock/staff/staff.css">
<script type="module" src="/__mock/staff/staff.js"></script>
</head>
<body>
<header><h1>Staff console</h1><p>Decisions the customer portal does not show. Changes apply at once.</p></header>
<main>
<p id="status" role="status" aria-live="polite"></p>
<section aria-labelledby="kyc-h"><h2 id="kyc-h">Identity checks awaiting review</h2><div id="kyc"></div></section>
<section aria-labelledby="req-h"><h2 id="req-h">Pending deposits, fixed deposits, upgrades and transfers</h2><div id="requests"></div></section>
<section aria-labelledby="cust-h"><h2 id="cust-h">Customers</h2><div id="customers"></div></section>
</main>
</body>
</html>
`;

export const STAFF_CSS = `
:root { font-family: system-ui, sans-serif; color: #14213d; background: #f5f7fb; }
body { margin: 0; }
header { background: #0b3d91; color: #fff; padding: 1rem 1.5rem; }
header p { margin: .25rem 0 0; opacity: .85; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
section { background: #fff; border-radius: 12px; padding: 1rem 1.25rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
table { width: 100%; border-collapse: collapse; font-size: .92rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e3e8f0; vertical-align: top; }
button { font: inherit; border: 0; border-radius: 8px; padding: .4rem .8rem; cursor: pointer; margin: .1rem; }
button.ok { background: #0b7a3e; color: #fff; } button.no { background: #b42318; color: #fff; }
button.plain { background: #e3e8f0; color: #14213d; }
button:focus-visible { outline: 3px solid #f4b400; outline-offset: 2px; }
img.doc { width: 72px; height: 48px; object-fit: cover; border: 1px solid #ccd; border-radius: 4px; margin-right: .25rem; }
.empty { color: #5b6b82; }
#status { min-height: 1.5em; font-weight: 600; }
`;

export const STAFF_JS = `
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c ?? '')));
  return node;
};
const say = (text) => { $('status').textContent = text; };

async function call(method, path, body) {
  const res = await fetch('/__mock/staff/' + path, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || 'Request failed');
  return data;
}

function table(headers, rows) {
  if (rows.length === 0) return el('p', { className: 'empty' }, 'Nothing waiting.');
  const t = el('table');
  t.append(el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', { scope: 'col' }, h)))));
  const tb = el('tbody');
  for (const r of rows) tb.append(el('tr', {}, ...r.map((c) => el('td', {}, c))));
  t.append(tb);
  return t;
}

const action = (label, cls, run) => el('button', { className: cls, type: 'button', onclick: async () => {
  try { await run(); say(label + ': done'); await load(); } catch (e) { say(e.message); }
} }, label);

async function load() {
  const s = await call('GET', 'state');
  const money = (n) => s.currency + Number(n).toFixed(2);
  $('kyc').replaceChildren(table(['Customer', 'Document', 'Images', 'Decision'], s.kyc.map((k) => [
    k.fullname + ' <' + k.email + '>', k.documentType + ' (' + k.country + ')',
    el('span', {}, ...k.documents.map((d, i) => el('a', { href: d, target: '_blank', rel: 'noopener' },
      el('img', { className: 'doc', src: d, alt: ['Portrait', 'ID front', 'ID back'][i] || 'Document' })))),
    el('span', {}, action('Approve', 'ok', () => call('POST', 'kyc/' + k.userId + '/approve')),
      action('Decline', 'no', () => call('POST', 'kyc/' + k.userId + '/decline'))),
  ])));
  $('requests').replaceChildren(table(['Kind', 'Customer', 'Details', 'Amount', 'Proof', 'Decision'], s.requests.map((r) => [
    r.kind, r.email, [r.type, r.plan, r.purpose, r.payee].filter(Boolean).join(' · '), money(r.amount),
    r.proof ? el('a', { href: r.proof, target: '_blank', rel: 'noopener' }, el('img', { className: 'doc', src: r.proof, alt: 'Proof of payment' })) : '—',
    el('span', {}, action('Confirm', 'ok', () => call('POST', 'requests/' + r.id + '/confirm')),
      action('Decline', 'no', () => call('POST', 'requests/' + r.id + '/decline'))),
  ])));
  $('customers').replaceChildren(table(['Customer', 'Role', 'E-mail verified', 'KYC', 'Plan', 'Balance', 'Account message'], s.customers.map((c) => [
    c.fullname + ' <' + c.email + '>', c.role, c.emailVerified ? 'yes' : 'no', c.kyc, c.plan, money(c.balance),
    c.notice
      ? el('span', {}, c.notice.head + ' ', action('Clear', 'plain', () => call('DELETE', 'customers/' + c.id + '/notice')))
      : action('Set message…', 'plain', async () => {
          const head = prompt('Heading of the account message'); if (!head) throw new Error('Cancelled');
          const body = prompt('Body of the account message'); if (!body) throw new Error('Cancelled');
          await call('PUT', 'customers/' + c.id + '/notice', { head, body });
        }),
  ])));
}

load().catch((e) => say(e.message));
`;
