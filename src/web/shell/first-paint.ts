/**
 * The app takes over from index.html's inline splash (issue 9 item 2) only after the browser has
 * painted that splash: on a fast connection the scripts can arrive before the first frame, and their
 * start-up work would otherwise hold the first paint back. A hidden tab paints no frames, so there
 * the app starts at once.
 */
export function afterFirstPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(task, 0);
    return;
  }
  // The frame callback runs just before the paint; the timeout after it, once the frame is out.
  requestAnimationFrame(() => setTimeout(task, 0));
}
