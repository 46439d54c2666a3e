// Web Push for reminders (docs/web-push.md). When the onboarding's notifications card is answered "allowed"
// (permissions.js sends `permission-answer`), and from the account page's "Reminders on this device" button,
// it registers /service-worker.js, subscribes with the server's VAPID key and sends the subscription; the
// account page's button also turns it off for this browser. The words come from GET /account/push/key in
// the page's language; a browser that cannot subscribe (no push service, as in headless Chromium) is told so.
import { announce } from './component-kit.js';

const keyURL = '/account/push/key';
// A browser without a reachable push service may never settle `subscribe` (headless Chromium does not): give up
// after this long and say so.
const subscribeTimeout = 10000;
const subscriptionsURL = '/account/push/subscriptions';

let server; // the answer of keyURL, once

async function serverKey() {
  if (!server) {
    server = fetch(keyURL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  }
  return server;
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function csrfToken(element) {
  return element.closest('form')?.querySelector('input[name="csrf"]')?.value
    ?? document.querySelector('input[name="csrf"]')?.value ?? '';
}

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** `promise`, or a rejection after `milliseconds`. */
function within(promise, milliseconds) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), milliseconds)),
  ]);
}

async function post(url, body, element) {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken(element) },
    body: JSON.stringify(body),
  });
}

/** Registers the worker, subscribes and sends the subscription; the outcome's name. */
export async function subscribe(element) {
  const key = await serverKey();
  if (!key) return 'refused';
  if (!key.available) return 'unavailable';
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  let subscription;
  try {
    const registration = await navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
    await within(navigator.serviceWorker.ready, subscribeTimeout);
    subscription = await registration.pushManager.getSubscription()
      ?? await within(
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.publicKey) }),
        subscribeTimeout);
  } catch {
    return 'failed';
  }
  try {
    const response = await post(subscriptionsURL, subscription.toJSON(), element);
    return response.status === 201 ? 'subscribed' : 'refused';
  } catch {
    return 'refused';
  }
}

/** Removes this browser's subscription here and at the server; the outcome's name. */
export async function unsubscribe(element) {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    try {
      await post(`${subscriptionsURL}/remove`, { endpoint: subscription.endpoint }, element);
    } catch { /* the server drops it when the push service says it is gone */ }
    await subscription.unsubscribe().catch(() => {});
  }
  return 'removed';
}

async function show(status, outcome) {
  const key = await serverKey();
  announce(status, key?.messages?.[outcome] ?? outcome);
}

// The onboarding's card: once notifications are allowed, subscribe and say how it went under the card's own words.
document.addEventListener('permission-answer', async (event) => {
  const card = event.target;
  if (event.detail?.kind !== 'notifications' || event.detail?.answer !== 'granted') return;
  let status = card.querySelector('[data-push-status]');
  if (!status) {
    status = document.createElement('p');
    status.className = 'permission-status';
    status.setAttribute('role', 'status');
    status.dataset.pushStatus = '';
    card.append(status);
  }
  const outcome = await subscribe(card);
  card.dataset.push = outcome;
  await show(status, outcome);
});

// The account page's card: turn reminders on or off for this browser.
async function enhanceDevice(section) {
  const button = section.querySelector('[data-push-toggle]');
  const status = section.querySelector('[data-push-status]');
  section.querySelector('[data-push-no-script]')?.remove();
  if (!supported()) {
    await show(status, 'unsupported');
    return;
  }
  const key = await serverKey();
  if (key && !key.available) {
    await show(status, 'unavailable');
    return;
  }
  const registration = await navigator.serviceWorker.getRegistration('/');
  let on = Boolean(await registration?.pushManager.getSubscription()) && Notification.permission === 'granted';
  const render = () => {
    button.textContent = on ? section.dataset.turnOffLabel : section.dataset.turnOnLabel;
    section.dataset.push = on ? 'on' : 'off';
  };
  render();
  announce(status, on ? section.dataset.onMessage : section.dataset.offMessage);
  button.hidden = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    let outcome;
    if (on) {
      outcome = await unsubscribe(section);
      on = false;
    } else {
      const permission = await Notification.requestPermission().catch(() => 'denied');
      outcome = permission === 'granted' ? await subscribe(section) : 'denied';
      on = outcome === 'subscribed';
    }
    render();
    // Here, "try again on your account page" would point at this very page.
    await show(status, outcome === 'failed' ? 'failedHere' : outcome);
    button.disabled = false;
  });
}

for (const section of document.querySelectorAll('[data-push-device]')) enhanceDevice(section);
