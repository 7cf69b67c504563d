import { describe, expect, it } from 'vitest';
import { chunkCycle } from '../../build/chunk-cycle';

// The build refuses chunks that import each other (build/boot-preloads.ts): such a pair
// evaluated one chunk's charts before the other had defined XState's classes, and the app died at
// start-up with "mn is not a constructor".
describe('chunkCycle', () => {
  it('finds two chunks that import each other', () => {
    const chunks = [
      { fileName: 'entry.js', imports: ['charts-core.js'] },
      { fileName: 'charts-core.js', imports: ['charts-rest.js'] },
      { fileName: 'charts-rest.js', imports: ['charts-core.js'] },
    ];
    expect(chunkCycle(chunks)).toEqual(['charts-core.js', 'charts-rest.js', 'charts-core.js']);
  });

  it('finds a longer cycle', () => {
    const chunks = [
      { fileName: 'a.js', imports: ['b.js'] },
      { fileName: 'b.js', imports: ['c.js'] },
      { fileName: 'c.js', imports: ['a.js'] },
    ];
    expect(chunkCycle(chunks)).toEqual(['a.js', 'b.js', 'c.js', 'a.js']);
  });

  it('accepts shared imports without a cycle (a diamond)', () => {
    const chunks = [
      { fileName: 'entry.js', imports: ['logic.js', 'shell.js'] },
      { fileName: 'logic.js', imports: ['charts-core.js'] },
      { fileName: 'shell.js', imports: ['logic.js', 'charts-core.js', 'react.js'] },
      { fileName: 'charts-core.js', imports: [] },
      { fileName: 'react.js', imports: [] },
    ];
    expect(chunkCycle(chunks)).toBeNull();
  });
});
