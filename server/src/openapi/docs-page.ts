/**
 * The reference page at `/api/docs`: a small, self-contained renderer of `/api/openapi.json` (no
 * CDN, no inline script: the page's CSP is `script-src 'self'`, so the script is its own file).
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Franchise Meet API reference</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1c2430; background: #f7f8fa; }
  header { background: #12324f; color: #fff; padding: 1.25rem 2rem; }
  header h1 { margin: 0; font-size: 1.5rem; }
  main { display: grid; grid-template-columns: 15rem 1fr; gap: 2rem; padding: 1.5rem 2rem; }
  nav a { display: block; color: #12324f; padding: .15rem 0; text-decoration: none; }
  nav a:hover, nav a:focus { text-decoration: underline; }
  section h2 { border-bottom: 1px solid #d5dbe3; padding-bottom: .25rem; }
  details { background: #fff; border: 1px solid #d5dbe3; border-radius: 6px; margin: .5rem 0; }
  summary { cursor: pointer; padding: .5rem .75rem; font-family: ui-monospace, monospace; }
  .method { display: inline-block; min-width: 4.5rem; font-weight: 700; }
  .GET { color: #0b6e3d; } .POST { color: #1f4fb8; } .PATCH { color: #8a5a00; } .DELETE { color: #b3261e; }
  .body { padding: 0 .75rem .75rem; }
  pre { background: #f0f2f5; padding: .5rem; overflow: auto; font-size: 13px; }
  .intro { max-width: 60rem; }
</style>
</head>
<body>
<header><h1>Franchise Meet API reference</h1><div id="version"></div></header>
<main><nav id="nav" aria-label="Sections"></nav><div><p class="intro" id="intro">Loading…</p><div id="sections"></div></div></main>
<script src="/api/docs/reference.js"></script>
</body>
</html>`;

export const DOCS_JS = `(async () => {
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    for (const child of children) node.append(child);
    return node;
  };
  const doc = await (await fetch('/api/openapi.json')).json();
  document.getElementById('version').textContent = 'Version ' + doc.info.version + ' · OpenAPI ' + doc.openapi + ' · ';
  document.getElementById('version').append(el('a', { href: '/api/openapi.json', textContent: 'openapi.json', style: 'color:#fff' }));
  document.getElementById('intro').textContent = doc.info.description;
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method: method.toUpperCase(), op });
    }
  }
  const webhooks = Object.entries(doc.webhooks || {}).map(([event, item]) => ({ path: event, method: 'POST', op: item.post }));
  if (webhooks.length) byTag.set('Webhook events', webhooks);
  const descriptions = new Map((doc.tags || []).map((t) => [t.name, t.description]));
  descriptions.set('Webhook events', 'What our servers POST to your registered endpoints: one entry per event type.');
  const shared = (doc.components && doc.components.responses) || {};
  const nav = document.getElementById('nav');
  const sections = document.getElementById('sections');
  const json = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });
  for (const [tag, ops] of byTag) {
    const id = 'tag-' + tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    nav.append(el('a', { href: '#' + id, textContent: tag + ' (' + ops.length + ')' }));
    const section = el('section', { id }, el('h2', { textContent: tag }));
    if (descriptions.get(tag)) section.append(el('p', { textContent: descriptions.get(tag) }));
    for (const { path, method, op } of ops) {
      const body = el('div', { className: 'body' }, el('p', { textContent: (op.summary || '') + '. ' + (op.description || '') }));
      const params = (op.parameters || []).filter((p) => !p.$ref);
      if (params.length) {
        body.append(el('h4', { textContent: 'Parameters' }));
        const list = el('ul');
        for (const p of params) list.append(el('li', { textContent: p.name + ' (' + p.in + (p.required ? ', required' : '') + '): ' + (p.description ? p.description + ' ' : '') + JSON.stringify(p.schema) }));
        body.append(list);
      }
      const request = op.requestBody && Object.entries(op.requestBody.content)[0];
      if (request) body.append(el('h4', { textContent: 'Request body (' + request[0] + ')' }), json(request[1].schema));
      const errors = el('ul');
      for (const [status, response] of Object.entries(op.responses)) {
        if (response.$ref) {
          const name = response.$ref.split('/').pop();
          errors.append(el('li', { textContent: status + ': ' + ((shared[name] && shared[name].description) || name) }));
          continue;
        }
        const content = response.content && Object.entries(response.content)[0];
        body.append(el('h4', { textContent: 'Response ' + status + (content ? ' (' + content[0] + ')' : '') }));
        if (response.description) body.append(el('p', { textContent: response.description }));
        if (content) body.append(json(content[1].schema));
      }
      if (errors.childElementCount) body.append(el('h4', { textContent: 'Error answers ({ message, code, errors? })' }), errors);
      const summary = el('summary', {}, el('span', { className: 'method ' + method, textContent: method }), path);
      section.append(el('details', {}, summary, body));
    }
    sections.append(section);
  }
})();`;
