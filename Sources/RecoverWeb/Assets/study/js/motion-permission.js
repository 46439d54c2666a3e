// Motion access request shared by the range-of-motion capture and the permission cards.

/** Asks for motion access where the browser has a prompt; resolves `granted` where it has none. */
export async function requestMotionPermission() {
  const request = window.DeviceOrientationEvent?.requestPermission;
  if (typeof request !== 'function') return 'granted';
  try {
    return await request.call(window.DeviceOrientationEvent);
  } catch {
    return 'denied';
  }
}
