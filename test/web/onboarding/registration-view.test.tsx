/**
 * The registration model paths drive the real rendered app: choosing files, tapping Upload, Next,
 * Skip for Now and Submit, typing the form, and the controlled actors answering. Each region's
 * state is checked on its own screen (the photo step, the Aadhaar step, the details form), so the
 * check first opens that screen, as the farmer would with Back or Next. While a step uploads or
 * waits to move on by itself only that step's screen is checked: opening another would leave it,
 * which cancels the move (the paths leave it only through `step.leave`, with Back or another route).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { imageStepIs, isMovingOn, STEP_PAUSE_MS, type ImageKind, type registrationMachine } from '../../../machines/registration.machine';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import {
  REGISTRATION_INPUT,
  registrationEvents,
  registrationModelMachine,
  registrationSerialize,
} from '../../support/machines/registration-model';
import { driveView, modelPaths } from '../../support/machines/model-coverage';
import { answerAs } from '../../support/machines/controlled';
import { renderApp, type RenderedApp } from '../../support/web/render';
import { config } from '../../support/shop-fixtures';

type Snap = SnapshotFrom<typeof registrationMachine>;
const paths = modelPaths(registrationModelMachine, {
  events: registrationEvents,
  serializeState: registrationSerialize,
  input: REGISTRATION_INPUT,
  limit: 20000,
});
const STEP: Record<ImageKind, string> = { profile: '/register/profile-photo', aadhaar: '/register/aadhaar-card' };
const NEXT: Record<ImageKind, string> = { profile: '/register/aadhaar-card', aadhaar: '/register/personal-details' };
const pausing = (s: Snap, kind: ImageKind) => isMovingOn(s, kind);
const busy = (s: Snap, kind: ImageKind) => imageStepIs(s, kind, 'preparing') || imageStepIs(s, kind, 'uploading') || pausing(s, kind);
/** Another step is uploading or waits to move on by itself, so this screen is not opened now. */
const waitingElsewhere = (s: Snap, kind: ImageKind | null) => (['profile', 'aadhaar'] as const).some((k) => k !== kind && busy(s, k));
/**
 * While another step's image is still going up, opening a screen would leave that step (`step.leave`)
 * and take the chart off the model's path. So check the screen that is shown instead: a step screen
 * says 'Uploading...' exactly while its image goes up, and shows the moving-on bar while it pauses; the details screen's Submit follows the chart.
 */
function checkShownScreen(app: RenderedApp, s: Snap) {
  const path = app.path();
  const kind = (Object.keys(STEP) as ImageKind[]).find((k) => STEP[k] === path);
  if (kind && pausing(s, kind)) {
    expect(picker(kind).getByRole('status').querySelector('.moving-on')).not.toBeNull();
  } else if (kind) {
    expect(picker(kind).queryByRole('button', { name: 'Uploading...' }) !== null).toBe(busy(s, kind));
  } else {
    expect(path).toBe('/register/personal-details');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(!s.can({ type: 'details.submit' }));
  }
}
// The Aadhaar step's heading is its notice's until the farmer agrees.
const TITLE: Record<ImageKind, string | RegExp> = { profile: 'Add your photo', aadhaar: /^(Upload your Aadhaar card|About your Aadhaar card)$/ };

async function open(app: RenderedApp, path: string, heading: string | RegExp) {
  if (!screen.queryByRole('heading', { name: heading })) {
    act(() => app.memory.navigate(path));
  }
  await screen.findByRole('heading', { name: heading });
}
const openStep = (app: RenderedApp, kind: ImageKind) => open(app, STEP[kind], TITLE[kind]);
const openDetails = (app: RenderedApp) => open(app, '/register/personal-details', 'Your details');
const picker = (kind: ImageKind) => within(document.getElementById(`image-${kind}`)!.closest('.field') as HTMLElement);

