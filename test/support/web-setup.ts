import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* waits for a screen's lazy chunk and first machine steps; on two busy cores that can take
// longer than the library's 1 s default. A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
