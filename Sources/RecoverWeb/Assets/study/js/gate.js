// Submit gating: a form's buttons marked `data-gated` stay disabled while any
// component inside the form reports that it is not complete yet.
// Without JavaScript nothing is disabled and the server's validation decides.

const requirements = new WeakMap();
let instances = 0;

/** A unique requirement key for one component instance. */
export function gateKey(name) {
  instances += 1;
  return `${name}-${instances}`;
}

/** Records whether requirement `key` of `form` is met and updates the form's gated buttons. */
export function setComplete(form, key, complete) {
  if (!form) return;
  let map = requirements.get(form);
  if (!map) {
    map = new Map();
    requirements.set(form, map);
  }
  map.set(key, complete);
  const blocked = [...map.values()].some((met) => !met);
  for (const button of gatedButtons(form)) button.disabled = blocked;
}

function gatedButtons(form) {
  const inside = form.querySelectorAll('[data-gated]');
  const outside = form.id ? document.querySelectorAll(`[data-gated][form="${CSS.escape(form.id)}"]`) : [];
  return new Set([...inside, ...outside]);
}
