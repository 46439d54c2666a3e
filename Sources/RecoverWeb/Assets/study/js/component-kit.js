// What the component modules share: the submit gate, live-region announcements and message
// templates. Served beside them at /assets/study/js/ under its own name, so they import it by the
// relative path './component-kit.js'. It has no side effects and imports nothing.
// Contract: docs/components.md, "Shared helpers".

/**
 * Records whether requirement `key` (for example `signature-1`) of `form` is met. The form lists its
 * unmet requirements in `data-gate-pending`, and its `[data-gated]` buttons stay disabled while that
 * list is not empty. The list lives in the DOM, so every module (and every copy of this one) agrees.
 * Does nothing without a form.
 */
export function setComplete(form, key, complete) {
  if (!form) return;
  const pending = new Set((form.dataset.gatePending ?? '').split(' ').filter(Boolean));
  if (complete) pending.delete(key);
  else pending.add(key);
  form.dataset.gatePending = [...pending].join(' ');
  for (const button of form.querySelectorAll('[data-gated]')) button.disabled = pending.size > 0;
}

/**
 * Sets the text of a live region (`role="status"` or `aria-live="polite"`); clearing it first lets a
 * repeated message be announced again. Does nothing without a region.
 */
export function announce(region, message) {
  if (!region) return;
  region.textContent = '';
  region.textContent = message;
}

/**
 * Fills the `{name}` placeholders of a server-localised template with `values`.
 * By default a placeholder whose name is not a key of `values` stays as written (`{name}`).
 * With `missing` (a string), a placeholder whose value is absent, `null` or `undefined` becomes
 * `missing` instead: `format('{a}-{b}', { a: 1 }, { missing: '' })` is `'1-'`.
 */
export function format(template, values, { missing } = {}) {
  return template.replace(/\{(\w+)\}/g, (match, name) => {
    if (missing === undefined) return name in values ? String(values[name]) : match;
    return String(values[name] ?? missing);
  });
}