async function perform(app: RenderedApp, event: AnyEventObject) {
  const kind = event.kind as ImageKind;
  const answer = async (which: 'prepareImage' | 'uploadImage' | 'locate' | 'submitProfile') => {
    await act(() => answerAs(app.actors[which].last(), event));
  };
  if (event.type.startsWith('xstate.done.actor.prepare') || event.type.startsWith('xstate.error.actor.prepare')) await answer('prepareImage');
  else if (event.type.startsWith('xstate.done.actor.upload') || event.type.startsWith('xstate.error.actor.upload')) await answer('uploadImage');
  else if (event.type.startsWith('xstate.') && event.type.endsWith('.locate')) await answer('locate');
  else if (event.type.endsWith('.submitProfile')) await answer('submitProfile');
  else
    switch (event.type) {
      case 'xstate.init':
        break;
      case 'image.choose': {
        await openStep(app, kind);
        const blob = event.file as Blob;
        const file = new File([blob], event.fileName as string, { type: blob.type });
        fireEvent.change(document.getElementById(`image-${kind}`)!, { target: { files: [file] } });
        break;
      }
      case 'image.upload':
        await openStep(app, kind);
        fireEvent.click(picker(kind).getByRole('button', { name: 'Upload' }));
        break;
      case 'notice.agree':
        await openStep(app, 'aadhaar');
        fireEvent.click(screen.getByRole('button', { name: 'I agree, continue' }));
        break;
      case 'step.next':
        await openStep(app, kind);
        fireEvent.click(screen.getByRole('button', { name: 'Next' }));
        break;
      case 'step.skip':
        await openStep(app, kind);
        fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
        break;
      case 'step.leave':
        // The Aadhaar step has its own Back; the photo step is left with the browser's back or a link.
        await openStep(app, kind);
        if (kind === 'aadhaar') fireEvent.click(screen.getByRole('button', { name: 'Back' }));
        else act(() => app.memory.navigate('/register/personal-details'));
        break;
      case `xstate.after.stepPause.registration.filling.profile.uploaded.pausing`:
      case `xstate.after.stepPause.registration.filling.aadhaar.uploaded.pausing`: {
        const step = event.type.includes('.profile.') ? 'profile' : 'aadhaar';
        expect(app.path()).toBe(STEP[step]);
        // Nobody tapped: the next step opens by itself once the farmer has had the pause to read.
        await waitFor(() => expect(app.path()).toBe(NEXT[step]), { timeout: STEP_PAUSE_MS + 5_000 });
        break;
      }
      case 'details.change':
        await openDetails(app);
        if (event.field === 'gender') fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
        else fireEvent.change(screen.getByLabelText(event.field === 'name' ? /Full name/ : /Farm address/), { target: { value: event.value } });
        break;
      case 'details.locate':
        await openDetails(app);
        fireEvent.click(screen.getByRole('button', { name: 'Use my current location' }));
        break;
      case 'details.submit':
        await openDetails(app);
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
        break;
      default:
        throw new Error(`No gesture for ${event.type}`);
    }
}

const CHOOSE: Record<ImageKind, string> = { profile: 'Choose photo', aadhaar: 'Choose Aadhaar image' };

