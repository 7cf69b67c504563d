import { assign, createActor, fromCallback, fromPromise, setup, SimulatedClock, type ActorRefFrom, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  imageStepIs,
  isAadhaarUploaded,
  isMovingOn,
  registrationMachine,
  showsAadhaarNotice,
  STEP_PAUSE_MS,
  stepLeavesFor,
  type ImageKind,
  type UploadInput,
} from '../../machines/registration.machine';
import type { ProfileBody } from '../../src/domain/api';
import type { Geocoordinate, User } from '../../src/domain/types';
import { controlled } from '../support/machines/controlled';

const jpeg = () => new Blob(['x'], { type: 'image/jpeg' });

function start() {
  const prepareImage = controlled<Blob, { file: Blob }>();
  const uploadImage = controlled<{ url: string }, UploadInput>();
  const locate = controlled<Geocoordinate>();
  const submitProfile = controlled<Partial<User>, ProfileBody>();
  const went: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    registrationMachine.provide({
      actors: { prepareImage: prepareImage.logic, uploadImage: uploadImage.logic, locate: locate.logic, submitProfile: submitProfile.logic },
      actions: { goTo: (_, params) => void went.push(params.to) },
    }),
    { input: { mobileNumber: '9876543210', preferredLanguage: 'hindi' }, clock },
  );
  actor.start();
  return { actor, prepareImage, uploadImage, locate, submitProfile, went, clock, snap: () => actor.getSnapshot() };
}
type T = ReturnType<typeof start>;

async function upload(t: T, kind: ImageKind, url: string) {
  const file = jpeg();
  // The Aadhaar step opens on its notice; agreeing twice changes nothing.
  if (kind === 'aadhaar') t.actor.send({ type: 'notice.agree' });
  t.actor.send({ type: 'image.choose', kind, file, fileName: 'card.jpg' });
  t.actor.send({ type: 'image.upload', kind });
  const prepared = new Blob(['small'], { type: 'image/jpeg' });
  await t.prepareImage.last().resolve(prepared);
  await t.uploadImage.last().resolve({ url });
}

function fillRequired(t: T) {
  t.actor.send({ type: 'details.change', field: 'name', value: 'Savita' });
  t.actor.send({ type: 'details.change', field: 'gender', value: 'female' });
  t.actor.send({ type: 'details.change', field: 'farmAddress', value: 'Near the well, Anand' });
}

describe('the Aadhaar notice', () => {
  it('opens the Aadhaar step on its notice: no card can be chosen before the farmer agrees', () => {
    const t = start();
    expect(showsAadhaarNotice(t.snap())).toBe(true);
    expect(t.snap().context.aadhaarConsent).toBeNull();
    t.actor.send({ type: 'image.choose', kind: 'aadhaar', file: jpeg(), fileName: 'card.jpg' });
    expect(t.snap().context.images.aadhaar.file).toBeNull();
    expect(t.snap().can({ type: 'image.upload', kind: 'aadhaar' })).toBe(false);
    // The photo step has no notice.
    t.actor.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    expect(t.snap().can({ type: 'image.upload', kind: 'profile' })).toBe(true);
  });

  it('records the notice version on agreeing and sends it with the card, and only with the card', async () => {
    const t = start();
    t.actor.send({ type: 'notice.agree' });
    expect(showsAadhaarNotice(t.snap())).toBe(false);
    expect(t.snap().matches({ filling: { aadhaar: 'empty' } })).toBe(true);
    expect(t.snap().context.aadhaarConsent).toBe('aadhaar-v1');
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    expect(t.uploadImage.last().input).toMatchObject({ kind: 'aadhaar', consent: 'aadhaar-v1' });
    await upload(t, 'profile', '/api/uploads/p.jpg');
    expect(t.uploadImage.last().input.kind).toBe('profile');
    expect(t.uploadImage.last().input).not.toHaveProperty('consent');
  });

  it('lets the farmer skip the step from the notice, without agreeing', () => {
    const t = start();
    t.actor.send({ type: 'step.skip', kind: 'aadhaar' });
    expect(t.went).toEqual(['/register/personal-details']);
    expect(showsAadhaarNotice(t.snap())).toBe(true);
    expect(t.snap().context.aadhaarConsent).toBeNull();
  });

  it('keeps the notice open when the farmer leaves it, and does not ask again once agreed', () => {
    const t = start();
    t.actor.send({ type: 'step.leave', kind: 'aadhaar' });
    expect(showsAadhaarNotice(t.snap())).toBe(true);
    t.actor.send({ type: 'notice.agree' });
    t.actor.send({ type: 'step.leave', kind: 'aadhaar' });
    expect(t.snap().matches({ filling: { aadhaar: 'empty' } })).toBe(true);
  });
});

