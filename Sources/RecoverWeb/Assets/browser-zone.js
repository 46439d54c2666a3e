// "Use this browser's zone": shows the button when the browser knows its IANA zone and, on click,
// selects that zone in the select named by data-browser-zone-for. The server still validates it.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
for (const button of document.querySelectorAll("button[data-browser-zone-for]")) {
  const select = document.getElementById(button.dataset.browserZoneFor);
  const option = select && zone ? Array.from(select.options).find((item) => item.value === zone) : null;
  if (!option) continue;
  button.hidden = false;
  button.addEventListener("click", () => {
    select.value = zone;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}
