// Front-camera recording: live preview from the front camera, a countdown
// from the step's maximum, Stop, playback for review, Retry (counted), and
// Send, which uploads the blob as the raw request body to the step's upload
// route with the CSRF header, then follows the server's `next` page.
// The page keeps {sha256, bytes, retries, server} of the last sent blob in
// `window.recoverCamera` and sessionStorage `recoverCamera` for tests and
// diagnostics (the digest is computed here with crypto.subtle; the server
// computes its own and answers it).

import { format } from './component-kit.js';

function pickType() {
  const types = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];
  if (typeof MediaRecorder === 'undefined') return '';
  return types.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

async function sha256Hex(blob) {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Enhances one `[data-camera-recorder]` element. */
export function enhanceCameraRecorder(root) {
  const preview = root.querySelector('[data-camera-preview]');
  const timer = root.querySelector('[data-camera-timer]');
  const status = root.querySelector('[data-camera-status]');
  const startButton = root.querySelector('[data-camera-start]');
  const stopButton = root.querySelector('[data-camera-stop]');
  const retryButton = root.querySelector('[data-camera-retry]');
  const submitButton = root.querySelector('[data-camera-submit]');
  if (!preview || !startButton || !stopButton || !submitButton) return;
  const maxSeconds = Number(root.dataset.maxSeconds) || 15;
  const text = {
    left: root.dataset.secondsLeft ?? '{seconds} s left',
    recorded: root.dataset.recorded ?? 'Recorded.',
    uploading: root.dataset.uploading ?? 'Sending…',
    failed: root.dataset.failed ?? 'The video could not be sent.',
    denied: root.dataset.denied ?? 'The camera is not available.',
  };
  let stream = null;
  let recorder = null;
  let chunks = [];
  let blob = null;
  let retries = 0;
  let startedAt = 0;
  let duration = 0;
  let countdown = null;

  const show = (button, visible) => { if (button) button.hidden = !visible; };

  async function openCamera() {
    if (stream) return stream;
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
    return stream;
  }

  function livePreview() {
    if (preview.src) URL.revokeObjectURL(preview.src);
    preview.removeAttribute('src');
    preview.controls = false;
    preview.muted = true;
    preview.srcObject = stream;
    preview.play().catch(() => {});
  }

  function stopRecording() {
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    clearInterval(countdown);
  }

  async function start() {
    try {
      await openCamera();
    } catch (error) {
      status.textContent = text.denied;
      return;
    }
    livePreview();
    const type = pickType();
    recorder = type ? new MediaRecorder(stream, { mimeType: type }) : new MediaRecorder(stream);
    chunks = [];
    recorder.addEventListener('dataavailable', (event) => { if (event.data.size > 0) chunks.push(event.data); });
    recorder.addEventListener('stop', () => {
      duration = (performance.now() - startedAt) / 1000;
      blob = new Blob(chunks, { type: (recorder.mimeType || 'video/webm').split(';')[0] });
      preview.srcObject = null;
      preview.src = URL.createObjectURL(blob);
      preview.controls = true;
      preview.muted = false;
      timer.textContent = '';
      status.textContent = text.recorded;
      show(stopButton, false);
      show(retryButton, true);
      show(submitButton, true);
      submitButton.focus();
    });
    startedAt = performance.now();
    recorder.start(250);
    let left = maxSeconds;
    timer.textContent = format(text.left, { seconds: left }, { missing: '' });
    countdown = setInterval(() => {
      left -= 1;
      timer.textContent = format(text.left, { seconds: Math.max(left, 0) }, { missing: '' });
      if (left <= 0) stopRecording();
    }, 1000);
    show(startButton, false);
    show(retryButton, false);
    show(submitButton, false);
    show(stopButton, true);
    stopButton.focus();
    status.textContent = '';
  }

  function retry() {
    retries += 1;
    blob = null;
    start();
  }

  async function submit() {
    if (!blob) return;
    submitButton.disabled = true;
    status.textContent = text.uploading;
    const type = blob.type || 'video/webm';
    window.recoverCamera = { sha256: await sha256Hex(blob), bytes: blob.size, retries };
    try {
      const response = await fetch(root.dataset.upload, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'Content-Type': type,
          'X-CSRF-Token': root.dataset.csrf,
          'X-Recording-Retries': String(retries),
          'X-Recording-Duration': duration.toFixed(2),
          Accept: 'application/json',
        },
        body: blob,
      });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer?.error?.message ?? text.failed);
      window.recoverCamera.server = answer.sha256;
      sessionStorage.setItem('recoverCamera', JSON.stringify(window.recoverCamera));
      if (stream) stream.getTracks().forEach((track) => track.stop());
      window.location.assign(answer.next ?? '/');
    } catch (error) {
      status.textContent = error.message || text.failed;
      submitButton.disabled = false;
    }
  }

  startButton.addEventListener('click', start);
  stopButton.addEventListener('click', stopRecording);
  if (retryButton) retryButton.addEventListener('click', retry);
  submitButton.addEventListener('click', submit);
  // The page's own Next cannot send a video: only Send does.
  const form = root.closest('form');
  const next = form?.querySelector('button[name="action"][value="next"]');
  if (next) next.hidden = true;
}

document.querySelectorAll('[data-camera-recorder]').forEach(enhanceCameraRecorder);
