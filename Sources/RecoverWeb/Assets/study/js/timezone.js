// The one time-zone script (docs/components.md, "Browser time zone"); it acts on what the page contains:
// - every empty `input[data-timezone]` (the join form's hidden field) gets the browser's IANA time zone;
//   a value the server rendered is kept;
// - every `button[data-browser-zone-for="<select id>"]` (the account page's "Use this browser's zone",
//   rendered hidden) is shown when that select offers the browser's zone, and on click selects it
//   and fires `change`. The server validates whatever is posted.
// Study pages load it through study.js; the join and account pages load it on its own.

/** The browser's IANA time zone identifier, or an empty string when unknown. */
export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

const zone = browserTimeZone();

for (const input of document.querySelectorAll('input[data-timezone]')) {
  if (input.value === '') input.value = zone;
}

for (const button of document.querySelectorAll('button[data-browser-zone-for]')) {
  const select = document.getElementById(button.dataset.browserZoneFor);
  const option = select && zone ? Array.from(select.options).find((item) => item.value === zone) : null;
  if (!option) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    select.value = zone;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
