// Answer-format helpers: the height and weight unit choice shows only the boxes of the chosen unit, and an
// exclusive choice ("None of these") clears the others (and is cleared by them). Without script every box
// shows and the server uses the posted unit; it validates every choice. No imports (see docs/components.md).

function enhanceMeasure(root) {
  const choices = [...root.querySelectorAll('[data-unit-choice]')];
  const rows = [...root.querySelectorAll('[data-unit]')];
  const show = () => {
    const chosen = choices.find((choice) => choice.checked)?.value;
    for (const row of rows) row.hidden = row.dataset.unit !== chosen;
  };
  for (const choice of choices) choice.addEventListener('change', show);
  show();
}

function enhanceChoices(root) {
  const boxes = [...root.querySelectorAll('input[type="checkbox"]')];
  for (const box of boxes) {
    box.addEventListener('change', () => {
      if (!box.checked) return;
      for (const other of boxes) {
        if (other !== box && (box.hasAttribute('data-exclusive') || other.hasAttribute('data-exclusive'))) {
          other.checked = false;
        }
      }
    });
  }
}

for (const element of document.querySelectorAll('[data-measure]')) enhanceMeasure(element);
for (const element of document.querySelectorAll('[data-choice-group]')) enhanceChoices(element);
