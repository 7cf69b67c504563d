import { describe, expect, it } from 'vitest';
import { appWasUpdated, BUILD_KEY } from '../../src/web/shell/service-worker';

const store = (initial: Record<string, string> = {}) => {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('appWasUpdated', () => {
  it('is false on the first launch ever, and remembers the build', () => {
    const s = store();
    expect(appWasUpdated(s, 'b1')).toBe(false);
    expect(s.map.get(BUILD_KEY)).toBe('b1');
  });
  it('is true on the first launch of a new build only', () => {
    const s = store({ [BUILD_KEY]: 'b1' });
    expect(appWasUpdated(s, 'b2')).toBe(true);
    expect(appWasUpdated(s, 'b2')).toBe(false);
  });
  it('is false when storage throws', () => {
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => undefined };
    expect(appWasUpdated(broken, 'b2')).toBe(false);
  });
});
