// Shared helpers for the progressive-enhancement modules.

/** Calls `enhance` once for every element matching `selector` (elements are marked when done). */
export function enhanceAll(selector, enhance, root = document) {
  for (const element of root.querySelectorAll(selector)) {
    if (element.dataset.enhanced === 'true') continue;
    element.dataset.enhanced = 'true';
    enhance(element);
  }
}

/** Replaces `{name}` placeholders of a (server-localised) template with values. */
export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
}

/** Sets the text of a live region; clearing first makes a repeated message announce again. */
export function announce(region, message) {
  if (!region) return;
  if (region.textContent === message) region.textContent = '';
  region.textContent = message;
}
