/**
 * The app's texts in the farmer's language. The language is the session's (the farmer's choice, saved
 * with the profile); this chart follows it and loads that language's texts, English underneath
 * (src/web/i18n/messages.ts provides the loader):
 *   - choosing: a language already loaded in this run shows at once, without the network, so
 *     switching back and forth works offline; any other one is loaded.
 *   - loading: the texts shown so far stay on screen until the new ones arrive (nothing flashes to a
 *     splash); before the first texts ever arrive the shell shows the splash.
 *   - ready: the wanted language shows.
 *   - failed: the texts could not download (offline before this language was ever fetched, a
 *     dropped chunk). The texts shown so far stay; with none yet, the shell shows the splash with its
 *     retry. The load is tried again a little later on its own, so the language arrives when the
 *     network does, without the farmer choosing it again.
 * A choice of another language in any state starts again from `choosing`; the answer of a load no
 * longer wanted is dropped with it.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { DEFAULT_LANGUAGE, LOCALE_OF_LANGUAGE, type Language, type Locale } from '../src/domain/types';

/** A language's texts: react-intl's precompiled messages, which the chart holds and never reads. */
export type Texts = Readonly<Record<string, unknown>>;

export interface ShownTexts {
  locale: Locale;
  texts: Texts;
}

export interface LocaleContext {
  /** The language the farmer chose. */
  wanted: Locale;
  /** The texts on screen, and their language; null until the first ones arrive. */
  shown: ShownTexts | null;
  /** Every language whose texts arrived in this run. */
  loaded: Partial<Record<Locale, Texts>>;
}

export type LocaleEvent = { type: 'locale.choose'; locale: Locale };

export interface LocaleInput {
  /** The language to start with, until the session says otherwise (English without one). */
  locale?: Locale;
}

interface SessionLanguage {
  context: { user: { preferredLanguage?: Language | null } };
}

/** The session's language as a locale, now and on every change (idle without a session). */
export const languageWatch = fromCallback<LocaleEvent>(({ system, sendBack }) => {
  const session = system.get('session') as AnyActorRef | undefined;
  if (!session) return undefined;
  const localeOf = (snapshot: SessionLanguage): Locale => LOCALE_OF_LANGUAGE[snapshot.context.user.preferredLanguage ?? DEFAULT_LANGUAGE];
  let told = localeOf(session.getSnapshot() as SessionLanguage);
  sendBack({ type: 'locale.choose', locale: told });
  const subscription = session.subscribe((snapshot: SessionLanguage) => {
    const locale = localeOf(snapshot);
    if (locale === told) return;
    told = locale;
    sendBack({ type: 'locale.choose', locale });
  });
  return () => subscription.unsubscribe();
});

/** How long a failed download waits before it is tried again. */
export const TEXTS_RETRY_MS = 10_000;

const localeSetup = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleInput,
  },
  actors: {
    /** The language's texts, English underneath; provided by the app (src/web/app-logic.ts). */
    loadTexts: fromPromise<Texts, { locale: Locale }>(async () => {
      throw new Error('loadTexts is provided by the app');
    }),
    languageWatch,
  },
  delays: { retry: TEXTS_RETRY_MS },
  guards: {
    isOtherLanguage: ({ context, event }) => event.locale !== context.wanted,
    isLoaded: ({ context }) => context.loaded[context.wanted] !== undefined,
  },
  actions: {
    showLoaded: assign({ shown: ({ context }) => ({ locale: context.wanted, texts: context.loaded[context.wanted] ?? {} }) }),
    keepLoaded: assign({ loaded: ({ context }, params: { texts: Texts }) => ({ ...context.loaded, [context.wanted]: params.texts }) }),
  },
});

/** The wanted language's texts, shown once they arrive: the first load and each retry. */
const loadWanted = {
  id: 'loadTexts',
  src: 'loadTexts',
  input: ({ context }: { context: LocaleContext }) => ({ locale: context.wanted }),
  onDone: { target: '#locale.ready', actions: [{ type: 'keepLoaded', params: ({ event }: { event: { output: Texts } }) => ({ texts: event.output }) }, 'showLoaded'] },
} as const;

export const localeMachine = localeSetup.createMachine({
  id: 'locale',
  context: ({ input }) => ({ wanted: input.locale ?? LOCALE_OF_LANGUAGE[DEFAULT_LANGUAGE], shown: null, loaded: {} }),
  invoke: { id: 'languageWatch', src: 'languageWatch' },
  on: {
    'locale.choose': { guard: 'isOtherLanguage', target: '.choosing', actions: assign({ wanted: ({ event }) => event.locale }) },
  },
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'isLoaded', target: 'ready', actions: 'showLoaded' }, { target: 'loading' }],
    },
    loading: {
      invoke: { ...loadWanted, onError: 'failed' },
    },
    ready: {},
    failed: {
      initial: 'waiting',
      states: {
        waiting: { after: { retry: 'retrying' } },
        retrying: { invoke: { ...loadWanted, onError: 'waiting' } },
      },
    },
  },
});

export type LocaleActorRef = ActorRefFrom<typeof localeMachine>;
export type LocaleSnapshot = SnapshotFrom<typeof localeMachine>;

/** The texts to render with, and their language; null until the first ones have arrived. */
export const shownTexts = (snapshot: LocaleSnapshot): ShownTexts | null => snapshot.context.shown;

/** No texts at all and their download failed (and, while it is tried again, has not yet worked): the splash says so, with its retry. */
export const textsFailed = (snapshot: LocaleSnapshot): boolean => snapshot.context.shown === null && snapshot.matches('failed');

/** The first answer is in (texts, or a failure to show): the shell can render. */
export const textsSettled = (snapshot: LocaleSnapshot): boolean => snapshot.context.shown !== null || snapshot.matches('failed');