function imageAssertions(kind: ImageKind, app: () => RenderedApp) {
  const upload = () => picker(kind).queryByRole('button', { name: /^(Upload|Uploading\.\.\.)$/ }) as HTMLButtonElement | null;
  const errorLine = (s: Snap) => {
    if (s.context.images[kind].error === 'UNSUPPORTED_TYPE') expect(picker(kind).getByRole('alert').textContent).toBe('Please choose a JPG or PNG image.');
    else expect(picker(kind).queryByRole('alert')).toBeNull();
  };
  return {
    [`filling.${kind}.empty`]: async (s: Snap) => {
      if (waitingElsewhere(s, kind)) return checkShownScreen(app(), s);
      await openStep(app(), kind);
      picker(kind).getByText(CHOOSE[kind]);
      expect(upload()!.disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
      errorLine(s);
    },
    [`filling.${kind}.chosen`]: async (s: Snap) => {
      if (waitingElsewhere(s, kind)) return checkShownScreen(app(), s);
      await openStep(app(), kind);
      picker(kind).getByText('Choose another');
      picker(kind).getByText(s.context.images[kind].fileName);
      expect(upload()!.disabled).toBe(false);
      errorLine(s);
    },
    [`filling.${kind}.preparing`]: async () => {
      await openStep(app(), kind);
      expect(upload()!.textContent).toContain('Uploading...');
      expect(upload()!.disabled).toBe(true);
    },
    [`filling.${kind}.uploading`]: async () => {
      await openStep(app(), kind);
      expect(upload()!.textContent).toContain('Uploading...');
      expect(upload()!.disabled).toBe(true);
    },
    [`filling.${kind}.uploaded`]: async (s: Snap) => {
      if (waitingElsewhere(s, kind)) return checkShownScreen(app(), s);
      await openStep(app(), kind);
      expect(picker(kind).getByRole('status').textContent).toContain('Image uploaded');
      // The bar that fills while the step waits to move on by itself, and only then.
      expect(picker(kind).getByRole('status').querySelector('.moving-on') !== null).toBe(pausing(s, kind));
      expect(upload()).toBeNull();
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
    },
  };
}

function assertionsFor(app: () => RenderedApp) {
  const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
  return {
    // The notice in place of the picker: why, who, how long (the configured days), how to withdraw, whom to ask.
    'filling.aadhaar.notice': async (s: Snap) => {
      if (waitingElsewhere(s, 'aadhaar')) return checkShownScreen(app(), s);
      await openStep(app(), 'aadhaar');
      const notice = within(screen.getByRole('region', { name: 'About your Aadhaar card' }));
      notice.getByText('So that our staff can check who you are before your account is verified.');
      notice.getByText('Only our staff who verify accounts. We give it to no one else.');
      notice.getByText('We delete it 30 days after your account is verified.');
      notice.getByText(/Delete my account/);
      notice.getByText('Grievance officer, +91 98123 45678');
      expect(document.getElementById('image-aadhaar')).toBeNull();
      expect((screen.getByRole('button', { name: 'I agree, continue' }) as HTMLButtonElement).disabled).toBe(false);
      screen.getByRole('button', { name: 'Skip for Now' });
    },
    ...imageAssertions('profile', app),
    ...imageAssertions('aadhaar', app),
    'filling.details.editing': async (s: Snap) => {
      if (waitingElsewhere(s, null)) return checkShownScreen(app(), s);
      await openDetails(app());
      expect(submit().disabled).toBe(!s.can({ type: 'details.submit' }));
      expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(s.context.form.name);
      expect((screen.getByLabelText(/Farm address/) as HTMLTextAreaElement).value).toBe(s.context.form.farmAddress);
      expect((screen.getByLabelText(/Mobile number/) as HTMLInputElement).value).toBe(s.context.form.mobileNumber);
      expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(s.context.form.gender === 'female');
      expect(screen.queryByText('Farm location added') !== null).toBe(s.context.form.geocoordinate !== null);
      expect(screen.queryByText(/Could not get your location/)).toBeNull();
    },
    'filling.details.locateFailed': async (s: Snap) => {
      if (waitingElsewhere(s, null)) return checkShownScreen(app(), s);
      await openDetails(app());
      screen.getByText(/Could not get your location/);
      expect(screen.queryByText('Farm location added')).toBeNull();
      expect(submit().disabled).toBe(!s.can({ type: 'details.submit' }));
      expect((screen.getByRole('button', { name: 'Use my current location' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'filling.details.locating': async (s: Snap) => {
      if (waitingElsewhere(s, null)) return checkShownScreen(app(), s);
      await openDetails(app());
      expect((screen.getByRole('button', { name: 'Use my current location' }) as HTMLButtonElement).disabled).toBe(true);
    },
    'filling.details.submitting': async (s: Snap) => {
      if (waitingElsewhere(s, null)) return checkShownScreen(app(), s);
      await openDetails(app());
      expect(submit().disabled).toBe(true);
    },
    submitted: async () => {
      await waitFor(() => expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain('Please wait, Your Account is under Verification'));
    },
  };
}

describe('the registration screens follow the registration chart', () => {
  it('generates paths to drive', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      const app = renderApp({
        path: '/register/profile-photo',
        hasToken: true,
        persisted: { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english', isLoggedIn: true, mobileNumber: '9876543210' } },
        config,
      });
      await screen.findByRole('heading', { name: 'Add your photo' });
      const registration = app.app().system.get('registration')!;
      await driveView(path, {
        perform: (event) => perform(app, event),
        assertions: assertionsFor(() => app),
        initial: registration.getSnapshot(),
      });
    });
  }
});
