// The reset page's code (docs/account-recovery.md): the e-mail's link carries the reset code after `#`,
// which browsers never send to a server, so it stays out of every log and Referer. This module moves it
// into the form's `input[data-reset-code]`, hides that field's box (the person need not see it), and
// removes the code from the address bar and history. Without script the field stays visible and the
// person pastes the code the e-mail also shows.

const input = document.querySelector('input[data-reset-code]');
const code = window.location.hash.slice(1);
if (input && /^[A-Za-z0-9_-]{43}$/.test(code)) {
  input.value = code;
  const box = input.closest('.field');
  if (box) box.hidden = true;
  window.history.replaceState(null, '', window.location.pathname);
}
