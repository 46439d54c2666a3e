// Text answer with a live character counter and a Clear button.
// The counter is visible at once; screen readers hear the remaining count
// after typing pauses, so every keystroke is not announced.
// Contract: docs/components.md, "Text counter".

import { announce, format } from './component-kit.js';

const announceDelay = 800;

/** Enhances one `[data-text-counter]` element. */
export function enhanceTextCounter(root) {
  const input = root.querySelector('[data-text-input]');
  const counter = root.querySelector('[data-text-count]');
  const live = root.querySelector('[data-text-live]');
  const clearButton = root.querySelector('[data-text-clear]');
  if (!input || !counter) return;

  const max = Number(input.getAttribute('maxlength')) || 0;
  const countTemplate = root.dataset.countTemplate ?? (max > 0 ? '{count} / {max}' : '{count}');
  const remainingTemplate = root.dataset.remainingTemplate ?? '{remaining} characters left';
  const clearedMessage = root.dataset.clearedMessage ?? 'Text cleared.';
  let pending = null;

  counter.hidden = false;
  if (clearButton) clearButton.hidden = false;

  function refresh() {
    const count = input.value.length;
    counter.textContent = format(countTemplate, { count, max, remaining: max - count });
    root.classList.toggle('is-near-limit', max > 0 && max - count <= 20);
    if (clearButton) clearButton.disabled = count === 0;
  }

  input.addEventListener('input', () => {
    refresh();
    clearTimeout(pending);
    if (max > 0) {
      pending = setTimeout(() => announce(live, format(remainingTemplate, { remaining: max - input.value.length })), announceDelay);
    }
  });

  clearButton?.addEventListener('click', () => {
    input.value = '';
    refresh();
    input.focus();
    clearTimeout(pending);
    announce(live, clearedMessage);
  });

  refresh();
}

for (const element of document.querySelectorAll('[data-text-counter]')) enhanceTextCounter(element);
