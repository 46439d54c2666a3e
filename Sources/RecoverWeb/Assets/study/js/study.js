// One entry point for the participant pages: importing it enhances every
// component present on the page. Each module may also be loaded on its own.
import './signature-pad.js';
import './range-of-motion.js';
import './permissions.js';
import './scale-slider.js';
import './text-counter.js';
import './confirm-submit.js';
import './timezone.js';
import './body-model.js';
