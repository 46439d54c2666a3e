// Scale slider with no preset value: a range input that reads "Not chosen yet"
// until the participant moves it, writing the chosen value into the real
// (named) field, plus an optional "Don't know" checkbox that clears and
// disables it. Without script the named field is a plain number input.
// Contract: docs/components.md, "Scale slider".

import { setComplete, format } from './component-kit.js';

let instances = 0; // numbers the component instances of this page for their gate keys

/** Enhances one `[data-scale]` element. */
export function enhanceScale(root) {
  const range = root.querySelector('[data-scale-range]');
  const field = root.querySelector('[data-scale-value]');
  const output = root.querySelector('[data-scale-output]');
  const dontKnow = root.querySelector('[data-scale-dont-know]');
  if (!range || !field || !output) return;

  const unsetText = root.dataset.unsetText ?? (output.textContent.trim() || 'Not chosen yet');
  const template = root.dataset.valueTemplate ?? '{value}';
  const label = root.querySelector(`label[for="${CSS.escape(field.id)}"]`);
  const form = root.closest('form');
  const key = `scale-${(instances += 1)}`;
  const required = root.hasAttribute('data-scale-required');

  // Swap the number field for the slider: the field keeps its name and becomes hidden.
  const initial = field.value;
  field.type = 'hidden';
  range.hidden = false;
  output.hidden = false;
  if (label && range.id) label.htmlFor = range.id;

  function show(text) {
    output.textContent = text;
    range.setAttribute('aria-valuetext', text);
  }

  function choose() {
    field.value = range.value;
    root.classList.remove('is-unset');
    show(format(template, { value: range.value }));
    report();
  }

  function unset() {
    field.value = '';
    root.classList.add('is-unset');
    show(unsetText);
    report();
  }

  function report() {
    if (required) setComplete(form, key, field.value !== '' || Boolean(dontKnow?.checked));
  }

  range.addEventListener('input', choose);
  range.addEventListener('change', choose);
  // A click on the thumb's current position changes nothing, yet it is a choice.
  range.addEventListener('pointerup', () => {
    if (field.value === '' && !range.disabled) choose();
  });

  dontKnow?.addEventListener('change', () => {
    range.disabled = dontKnow.checked;
    root.classList.toggle('is-dont-know', dontKnow.checked);
    if (dontKnow.checked) {
      field.value = '';
      root.classList.remove('is-unset');
      show(dontKnow.closest('label')?.textContent.trim() ?? '');
      report();
    } else {
      unset();
    }
  });

  if (dontKnow?.checked) {
    dontKnow.dispatchEvent(new Event('change'));
  } else if (initial !== '' && Number.isFinite(Number(initial))) {
    range.value = initial;
    choose();
  } else {
    unset();
  }
}

for (const element of document.querySelectorAll('[data-scale]')) enhanceScale(element);
