// Knee range-of-motion arithmetic for the live read-out (display only: the
// server recomputes the result from the raw samples). Same formula as
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
