// Entry module that loads every component module (the component fixtures and
// any page that wants them all); each enhances the elements of its component
// present on the page. The server's pages load only the modules their elements
// need instead (StudyAssets.moduleScripts, docs/components.md). The component modules import
// nothing but component-kit.js (the shared helpers, by relative path), so a page
// may also load any of them on its own from the same folder.
import './component-kit.js';
import './signature-pad.js';
import './range-of-motion.js';
import './permissions.js';
import './scale-slider.js';
import './text-counter.js';
import './confirm-submit.js';
import './timezone.js';
import './body-model.js';
import './camera-recorder.js';
import './hearing-test.js';
import './formats.js';
import './location.js';
import './health-upload.js';
import './reset-code.js';
import './push.js';
import './error-summary.js';
import './branching.js';
