import { describe, expect, it } from 'vitest';
import { fetchesScreensAhead } from '../../src/web/routes';

// A screen fetches the screens a farmer goes to next only where that spends no data twice: on a first
// visit the installing service worker is already bringing every farmer screen.
describe('fetching the next screens ahead', () => {
  it('waits on a first visit, while the service worker installs and controls nothing yet', () => {
    expect(fetchesScreensAhead({ serviceWorker: { controller: null } })).toBe(false);
  });

  it("fetches once the worker controls the page: the files come from its cache", () => {
    expect(fetchesScreensAhead({ serviceWorker: { controller: {} } })).toBe(true);
  });

  it('fetches in a browser without service workers, where nothing else brings them', () => {
    expect(fetchesScreensAhead({})).toBe(true);
    expect(fetchesScreensAhead(undefined)).toBe(true);
  });
});