describe('the image steps', () => {
  it('keeps Upload disabled until an image is chosen', () => {
    const t = start();
    expect(t.snap().can({ type: 'image.upload', kind: 'profile' })).toBe(false);
    t.actor.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    expect(t.snap().can({ type: 'image.upload', kind: 'profile' })).toBe(true);
  });

  it('refuses an image that is neither jpg nor png', () => {
    const t = start();
    t.actor.send({ type: 'image.choose', kind: 'profile', file: new Blob(['g'], { type: 'image/gif' }), fileName: 'a.gif' });
    expect(t.snap().can({ type: 'image.upload', kind: 'profile' })).toBe(false);
    expect(t.snap().context.images.profile.error).toBe('UNSUPPORTED_TYPE');
  });

  it('accepts a png', () => {
    const t = start();
    t.actor.send({ type: 'notice.agree' });
    t.actor.send({ type: 'image.choose', kind: 'aadhaar', file: new Blob(['p'], { type: 'image/png' }), fileName: 'a.png' });
    expect(t.snap().can({ type: 'image.upload', kind: 'aadhaar' })).toBe(true);
  });

  it('prepares the image, uploads the prepared one with its kind and keeps the url', async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/aadhaar-1.jpg');
    expect(t.uploadImage.last().input.kind).toBe('aadhaar');
    expect(await t.uploadImage.last().input.file.text()).toBe('small');
    expect(t.snap().context.images.aadhaar.url).toBe('/api/uploads/aadhaar-1.jpg');
    expect(t.snap().matches({ filling: { aadhaar: 'uploaded' } })).toBe(true);
  });

  it('leaves the other step alone when one image is chosen', () => {
    const t = start();
    t.actor.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    expect(t.snap().context.images.aadhaar.file).toBe(null);
  });

  it('lets Upload be tried again after a failed upload', async () => {
    const t = start();
    t.actor.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    t.actor.send({ type: 'image.upload', kind: 'profile' });
    await t.prepareImage.last().resolve(jpeg());
    await t.uploadImage.last().reject({ status: 413, data: { message: 'too large' } });
    expect(t.snap().can({ type: 'image.upload', kind: 'profile' })).toBe(true);
  });

  it('moves from the photo step to the Aadhaar step on Skip for Now', () => {
    const t = start();
    t.actor.send({ type: 'step.skip', kind: 'profile' });
    expect(t.went).toEqual(['/register/aadhaar-card']);
  });

  it('offers Next only after the upload, and Next moves on at once, only once', async () => {
    const t = start();
    expect(t.snap().can({ type: 'step.next', kind: 'aadhaar' })).toBe(false);
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    t.actor.send({ type: 'step.next', kind: 'aadhaar' });
    expect(t.went).toEqual(['/register/personal-details']);
    t.clock.increment(STEP_PAUSE_MS);
    expect(t.went).toEqual(['/register/personal-details']);
  });

  it('names where each image step is for its views: the notice (the Aadhaar step only), uploading, the pause, uploaded', async () => {
    const t = start();
    expect(imageStepIs(t.snap(), 'aadhaar', 'notice')).toBe(true);
    expect(imageStepIs(t.snap(), 'profile', 'notice')).toBe(false);
    expect(imageStepIs(t.snap(), 'profile', 'empty')).toBe(true);
    expect(imageStepIs(t.snap(), 'aadhaar', 'empty')).toBe(false);
    expect(isAadhaarUploaded(t.snap())).toBe(false);
    await upload(t, 'profile', '/api/uploads/p.jpg');
    expect(isMovingOn(t.snap(), 'profile')).toBe(true);
    expect(isMovingOn(t.snap(), 'aadhaar')).toBe(false);
    expect(imageStepIs(t.snap(), 'profile', 'uploaded')).toBe(true);
    t.clock.increment(STEP_PAUSE_MS);
    expect(isMovingOn(t.snap(), 'profile')).toBe(false);
    expect(imageStepIs(t.snap(), 'profile', { uploaded: 'settled' })).toBe(true);
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    expect(isMovingOn(t.snap(), 'aadhaar')).toBe(true);
    expect(isAadhaarUploaded(t.snap())).toBe(true);
    expect(imageStepIs(t.snap(), 'aadhaar', 'notice')).toBe(false);
  });

  it('moves on by itself a short pause after the image is uploaded: choose and Upload are the only taps', async () => {
    const t = start();
    await upload(t, 'profile', '/api/uploads/p.jpg');
    expect(t.snap().matches({ filling: { profile: { uploaded: 'pausing' } } })).toBe(true);
    t.clock.increment(STEP_PAUSE_MS - 1);
    expect(t.went).toEqual([]);
    t.clock.increment(1);
    expect(t.went).toEqual(['/register/aadhaar-card']);
    expect(t.snap().matches({ filling: { profile: { uploaded: 'settled' } } })).toBe(true);
  });

  it('does not move on by itself once the farmer has left the step (Back)', async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    t.actor.send({ type: 'step.leave', kind: 'aadhaar' });
    t.clock.increment(STEP_PAUSE_MS * 2);
    expect(t.went).toEqual([]);
    expect(t.snap().context.images.aadhaar.url).toBe('/api/uploads/a.jpg');
    expect(t.snap().can({ type: 'step.next', kind: 'aadhaar' })).toBe(true);
  });

  it('does not move a farmer who left the step while the image was still going up', async () => {
    const t = start();
    t.actor.send({ type: 'notice.agree' });
    t.actor.send({ type: 'image.choose', kind: 'aadhaar', file: jpeg(), fileName: 'card.jpg' });
    t.actor.send({ type: 'image.upload', kind: 'aadhaar' });
    t.actor.send({ type: 'step.leave', kind: 'aadhaar' });
    await t.prepareImage.last().resolve(jpeg());
    await t.uploadImage.last().resolve({ url: '/api/uploads/a.jpg' });
    t.clock.increment(STEP_PAUSE_MS);
    expect(t.went).toEqual([]);
    expect(t.snap().matches({ filling: { aadhaar: { uploaded: 'settled' } } })).toBe(true);
  });

  it('ignores the other step leaving its screen while one waits to move on', async () => {
    const t = start();
    await upload(t, 'profile', '/api/uploads/p.jpg');
    t.actor.send({ type: 'step.leave', kind: 'aadhaar' });
    t.clock.increment(STEP_PAUSE_MS);
    expect(t.went).toEqual(['/register/aadhaar-card']);
  });

  it('moves on once when Skip for Now is tapped during the pause', async () => {
    const t = start();
    await upload(t, 'profile', '/api/uploads/p.jpg');
    t.actor.send({ type: 'step.skip', kind: 'profile' });
    t.clock.increment(STEP_PAUSE_MS);
    expect(t.went).toEqual(['/register/aadhaar-card']);
  });

  it('waits again after another image is chosen and uploaded', async () => {
    const t = start();
    await upload(t, 'profile', '/api/uploads/p.jpg');
    t.actor.send({ type: 'step.leave', kind: 'profile' });
    await upload(t, 'profile', '/api/uploads/p2.jpg');
    t.clock.increment(STEP_PAUSE_MS);
    expect(t.went).toEqual(['/register/aadhaar-card']);
    expect(t.snap().context.images.profile.url).toBe('/api/uploads/p2.jpg');
  });
});

