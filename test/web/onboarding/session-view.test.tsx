/**
 * The session model paths drive the real rendered app. Taps send `nav.go` (what every button and
 * link does), `nav.changed` is the address bar, the splash timer really runs, and the children and
 * API actors answer: the login and registration children are driven to their end, the controlled
 * API calls resolve or fail. Each state is checked against the screen, the address and what the
 * app saved (token, persisted user).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { waitFor as chartReaches, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PERSIST_KEY } from '../../../machines/persistence';
import type { sessionMachine } from '../../../machines/session.machine';
import { SPLASH_MS } from '../../../src/domain/constants';
import { modelPaths } from '../../support/machines/model-coverage';
import { driveView } from '../../support/machines/model-coverage';
import { answerAs } from '../../support/machines/controlled';
import { renderApp, type RenderedApp } from '../../support/web/render';
import { SESSION_INPUTS, sessionEvents, sessionModelMachine, sessionSerialize } from '../../support/machines/session-model';
import en from '../../../locales/en.json';
import gu from '../../../locales/gu.json';
import hi from '../../../locales/hi.json';

type Snap = SnapshotFrom<typeof sessionMachine>;

/** The heading each onboarding page shows, by message id: checked in the user's language. */
const HEADINGS: Record<string, string> = {
  '/': 'onboarding.splash.title',
  '/language-selection': 'onboarding.language.title',
  '/join-us': 'onboarding.joinUs.title',
  '/register/profile-photo': 'onboarding.image.profile.title',
  '/register/personal-details': 'onboarding.details.title',
  '/under-verification': 'onboarding.waiting.title',
};
const CATALOGUES: Record<string, Record<string, string>> = { english: en, hindi: hi, gujrati: gu };
const text = (s: Snap, id: string) => CATALOGUES[s.context.user.preferredLanguage ?? 'english']?.[id] ?? (en as Record<string, string>)[id]!;

async function finishLogin(app: RenderedApp, output: { profileUpdated: boolean }) {
  const otp = app.app().system.get('otpLogin')!;
  act(() => {
    otp.send({ type: 'phone.change', value: '9876543210' });
    otp.send({ type: 'phone.submit' });
  });
  await act(() => app.actors.requestOtp.last().resolve({ ok: true }));
  act(() => {
    otp.send({ type: 'code.enter', index: 0, value: '123456' });
    otp.send({ type: 'code.submit' });
  });
  await act(() => app.actors.verifyOtp.last().resolve({ ok: true, token: 'tok', profileUpdated: output.profileUpdated }));
}

async function finishRegistration(app: RenderedApp) {
  const registration = app.app().system.get('registration')!;
  act(() => {
    registration.send({ type: 'notice.agree' });
    registration.send({ type: 'image.choose', kind: 'aadhaar', file: new Blob(['j'], { type: 'image/jpeg' }), fileName: 'a.jpg' });
    registration.send({ type: 'image.upload', kind: 'aadhaar' });
  });
  await act(() => app.actors.prepareImage.last().resolve(new Blob(['s'], { type: 'image/jpeg' })));
  await act(() => app.actors.uploadImage.last().resolve({ url: '/api/uploads/a.jpg' }));
  act(() => {
    registration.send({ type: 'details.change', field: 'name', value: 'Kanu Patel' });
    registration.send({ type: 'details.change', field: 'gender', value: 'male' });
    registration.send({ type: 'details.change', field: 'farmAddress', value: 'Anand' });
    registration.send({ type: 'details.submit' });
  });
  await act(() => app.actors.submitProfile.last().resolve({ name: 'Kanu Patel', profileUpdated: true }));
}

