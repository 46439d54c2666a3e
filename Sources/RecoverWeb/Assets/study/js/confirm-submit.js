// Confirm before submitting: `data-confirm="message"` on a form, or on the
// submit button that was used, asks with window.confirm and cancels the
// submission when the participant says no. Without script the form posts.
// Contract: docs/components.md, "Confirm on submit".

/** Asks the question of the submitter or the form; true when the submission may go ahead. */
export function confirmSubmission(form, submitter) {
  const message = submitter?.dataset.confirm ?? form.dataset.confirm;
  return message === undefined || window.confirm(message);
}

document.addEventListener('submit', (event) => {
  if (!(event.target instanceof HTMLFormElement)) return;
  if (!confirmSubmission(event.target, event.submitter)) event.preventDefault();
});