describe('the personal details', () => {
  it('starts with the mobile number and language the user logged in with', () => {
    const t = start();
    expect(t.snap().context.form).toMatchObject({ mobileNumber: '9876543210', preferredLanguage: 'hindi' });
  });

  it('needs the Aadhaar image before Submit', () => {
    const t = start();
    fillRequired(t);
    expect(t.snap().can({ type: 'details.submit' })).toBe(false);
  });

  for (const field of ['name', 'gender', 'farmAddress', 'mobileNumber'] as const) {
    it(`needs ${field} before Submit`, async () => {
      const t = start();
      await upload(t, 'aadhaar', '/api/uploads/a.jpg');
      fillRequired(t);
      t.actor.send({ type: 'details.change', field, value: '' });
      expect(t.snap().can({ type: 'details.submit' })).toBe(false);
    });
  }

  it('submits without age and language, which are optional', async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.change', field: 'preferredLanguage', value: '' });
    expect(t.snap().can({ type: 'details.submit' })).toBe(true);
  });

  it('refuses an age that is not a sensible number of years', async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.change', field: 'age', value: '0' });
    expect(t.snap().can({ type: 'details.submit' })).toBe(false);
  });

  it('fills the geocoordinate from the location actor', async () => {
    const t = start();
    t.actor.send({ type: 'details.locate' });
    await t.locate.last().resolve({ lat: 22.55, long: 72.95, accuracy: 12 });
    expect(t.snap().context.form.geocoordinate).toEqual({ lat: 22.55, long: 72.95, accuracy: 12 });
  });

  it('notes a refused location without blocking the form', async () => {
    const t = start();
    t.actor.send({ type: 'details.locate' });
    await t.locate.last().reject(new Error('denied'));
    expect(t.snap().matches({ filling: { details: 'locateFailed' } })).toBe(true);
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    expect(t.snap().can({ type: 'details.submit' })).toBe(true);
    t.actor.send({ type: 'details.locate' });
    await t.locate.last().resolve({ lat: 22.55, long: 72.95, accuracy: 12 });
    expect(t.snap().matches({ filling: { details: 'editing' } })).toBe(true);
  });

  it('keeps a place found before when a later try finds none, without saying it failed', async () => {
    const t = start();
    t.actor.send({ type: 'details.locate' });
    await t.locate.last().resolve({ lat: 22.55, long: 72.95, accuracy: 12 });
    t.actor.send({ type: 'details.locate' });
    await t.locate.last().reject(new Error('timeout'));
    expect(t.snap().matches({ filling: { details: 'editing' } })).toBe(true);
    expect(t.snap().context.form.geocoordinate).toEqual({ lat: 22.55, long: 72.95, accuracy: 12 });
  });

  it('cleans typed values: digits of the mobile number and the age, no language as null', () => {
    const t = start();
    t.actor.send({ type: 'details.change', field: 'mobileNumber', value: '+91 98765-43210' });
    t.actor.send({ type: 'details.change', field: 'age', value: '4a2' });
    t.actor.send({ type: 'details.change', field: 'preferredLanguage', value: '' });
    expect(t.snap().context.form).toMatchObject({ mobileNumber: '9876543210', age: '42', preferredLanguage: null });
    t.actor.send({ type: 'details.change', field: 'preferredLanguage', value: 'gujrati' });
    expect(t.snap().context.form.preferredLanguage).toBe('gujrati');
  });

  it('puts the whole profile and finishes with the registered user', async () => {
    const t = start();
    await upload(t, 'profile', '/api/uploads/p.jpg');
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.change', field: 'age', value: '42' });
    t.actor.send({ type: 'details.submit' });
    expect(t.submitProfile.last().input).toEqual({
      name: 'Savita',
      mobileNumber: '9876543210',
      preferredLanguage: 'hindi',
      profilePhoto: '/api/uploads/p.jpg',
      aadhaar: '/api/uploads/a.jpg',
      gender: 'female',
      age: 42,
      farmAddress: 'Near the well, Anand',
      geocoordinate: null,
    });
    await t.submitProfile.last().resolve({ name: 'Savita' });
    expect(t.snap().status).toBe('done');
    expect(t.snap().output?.user).toMatchObject({ name: 'Savita', profileUpdated: true });
  });

  it("finishes with the server's answer, with the time the server stamped the submission", async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.submit' });
    await t.submitProfile.last().resolve({ name: 'Savita P.', profileSubmittedAt: '2026-11-20T09:30:00.000Z' });
    expect(t.snap().output?.user).toMatchObject({ name: 'Savita P.', profileSubmittedAt: '2026-11-20T09:30:00.000Z', profileUpdated: true });
  });

  it('keeps no submission time while the details were not sent', async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.submit' });
    await t.submitProfile.last().reject({ status: 500, data: {} });
    expect(t.snap().context.saved).toBeNull();
  });

  it('keeps the form and enables Submit again after a failed submit', async () => {
    const t = start();
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.submit' });
    await t.submitProfile.last().reject({ status: 500, data: { message: 'x' } });
    expect(t.snap().context.form.name).toBe('Savita');
    expect(t.snap().can({ type: 'details.submit' })).toBe(true);
  });
});

