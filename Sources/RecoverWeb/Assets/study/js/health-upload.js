// The Apple Health page's upload (docs/health-import.md, "The pages"): the chosen export.zip is sent as the
// raw body with its progress shown, then the background import's state is asked for every 1.5 seconds
// until it is done, whose words then stay on the page. The server checks everything again; this
// script only refuses what it can tell at once (no file, larger than the limit).
import { announce, format } from './component-kit.js';

const root = document.querySelector('[data-health-upload]');
if (root) {
  const form = root.querySelector('form');
  const input = root.querySelector('input[type=file]');
  const send = root.querySelector('[data-health-send]');
  const bar = root.querySelector('[data-health-progress]');
  const status = root.querySelector('[data-health-status]');
  const limit = Number(root.dataset.limit);

  const show = (message) => announce(status, message);
  const percent = (fraction) => `${Math.floor(Math.min(Math.max(fraction, 0), 1) * 100)}%`;

  async function poll() {
    try {
      const response = await fetch(root.dataset.status, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (response.status === 401 || response.status === 403) {
        // Signed out meanwhile: the import goes on; the page says how it ended on the next visit.
        show(root.dataset.signedOut);
        bar.hidden = true;
        return;
      }
      const answer = await response.json();
      show(answer.message);
      bar.hidden = !answer.pending;
      bar.value = answer.progress;
      if (answer.pending) {
        setTimeout(poll, 1500);
      } else {
        send.disabled = input.files.length === 0;
      }
    } catch {
      setTimeout(poll, 5000);
    }
  }

  function upload(file) {
    let announced = -1;
    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader('Content-Type', 'application/zip');
    request.setRequestHeader('X-CSRF-Token', root.dataset.csrf);
    request.setRequestHeader('Accept', 'application/json');
    bar.hidden = false;
    bar.max = 1000;
    bar.value = 0;
    request.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable) return;
      bar.value = Math.floor((event.loaded / event.total) * 1000);
      // Words every tenth, so a screen reader is not flooded; the bar moves with every event.
      const tenth = Math.floor((event.loaded / event.total) * 10);
      if (tenth === announced) return;
      announced = tenth;
      show(format(root.dataset.uploadingLabel, { percent: percent(event.loaded / event.total) }));
    });
    request.addEventListener('load', () => {
      if (request.status === 202) {
        bar.value = 0;
        poll();
        return;
      }
      // A proxy in front may refuse a large body with a page of its own: its 413 still means too large.
      let message = request.status === 413 ? root.dataset.tooLarge : root.dataset.failed;
      try {
        message = JSON.parse(request.responseText)?.error?.message ?? message;
      } catch { /* the page's own words */ }
      show(message);
      bar.hidden = true;
      send.disabled = false;
    });
    request.addEventListener('error', () => {
      show(root.dataset.failed);
      bar.hidden = true;
      send.disabled = false;
    });
    send.disabled = true;
    request.send(file);
  }

  input.addEventListener('change', () => { send.disabled = input.files.length === 0; });
  send.disabled = input.files.length === 0;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) { show(root.dataset.noFile); return; }
    if (file.size > limit) { show(root.dataset.tooLarge); return; }
    upload(file);
  });
  if (root.dataset.pending === '1') poll();
}
