// Fills every empty `input[data-timezone]` with the browser's IANA time zone.
// Contract: docs/components.md, "Browser time zone".

/** The browser's IANA time zone identifier, or an empty string when unknown. */
export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

for (const input of document.querySelectorAll('input[data-timezone]')) {
  if (input.value === '') input.value = browserTimeZone();
}
