/**
 * What every browser test file starts with: its own production server and one Chromium, both
 * stopped after the file. The fields are filled before the first test runs (as useTestApp does).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

export interface World {
  server: TestServer;
  browser: Browser;
}

export function useWorld(env: Record<string, string> = {}): World {
  const world = {} as World;
  beforeAll(async () => {
    world.server = await startServer(env);
    world.browser = await launchBrowser();
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
  });
  return world;
}