describe('what the screens read', () => {
  const empty = { file: null, fileName: '', prepared: null, url: null, error: null };

  it('starts with both image steps and the form empty, nothing watched and nothing saved', () => {
    const t = start();
    expect(t.snap().context.images).toEqual({ profile: empty, aadhaar: empty });
    expect(t.snap().context.watching).toEqual({ profile: false, aadhaar: false });
    expect(t.snap().context.saved).toBeNull();
    expect(t.snap().context.form).toEqual({
      name: '',
      mobileNumber: '9876543210',
      gender: '',
      age: '',
      farmAddress: '',
      preferredLanguage: 'hindi',
      geocoordinate: null,
    });
  });

  it('is busy while an image is prepared or goes up, while locating and while submitting, and only then', async () => {
    const t = start();
    expect(t.snap().hasTag('busy')).toBe(false);
    t.actor.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    expect(t.snap().hasTag('busy')).toBe(false);
    t.actor.send({ type: 'image.upload', kind: 'profile' });
    expect(t.snap().hasTag('busy')).toBe(true);
    await t.prepareImage.last().resolve(jpeg());
    expect(t.snap().matches({ filling: { profile: 'uploading' } })).toBe(true);
    expect(t.snap().hasTag('busy')).toBe(true);
    await t.uploadImage.last().resolve({ url: '/api/uploads/p.jpg' });
    expect(t.snap().hasTag('busy')).toBe(false);
    t.actor.send({ type: 'details.locate' });
    expect(t.snap().hasTag('busy')).toBe(true);
    await t.locate.last().reject(new Error('denied'));
    expect(t.snap().hasTag('busy')).toBe(false);
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.submit' });
    expect(t.snap().hasTag('busy')).toBe(true);
  });

  it('prepares the chosen file', () => {
    const t = start();
    const file = jpeg();
    t.actor.send({ type: 'notice.agree' });
    t.actor.send({ type: 'image.choose', kind: 'aadhaar', file, fileName: 'card.jpg' });
    t.actor.send({ type: 'image.upload', kind: 'aadhaar' });
    expect(t.prepareImage.last().input.file).toBe(file);
    expect(t.snap().context.images.aadhaar).toMatchObject({ file, fileName: 'card.jpg', error: null });
  });

  it('says the upload failed when the image could not be prepared or sent, until it goes up', async () => {
    const t = start();
    t.actor.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    t.actor.send({ type: 'image.upload', kind: 'profile' });
    await t.prepareImage.last().reject(new Error('unreadable image'));
    expect(t.snap().context.images.profile.error).toBe('UPLOAD_FAILED');
    expect(t.snap().matches({ filling: { profile: 'chosen' } })).toBe(true);
    t.actor.send({ type: 'image.upload', kind: 'profile' });
    await t.prepareImage.last().resolve(jpeg());
    await t.uploadImage.last().reject({ status: 500, data: {} });
    expect(t.snap().context.images.profile.error).toBe('UPLOAD_FAILED');
    t.actor.send({ type: 'image.upload', kind: 'profile' });
    await t.prepareImage.last().resolve(jpeg());
    await t.uploadImage.last().resolve({ url: '/api/uploads/p.jpg' });
    expect(t.snap().context.images.profile).toMatchObject({ url: '/api/uploads/p.jpg', error: null });
  });

  it('finishes with the whole profile it sent, the server answer on top', async () => {
    const t = start();
    await upload(t, 'profile', '/api/uploads/p.jpg');
    await upload(t, 'aadhaar', '/api/uploads/a.jpg');
    fillRequired(t);
    t.actor.send({ type: 'details.submit' });
    await t.submitProfile.last().resolve({ profileSubmittedAt: '2026-11-20T09:30:00.000Z' });
    expect(t.snap().output?.user).toEqual({
      ...t.submitProfile.last().input,
      profileUpdated: true,
      profileSubmittedAt: '2026-11-20T09:30:00.000Z',
    });
    expect(t.snap().output?.user).toMatchObject({ profilePhoto: '/api/uploads/p.jpg', aadhaar: '/api/uploads/a.jpg' });
  });
});

