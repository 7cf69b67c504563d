/**
 * Debian's Chromium driven by playwright-core, as a farmer's phone: 450×900, touch, a mobile user
 * agent. Every screen a journey visits is scanned with axe-core and photographed under
 * test-results/screens/<language>/ so a person can review it.
 */
import AxeBuilder from '@axe-core/playwright';
import { appendFileSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const VIEWPORT = { width: 450, height: 900 };
export const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** `viewport`: a narrower phone than the default 450 px (the cheapest Androids are 360 px wide). */
export async function newPhone(browser: Browser, baseURL: string, viewport: { width: number; height: number } = VIEWPORT): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
    userAgent: MOBILE_UA,
    locale: 'en-IN',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

export interface AxeFinding {
  screen: string;
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: number;
}

export const screensSeen = new Set<string>();
export const axeFindings: AxeFinding[] = [];

/**
 * Photographs the page as `<language>/<name>.png` and scans it with axe-core. Serious and critical
 * violations are returned for the test to assert on; every finding is appended to test-results/axe.jsonl.
 */
export async function screen(page: Page, language: string, name: string): Promise<AxeFinding[]> {
  const dir = `test-results/screens/${language}`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  screensSeen.add(`${language}/${name}`);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const findings = result.violations.map((v) => ({
    screen: `${language}/${name}`,
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.length,
  }));
  axeFindings.push(...findings);
  mkdirSync('test-results', { recursive: true });
  for (const f of findings) appendFileSync('test-results/axe.jsonl', `${JSON.stringify(f)}\n`);
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
}
