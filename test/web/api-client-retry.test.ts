/**
 * The app's API client treats a 503 with Retry-After (the server shedding load) as "try again then":
 * it waits that long and asks once more; a second refusal reaches the caller with the wait beside it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiResult } from '../../src/web/api/client';

const overloaded = () =>
  new Response(JSON.stringify({ message: 'The server is busy; try again in a few seconds', code: 'OVERLOADED' }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '5' },
  });
const ok = () => new Response(JSON.stringify({ data: { ok: true } }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the API client under load shedding', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits Retry-After seconds after a 503 and retries once', async () => {
    fetchMock.mockResolvedValueOnce(overloaded()).mockResolvedValueOnce(ok());
    const answer = api<{ data: { ok: boolean } }>('GET', '/quotations');
    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(answer).resolves.toEqual({ data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives a second 503 to the caller with its wait, after exactly one retry', async () => {
    fetchMock.mockResolvedValueOnce(overloaded()).mockResolvedValueOnce(overloaded()).mockResolvedValueOnce(ok());
    const result = apiResult('POST', '/quotations', { body: { skusDetail: [] } });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual({ status: 503, data: expect.objectContaining({ code: 'OVERLOADED', retryAfterSeconds: 5 }) });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'x', code: 'INTERNAL' }), { status: 500, headers: { 'content-type': 'application/json' } }));
    await expect(apiResult('GET', '/skus')).resolves.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