async function perform(app: RenderedApp, event: AnyEventObject) {
  const session = app.app().system.get('session')!;
  const answer = async (which: 'fetchProfile' | 'saveLanguage' | 'logout' | 'deleteAccount') => {
    await act(() => answerAs(app.actors[which].last(), event));
  };
  // The button for the event where the screen shows it and it is enabled; otherwise the event itself (the chart ignores it as the button would).
  const tapOrSend = (name: string) => {
    const button = screen.queryByRole('button', { name }) as HTMLButtonElement | null;
    if (button && !button.disabled) fireEvent.click(button);
    else act(() => session.send(event as never));
  };
  const inLanguage = (id: string) => text(session.getSnapshot() as Snap, id);
  switch (event.type) {
    case 'xstate.init':
      break;
    // nav.back: a screen's Back, the event its Back button sends.
    case 'nav.go':
    case 'nav.back':
      act(() => session.send(event as never));
      break;
    case 'nav.changed':
      act(() => app.memory.navigate(event.to as string));
      break;
    case 'otp.codeSent':
      // The otp-login child's report, as it sends it (a code going out also moves to the code screen; the model keeps them apart).
      act(() => session.send(event as never));
      break;
    case 'language.choose':
      // Tapping an option that is not chosen yet; otherwise the event a language picker sends.
      if ((screen.queryByRole('radio', { name: 'English' }) as HTMLInputElement | null)?.checked === false) {
        fireEvent.click(screen.getByRole('radio', { name: 'English' }));
      } else act(() => session.send(event as never));
      break;
    case 'profile.refresh':
      if (screen.queryByRole('button', { name: 'Check again' })) fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
      else act(() => session.send(event as never));
      break;
    case 'session.logout':
      if (screen.queryByRole('button', { name: 'Log out' })) fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
      else act(() => session.send(event as never));
      break;
    case 'account.delete':
      tapOrSend(inLanguage('shop.profile.delete.button'));
      break;
    case 'account.deleteConfirm':
      tapOrSend(inLanguage(screen.queryByRole('alert') ? 'shop.profile.delete.retry' : 'shop.profile.delete.confirm'));
      break;
    case 'account.keep':
      tapOrSend(inLanguage('shop.profile.delete.keep'));
      break;
    case 'xstate.done.actor.deleteAccount':
    case 'xstate.error.actor.deleteAccount':
      await answer('deleteAccount');
      break;
    case 'xstate.after.splash.session.route.splash':
      // The splash timer runs on the real clock: wait for the session to leave the splash.
      await act(() => chartReaches(session, (snapshot) => !snapshot.matches({ route: 'splash' }), { timeout: SPLASH_MS + 5_000 }));
      break;
    case 'xstate.done.actor.otpLogin':
      await finishLogin(app, event.output as { profileUpdated: boolean });
      break;
    case 'xstate.done.actor.registration':
      await finishRegistration(app);
      break;
    case 'xstate.done.actor.loadProfile':
    case 'xstate.error.actor.loadProfile':
    case 'xstate.done.actor.refreshProfile':
    case 'xstate.error.actor.refreshProfile':
      await answer('fetchProfile');
      break;
    case 'xstate.done.actor.pushLanguage':
    case 'xstate.error.actor.pushLanguage':
    case 'xstate.done.actor.saveLanguage':
    case 'xstate.error.actor.saveLanguage':
      await answer('saveLanguage');
      break;
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      await answer('logout');
      break;
    default:
      throw new Error(`No gesture for ${event.type}`);
  }
}

/** The screens that offer "Delete my account": there the question must show while the chart asks it. */
const offersDelete = (s: Snap) => ['/profile', '/under-verification'].includes((s.context.location ?? '').split('?')[0]!);

const persistedUser = (app: RenderedApp) => JSON.parse(app.store.data.get(PERSIST_KEY) ?? '{"user":null}').user;

