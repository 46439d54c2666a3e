// Knee body model: an SVG whose parts (`[data-part]`) become focusable
// checkboxes mirroring the server-rendered checkbox list (which stays shown), with an
// optional highlight colour, parts highlighted in advance, and a Continue
// button gated on a selection. Contract: docs/components.md, "Knee body model".

import { setComplete, announce, format } from './component-kit.js';

let instances = 0; // numbers the component instances of this page for their gate keys

/** Enhances one `[data-body-model]` element. */
export async function enhanceBodyModel(root) {
  const choices = root.querySelector('[data-body-model-choices]');
  const checkboxes = new Map([...root.querySelectorAll('input[type="checkbox"][value]')].map((box) => [box.value, box]));
  const valueInput = root.querySelector('[data-body-model-value]');
  const status = root.querySelector('[data-body-model-status]');
  const highlighted = new Set((root.dataset.highlighted ?? '').split(/[\s,]+/).filter(Boolean));
  const highlightedSuffix = root.dataset.highlightedSuffix ?? '(highlighted)';
  const selectable = root.dataset.allowsSelection !== 'false';
  const form = root.closest('form');
  const key = `body-model-${(instances += 1)}`;

  // Gate on the checkboxes at once: they work even if the SVG never loads.
  const gate = () => {
    if (root.hasAttribute('data-require-selection')) {
      setComplete(form, key, [...checkboxes.values()].some((box) => box.checked));
    }
  };
  gate();
  choices?.addEventListener('change', gate);

  const figure = root.querySelector('[data-body-model-figure]');
  const svg = figure?.querySelector('svg') ?? (await loadSVG(root.dataset.bodyModelSrc, figure));
  if (!svg) return;

  if (root.dataset.highlightColor) root.style.setProperty('--body-model-highlight', root.dataset.highlightColor);

  const parts = [];
  for (const part of svg.querySelectorAll('[data-part]')) {
    const id = part.dataset.part;
    part.classList.toggle('is-highlighted', highlighted.has(id));
    const box = checkboxes.get(id);
    if (!selectable || !box) continue;
    const label = labelText(box);
    part.setAttribute('role', 'checkbox');
    part.setAttribute('tabindex', '0');
    part.setAttribute('aria-label', highlighted.has(id) ? `${label} ${highlightedSuffix}` : label);
    part.classList.add('is-selectable');
    part.addEventListener('click', () => toggle(part, box));
    part.addEventListener('keydown', (event) => {
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        toggle(part, box);
      }
    });
    parts.push([part, box]);
  }
  if (parts.length > 0) {
    // The checkbox list stays beside the drawing (larger targets, readable at any text size) and both stay
    // in step; the SVG file ships hidden from assistive technology.
    svg.removeAttribute('aria-hidden');
    svg.setAttribute('role', 'group');
    const legend = root.querySelector('legend');
    if (legend) {
      legend.id ||= `body-model-legend-${(instances += 1)}`;
      svg.setAttribute('aria-labelledby', legend.id);
    }
  }

  function toggle(part, box) {
    box.checked = !box.checked;
    sync(true);
  }

  function sync(speak) {
    const selected = [];
    for (const [part, box] of parts) {
      part.setAttribute('aria-checked', String(box.checked));
      part.classList.toggle('is-selected', box.checked);
      if (box.checked) selected.push(box.value);
    }
    if (valueInput) {
      valueInput.disabled = false;
      valueInput.value = JSON.stringify(selected);
    }
    const names = parts.filter(([, box]) => box.checked).map(([, box]) => labelText(box));
    const message = names.length > 0
      ? format(root.dataset.selectedTemplate ?? 'Selected: {parts}', { parts: names.join(root.dataset.listSeparator ?? ', ') })
      : root.dataset.noneSelectedMessage ?? 'Nothing selected.';
    if (speak) announce(status, message);
    else if (status) status.textContent = message;
    gate();
  }

  choices?.addEventListener('change', () => sync(true));
  sync(false);
}

async function loadSVG(source, figure) {
  if (!source || !figure) return null;
  try {
    const response = await fetch(source);
    if (!response.ok) return null;
    const parsed = new DOMParser().parseFromString(await response.text(), 'image/svg+xml');
    const svg = parsed.documentElement;
    if (svg.nodeName !== 'svg') return null;
    return figure.appendChild(document.importNode(svg, true));
  } catch {
    return null;
  }
}

function labelText(box) {
  return (box.labels?.[0]?.textContent ?? box.value).trim();
}

for (const element of document.querySelectorAll('[data-body-model]')) enhanceBodyModel(element);
