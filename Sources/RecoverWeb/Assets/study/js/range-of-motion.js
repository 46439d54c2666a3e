// Knee range-of-motion capture, one guided sequence the participant can follow
// without looking at the phone on their shin: Start → a 3-2-1 countdown with
// beeps → "straighten" (high beep) → "bend" (two low beeps) → done (long beep),
// each cue also a vibration where the phone has one. A phase ends by itself once
// the leg has moved and then stayed still for ~2 s (or after a time limit).
// Every `deviceorientation` event from Start on is recorded as
// [alpha, beta, gamma, tMillis] into a hidden input (the format the server and
// the console read); without sensor data, or by choice, the participant enters
// the angle by hand. Contract: docs/components.md, "Range of motion".

import { setComplete, announce, format } from './component-kit.js';

let instances = 0; // numbers the component instances of this page for their gate keys

const sensorTimeout = 2000;
const readoutInterval = 1000;
/** Countdown beeps, one a second. */
export const countdownSeconds = 3;
/** A phase ends once the angle has stayed within `stillDegrees` for `stillMillis`, after moving `moveDegrees`. */
export const stillMillis = 2000;
export const stillDegrees = 4;
export const moveDegrees = 10;
/** A phase ends anyway after this long (the leg may not move far on a bad day). */
export const phaseLimitMillis = 15000;

// The cues: frequencies (Hz) and lengths (ms) of the beeps, and the vibration patterns.
const cues = {
  count: { tones: [[660, 150]], vibrate: [80] },
  straighten: { tones: [[990, 400]], vibrate: [300] },
  bend: { tones: [[440, 200], [440, 200]], vibrate: [200, 150, 200] },
  done: { tones: [[660, 900]], vibrate: [600] },
};

