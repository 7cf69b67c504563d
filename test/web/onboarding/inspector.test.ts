import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback } from 'xstate';
import { forInspector, inspectorWanted, namedBySystemId, redact } from '../../../src/web/shell/inspector';

describe('the Stately inspector', () => {
  it('is on with ?inspect in the address', () => {
    expect(inspectorWanted('?inspect', undefined)).toBe(true);
  });

  it('is on when the build says VITE_INSPECT=1', () => {
    expect(inspectorWanted('', '1')).toBe(true);
  });

  it('is off otherwise', () => {
    expect(inspectorWanted('?lang=hi', undefined)).toBe(false);
  });

  it('never sees a mobile number, token, OTP code or image url', () => {
    const event = {
      type: '@xstate.snapshot',
      snapshot: {
        context: {
          phone: '9876543210',
          code: ['1', '2', '3', '4', '5', '6'],
          login: { token: 'abc', profileUpdated: true },
          user: { name: 'Kanu', mobileNumber: '9876543210', profilePhoto: '/api/uploads/p.jpg', isVerified: false },
          images: { aadhaar: { url: '/api/uploads/a.jpg', fileName: 'aadhaar.jpg' } },
        },
      },
      event: { type: 'xstate.done.actor.x', output: { ok: true, token: 'secret-token' }, note: 'sent to +91 98765 43210' },
    };
    const text = JSON.stringify(redact(event));
    for (const secret of ['9876543210', '98765 43210', 'abc', 'secret-token', '/api/uploads/p.jpg', '/api/uploads/a.jpg', '"1","2"']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('Kanu');
    expect(text).toContain('"isVerified":false');
  });

  it('keeps the ids that hold a run of digits whole (they name actors and quotations), and hides a number on its own', () => {
    expect(redact('orderTracking:dcf234f70402b6512345678c')).toBe('orderTracking:dcf234f70402b6512345678c');
    expect(redact({ note: 'call 9876543210 or +91 98765-43210.' })).toEqual({ note: 'call [redacted] or [redacted].' });
  });

  it('keeps empty fields empty so the shape stays readable', () => {
    expect(redact({ phone: '', token: null })).toEqual({ phone: '', token: null });
  });

  it('sends the inspector window data it can receive: an actor\'s snapshot, with its machine and children, as JSON, redacted', () => {
    const machine = createMachine({
      id: 'login',
      context: () => ({ phone: '9876543210', token: 'secret-token', tries: 2 }),
      initial: 'waiting',
      invoke: { id: 'clock', src: fromCallback(() => () => undefined) },
      states: { waiting: {} },
    });
    const actor = createActor(machine).start();
    // What @statelyai/inspect hands to serialize for a new actor: its snapshot as it is.
    const event = { type: '@xstate.actor', sessionId: actor.sessionId, name: 'login', _version: '0.7.2', snapshot: actor.getSnapshot() };
    expect(() => structuredClone(event)).toThrow();
    const sent = forInspector(event);
    expect(() => structuredClone(sent)).not.toThrow();
    expect(sent).toMatchObject({ type: '@xstate.actor', name: 'login', snapshot: { value: 'waiting', context: { phone: '[redacted]', token: '[redacted]', tries: 2 } } });
    expect(JSON.stringify(sent)).toContain('"clock"');
    actor.stop();
  });

  it('names an actor by its systemId, read when its announcement is sent (XState sets it after announcing), and leaves the rest as it is', () => {
    const photo: { systemId?: string } = {};
    const announced = new Map<string, { systemId?: string }>([
      ['x:1', photo],
      ['x:2', {}],
    ]);
    photo.systemId = 'adminUserPhoto';
    expect(namedBySystemId({ type: '@xstate.actor', sessionId: 'x:1', name: 'photo' }, announced)).toEqual({ type: '@xstate.actor', sessionId: 'x:1', name: 'adminUserPhoto' });
    expect(namedBySystemId({ type: '@xstate.actor', sessionId: 'x:2', name: 'fetchQuotation' }, announced)).toMatchObject({ name: 'fetchQuotation' });
    expect(namedBySystemId({ type: '@xstate.snapshot', sessionId: 'x:1' }, announced)).toEqual({ type: '@xstate.snapshot', sessionId: 'x:1' });
    // Read once: the announcement's second pass through serialize keeps the name it was given.
    expect(announced.size).toBe(0);
  });
});
