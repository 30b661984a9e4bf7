// The demo page's script. A partner writes the attributes in the tag; the demo takes them from
// the query string (?consultant-id=…&theme=dark&api-base=…) so one page shows any consultant.
const params = new URLSearchParams(location.search);
const card = document.getElementById('card');
const log = document.getElementById('log');

// Events bubble and are composed: a partner can listen on the document.
window.fmEvents = [];
for (const type of ['fm-loaded', 'fm-error']) {
  document.addEventListener(type, (event) => {
    window.fmEvents.push({ type, detail: event.detail });
    log.textContent += `${type}: ${JSON.stringify(event.detail).slice(0, 200)}\n`;
  });
}

for (const name of ['consultant-id', 'theme', 'api-base']) {
  const value = params.get(name);
  if (value) card.setAttribute(name, value);
}
if (!params.get('consultant-id')) document.getElementById('hint').hidden = false;
