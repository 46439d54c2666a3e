// The one time-zone script (docs/components.md, "Browser time zone"); it acts on what the page contains:
// - every empty `input[data-timezone]` (the join form's hidden field) gets the browser's IANA time zone;
//   a value the server rendered is kept;
// - every `[data-zone-filter="<select id>"]` (the account page's "Find your city", rendered hidden) is shown
//   and narrows that select's options to those whose label, identifier or `data-also` words hold every word
//   typed (accents, case and `_` ignored; a region's name keeps its whole group); it says how many match in
//   its `[data-zone-filter-status]` and, when none does, shows the whole list again rather than an empty one;
// - every `button[data-browser-zone-for="<select id>"]` (the account page's "Use this browser's zone",
//   rendered hidden) is shown when that select offers the browser's zone, and on click clears the filter,
//   selects it and fires `change`. The server validates whatever is posted.
// Study pages load it through study.js; the join and account pages load it on its own.

/** The browser's IANA time zone identifier, or an empty string when unknown. */
export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** `text` as the filter compares it: lower case, without accents, `_`, `/` and brackets as spaces. */
export function folded(text) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[_/()（）,]/g, ' ');
}

const zone = browserTimeZone();

for (const input of document.querySelectorAll('input[data-timezone]')) {
  if (input.value === '') input.value = zone;
}

function enhanceFilter(box) {
  const select = document.getElementById(box.dataset.zoneFilter);
  const input = box.querySelector('input');
  const status = box.querySelector('[data-zone-filter-status]');
  if (!select || !input) return;
  // The whole list, kept: each filtering puts back the options that match, in their order.
  const groups = Array.from(select.querySelectorAll('optgroup')).map((group) => ({
    element: group,
    name: folded(group.label),
    options: Array.from(group.querySelectorAll('option')).map((option) => ({
      option,
      words: folded(`${option.textContent} ${option.value} ${option.dataset.also ?? ''}`),
    })),
  }));
  const loose = Array.from(select.children).filter((child) => child.tagName === 'OPTION');
  const show = (kept) => {
    select.replaceChildren(...loose);
    for (const { element, options } of kept) {
      element.replaceChildren(...options.map((entry) => entry.option));
      select.append(element);
    }
  };
  let chosen = select.value;
  select.addEventListener('change', () => { chosen = select.value; });
  input.addEventListener('input', () => {
    const words = folded(input.value).split(/\s+/).filter(Boolean);
    const has = (text) => words.every((word) => text.includes(word));
    const kept = words.length === 0 ? groups : groups.map((group) => ({
      element: group.element,
      options: has(group.name) ? group.options : group.options.filter((entry) => has(entry.words)),
    })).filter((group) => group.options.length > 0);
    const count = kept.reduce((sum, group) => sum + group.options.length, 0);
    show(count === 0 ? groups : kept);
    const values = Array.from(select.options, (option) => option.value);
    select.value = values.includes(chosen) && (words.length === 0 || count !== 1) ? chosen : values[0] ?? '';
    if (!status) return;
    if (words.length === 0) status.textContent = '';
    else if (count === 0) status.textContent = status.dataset.noMatch ?? '';
    else if (count === 1) status.textContent = status.dataset.oneMatch ?? '';
    else status.textContent = (status.dataset.matches ?? '').replace('{count}', String(count));
  });
  box.hidden = false;
}

for (const box of document.querySelectorAll('[data-zone-filter]')) enhanceFilter(box);

for (const button of document.querySelectorAll('button[data-browser-zone-for]')) {
  const select = document.getElementById(button.dataset.browserZoneFor);
  const option = select && zone ? Array.from(select.options).find((item) => item.value === zone) : null;
  if (!option) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    const filter = document.querySelector(`[data-zone-filter="${select.id}"] input`);
    if (filter && filter.value !== '') {
      filter.value = '';
      filter.dispatchEvent(new Event('input', { bubbles: true }));
    }
    select.value = zone;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
