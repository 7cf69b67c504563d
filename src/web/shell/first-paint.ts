/**
 * The app takes over from index.html's inline splash only after the browser has
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

/**
 * Resolves in a new task: the boot's steps await it between them, so the browser can paint, answer
 * a tap or run a network callback in between instead of waiting for one long task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * When a boot step's script could not download (the connection dropped during the first open), the
 * inline splash gets BootSplash's reason and retry, in the saved language from index.html's
 * attributes (build/splash-names.ts), without React: React may be what failed to arrive.
 */
export function showBootFailed(): void {
  const splash = document.getElementById('boot');
  const name = document.getElementById('boot-name');
  if (!splash || !name || splash.querySelector('.boot-retry')) return;
  const locale = document.documentElement.lang || 'en';
  const text = (what: 'failed' | 'retry', english: string) => name.getAttribute(`data-${what}-${locale}`) ?? name.getAttribute(`data-${what}-en`) ?? english;
  const reason = document.createElement('p');
  reason.setAttribute('role', 'alert');
  reason.textContent = text('failed', 'The app could not load. Check the internet and try again.');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'boot-retry';
  retry.textContent = text('retry', 'Try again');
  retry.addEventListener('click', () => window.location.reload());
  splash.append(reason, retry);
}
