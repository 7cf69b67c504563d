/** What server tests of a farmer's profile do again and again: upload an image, read the user's history as an admin. */
import { expect } from 'vitest';
import type { AuditEntry } from '../../../src/domain/types';
import type { Session, TestApp } from './app';
import { jpegWithGps, multipart, uploadFields } from './images';

/** Uploads a camera JPEG (with GPS, which the server strips) as `kind`; answers its URL. */
export async function upload(t: TestApp, s: Session, kind: 'profile' | 'aadhaar'): Promise<string> {
  const res = await t.as(s, { method: 'POST', url: '/api/uploads', ...multipart(uploadFields(kind), { bytes: await jpegWithGps() }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
}

/** The user's history as an admin reads it. */
export async function history(t: TestApp, userId: string): Promise<AuditEntry[]> {
  const res = await t.as(await t.admin(), { method: 'GET', url: `/api/users/${userId}/history` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
