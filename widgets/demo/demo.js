// The demo pages' script. A partner writes the attributes in the tags; this wires the pieces
// together the way a brand's page would: a chosen consultant shows in the profile card, and
// "Book a meeting" opens the booking modal for them. ?consultant-id=…&theme=dark&api-base=…
// preset the card.
const params = new URLSearchParams(location.search);
const profile = document.getElementById('profile');
const list = document.getElementById('list');
const booking = document.getElementById('booking');
const bookButton = document.getElementById('book');
const log = document.getElementById('log');

// Events bubble and are composed: a partner can listen on the document.
window.fmEvents = [];
for (const type of [
  'fm-select',
  'fm-loaded',
  'fm-error',
  'fm-booked',
  'fm-close',
  'fm-signed-in',
  'fm-signed-out',
  'fm-message-sent',
  'fm-unread-count',
]) {
  document.addEventListener(type, (event) => {
    window.fmEvents.push({ type, detail: event.detail });
    log.textContent += `${type}: ${JSON.stringify(event.detail).slice(0, 200)}\n`;
  });
}

// The card joins the page when there is someone to show (the loader defines it then).
function show(id, bookable) {
  let card = profile.querySelector('fm-profile-card');
  if (!card) {
    card = document.createElement('fm-profile-card');
    card.setAttribute('embed-key', list.getAttribute('embed-key'));
    for (const name of ['theme', 'api-base']) {
      if (params.get(name)) card.setAttribute(name, params.get(name));
    }
    profile.append(card);
  }
  card.setAttribute('user-id', id);
  if (bookable) booking.setAttribute('consultant-id', id);
  bookButton.hidden = !bookable;
}

document.addEventListener('fm-select', (event) =>
  show(event.detail, event.target.localName === 'fm-consultant-list'),
);
bookButton.addEventListener('click', () => booking.setAttribute('open', ''));

for (const name of ['theme', 'api-base']) {
  const value = params.get(name);
  if (value)
    for (const el of document.querySelectorAll('main > [embed-key]')) el.setAttribute(name, value);
}
const preset = params.get('consultant-id');
if (preset) show(preset, true);
