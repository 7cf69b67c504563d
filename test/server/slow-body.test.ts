/**
 * A body sent a byte at a time cannot hold a connection: the request has 30 s to arrive whole, checked
 * every 5 s, so the server cuts it off (408) within 40 s of its start.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/server/app';

describe('a dribbled request body on sqlite', () => {
  it('is answered 408 and closed within 40 s, though a byte arrives every 4 s', { timeout: 60_000 }, async () => {
    const t = await createTestApp('sqlite', { seed: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.write('POST /api/auth/request-otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{');
      const dribble = setInterval(() => socket.writable && socket.write(' '), 4_000);
      const closedAfter = await new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
      clearInterval(dribble);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfter).toBeGreaterThanOrEqual(30_000);
      expect(closedAfter).toBeLessThan(40_000);
    } finally {
      await t.close();
    }
  });
});
