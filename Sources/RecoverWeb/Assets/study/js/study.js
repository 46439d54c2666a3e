// Entry module for participant pages, served at /assets/study/<version>/js/ with the
// other component modules (docs/components.md). It loads only the modules whose
// elements are on the page: each entry below names a module and the selector of the
// elements it enhances. The component modules import nothing but component-kit.js
// (by relative path), so a page may also load any of them on its own.
const modules = [
  ['[data-signature-pad]', './signature-pad.js'],
  ['[data-rom]', './range-of-motion.js'],
  ['[data-permission-card]', './permissions.js'],
  ['[data-scale]', './scale-slider.js'],
  ['[data-text-counter]', './text-counter.js'],
  ['[data-confirm]', './confirm-submit.js'],
  ['input[data-timezone], button[data-browser-zone-for]', './timezone.js'],
  ['[data-body-model]', './body-model.js'],
  ['[data-camera-recorder]', './camera-recorder.js'],
  ['[data-tone-test], [data-noise-check]', './hearing-test.js'],
  ['[data-choice-group], [data-measure], [data-unit-choice]', './formats.js'],
  ['[data-location]', './location.js'],
  ['[data-health-upload]', './health-upload.js'],
  ['input[data-reset-code]', './reset-code.js'],
  ['[data-push-device]', './push.js'],
  ['[data-error-summary]', './error-summary.js'],
];

for (const [selector, module] of modules) {
  if (document.querySelector(selector)) import(module);
}
