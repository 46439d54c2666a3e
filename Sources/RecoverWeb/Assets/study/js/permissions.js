// Permission cards of the onboarding permissions step: health data radios
// (with "Allow all" / "Don't allow" buttons), notifications and motion.
// Gated Continue buttons are enabled once every card is answered.
// Contract: docs/components.md, "Permission cards".

import { setComplete, announce } from './component-kit.js';

let instances = 0; // numbers the component instances of this page for their gate keys

const motionListenTime = 2000;

const defaultMessages = {
  granted: 'Allowed.',
  declined: 'Not allowed.',
  unavailable: 'Not available on this device.',
};

/** Enhances one `[data-permission-card]` element. */
export function enhancePermissionCard(card) {
  const form = card.closest('form');
  const key = `permission-${(instances += 1)}`;
  if (card.dataset.permissionCard === 'health') {
    enhanceHealthCard(card, (complete) => setComplete(form, key, complete));
  } else {
    enhanceRequestCard(card, (complete) => setComplete(form, key, complete));
  }
}

function enhanceHealthCard(card, report) {
  const radios = [...card.querySelectorAll('input[type="radio"]')];
  const names = [...new Set(radios.map((radio) => radio.name))];
  const answered = () => names.every((name) => radios.some((radio) => radio.name === name && radio.checked));
  const status = card.querySelector('[data-permission-status]');

  let bulk = card.querySelector('[data-permission-bulk]');
  if (!bulk) {
    bulk = document.createElement('div');
    const firstGroup = radios[0]?.closest('fieldset');
    if (firstGroup) firstGroup.before(bulk);
    else card.append(bulk);
  }
  bulk.classList.add('permission-bulk');
  const choices = [
    ['granted', card.dataset.allowAllLabel ?? 'Allow all', card.dataset.allowAllMessage ?? 'All health data types allowed.'],
    ['declined', card.dataset.denyAllLabel ?? "Don't allow", card.dataset.denyAllMessage ?? 'No health data type allowed.'],
  ];
  for (const [value, label, message] of choices) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = value === 'granted' ? 'button' : 'button button--secondary';
    button.textContent = label;
    button.addEventListener('click', () => {
      for (const radio of radios) radio.checked = radio.value === value;
      announce(status, message);
      report(answered());
    });
    bulk.append(button);
  }
  card.addEventListener('change', () => report(answered()));
  report(answered());
}

function enhanceRequestCard(card, report) {
  const kind = card.dataset.permissionCard;
  const button = card.querySelector('[data-permission-request]');
  const declineButton = card.querySelector('[data-permission-decline]');
  const input = card.querySelector('[data-permission-value]');
  const status = card.querySelector('[data-permission-status]');
  if (!button || !input) return;

  const record = (answer) => {
    input.value = answer;
    card.dataset.answer = answer;
    const message = card.dataset[`${answer}Message`] ?? defaultMessages[answer];
    announce(status, message);
    report(true);
    // Other modules act on the answer (push.js subscribes once notifications are allowed).
    card.dispatchEvent(new CustomEvent('permission-answer', { bubbles: true, detail: { kind, answer } }));
  };

  button.hidden = false;
  if (declineButton) declineButton.hidden = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    record(kind === 'notifications' ? await askNotifications() : await askMotion());
    button.disabled = false;
  });
  declineButton?.addEventListener('click', () => record('declined'));
  report(input.value !== '');
}

/** The notification answer: granted, declined (denied or dismissed) or unavailable. */
async function askNotifications() {
  if (!('Notification' in window)) return 'unavailable';
  try {
    const answer = await Notification.requestPermission();
    return answer === 'granted' ? 'granted' : 'declined';
  } catch {
    return 'declined';
  }
}

/** The motion answer: the browser's prompt where it has one, else whether orientation events arrive. */
async function askMotion() {
  if (typeof window.DeviceOrientationEvent?.requestPermission === 'function') {
    return (await requestMotionPermission()) === 'granted' ? 'granted' : 'declined';
  }
  if (!('DeviceOrientationEvent' in window)) return 'unavailable';
  return new Promise((resolve) => {
    const done = (answer) => {
      window.removeEventListener('deviceorientation', listener);
      clearTimeout(timer);
      resolve(answer);
    };
    const listener = (event) => {
      if (event.alpha !== null || event.beta !== null || event.gamma !== null) done('granted');
    };
    const timer = setTimeout(() => done('unavailable'), motionListenTime);
    window.addEventListener('deviceorientation', listener);
  });
}

// Asks for motion access where the browser has a prompt (Safari, Chromium); `granted` where it has none.
async function requestMotionPermission() {
  const request = window.DeviceOrientationEvent?.requestPermission;
  if (typeof request !== 'function') return 'granted';
  try {
    return await request.call(window.DeviceOrientationEvent);
  } catch {
    return 'denied';
  }
}

for (const element of document.querySelectorAll('[data-permission-card]')) enhancePermissionCard(element);
