// Location answers (docs/components.md, "Location"): a "Use my current location" button fills the typed
// latitude and longitude from the browser's geolocation. Without script, or when the participant declines,
// the coordinates are typed. Messages come from data-*-message attributes. No imports (see the docs).

/** Enhances one `[data-location]` fieldset. */
function enhanceLocation(root) {
  const button = root.querySelector('[data-location-find]');
  const status = root.querySelector('[data-location-status]');
  const latitude = root.querySelector('input[name$=".latitude"]');
  const longitude = root.querySelector('input[name$=".longitude"]');
  if (!button || !latitude || !longitude || !('geolocation' in navigator)) return;
  button.hidden = false;
  const say = (message) => { if (status) status.textContent = message ?? ''; };
  button.addEventListener('click', () => {
    button.disabled = true;
    say(root.dataset.locatingMessage ?? 'Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        latitude.value = position.coords.latitude.toFixed(5);
        longitude.value = position.coords.longitude.toFixed(5);
        button.disabled = false;
        say(root.dataset.foundMessage ?? 'Location found.');
      },
      () => {
        button.disabled = false;
        say(root.dataset.failedMessage ?? 'Your location is not available. Type the coordinates instead.');
        latitude.focus();
      },
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 },
    );
  });
}

for (const element of document.querySelectorAll('[data-location]')) enhanceLocation(element);
