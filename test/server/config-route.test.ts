/** GET /api/config: the usual reply time of a pending quotation, from QUOTATION_REPLY_HOURS. */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../support/server/app';

describe('GET /api/config', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the default 24 reply hours to anyone, with no session', async () => {
    t = await createTestApp('sqlite', { seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quotationReplyHours).toBe(24);
  });

  it('answers the configured QUOTATION_REPLY_HOURS', async () => {
    t = await createTestApp('sqlite', { seed: false, config: testConfig({ quotationReplyHours: 6 }) });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.quotationReplyHours).toBe(6);
  });

  it('answers what the Aadhaar notice states: the grievance contact and the retention after verification', async () => {
    t = await createTestApp('sqlite', { seed: false });
    const defaults = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(defaults).toMatchObject({ aadhaarRetentionDays: 30 });
    expect(defaults.grievanceContact).toBe(t.options.config.grievanceContact);
    await t.close();
    t = await createTestApp('sqlite', { seed: false, config: testConfig({ grievanceContact: 'grievance@krishi.example, +91 98250 00000', aadhaarRetentionDays: 0 }) });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().data).toMatchObject({
      grievanceContact: 'grievance@krishi.example, +91 98250 00000',
      aadhaarRetentionDays: 0,
    });
  });

  it('describes the field in the OpenAPI document', async () => {
    t = await createTestApp('sqlite', { seed: false });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schema = doc.paths['/api/config'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.data.properties.quotationReplyHours).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schema.properties.data.required).toContain('quotationReplyHours');
    expect(schema.properties.data.properties.aadhaarRetentionDays).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schema.properties.data.required).toEqual(expect.arrayContaining(['grievanceContact', 'aadhaarRetentionDays']));
  });
});
