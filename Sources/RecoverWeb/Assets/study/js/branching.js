// Live branching: a question whose rule does not hold over the answers on its page is hidden, and its
// wrapper (a `fieldset`) disabled, so its inputs are neither required nor posted; it comes back as soon as
// the rule holds. The rule is the survey engine's condition JSON (docs/survey-json.md) in the wrapper's
// `data-visible-when`; the server has already settled what earlier pages answered, so it names only this
// page's items, whose answer types `data-answer-types` gives. Without script the server renders each
// question as the answers it knows say, and shows the page again when an answer on it reveals one; with
// script the server still checks every rule (docs/components.md, "Branching"). No imports.

/** The values the enabled inputs named `name` of `form` would post. */
function fieldValues(form, name) {
  const values = [];
  for (const element of form.elements) {
    // `:disabled` also holds inside a disabled wrapper (the `disabled` property does not say so).
    if (element.name !== name || element.matches(':disabled')) continue;
    if (element.type === 'radio' || element.type === 'checkbox') {
      if (element.checked) values.push(element.value);
    } else if (typeof element.value === 'string') {
      values.push(element.value);
    }
  }
  return values;
}

const wholeNumber = /^[+-]?\d+$/;
const number = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The answer the engine would read from `item`'s fields, as its JSON (`{type, value}`), or `null` for none.
 * `type` is the item's answer type from the server: integer, number, decimal, text, choices or boolean.
 */
export function answerOf(form, item, type) {
  const dontKnow = fieldValues(form, `${item}.dontKnow`);
  if (dontKnow.includes('true')) return { type: 'dontKnow' };
  const values = fieldValues(form, item).filter((value) => value.trim() !== '');
  if (values.length === 0) return null;
  if (values.length === 1 && values[0] === 'dontKnow') return { type: 'dontKnow' };
  const first = values[0].trim();
  switch (type) {
    case 'integer':
      return wholeNumber.test(first) ? { type: 'integer', value: Number.parseInt(first, 10) } : null;
    case 'number':
      if (wholeNumber.test(first)) return { type: 'integer', value: Number.parseInt(first, 10) };
      return number.test(first) ? { type: 'decimal', value: Number(first) } : null;
    case 'decimal':
      return number.test(first) ? { type: 'decimal', value: Number(first) } : null;
    case 'boolean': {
      const word = first.toLowerCase();
      if (['true', 'yes', '1'].includes(word)) return { type: 'boolean', value: true };
      if (['false', 'no', '0'].includes(word)) return { type: 'boolean', value: false };
      return null;
    }
    case 'choices': {
      const other = (fieldValues(form, `${item}.other`)[0] ?? '').trim();
      return other === '' ? { type: 'choices', values } : { type: 'choices', values, other };
    }
    case 'text':
      return { type: 'text', value: values[0] };
    default:
      return null;
  }
}

/** Whether two answers are the same, as the engine compares them (type, value, choices in order). */
function sameAnswer(found, expected) {
  if (!found || !expected || found.type !== expected.type) return false;
  if (found.type === 'choices') {
    const left = found.values;
    const right = expected.values ?? [];
    return left.length === right.length && left.every((value, index) => value === right[index])
      && (found.other ?? null) === (expected.other ?? null);
  }
  return found.value === expected.value;
}

function numeric(answer) {
  return answer && (answer.type === 'integer' || answer.type === 'decimal') ? answer.value : null;
}

/** Evaluates the engine's condition `rule`; `read(item)` gives an item's answer or `null`. */
export function holds(rule, read) {
  switch (rule?.type) {
    case 'answered': return read(rule.item) !== null;
    case 'equals': return sameAnswer(read(rule.item), rule.answer);
    case 'atLeast': { const value = numeric(read(rule.item)); return value !== null && value >= rule.value; }
    case 'atMost': { const value = numeric(read(rule.item)); return value !== null && value <= rule.value; }
    case 'includesChoice': {
      const answer = read(rule.item);
      return answer?.type === 'choices' && answer.values.includes(rule.value);
    }
    case 'isDontKnow': return read(rule.item)?.type === 'dontKnow';
    case 'not': return !holds(rule.predicate, read);
    case 'all': return (rule.predicates ?? []).every((inner) => holds(inner, read));
    case 'any': return (rule.predicates ?? []).some((inner) => holds(inner, read));
    default: return true;
  }
}

function parse(text) {
  try { return JSON.parse(text); } catch { return null; }
}

function enhance(form) {
  const items = [...form.querySelectorAll('[data-visible-when]')].map((wrapper) => ({
    wrapper,
    rule: parse(wrapper.dataset.visibleWhen),
    types: parse(wrapper.dataset.answerTypes ?? '{}') ?? {},
  })).filter((entry) => entry.rule);
  if (items.length === 0) return;
  const live = form.querySelector('[data-branching-status]');
  const update = (announceChanges) => {
    const shown = [];
    // A question hidden by this pass no longer posts, so a rule over it may change: settle (at most once
    // per question, since each pass can only follow earlier changes).
    for (let pass = 0; pass <= items.length; pass += 1) {
      let changed = false;
      for (const entry of items) {
        const read = (item) => answerOf(form, item, entry.types[item]);
        const visible = holds(entry.rule, read);
        if (entry.wrapper.hidden === !visible) continue;
        entry.wrapper.hidden = !visible;
        entry.wrapper.disabled = !visible;
        if (visible) shown.push(entry.wrapper);
        changed = true;
      }
      if (!changed) break;
    }
    // A section of conditional questions only is hidden with them.
    for (const section of form.querySelectorAll('[data-branching-section]')) {
      section.hidden = [...section.querySelectorAll('[data-conditional]')].every((wrapper) => wrapper.hidden);
    }
    const stillShown = shown.filter((wrapper) => !wrapper.hidden);
    if (announceChanges && live && stillShown.length > 0) {
      live.textContent = '';
      live.textContent = live.dataset.shownMessage ?? 'A question was added below.';
    }
  };
  form.addEventListener('input', () => update(true));
  form.addEventListener('change', () => update(true));
  // A page the browser filled in again from its history: match what it shows.
  window.addEventListener('pageshow', () => update(false));
  update(false);
}

for (const form of document.querySelectorAll('form')) {
  if (form.querySelector('[data-visible-when]')) enhance(form);
}
