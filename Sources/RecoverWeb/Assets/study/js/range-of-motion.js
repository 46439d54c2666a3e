// Knee range-of-motion capture: records `deviceorientation` events as
// [alpha, beta, gamma, tMillis] into a hidden input, shows a throttled live
// angle, and falls back to a manual angle when no sensor data arrives.
// Contract: docs/components.md, "Range of motion".

import { setComplete, announce, format } from './component-kit.js';

let instances = 0; // numbers the component instances of this page for their gate keys

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
  const key = `rom-${(instances += 1)}`;
  let samples = [];
  let tracker = null;
  let origin = null;
  let timer = null;
  let lastReadout = -Infinity;
  let readoutTimer = null;
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
    scheduleReadout();
  }

  // At most one read-out per interval, and always the latest angle once the interval ends.
  function scheduleReadout() {
    if (readoutTimer !== null) return;
    const wait = Math.max(0, lastReadout + readoutInterval - performance.now());
    readoutTimer = setTimeout(() => {
      readoutTimer = null;
      lastReadout = performance.now();
      if (readout) readout.textContent = format(text.readout, { angle: Math.round(latestAngle) });
    }, wait);
  }

  function stopListening() {
    window.removeEventListener('deviceorientation', onOrientation);
    clearTimeout(timer);
    clearTimeout(readoutTimer);
    readoutTimer = null;
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

// Knee-angle arithmetic for the live read-out (display only: the server
// recomputes the result from the raw samples). Same formula as
// shared/REFERENCE.md, "Knee range of motion"; Euler angles are converted to a
// quaternion as in shared/BROWSER.md (intrinsic Z-X'-Y'').
const degrees = 180 / Math.PI;
const radians = Math.PI / 180;

/** The attitude quaternion {x, y, z, w} of device-orientation Euler angles in degrees. */
export function quaternionFromEuler(alpha, beta, gamma) {
  const a = (alpha * radians) / 2;
  const b = (beta * radians) / 2;
  const g = (gamma * radians) / 2;
  const [sa, ca, sb, cb, sg, cg] = [Math.sin(a), Math.cos(a), Math.sin(b), Math.cos(b), Math.sin(g), Math.cos(g)];
  return {
    x: sb * cg * ca - cb * sg * sa,
    y: cb * sg * ca + sb * cg * sa,
    z: cb * cg * sa + sb * sg * ca,
    w: cb * cg * ca - sb * sg * sa,
  };
}

/** The Hamilton product p * q. */
export function multiply(p, q) {
  return {
    x: p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y,
    y: p.w * q.y - p.x * q.z + p.y * q.w + p.z * q.x,
    z: p.w * q.z + p.x * q.y - p.y * q.x + p.z * q.w,
    w: p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z,
  };
}

/** The inverse of a quaternion (its conjugate divided by its squared norm). */
export function inverse(q) {
  const norm = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
  return { x: -q.x / norm, y: -q.y / norm, z: -q.z / norm, w: q.w / norm };
}

/** The portrait pitch angle of a quaternion in degrees, folded so that 90 < a <= 180 becomes |a| - 360. */
export function portraitAngle(q) {
  let angle = Math.atan2(2 * (q.x * q.w + q.y * q.z), 1 - 2 * (q.x * q.x + q.z * q.z)) * degrees;
  if (angle > 90 && angle <= 180) angle = Math.abs(angle) - 360;
  return angle;
}

/**
 * Running knee range-of-motion computation over `[alpha, beta, gamma, t]` samples.
 * `add` returns the current knee angle; `result` the start, finish, minimum, maximum and range.
 */
export class KneeAngleTracker {
  #reference = null;
  #inverseReference = null;
  #start = 0;
  #minA = 0;
  #maxA = 0;
  #lastA = 0;

  add(alpha, beta, gamma) {
    const q = quaternionFromEuler(alpha, beta, gamma);
    if (this.#reference === null) {
      this.#reference = q;
      this.#inverseReference = inverse(q);
      this.#start = 90 - portraitAngle(q);
    }
    const a = portraitAngle(multiply(q, this.#inverseReference));
    this.#minA = Math.min(this.#minA, a);
    this.#maxA = Math.max(this.#maxA, a);
    this.#lastA = a;
    return this.#start - a;
  }

  result() {
    const minimum = this.#start - this.#maxA;
    const maximum = this.#start - this.#minA;
    return {
      start: this.#start,
      finish: this.#start - this.#lastA,
      minimum,
      maximum,
      range: Math.abs(maximum - minimum),
    };
  }
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

for (const element of document.querySelectorAll('[data-rom]')) enhanceRangeOfMotion(element);
