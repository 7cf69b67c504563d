import { assign, createActor, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { Language, Locale } from '../../src/domain/types';
import { localeMachine, shownTexts, textsFailed, textsSettled, TEXTS_RETRY_MS, type LocaleEvent, type LocaleSnapshot, type Texts } from '../../machines/locale.machine';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';

const TEXTS: Record<Locale, Texts> = { en: { hello: 'Hello' }, hi: { hello: 'नमस्ते' }, gu: { hello: 'નમસ્તે' } };

/** Downloads the test settles by hand, one per request, in order; the session's language followed only when asked. */
function downloads({ followSession = false } = {}) {
  const asked: { locale: Locale; resolve: (texts: Texts) => void; reject: (error: Error) => void }[] = [];
  const loadTexts = fromPromise<Texts, { locale: Locale }>(
    ({ input }) => new Promise<Texts>((resolve, reject) => void asked.push({ locale: input.locale, resolve, reject })),
  );
  const logic = localeMachine.provide({ actors: followSession ? { loadTexts } : { loadTexts, languageWatch: fromCallback(() => undefined) } });
  const last = () => asked[asked.length - 1]!;
  return { asked, logic, last };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const view = (snapshot: LocaleSnapshot) => ({ state: snapshot.value, shown: shownTexts(snapshot), failed: textsFailed(snapshot), settled: textsSettled(snapshot) });

describe('the texts in the farmer’s language', () => {
  it('downloads the starting language and shows it once it arrives', async () => {
    const { asked, logic, last } = downloads();
    const actor = createActor(logic, { input: { locale: 'hi' } }).start();
    expect(view(actor.getSnapshot())).toEqual({ state: 'loading', shown: null, failed: false, settled: false });
    expect(asked.map((a) => a.locale)).toEqual(['hi']);
    last().resolve(TEXTS.hi);
    await settle();
    expect(view(actor.getSnapshot())).toEqual({ state: 'ready', shown: { locale: 'hi', texts: TEXTS.hi }, failed: false, settled: true });
  });

  it('starts in English without a language', () => {
    const { asked, logic } = downloads();
    createActor(logic, { input: {} }).start();
    expect(asked.map((a) => a.locale)).toEqual(['en']);
  });

  it('keeps the texts on screen while another language downloads, then switches', async () => {
    const { logic, last } = downloads();
    const actor = createActor(logic, { input: { locale: 'en' } }).start();
    last().resolve(TEXTS.en);
    await settle();
    actor.send({ type: 'locale.choose', locale: 'gu' });
    expect(view(actor.getSnapshot())).toEqual({ state: 'loading', shown: { locale: 'en', texts: TEXTS.en }, failed: false, settled: true });
    last().resolve(TEXTS.gu);
    await settle();
    expect(shownTexts(actor.getSnapshot())).toEqual({ locale: 'gu', texts: TEXTS.gu });
  });

  it('shows a language downloaded before at once, with no download, offline or not', async () => {
    const { asked, logic, last } = downloads();
    const actor = createActor(logic, { input: { locale: 'en' } }).start();
    last().resolve(TEXTS.en);
    await settle();
    actor.send({ type: 'locale.choose', locale: 'hi' });
    last().resolve(TEXTS.hi);
    await settle();
    actor.send({ type: 'locale.choose', locale: 'en' });
    expect(view(actor.getSnapshot())).toEqual({ state: 'ready', shown: { locale: 'en', texts: TEXTS.en }, failed: false, settled: true });
    expect(asked.map((a) => a.locale)).toEqual(['en', 'hi']);
  });

  it('drops the answer of a language no longer wanted', async () => {
    const { asked, logic } = downloads();
    const actor = createActor(logic, { input: { locale: 'hi' } }).start();
    actor.send({ type: 'locale.choose', locale: 'gu' });
    asked[0]!.resolve(TEXTS.hi);
    await settle();
    expect(view(actor.getSnapshot())).toEqual({ state: 'loading', shown: null, failed: false, settled: false });
    asked[1]!.resolve(TEXTS.gu);
    await settle();
    expect(shownTexts(actor.getSnapshot())).toEqual({ locale: 'gu', texts: TEXTS.gu });
    // Hindi never arrived in this run, so choosing it downloads it again.
    actor.send({ type: 'locale.choose', locale: 'hi' });
    expect(asked.map((a) => a.locale)).toEqual(['hi', 'gu', 'hi']);
  });

  it('ignores the language already wanted', async () => {
    const { asked, logic } = downloads();
    const actor = createActor(logic, { input: { locale: 'hi' } }).start();
    actor.send({ type: 'locale.choose', locale: 'hi' });
    expect(asked.map((a) => a.locale)).toEqual(['hi']);
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('says the first texts failed, keeps saying so while it tries again, and shows them when they arrive', async () => {
    vi.useFakeTimers();
    try {
      const { asked, logic, last } = downloads();
      const actor = createActor(logic, { input: { locale: 'hi' } }).start();
      last().reject(new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      expect(view(actor.getSnapshot())).toEqual({ state: { failed: 'waiting' }, shown: null, failed: true, settled: true });
      await vi.advanceTimersByTimeAsync(TEXTS_RETRY_MS - 1);
      expect(asked).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(view(actor.getSnapshot())).toEqual({ state: { failed: 'retrying' }, shown: null, failed: true, settled: true });
      last().reject(new Error('still offline'));
      await vi.advanceTimersByTimeAsync(TEXTS_RETRY_MS);
      expect(asked.map((a) => a.locale)).toEqual(['hi', 'hi', 'hi']);
      last().resolve(TEXTS.hi);
      await vi.advanceTimersByTimeAsync(0);
      expect(view(actor.getSnapshot())).toEqual({ state: 'ready', shown: { locale: 'hi', texts: TEXTS.hi }, failed: false, settled: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the texts shown when another language cannot download, and is no splash failure', async () => {
    const { logic, last } = downloads();
    const actor = createActor(logic, { input: { locale: 'en' } }).start();
    last().resolve(TEXTS.en);
    await settle();
    actor.send({ type: 'locale.choose', locale: 'gu' });
    last().reject(new Error('offline'));
    await settle();
    expect(view(actor.getSnapshot())).toEqual({ state: { failed: 'waiting' }, shown: { locale: 'en', texts: TEXTS.en }, failed: false, settled: true });
    // Choosing the shown language again while offline needs no network.
    actor.send({ type: 'locale.choose', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('follows the session’s language in the actor system', async () => {
    const { asked, last, logic: texts } = downloads({ followSession: true });
    const session = setup({
      types: { context: {} as { user: { preferredLanguage: Language | null } }, events: {} as { type: 'language'; language: Language } },
    }).createMachine({
      context: { user: { preferredLanguage: 'gujrati' } },
      on: { language: { actions: assign({ user: ({ event }) => ({ preferredLanguage: event.language }) }) } },
    });
    const app = setup({ actors: { session, texts } }).createMachine({
      invoke: [
        { id: 'session', systemId: 'session', src: 'session' },
        { id: 'locale', systemId: 'locale', src: 'texts', input: { locale: 'en' } },
      ],
    });
    // What the watch tells the chart: only a language other than the last one told.
    const told: string[] = [];
    const actor = createActor(app, {
      inspect: (event) => {
        if (event.type === '@xstate.event' && event.event.type === 'locale.choose') told.push((event.event as LocaleEvent).locale);
      },
    }).start();
    const locale = actor.system.get('locale') as AnyActorRef;
    const farmer = actor.system.get('session') as AnyActorRef;
    await settle();
    expect(asked.map((a) => a.locale)).toEqual(['en', 'gu']);
    last().resolve(TEXTS.gu);
    await settle();
    farmer.send({ type: 'language', language: 'gujrati' });
    farmer.send({ type: 'language', language: 'hindi' });
    await settle();
    expect(asked.map((a) => a.locale)).toEqual(['en', 'gu', 'hi']);
    expect(told).toEqual(['gu', 'hi']);
    expect((locale.getSnapshot() as LocaleSnapshot).context.wanted).toBe('hi');
    actor.stop();
  });

  it('follows no one without a session, and has no texts until the app gives it a loader', async () => {
    const actor = createActor(localeMachine, { input: { locale: 'gu' } }).start();
    await settle();
    expect([actor.getSnapshot().context.wanted, actor.getSnapshot().value]).toEqual(['gu', { failed: 'waiting' }]);
    actor.stop();
  });

  it('is covered transition by transition by generated paths', () => {
    const { logic } = downloads();
    const events = [
      { type: 'locale.choose', locale: 'en' },
      { type: 'locale.choose', locale: 'hi' },
      { type: 'xstate.done.actor.loadTexts', output: TEXTS.en },
      { type: 'xstate.error.actor.loadTexts', error: new Error('offline') },
      { type: 'xstate.after.retry.locale.failed.waiting' },
    ];
    const paths = modelPaths(logic, { events, input: { locale: 'en' } });
    expect(assertFullCoverage(logic, paths, { locale: 'en' })).toMatchObject({ total: 8, missing: [] });
  });
});