function assertionsFor(app: () => RenderedApp, hadToken: boolean) {
  const hasToken = () => {
    const saved = app().tokens;
    return saved.length > 0 ? saved.at(-1) !== null : hadToken;
  };
  return {
    'route.shown': async (s: Snap) => {
      const at = s.context.location ?? '/loading';
      await waitFor(() => expect(app().path()).toBe(at));
      const heading = HEADINGS[at.split('?')[0]!];
      const registrationGone = at.startsWith('/register/') && !s.matches({ account: 'registering' });
      if (heading && !registrationGone) await screen.findByRole('heading', { name: text(s, heading) });
      // Without the registration child (logging out) the register pages wait with 'Loading...'.
      else if (registrationGone) await waitFor(() => expect(document.querySelector('.loading[role="status"]')).toBeTruthy());
      else expect(document.querySelector('.app-frame')?.textContent).not.toBe('');
    },
    'route.splash': async (s: Snap) => {
      await waitFor(() => expect(app().path()).toBe('/'));
      await screen.findByRole('heading', { name: text(s, 'onboarding.splash.title') });
    },
    'account.loggedOut': async (s: Snap) => {
      expect(hasToken()).toBe(false);
      expect(app().app().system.get('otpLogin')).toBeTruthy();
      await waitFor(() => expect(persistedUser(app())?.isLoggedIn ?? false).toBe(false));
      expect(s.context.user.isLoggedIn).toBe(false);
    },
    'account.registering': () => {
      expect(hasToken()).toBe(true);
      expect(app().app().system.get('registration')).toBeTruthy();
    },
    'account.loadingProfile': () => {
      expect(hasToken()).toBe(true);
      expect(app().actors.fetchProfile.calls.length).toBeGreaterThan(0);
    },
    // The save carries the language held when it started (a later choice does not change that call).
    'account.pushingLanguage': () => {
      expect(app().actors.saveLanguage.calls.length).toBeGreaterThan(0);
      expect(app().actors.saveLanguage.last().signal.aborted).toBe(false);
    },
    'account.active.idle': async (s: Snap) => {
      expect(hasToken()).toBe(true);
      await waitFor(() => expect(persistedUser(app())).toMatchObject({ isLoggedIn: true, isVerified: s.context.user.isVerified }));
      if (screen.queryByRole('button', { name: 'Check again' })) {
        expect((screen.getByRole('button', { name: 'Check again' }) as HTMLButtonElement).disabled).toBe(false);
      }
    },
    'account.active.refreshing': () => {
      expect(app().actors.fetchProfile.calls.length).toBeGreaterThan(0);
      if (screen.queryByRole('button', { name: 'Check again' })) {
        expect((screen.getByRole('button', { name: 'Check again' }) as HTMLButtonElement).disabled).toBe(true);
      }
    },
    'account.active.savingLanguage': () => {
      expect(app().actors.saveLanguage.calls.length).toBeGreaterThan(0);
      expect(app().actors.saveLanguage.last().signal.aborted).toBe(false);
    },
    // The question (where the screen offers "Delete my account"): what closing does, Yes and No.
    'account.active.confirmingDelete': async (s: Snap) => {
      expect(hasToken()).toBe(true);
      expect(app().actors.deleteAccount.calls.length).toBe(0);
      if (offersDelete(s)) {
        const dialog = await screen.findByRole('alertdialog', { name: text(s, 'shop.profile.delete.title') });
        for (const fact of ['photo', 'details', 'books', 'again']) expect(dialog.textContent).toContain(text(s, `shop.profile.delete.${fact}`));
        expect((screen.getByRole('button', { name: text(s, 'shop.profile.delete.confirm') }) as HTMLButtonElement).disabled).toBe(false);
      }
    },
    'account.deletingAccount': async (s: Snap) => {
      expect(app().actors.deleteAccount.calls.length).toBeGreaterThan(0);
      expect(app().actors.deleteAccount.last().signal.aborted).toBe(false);
      if (offersDelete(s)) {
        await screen.findByText(text(s, 'shop.profile.delete.deleting'));
        expect((screen.getByRole('button', { name: text(s, 'shop.profile.delete.keep') }) as HTMLButtonElement).disabled).toBe(true);
      }
    },
    'account.deleteFailed': async (s: Snap) => {
      expect(hasToken()).toBe(true);
      if (offersDelete(s)) {
        expect((await screen.findByRole('alert')).textContent).toBe(text(s, 'shop.profile.delete.failed'));
        expect((screen.getByRole('button', { name: text(s, 'shop.profile.delete.retry') }) as HTMLButtonElement).disabled).toBe(false);
      }
    },
    'account.loggingOut': () => {
      expect(app().actors.logout.calls.length).toBeGreaterThan(0);
      if (screen.queryByRole('button', { name: 'Log out' })) {
        expect((screen.getByRole('button', { name: 'Log out' }) as HTMLButtonElement).disabled).toBe(true);
      }
    },
  };
}

describe('the app follows the session chart', () => {
  for (const [name, input] of Object.entries(SESSION_INPUTS)) {
    const paths = modelPaths(sessionModelMachine, {
      events: sessionEvents as never,
      serializeState: sessionSerialize as never,
      input,
      limit: 4000,
    });
    for (const path of paths) {
      it(`shows each state for a restored ${name} along: ${path.name}`, async () => {
        const app = renderApp({
          path: '/loading',
          hasToken: input.hasToken,
          persisted: input.user ? { user: input.user } : {},
          otpLoginActions: { goTo: () => undefined } as never,
        });
        await waitFor(() => expect(app.app().system.get('session')).toBeTruthy());
        await screen.findByText('Loading...', { selector: '.loading' });
        const checks = Object.fromEntries(
          Object.entries(assertionsFor(() => app, input.hasToken)).map(([key, check]) => [
            key,
            async (s: Snap) => {
              try {
                await check(s);
              } catch (error) {
                throw new Error(`${key} at ${JSON.stringify(s.value)} (${app.path()}): ${(error as Error).message}`, { cause: error });
              }
            },
          ]),
        );
        await driveView(path, {
          perform: (event) => perform(app, event),
          assertions: checks as never,
          initial: app.app().system.get('session')!.getSnapshot() as never,
        });
      });
    }
  }
});
