// Error summary: a page that comes back with problems puts the focus on its summary
// (`[data-error-summary]`, tabindex="-1"), so a screen reader reads it and the keyboard starts there;
// each link of the summary moves the focus to its field (the link's `#id`) and scrolls it into view.
// Without script the summary is still at the top and its links still jump to their fields.
// No imports (see docs/components.md).

function enhanceSummary(summary) {
  summary.focus();
  for (const link of summary.querySelectorAll('a[href^="#"]')) {
    link.addEventListener('click', (event) => {
      const field = document.getElementById(link.getAttribute('href').slice(1));
      if (!field) return;
      event.preventDefault();
      if (!field.hasAttribute('tabindex') && !field.matches('input, select, textarea, button, a[href]')) {
        field.setAttribute('tabindex', '-1');
      }
      field.focus();
      field.scrollIntoView({ block: 'center' });
    });
  }
}

const summary = document.querySelector('[data-error-summary]');
if (summary) enhanceSummary(summary);
