// Hearing screening in the browser. The noise check measures the microphone's
// A-weighted level (dB = 20·log10(RMS) + 94 − device offset, the curve of
// Research's NoiseLevel) twice a second in an animated meter and passes after
// the step's number of quiet readings in a row; the readings go to the server,
// which checks them again. The tone test only plays tones and reports taps:
// the server replays every response so far with its staircase and answers the
// next tone (ear, frequency, gain in dBFS), so the algorithm lives in Swift.

import { format } from './component-kit.js';

/** The A-weighting gain in dB at `f` hertz (IEC 61672), as NoiseLevel.aWeighting. */
export function aWeighting(f) {
  if (f <= 0) return -Infinity;
  const f2 = f * f;
  const numerator = 12194 ** 2 * f2 * f2;
  const denominator = (f2 + 20.6 ** 2) * Math.sqrt((f2 + 107.7 ** 2) * (f2 + 737.9 ** 2)) * (f2 + 12194 ** 2);
  return 20 * Math.log10(numerator / denominator) + 2.0;
}

/** Enhances one `[data-noise-check]` element. */
export function enhanceNoiseCheck(root) {
  const meter = root.querySelector('[data-noise-meter]');
  const readout = root.querySelector('[data-noise-readout]');
  const startButton = root.querySelector('[data-noise-start]');
  const field = root.querySelector('[data-noise-readings]');
  if (!meter || !startButton || !field) return;
  const threshold = Number(root.dataset.threshold) || 45;
  const needed = Number(root.dataset.quietNeeded) || 5;
  const offset = Number(root.dataset.deviceOffset) || 0;
  const form = root.closest('form');
  const next = form?.querySelector('button[name="action"][value="next"]');
  if (next) next.disabled = true;
  const readings = [];
  let quiet = 0;

  startButton.addEventListener('click', async () => {
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (error) {
      readout.textContent = root.dataset.denied ?? 'The microphone is not available.';
      return;
    }
    startButton.hidden = true;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(stream).connect(analyser);
    const spectrum = new Float32Array(analyser.frequencyBinCount);
    const binWidth = context.sampleRate / analyser.fftSize;
    const timer = setInterval(() => {
      analyser.getFloatFrequencyData(spectrum);
      let power = 0;
      spectrum.forEach((decibels, bin) => {
        const frequency = bin * binWidth;
        if (frequency > 0 && Number.isFinite(decibels)) power += 10 ** ((decibels + aWeighting(frequency)) / 10);
      });
      const rms = Math.sqrt(power);
      const level = rms > 0 ? Math.max(0, 20 * Math.log10(rms) + 94 - offset) : 0;
      const rounded = Math.round(level * 10) / 10;
      readings.push(rounded);
      meter.value = Math.min(rounded, 100);
      quiet = rounded < threshold ? quiet + 1 : 0;
      // Plain words, no decibels: quiet or too loud.
      readout.textContent = rounded < threshold ? root.dataset.quiet ?? '' : root.dataset.loud ?? '';
      if (quiet >= needed) {
        clearInterval(timer);
        stream.getTracks().forEach((track) => track.stop());
        context.close();
        field.value = JSON.stringify(readings);
        readout.textContent = root.dataset.passed ?? 'Quiet enough.';
        root.dataset.passedCheck = 'true';
        if (next) { next.disabled = false; next.focus(); }
      }
    }, 500);
  });
}

const toneSeconds = 0.5;
const answerSeconds = 1.2;

/** Enhances one `[data-tone-test]` element. */
export function enhanceToneTest(root) {
  const startButton = root.querySelector('[data-tone-start]');
  const heardButton = root.querySelector('[data-tone-heard]');
  const progress = root.querySelector('[data-tone-progress]');
  const status = root.querySelector('[data-tone-status]');
  const calibration = root.querySelector('[data-tone-calibration]');
  if (!startButton || !heardButton) return;
  const form = root.closest('form');
  const next = form?.querySelector('button[name="action"][value="next"]');
  if (next) next.hidden = true;
  const responses = [];
  let context = null;
  let tone = null;
  let heard = false;
  let startedAt = 0;

  async function ask(finish) {
    const response = await fetch(root.dataset.endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': root.dataset.csrf, Accept: 'application/json' },
      body: JSON.stringify({ responses, finish }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer?.error?.message ?? root.dataset.failed);
    return answer;
  }

  function play(current) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const panner = context.createStereoPanner();
    oscillator.frequency.value = current.frequency;
    panner.pan.value = current.ear === 'left' ? -1 : 1;
    const peak = 10 ** (current.gainDBFS / 20);
    const start = context.currentTime + 0.05;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(peak, start + 0.03);
    gain.gain.setValueAtTime(peak, start + toneSeconds - 0.03);
    gain.gain.linearRampToValueAtTime(0, start + toneSeconds);
    oscillator.connect(gain).connect(panner).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + toneSeconds + 0.01);
    root.dispatchEvent(new CustomEvent('tone', { detail: current }));
  }

  async function step(answer) {
    if (answer.done) {
      const finished = await ask(true);
      window.location.assign(finished.next ?? '/');
      return;
    }
    tone = answer.tone;
    heard = false;
    progress.textContent = `${root.dataset[tone.ear] ?? tone.ear} · ${timeLeft(answer)}`;
    play(tone);
    await new Promise((resolve) => { setTimeout(resolve, answerSeconds * 1000); });
    responses.push({ ear: tone.ear, frequency: tone.frequency, level: tone.level, heard });
    tone = null;
    await new Promise((resolve) => { setTimeout(resolve, 200 + Math.random() * 500); });
    await step(await ask(false));
  }

  // Seconds left: the remaining ear-and-frequency tests at the pace so far (tones per finished test, seconds
  // per tone), the step's typical figures until there is a pace to measure.
  function timeLeft(answer) {
    const finished = answer.total - answer.remaining;
    const tonesPerTest = finished > 0 ? responses.length / finished : Number(root.dataset.typicalTones) || 7;
    const secondsPerTone = responses.length > 0
      ? (performance.now() - startedAt) / 1000 / responses.length : Number(root.dataset.typicalSeconds) || 2;
    const seconds = answer.remaining * tonesPerTest * secondsPerTone;
    if (seconds < 45) return root.dataset.lessThanAMinute ?? 'Less than a minute left';
    if (seconds < 90) return root.dataset.oneMinuteLeft ?? 'About 1 minute left';
    return format(root.dataset.minutesLeft ?? 'About {minutes} minutes left', { minutes: Math.round(seconds / 60) });
  }

  heardButton.addEventListener('click', () => { if (tone) heard = true; });
  startButton.addEventListener('click', async () => {
    startButton.hidden = true;
    heardButton.hidden = false;
    heardButton.focus();
    context = new AudioContext();
    startedAt = performance.now();
    try {
      const first = await ask(false);
      calibration.textContent = first.calibrated ? root.dataset.calibrated : root.dataset.uncalibrated;
      await step(first);
    } catch (error) {
      status.textContent = error.message || root.dataset.failed;
    }
  });
}

document.querySelectorAll('[data-noise-check]').forEach(enhanceNoiseCheck);
document.querySelectorAll('[data-tone-test]').forEach(enhanceToneTest);
