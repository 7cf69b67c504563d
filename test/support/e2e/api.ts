/** Direct API calls for a journey's setup (a verified farmer to start from), through the real server. */
import { AADHAAR_NOTICE_VERSION } from '../../../src/domain/constants';
import type { TestServer } from './server';

export async function call<T = unknown>(server: TestServer, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function apiLogin(server: TestServer, mobile: string): Promise<string> {
  const mark = server.mark();
  const sent = await call(server, 'POST', '/auth/request-otp', null, { mobileNumber: mobile });
  if (sent.status !== 200) throw new Error(`request-otp ${sent.status} ${JSON.stringify(sent.body)}`);
  const otp = await server.waitForCode(mobile, mark);
  const verified = await call<{ token: string }>(server, 'POST', '/auth/verify-otp', null, { mobileNumber: mobile, otp });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}`);
  return verified.body.token;
}

export async function userId(server: TestServer, adminToken: string, mobile: string): Promise<string> {
  const users = await call<{ data: { _id: string; mobileNumber: string }[] }>(server, 'GET', `/users/all?q=${mobile}`, adminToken);
  const user = users.body.data.find((u) => u.mobileNumber === mobile);
  if (!user) throw new Error(`No user ${mobile}`);
  return user._id;
}

/** A farmer with a complete profile whom the admin has verified; returns the farmer's token. */
export async function verifiedFarmer(server: TestServer, adminToken: string, mobile: string, language = 'english', name = 'Suresh Kumar'): Promise<string> {
  const token = await apiLogin(server, mobile);
  const aadhaar = await uploadPng(server, token, 'aadhaar');
  const profile = await call(server, 'PUT', '/users/profile', token, {
    name,
    mobileNumber: mobile,
    preferredLanguage: language,
    gender: 'male',
    age: 41,
    aadhaar,
    farmAddress: 'Survey 12, Gondal road, Rajkot',
  });
  if (profile.status !== 200) throw new Error(`profile ${profile.status} ${JSON.stringify(profile.body)}`);
  const verified = await call(server, 'PATCH', `/users/verify/${await userId(server, adminToken, mobile)}`, adminToken);
  if (verified.status !== 200) throw new Error(`verify ${verified.status}`);
  return token;
}

export async function uploadPng(server: TestServer, token: string, kind: string): Promise<string> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
  const form = new FormData();
  form.append('kind', kind);
  // A card goes with the farmer's consent to the Aadhaar notice, as the app's card step sends it.
  if (kind === 'aadhaar') form.append('consent', AADHAAR_NOTICE_VERSION);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'card.png');
  const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 201) throw new Error(`upload ${res.status}`);
  return ((await res.json()) as { url: string }).url;
}