describe('moving on', () => {
  /** The registration chart as the session runs it: a `session` in the system receives its `nav.go`. */
  function inSystem() {
    const received: unknown[] = [];
    const parent = setup({
      actors: {
        session: fromCallback(({ receive }) => receive((event) => void received.push(event))),
        registration: registrationMachine,
      },
    }).createMachine({
      invoke: [
        { id: 'session', systemId: 'session', src: 'session' },
        { id: 'registration', src: 'registration', input: { mobileNumber: '9876543210', preferredLanguage: null } },
      ],
    });
    const actor = createActor(parent).start();
    const registration = actor.getSnapshot().children.registration as ActorRefFrom<typeof registrationMachine>;
    return { received, registration };
  }

  it('asks the session for the next step', () => {
    const { received, registration } = inSystem();
    registration.send({ type: 'step.skip', kind: 'profile' });
    registration.send({ type: 'step.skip', kind: 'aadhaar' });
    expect(received).toEqual([
      { type: 'nav.go', to: '/register/aadhaar-card' },
      { type: 'nav.go', to: '/register/personal-details' },
    ]);
  });
});

describe('leaving a step by its screen', () => {
  it('sends step.leave for the image step whose path the location leaves, and only then', () => {
    expect(stepLeavesFor('/register/profile-photo', '/register/aadhaar-card')).toEqual([{ type: 'step.leave', kind: 'profile' }]);
    expect(stepLeavesFor('/register/aadhaar-card', '/register/profile-photo')).toEqual([{ type: 'step.leave', kind: 'aadhaar' }]);
    expect(stepLeavesFor('/register/aadhaar-card', '/home?x=1')).toEqual([{ type: 'step.leave', kind: 'aadhaar' }]);
    expect(stepLeavesFor('/register/profile-photo', '/register/profile-photo?again=1')).toEqual([]);
    expect(stepLeavesFor(null, '/register/profile-photo')).toEqual([]);
    expect(stepLeavesFor('/register/personal-details', '/register/profile-photo')).toEqual([]);
  });

  /** Registration beside a session whose location the test moves, as the app's session follows the router. */
  function inApp(location: string) {
    const received: string[] = [];
    const prepareImage = controlled<Blob, { file: Blob }>();
    const uploadImage = controlled<{ url: string }, { kind: ImageKind; file: Blob }>();
    const clock = new SimulatedClock();
    const session = setup({
      types: { context: {} as { location: string | null }, events: {} as { type: 'nav.go'; to: string } | { type: 'moved'; to: string } },
    }).createMachine({
      context: { location },
      on: {
        'nav.go': { actions: ({ event }) => void received.push(event.to) },
        moved: { actions: assign({ location: ({ event }) => event.to }) },
      },
    });
    const root = setup({
      actors: { session, registration: registrationMachine.provide({ actors: { prepareImage: prepareImage.logic, uploadImage: uploadImage.logic } }) },
    }).createMachine({
      invoke: [
        { id: 'session', systemId: 'session', src: 'session' },
        { id: 'registration', src: 'registration', input: { mobileNumber: '9876543210', preferredLanguage: null } },
      ],
    });
    const actor = createActor(root, { clock }).start();
    const children = actor.getSnapshot().children;
    const registration = children.registration as ActorRefFrom<typeof registrationMachine>;
    /** Chooses a photo, then prepares and uploads it, `meanwhile` running while it goes up. */
    const uploadPhoto = async (meanwhile: () => void) => {
      registration.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
      registration.send({ type: 'image.upload', kind: 'profile' });
      meanwhile();
      await prepareImage.last().resolve(jpeg());
      await uploadImage.last().resolve({ url: '/api/uploads/p.jpg' });
    };
    return { received, clock, registration, uploadPhoto, moveTo: (to: string) => children.session!.send({ type: 'moved', to }) };
  }

  it('does not move a farmer on who went elsewhere while the photo was going up', async () => {
    const t = inApp('/register/profile-photo');
    // The farmer taps the browser's back: the session's location leaves the photo step.
    await t.uploadPhoto(() => t.moveTo('/join-us'));
    t.clock.increment(STEP_PAUSE_MS * 2);
    expect(t.received).toEqual([]);
    expect(t.registration.getSnapshot().matches({ filling: { profile: { uploaded: 'settled' } } })).toBe(true);
  });

  it('moves on by itself when the farmer stayed on the step', async () => {
    const t = inApp('/register/profile-photo');
    await t.uploadPhoto(() => undefined);
    t.clock.increment(STEP_PAUSE_MS);
    expect(t.received).toEqual(['/register/aadhaar-card']);
  });
});

