/**
 * What a thumb meets on a screen, measured in the browser: the contact button's box against every
 * button, link, input and money amount (content clipped to what shows between the sticky header
 * and the bottom dock), every touch target's size, whether the end of the content scrolls clear of
 * the dock, and the focus ring each element shows when reached with the keyboard.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const WIDTHS = [320, 360, 450] as const;
export const MIN_TARGET = 44;

export interface LayoutReport {
  /** Targets or amounts the contact button's box intersects. */
  covered: string[];
  /** Targets smaller than 44×44 px. */
  small: string[];
  /** Targets or amounts that stay under the dock at the end of the page. */
  underDock: string[];
}

/** Runs in the page: measures at the current scroll position (top, then bottom). */
function measure(minTarget: number): LayoutReport {
  const TARGETS = 'button, a[href], input, select, textarea, [role="button"], [role="link"]';
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[aria-hidden="true"], [inert]');
  };
  const describe = (el: Element) => {
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '';
    const r = el.getBoundingClientRect();
    return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`;
  };
  /** The box a thumb hits: a radio or checkbox answers to its whole label; a visually hidden one to its label too. */
  const hitBox = (el: Element): Element => {
    if (el instanceof HTMLInputElement && ['radio', 'checkbox', 'file'].includes(el.type)) return el.closest('label, .file-button') ?? el;
    return el;
  };
  const money = [...document.querySelectorAll('body *')].filter(
    (el) => shown(el) && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').includes('₹')),
  );
  const targets = [...document.querySelectorAll(TARGETS)].filter((el) => shown(hitBox(el)));

  const fab = document.querySelector('.shop-contact-fab');
  const header = document.querySelector('.shop-top, .shop-header');
  const dock = document.querySelector('.shop-dock');
  const chrome = (el: Element) => (header?.contains(el) ?? false) || (dock?.contains(el) ?? false);
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const bottom = dock ? dock.getBoundingClientRect().top : window.innerHeight;
  /** What of the element shows: content scrolls under the header and the dock, which hide it. */
  const visibleBox = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (chrome(el)) return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    return { left: r.left, right: r.right, top: Math.max(r.top, top), bottom: Math.min(r.bottom, bottom) };
  };

  const covered: string[] = [];
  if (fab && shown(fab)) {
    const f = fab.getBoundingClientRect();
    for (const el of [...targets, ...money]) {
      if (el === fab || fab.contains(el) || el.contains(fab)) continue;
      const b = visibleBox(hitBox(el));
      if (b.bottom <= b.top) continue;
      const overlap = Math.min(f.right, b.right) > Math.max(f.left, b.left) && Math.min(f.bottom, b.bottom) > Math.max(f.top, b.top);
      if (overlap) covered.push(describe(el));
    }
  }
  const small = targets
    .map(hitBox)
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width < minTarget - 0.5 || r.height < minTarget - 0.5;
    })
    .map(describe);
  const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
  const underDock = atEnd && dock
    ? [...targets, ...money].filter((el) => !chrome(el) && el.getBoundingClientRect().bottom > bottom + 0.5).map(describe)
    : [];
  return { covered, small: [...new Set(small)], underDock };
}

/** Measures the screen at the top and at the end of its content, and photographs both. */
export async function measureLayout(page: Page, shot: string): Promise<LayoutReport> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const atTop = await page.evaluate(measure, MIN_TARGET);
  mkdirSync(shot.slice(0, shot.lastIndexOf('/')), { recursive: true });
  await page.screenshot({ path: `${shot}.png` });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const atEnd = await page.evaluate(measure, MIN_TARGET);
  await page.screenshot({ path: `${shot}-end.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  const unique = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return { covered: unique(atTop.covered, atEnd.covered), small: unique(atTop.small, atEnd.small), underDock: atEnd.underDock };
}

/** The app's one focus ring: 3 px solid dark green (#1b5e20), on the element or on the frame around its field. */
export const FOCUS_RING = { style: 'solid', width: '3px', color: 'rgb(27, 94, 32)' };

/** Tabs through the first `count` stops of the screen and returns each stop whose ring is not the app's. */
export async function foreignFocusRings(page: Page, count = 15): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const wrong: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const frame = el.closest('.phone-field, .shop-search, .shop-quantity-input, .file-button, .admin-file') ?? el;
      const s = getComputedStyle(frame);
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return { what: `${el.tagName.toLowerCase()} "${name}"`, style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
    });
    if (!ring) break;
    if (ring.style !== FOCUS_RING.style || ring.width !== FOCUS_RING.width || ring.color !== FOCUS_RING.color) {
      wrong.push(`${ring.what}: ${ring.style} ${ring.width} ${ring.color}`);
    }
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return [...new Set(wrong)];
}
