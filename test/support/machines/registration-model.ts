/**
 * The registration chart as a model: the production machine with actors that never settle, so the
 * image preparation, upload, location and submit answers are explicit events.
 */
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { imageStepIs, registrationMachine, type ImageKind } from '../../../machines/registration.machine';

const never = fromPromise(() => new Promise<never>(() => undefined)) as never;
export const registrationModelMachine = registrationMachine.provide({
  actors: { prepareImage: never, uploadImage: never, locate: never, submitProfile: never },
});
export const REGISTRATION_INPUT = { mobileNumber: '9876543210', preferredLanguage: 'english' as const };

export const jpegFile = new Blob(['jpeg'], { type: 'image/jpeg' });
export const gifFile = new Blob(['gif'], { type: 'image/gif' });
const failure = { status: 500, data: { message: 'Network error or request failed' } };

const imageEvents = (kind: ImageKind): AnyEventObject[] => [
  ...(kind === 'aadhaar' ? [{ type: 'notice.agree' }] : []),
  { type: 'image.choose', kind, file: jpegFile, fileName: `${kind}.jpg` },
  { type: 'image.choose', kind, file: gifFile, fileName: `${kind}.gif` },
  { type: 'image.upload', kind },
  { type: 'step.next', kind },
  { type: 'step.skip', kind },
  { type: 'step.leave', kind },
  { type: `xstate.after.stepPause.registration.filling.${kind}.uploaded.pausing` },
  { type: `xstate.done.actor.prepare-${kind}`, output: jpegFile },
  { type: `xstate.error.actor.prepare-${kind}`, error: new Error('unreadable image') },
  { type: `xstate.done.actor.upload-${kind}`, output: { url: `/api/uploads/${kind}-1.jpg` } },
  { type: `xstate.error.actor.upload-${kind}`, error: failure },
];

const detailEvents: AnyEventObject[] = [
  { type: 'details.change', field: 'name', value: 'Savita Patel' },
  { type: 'details.change', field: 'gender', value: 'female' },
  { type: 'details.change', field: 'farmAddress', value: 'Near the well, Anand' },
  { type: 'details.locate' },
  { type: 'xstate.done.actor.locate', output: { lat: 22.55, long: 72.95, accuracy: 12 } },
  { type: 'xstate.error.actor.locate', error: new Error('denied') },
  { type: 'details.submit' },
  { type: 'xstate.done.actor.submitProfile', output: { name: 'Savita Patel' } },
  { type: 'xstate.error.actor.submitProfile', error: failure },
];

type Snap = SnapshotFrom<typeof registrationModelMachine>;
// A step waiting to move on by itself is not at rest: its own events come first, as on the screen.
// The Aadhaar notice is at rest too: the farmer may read it and go elsewhere.
const atRest = (s: Snap, kind: ImageKind) =>
  imageStepIs(s, kind, 'empty') || imageStepIs(s, kind, 'notice') || imageStepIs(s, kind, { uploaded: 'settled' });

/** The photo step first, then the Aadhaar step, then the form: as a farmer goes, and a small model. */
export function registrationEvents(s: Snap): AnyEventObject[] {
  if (!atRest(s, 'profile')) return imageEvents('profile');
  if (!atRest(s, 'aadhaar')) return imageEvents('aadhaar');
  return [...imageEvents('profile'), ...imageEvents('aadhaar'), ...detailEvents];
}

export const registrationSerialize = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    filled: ['name', 'gender', 'farmAddress'].filter((f) => (s.context.form as unknown as Record<string, string>)[f] !== '').length,
    geo: s.context.form.geocoordinate !== null,
    watching: s.context.watching,
    consent: s.context.aadhaarConsent,
  });