describe('without the effects the app supplies', () => {
  const input = { mobileNumber: '9876543210', preferredLanguage: null };
  const prepared = fromPromise<Blob, { file: Blob }>(async ({ input: { file } }) => file);

  it('fails every effect rather than pretending it worked', async () => {
    const sent = controlled<{ url: string }, { kind: ImageKind; file: Blob }>();
    const noPrepare = createActor(registrationMachine.provide({ actors: { uploadImage: sent.logic } }), { input }).start();
    noPrepare.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    noPrepare.send({ type: 'image.upload', kind: 'profile' });
    await waitFor(noPrepare, (snapshot) => snapshot.context.images.profile.error !== null);
    expect(noPrepare.getSnapshot().context.images.profile.error).toBe('UPLOAD_FAILED');
    expect(sent.calls).toHaveLength(0);

    const noUpload = createActor(registrationMachine.provide({ actors: { prepareImage: prepared } }), { input }).start();
    noUpload.send({ type: 'image.choose', kind: 'profile', file: jpeg(), fileName: 'me.jpg' });
    noUpload.send({ type: 'image.upload', kind: 'profile' });
    await waitFor(noUpload, (snapshot) => snapshot.context.images.profile.error !== null);
    expect(noUpload.getSnapshot().context.images.profile).toMatchObject({ error: 'UPLOAD_FAILED', url: null });

    const noDetails = createActor(registrationMachine.provide({ actors: { prepareImage: prepared, uploadImage: sent.logic } }), { input }).start();
    noDetails.send({ type: 'details.locate' });
    await waitFor(noDetails, (snapshot) => snapshot.matches({ filling: { details: 'locateFailed' } }));
    expect(noDetails.getSnapshot().matches({ filling: { details: 'locateFailed' } })).toBe(true);
    noDetails.send({ type: 'notice.agree' });
    noDetails.send({ type: 'image.choose', kind: 'aadhaar', file: jpeg(), fileName: 'card.jpg' });
    noDetails.send({ type: 'image.upload', kind: 'aadhaar' });
    await vi.waitUntil(() => sent.calls.length > 0);
    await sent.last().resolve({ url: '/api/uploads/a.jpg' });
    for (const [field, value] of [['name', 'Savita'], ['gender', 'female'], ['farmAddress', 'Anand']] as const) {
      noDetails.send({ type: 'details.change', field, value });
    }
    noDetails.send({ type: 'details.submit' });
    await waitFor(noDetails, (snapshot) => snapshot.matches({ filling: { details: 'editing' } }));
    expect(noDetails.getSnapshot().matches({ filling: { details: 'editing' } })).toBe(true);
    expect(noDetails.getSnapshot().status).toBe('active');
  });
});
