// Signature pad: draws on a canvas with pointer events (mouse, touch, pen) and
// fills two hidden inputs: the strokes as JSON and the drawing as a PNG data URL.
// Contract: docs/components.md, "Signature pad".

import { setComplete, announce } from './component-kit.js';

let instances = 0; // numbers the component instances of this page for their gate keys

/** Enhances one `[data-signature-pad]` element. */
export function enhanceSignaturePad(root) {
  const canvas = root.querySelector('[data-signature-canvas]');
  const strokesInput = root.querySelector('[data-signature-strokes]');
  const imageInput = root.querySelector('[data-signature-image]');
  const clearButton = root.querySelector('[data-signature-clear]');
  const typedCheckbox = root.querySelector('[data-signature-typed]');
  const status = root.querySelector('[data-signature-status]');
  if (!canvas || !strokesInput || !imageInput) return;

  const form = root.closest('form');
  const key = `signature-${(instances += 1)}`;
  const context = canvas.getContext('2d');
  let strokes = parseStrokes(strokesInput.value);
  let current = null;
  let origin = null;

  // Rendered hidden by the server (drawing needs script); reveal it now.
  root.hidden = false;

  // A point in CSS pixels from the canvas's drawing area (inside its border); t in ms from the first point.
  function point(event) {
    const box = canvas.getBoundingClientRect();
    if (origin === null) origin = event.timeStamp - nextTime();
    return {
      x: round(event.clientX - box.left - canvas.clientLeft),
      y: round(event.clientY - box.top - canvas.clientTop),
      t: Math.round(event.timeStamp - origin),
    };
  }

  // Strokes restored from the server continue the timeline after their last point.
  function nextTime() {
    const times = strokes.flat().map((p) => p.t).filter(Number.isFinite);
    return times.length > 0 ? Math.max(...times) + 1 : 0;
  }

  function resize() {
    const scale = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * scale);
    canvas.height = Math.round(canvas.clientHeight * scale);
    context.setTransform(scale, 0, 0, scale, 0, 0);
    redraw();
  }

  function redraw() {
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = getComputedStyle(canvas).color;
    context.fillStyle = context.strokeStyle;
    for (const stroke of strokes) drawStroke(stroke);
  }

  function drawStroke(stroke) {
    if (stroke.length === 1) {
      context.beginPath();
      context.arc(stroke[0].x, stroke[0].y, context.lineWidth / 2, 0, Math.PI * 2);
      context.fill();
      return;
    }
    context.beginPath();
    context.moveTo(stroke[0].x, stroke[0].y);
    for (const p of stroke.slice(1)) context.lineTo(p.x, p.y);
    context.stroke();
  }

  function drawSegment(from, to) {
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }

  function update(message) {
    const empty = strokes.length === 0;
    strokesInput.value = empty ? '' : JSON.stringify(strokes);
    imageInput.value = empty ? '' : canvas.toDataURL('image/png');
    root.classList.toggle('is-signed', !empty);
    if (clearButton) clearButton.disabled = empty;
    setComplete(form, key, !empty || Boolean(typedCheckbox?.checked));
    if (message) announce(status, message);
  }

  canvas.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    canvas.setPointerCapture?.(event.pointerId);
    current = { id: event.pointerId, points: [point(event)] };
    strokes.push(current.points);
    drawStroke(current.points);
  });

  canvas.addEventListener('pointermove', (event) => {
    if (!current || event.pointerId !== current.id) return;
    const moves = event.getCoalescedEvents?.() ?? [];
    for (const move of moves.length > 0 ? moves : [event]) {
      const next = point(move);
      drawSegment(current.points[current.points.length - 1], next);
      current.points.push(next);
    }
  });

  function endStroke(event) {
    if (!current || event.pointerId !== current.id) return;
    current = null;
    update(root.dataset.signedMessage ?? 'Signature drawn.');
  }
  canvas.addEventListener('pointerup', endStroke);
  canvas.addEventListener('pointercancel', endStroke);
  canvas.addEventListener('lostpointercapture', endStroke);

  clearButton?.addEventListener('click', () => {
    strokes = [];
    origin = null;
    current = null;
    redraw();
    update(root.dataset.clearedMessage ?? 'Signature cleared.');
  });

  typedCheckbox?.addEventListener('change', () => update());

  new ResizeObserver(() => resize()).observe(canvas);
  resize();
  update();
}

function parseStrokes(text) {
  try {
    const value = JSON.parse(text || '[]');
    const isPoint = (p) => Number.isFinite(p?.x) && Number.isFinite(p?.y) && Number.isFinite(p?.t);
    return Array.isArray(value) ? value.filter((stroke) => Array.isArray(stroke) && stroke.length > 0 && stroke.every(isPoint)) : [];
  } catch {
    return [];
  }
}

function round(value) {
  return Math.round(value * 10) / 10;
}

for (const element of document.querySelectorAll('[data-signature-pad]')) enhanceSignaturePad(element);