/** Enhances one `[data-rom]` element. */
export function enhanceRangeOfMotion(root) {
  const controls = root.querySelector('[data-rom-controls]');
  const startButton = root.querySelector('[data-rom-start]');
  const finishButton = root.querySelector('[data-rom-finish]');
  const againButton = root.querySelector('[data-rom-again]');
  const byHandButton = root.querySelector('[data-rom-by-hand]');
  const phaseLine = root.querySelector('[data-rom-phase-line]');
  const readout = root.querySelector('[data-rom-readout]');
  const message = root.querySelector('[data-rom-message]');
  const manual = root.querySelector('[data-rom-manual]');
  const manualInput = root.querySelector('[data-rom-manual-input]');
  const samplesInput = root.querySelector('[data-rom-samples]');
  if (!startButton || !finishButton || !samplesInput) return;

  const data = root.dataset;
  const text = {
    readout: data.readoutTemplate ?? 'Knee angle: {angle}°',
    result: data.resultTemplate ?? 'Range of motion: {range}°',
    noSensor: data.noSensorMessage ?? 'No motion data arrived. Measure the angle by hand below.',
    denied: data.deniedMessage ?? 'Motion access was not allowed. Measure the angle by hand below.',
    countdown: data.countdownTemplate ?? 'Get ready: {count}',
    straighten: data.straightenMessage ?? 'Straighten your knee and hold it still',
    bend: data.bendMessage ?? 'Bend your knee back and hold it still',
    done: data.doneMessage ?? 'Done. You can look at the screen now.',
    stopped: data.stoppedMessage ?? 'Stopped.',
  };
  const form = root.closest('form');
  const next = form?.querySelector('button[name="action"][value="next"]');
  const key = `rom-${(instances += 1)}`;
  let samples = [];
  let tracker = null;
  let origin = null;
  let sensorTimer = null;
  let lastReadout = -Infinity;
  let readoutTimer = null;
  let latestAngle = 0;
  let audio = null;
  let run = null; // the running sequence: {phase, phaseStart, startAngle, anchor, anchorTime, moved, timer}

  if (controls) controls.hidden = false;
  // A manual angle the server rendered back (after a validation error) stays visible.
  if (manual) manual.hidden = !manualInput?.value && !manual.classList.contains('has-error');
  if (byHandButton) byHandButton.hidden = manual ? !manual.hidden : true;

  function refreshGate() {
    const manualChosen = Boolean(manual && !manual.hidden && manualInput?.value.trim());
    setComplete(form, key, samplesInput.value !== '' || manualChosen);
  }

  // Only one primary button at a time: Start before, Stop while measuring, the form's Next after.
  function showButtons(state) {
    startButton.hidden = state !== 'ready';
    finishButton.hidden = state !== 'measuring';
    if (againButton) againButton.hidden = state !== 'measured';
    if (byHandButton) byHandButton.hidden = state === 'measuring' || (manual ? !manual.hidden : true);
    root.classList.toggle('is-measuring', state === 'measuring');
  }

  function cue(name) {
    const { tones, vibrate } = cues[name];
    if (audio) {
      let at = audio.currentTime + 0.02;
      for (const [frequency, millis] of tones) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0, at);
        gain.gain.linearRampToValueAtTime(0.4, at + 0.02);
        gain.gain.setValueAtTime(0.4, at + millis / 1000 - 0.02);
        gain.gain.linearRampToValueAtTime(0, at + millis / 1000);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(at);
        oscillator.stop(at + millis / 1000 + 0.01);
        at += millis / 1000 + 0.12;
      }
    }
    if (typeof navigator.vibrate === 'function') navigator.vibrate(vibrate);
    root.dispatchEvent(new CustomEvent('rom-cue', { detail: { cue: name } }));
  }

  function setPhase(phase, line) {
    root.dataset.romPhase = phase;
    if (phaseLine) phaseLine.textContent = line;
  }

  function onOrientation(event) {
    if (event.alpha === null || event.beta === null || event.gamma === null) return;
    if (origin === null) {
      origin = event.timeStamp;
      clearTimeout(sensorTimer);
      countdown(countdownSeconds);
    }
    samples.push([round(event.alpha), round(event.beta), round(event.gamma), Math.round(event.timeStamp - origin)]);
    latestAngle = tracker.add(event.alpha, event.beta, event.gamma);
    scheduleReadout();
  }

  function countdown(count) {
    if (!run) return;
    if (count === 0) {
      beginPhase('straighten');
      return;
    }
    setPhase('countdown', format(text.countdown, { count }));
    cue('count');
    run.timer = setTimeout(() => countdown(count - 1), 1000);
  }

  function beginPhase(phase) {
    const now = performance.now();
    Object.assign(run, { phase, phaseStart: now, startAngle: latestAngle, anchor: latestAngle, anchorTime: now, moved: false });
    setPhase(phase, text[phase]);
    cue(phase);
    run.timer = setInterval(watchPhase, 100);
  }

  // The leg has moved and then kept within a few degrees for ~2 s: the phase is over.
  function watchPhase() {
    const now = performance.now();
    if (Math.abs(latestAngle - run.startAngle) >= moveDegrees) run.moved = true;
    if (Math.abs(latestAngle - run.anchor) > stillDegrees) {
      run.anchor = latestAngle;
      run.anchorTime = now;
    }
    const still = run.moved && now - run.anchorTime >= stillMillis;
    if (!still && now - run.phaseStart < phaseLimitMillis) return;
    clearInterval(run.timer);
    if (run.phase === 'straighten') beginPhase('bend');
    else finish(true);
  }

  // At most one read-out per interval, and always the latest angle once the interval ends.
  function scheduleReadout() {
    if (readoutTimer !== null) return;
    const wait = Math.max(0, lastReadout + readoutInterval - performance.now());
    readoutTimer = setTimeout(() => {
      readoutTimer = null;
      lastReadout = performance.now();
      if (readout && run) readout.textContent = format(text.readout, { angle: Math.round(latestAngle) });
    }, wait);
  }

  function stopListening() {
    window.removeEventListener('deviceorientation', onOrientation);
    clearTimeout(sensorTimer);
    clearTimeout(readoutTimer);
    readoutTimer = null;
    if (run) {
      clearTimeout(run.timer);
      clearInterval(run.timer);
    }
    run = null;
  }

  function showManual(reason) {
    if (manual) manual.hidden = false;
    // The angle box is now what to do: Start stays offered, as a secondary button, so Next is the one primary.
    startButton.classList.add('button--secondary');
    if (reason) announce(message, reason);
    showButtons(samplesInput.value === '' ? 'ready' : 'measured');
    manualInput?.focus();
    refreshGate();
  }

  function fallBack(reason) {
    stopListening();
    samples = [];
    samplesInput.value = '';
    setPhase('manual', '');
    root.classList.add('is-manual');
    showManual(reason);
  }

  // Ends the measurement: by itself after the bend phase (`automatic`), or by the Stop button.
  function finish(automatic) {
    stopListening();
    if (samples.length === 0) {
      fallBack(text.noSensor);
      return;
    }
    startButton.classList.remove('button--secondary');
    cue(automatic ? 'done' : 'count');
    setPhase('done', automatic ? text.done : text.stopped);
    samplesInput.value = JSON.stringify(samples);
    if (manual && manualInput) {
      manualInput.value = '';
      manual.hidden = true;
    }
    const { range } = tracker.result();
    if (readout) readout.textContent = format(text.result, { range: Math.round(range) });
    showButtons('measured');
    refreshGate();
    if (next && !next.disabled) next.focus();
  }

  async function start() {
    samples = [];
    samplesInput.value = '';
    tracker = new KneeAngleTracker();
    origin = null;
    lastReadout = -Infinity;
    latestAngle = 0;
    if (message) message.textContent = '';
    if (readout) readout.textContent = '';
    refreshGate();
    // Created in the click, so the browser lets it sound.
    audio ??= typeof AudioContext === 'function' ? new AudioContext() : null;
    const permission = await requestMotionPermission();
    if (permission !== 'granted') {
      fallBack(text.denied);
      return;
    }
    run = { phase: 'waiting', timer: null };
    showButtons('measuring');
    setPhase('waiting', '');
    window.addEventListener('deviceorientation', onOrientation);
    sensorTimer = setTimeout(() => fallBack(text.noSensor), sensorTimeout);
  }

  startButton.addEventListener('click', start);
  againButton?.addEventListener('click', start);
  finishButton.addEventListener('click', () => finish(false));
  byHandButton?.addEventListener('click', () => showManual(''));
  manualInput?.addEventListener('input', refreshGate);
  showButtons('ready');
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
