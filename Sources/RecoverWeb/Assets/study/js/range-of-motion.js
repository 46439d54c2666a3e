// Knee range-of-motion capture: records `deviceorientation` events as
// [alpha, beta, gamma, tMillis] into a hidden input, shows a throttled live
// angle, and falls back to a manual angle when no sensor data arrives.
// Contract: docs/components.md, "Range of motion".

import { announce, enhanceAll, format } from './enhance.js';
import { gateKey, setComplete } from './gate.js';
import { KneeAngleTracker } from './knee-angle.js';
import { requestMotionPermission } from './motion-permission.js';

const sensorTimeout = 2000;
const readoutInterval = 1000;

/** Enhances one `[data-rom]` element. */
export function enhanceRangeOfMotion(root) {
  const controls = root.querySelector('[data-rom-controls]');
  const startButton = root.querySelector('[data-rom-start]');
  const finishButton = root.querySelector('[data-rom-finish]');
  const readout = root.querySelector('[data-rom-readout]');
  const message = root.querySelector('[data-rom-message]');
  const manual = root.querySelector('[data-rom-manual]');
  const manualInput = root.querySelector('[data-rom-manual-input]');
  const samplesInput = root.querySelector('[data-rom-samples]');
  if (!startButton || !finishButton || !samplesInput) return;

  const text = {
    readout: root.dataset.readoutTemplate ?? 'Knee angle: {angle}°',
    result: root.dataset.resultTemplate ?? 'Range of motion: {range}°',
    noSensor: root.dataset.noSensorMessage ?? 'No motion data arrived. Enter the angle you measured instead.',
    denied: root.dataset.deniedMessage ?? 'Motion access was not allowed. Enter the angle you measured instead.',
  };
  const form = root.closest('form');
  const key = gateKey('rom');
  let samples = [];
  let tracker = null;
  let origin = null;
  let timer = null;
  let lastReadout = 0;
  let latestAngle = 0;

  if (controls) controls.hidden = false;
  // A manual angle the server rendered back (after a validation error) stays visible.
  if (manual) manual.hidden = !manualInput?.value;
  finishButton.disabled = true;

  function refreshGate() {
    const manualChosen = Boolean(manual && !manual.hidden && manualInput?.value.trim());
    setComplete(form, key, samplesInput.value !== '' || manualChosen);
  }

  function onOrientation(event) {
    if (event.alpha === null || event.beta === null || event.gamma === null) return;
    if (origin === null) {
      origin = event.timeStamp;
      clearTimeout(timer);
      finishButton.disabled = false;
      root.classList.add('is-measuring');
    }
    samples.push([round(event.alpha), round(event.beta), round(event.gamma), Math.round(event.timeStamp - origin)]);
    latestAngle = tracker.add(event.alpha, event.beta, event.gamma);
    if (event.timeStamp - lastReadout >= readoutInterval) {
      lastReadout = event.timeStamp;
      showAngle();
    }
  }

  function showAngle() {
    if (readout) readout.textContent = format(text.readout, { angle: Math.round(latestAngle) });
  }

  function stopListening() {
    window.removeEventListener('deviceorientation', onOrientation);
    clearTimeout(timer);
    root.classList.remove('is-measuring');
  }

  function fallBack(reason) {
    stopListening();
    samples = [];
    samplesInput.value = '';
    finishButton.disabled = true;
    startButton.disabled = false;
    root.classList.add('is-manual');
    if (manual) manual.hidden = false;
    announce(message, reason);
    manualInput?.focus();
    refreshGate();
  }

  startButton.addEventListener('click', async () => {
    startButton.disabled = true;
    samples = [];
    samplesInput.value = '';
    tracker = new KneeAngleTracker();
    origin = null;
    lastReadout = -Infinity;
    if (message) message.textContent = '';
    if (readout) readout.textContent = '';
    refreshGate();
    const permission = await requestMotionPermission();
    if (permission !== 'granted') {
      fallBack(text.denied);
      return;
    }
    window.addEventListener('deviceorientation', onOrientation);
    timer = setTimeout(() => fallBack(text.noSensor), sensorTimeout);
  });

  finishButton.addEventListener('click', () => {
    stopListening();
    finishButton.disabled = true;
    startButton.disabled = false;
    if (samples.length === 0) {
      fallBack(text.noSensor);
      return;
    }
    samplesInput.value = JSON.stringify(samples);
    if (manual && manualInput) {
      manualInput.value = '';
      manual.hidden = true;
    }
    const { range } = tracker.result();
    if (readout) readout.textContent = format(text.result, { range: Math.round(range) });
    refreshGate();
  });

  manualInput?.addEventListener('input', refreshGate);
  refreshGate();
}

function round(value) {
  return Math.round(value * 1000) / 1000;
}

enhanceAll('[data-rom]', enhanceRangeOfMotion);
