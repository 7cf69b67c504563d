import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../support/server-app';

describe.each(databases())('smoke on %s', (kind) => {
  const t = useTestApp(kind);
  it('lists the seeded SKUs to a verified farmer', async () => {
    const farmer = await t.farmer();
    const res = await t.as(farmer, { method: 'GET', url: '/api/skus' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(8);
  });
});
