// Fills hidden time-zone fields (input[data-timezone]) with the browser's IANA zone, so a new
// participant's schedule follows their wall clock. The server keeps its default when this fails.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone) {
  for (const input of document.querySelectorAll("input[data-timezone]")) {
    input.value = zone;
  }
}
