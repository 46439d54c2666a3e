// Recover's service worker (docs/web-push.md), served at /service-worker.js with the scope /. It shows each
// push message as a notification and, when the notification is tapped, focuses or opens the page it names,
// on this site only. The message is the JSON {"title", "body", "url"} the server encrypted for this browser.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The path on this site the message names, or / (never another origin). */
function localURL(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : 'Recover';
  const url = localURL(message.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      data: { url },
      tag: url,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = localURL(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        try {
          await client.navigate(url);
        } catch {
          // A page this worker does not control cannot be navigated; it is focused at least.
        }
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
