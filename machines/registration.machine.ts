/**
 * Registration (SPEC §4–§5): while `filling`, three parallel regions: the profile photo and the
 * Aadhaar image (each: empty → chosen → preparing → uploading → uploaded) and the personal-details
 * form (editing; locating the farm with the injected geolocation actor; `locateFailed` when no place
 * was found and none was before, which the screen says). Typed values are cleaned as they come in
 * (`cleanField`). Submit needs every
 * required field and the Aadhaar image; it PUTs the profile and the machine finishes with the user.
 * Image preparation (resize and JPEG quality search) and upload are injected actors; steps move on
 * with a `nav.go` to the session. Once an image is uploaded the step moves on by itself after
 * `stepPause` (the farmer reads 'Image uploaded' first), unless the farmer moves first: Next, Skip
 * for Now, Back or any other way off the screen settles the step without a second move: `stepWatch`
 * follows the session's location and sends `step.leave` when it leaves an image step's path
 * (`stepLeavesFor`), so the screens send none of their lifecycle.
 * A farmer who left the screen while the image was still going up is not moved when it lands.
 * The Aadhaar step opens on its notice (`notice`: why the card is asked for, who sees it, how long it is
 * kept, how to withdraw; DPDP Act 2023 §5–6): only `notice.agree` leads on to choosing the image, and
 * the agreed notice's version goes up with the image (`consent`), so no card is sent without consent.
 * The server's answer to the PUT (with the time it stamped the submission) is the machine's output.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ProfileBody, UploadKind } from '../src/domain/api';
import { isAcceptedImageType, isFormComplete, profileBody, type DetailsForm } from '../src/domain/registration';
import { sanitizePhone } from '../src/domain/otp';
import { AADHAAR_NOTICE_VERSION } from '../src/domain/constants';
import { ROUTES } from '../src/domain/routes';
import { pathOf } from '../src/domain/route-chain';
import { LANGUAGES, type Geocoordinate, type Language, type User } from '../src/domain/types';
import { locationWatchOf } from './screen-charts';

export type ImageKind = Extract<UploadKind, 'profile' | 'aadhaar'>;
export type ImageError = 'UNSUPPORTED_TYPE' | 'UPLOAD_FAILED';

export interface ImageSlot {
  file: Blob | null;
  fileName: string;
  prepared: Blob | null;
  url: string | null;
  error: ImageError | null;
}

export interface RegistrationContext {
  images: Record<ImageKind, ImageSlot>;
  form: DetailsForm;
  /** The server's answer to the profile PUT, once it accepted the details (it stamps `profileSubmittedAt`). */
  saved: Partial<User> | null;
  /** Per step, while its image goes up: the farmer tapped Upload and has not left the screen since. */
  watching: Record<ImageKind, boolean>;
  /** The version of the Aadhaar notice the farmer agreed to on this sign-up, or null before agreeing. */
  aadhaarConsent: string | null;
}

export interface RegistrationInput {
  mobileNumber: string;
  preferredLanguage: Language | null;
}

export interface RegistrationOutput {
  user: Partial<User>;
}

/** How long 'Image uploaded' shows before the step moves on by itself. */
export const STEP_PAUSE_MS = 1200;

export type DetailsField = 'name' | 'mobileNumber' | 'gender' | 'age' | 'farmAddress' | 'preferredLanguage';

export type RegistrationEvent =
  | { type: 'image.choose'; kind: ImageKind; file: Blob; fileName: string }
  | { type: 'image.upload'; kind: ImageKind }
  | { type: 'step.next'; kind: ImageKind }
  | { type: 'step.skip'; kind: ImageKind }
  /** The farmer left the step's screen (Back, the browser's back, any route change). */
  | { type: 'step.leave'; kind: ImageKind }
  /** The farmer read the Aadhaar notice and agreed to it. */
  | { type: 'notice.agree' }
  | { type: 'details.change'; field: DetailsField; value: string }
  | { type: 'details.locate' }
  | { type: 'details.submit' };

/** A typed value as the form keeps it: the mobile number's digits (sanitizePhone), the age's digits, no language as null. */
export function cleanField(form: DetailsForm, field: DetailsField, value: string): DetailsForm {
  switch (field) {
    case 'mobileNumber':
      return { ...form, mobileNumber: sanitizePhone(value) };
    case 'age':
      return { ...form, age: value.replace(/\D/g, '') };
    case 'preferredLanguage':
      return { ...form, preferredLanguage: (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null };
    default:
      return { ...form, [field]: value };
  }
}

const EMPTY_SLOT: ImageSlot = { file: null, fileName: '', prepared: null, url: null, error: null };
const NEXT_STEP: Record<ImageKind, string> = { profile: ROUTES.aadhaarCard, aadhaar: ROUTES.personalDetails };

/** Each image step's screen. */
const STEP_PATH: Record<ImageKind, string> = { profile: ROUTES.profilePhoto, aadhaar: ROUTES.aadhaarCard };

/** `step.leave` for the image step whose screen the session's location leaves (Back, a link, a typed URL). */
export function stepLeavesFor(from: string | null, to: string | null): { type: 'step.leave'; kind: ImageKind }[] {
  const stepAt = (location: string | null) => (Object.keys(STEP_PATH) as ImageKind[]).find((kind) => location !== null && pathOf(location) === STEP_PATH[kind]);
  const left = stepAt(from);
  return left !== undefined && stepAt(to) !== left ? [{ type: 'step.leave', kind: left }] : [];
}

export interface UploadInput {
  kind: ImageKind;
  file: Blob;
  /** The notice version agreed to; sent with the Aadhaar card only. */
  consent?: string;
}

const kindOf = (event: RegistrationEvent): ImageKind | null => ('kind' in event ? event.kind : null);

/** The chart's types, actors, guards and actions, so each image step's states are typed like the rest of it. */
const registrationSetup = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as RegistrationOutput,
    tags: {} as 'busy',
  },
  delays: {
    stepPause: STEP_PAUSE_MS,
  },
  actors: {
    /** Resizes to 800×800 at most and finds the JPEG quality (canvas in the browser). */
    prepareImage: fromPromise<Blob, { file: Blob }>(async () => {
      throw new Error('prepareImage is supplied by the app');
    }),
    /** POST /api/uploads (multipart `file`, `kind`, and for the Aadhaar card the notice's `consent`) → the image url. */
    uploadImage: fromPromise<{ url: string }, UploadInput>(async () => {
      throw new Error('uploadImage is supplied by the app');
    }),
    locate: fromPromise<Geocoordinate>(async () => {
      throw new Error('locate is supplied by the app');
    }),
    /** Sends `step.leave` as the session's location leaves an image step's screen. */
    stepWatch: locationWatchOf(stepLeavesFor),
    /** PUT /users/profile → the saved user (or the body, when the server answers without it). */
    submitProfile: fromPromise<Partial<User>, ProfileBody>(async () => {
      throw new Error('submitProfile is supplied by the app');
    }),
  },
  guards: {
    isForStep: ({ event }, params: { kind: ImageKind }) => kindOf(event) === params.kind,
    isAcceptedImage: ({ event }, params: { kind: ImageKind }) =>
      event.type === 'image.choose' && event.kind === params.kind && isAcceptedImageType(event.file.type),
    isFormComplete: ({ context }) => isFormComplete(context.form, context.images.aadhaar.url),
    isWatching: ({ context }, params: { kind: ImageKind }) => context.watching[params.kind],
    hasGeocoordinate: ({ context }) => context.form.geocoordinate !== null,
  },
  actions: {
    goTo: enqueueActions(({ system, enqueue }, params: { to: string }) => {
      const session = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'nav.go', to: params.to } as { type: string });
    }),
    chooseFile: assign({
      images: ({ context, event }, params: { kind: ImageKind }) =>
        event.type === 'image.choose'
          ? { ...context.images, [params.kind]: { ...EMPTY_SLOT, file: event.file, fileName: event.fileName } }
          : context.images,
    }),
    rejectFile: assign({
      images: ({ context }, params: { kind: ImageKind }) => ({
        ...context.images,
        [params.kind]: { ...context.images[params.kind], error: 'UNSUPPORTED_TYPE' as const },
      }),
    }),
    // The prepared image and the url are the typed outputs of the invoked actors, passed as params.
    keepPrepared: assign({
      images: ({ context }, params: { kind: ImageKind; prepared: Blob }) => ({
        ...context.images,
        [params.kind]: { ...context.images[params.kind], prepared: params.prepared },
      }),
    }),
    keepUrl: assign({
      images: ({ context }, params: { kind: ImageKind; url: string }) => ({
        ...context.images,
        [params.kind]: { ...context.images[params.kind], url: params.url, error: null },
      }),
    }),
    markUploadFailed: assign({
      images: ({ context }, params: { kind: ImageKind }) => ({
        ...context.images,
        [params.kind]: { ...context.images[params.kind], error: 'UPLOAD_FAILED' as const },
      }),
    }),
    setField: assign({
      form: ({ context, event }) => (event.type === 'details.change' ? cleanField(context.form, event.field, event.value) : context.form),
    }),
    setGeocoordinate: assign({
      form: ({ context }, geocoordinate: Geocoordinate) => ({ ...context.form, geocoordinate }),
    }),
    keepSaved: assign({ saved: (_, saved: Partial<User>) => saved }),
    noteWatching: assign({ watching: ({ context }, params: { kind: ImageKind }) => ({ ...context.watching, [params.kind]: true }) }),
    recordConsent: assign({ aadhaarConsent: AADHAAR_NOTICE_VERSION }),
    forgetWatching: assign({ watching: ({ context }, params: { kind: ImageKind }) => ({ ...context.watching, [params.kind]: false }) }),
  },
});

export const registrationMachine = registrationSetup.createMachine({
  id: 'registration',
  initial: 'filling',
  context: ({ input }) => ({
    images: { profile: { ...EMPTY_SLOT }, aadhaar: { ...EMPTY_SLOT } },
    form: {
      name: '',
      mobileNumber: input.mobileNumber,
      gender: '',
      age: '',
      farmAddress: '',
      preferredLanguage: input.preferredLanguage,
      geocoordinate: null,
    },
    saved: null,
    watching: { profile: false, aadhaar: false },
    aadhaarConsent: null,
  }),
  output: ({ context }) => ({
    user: {
      ...profileBody(context.form, { profilePhoto: context.images.profile.url, aadhaar: context.images.aadhaar.url ?? '' }),
      profileUpdated: true,
      ...context.saved,
    },
  }),
  states: {
    filling: {
      type: 'parallel',
      invoke: { id: 'stepWatch', src: 'stepWatch' },
      states: {
        profile: imageStep('profile'),
        aadhaar: aadhaarStep(),
        details: {
          initial: 'editing',
          on: { 'details.change': { actions: 'setField' } },
          states: {
            editing: {
              on: {
                'details.locate': 'locating',
                'details.submit': { guard: 'isFormComplete', target: 'submitting' },
              },
            },
            locating: {
              tags: 'busy',
              invoke: {
                id: 'locate',
                src: 'locate',
                onDone: { target: 'editing', actions: { type: 'setGeocoordinate', params: ({ event }) => event.output } },
                // A place found before stays; otherwise the screen says none was found.
                onError: [{ guard: 'hasGeocoordinate', target: 'editing' }, { target: 'locateFailed' }],
              },
            },
            // As editing, and the screen says no place was found; a place found later ends it.
            locateFailed: {
              on: {
                'details.locate': 'locating',
                'details.submit': { guard: 'isFormComplete', target: 'submitting' },
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'submitProfile',
                src: 'submitProfile',
                input: ({ context }) =>
                  profileBody(context.form, { profilePhoto: context.images.profile.url, aadhaar: context.images.aadhaar.url ?? '' }),
                onDone: { target: '#registration.submitted', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
                // Silent as SPEC §8 asks: the form stays as it was, Submit enabled again.
                onError: 'editing',
              },
            },
          },
        },
      },
    },
    submitted: { type: 'final' },
  },
});

/** The Aadhaar card's step: asked for only after its notice, which the step opens on. */
function aadhaarStep() {
  const step = imageStep('aadhaar');
  return registrationSetup.createStateConfig({
    ...step,
    initial: 'notice',
    states: { notice: { on: { 'notice.agree': { target: 'empty', actions: 'recordConsent' } } }, ...step.states },
  });
}

/** One image step's region (the Aadhaar step behind its notice): choose a jpg/png, upload it (prepared first), then move on (by itself) or skip. */
function imageStep(kind: ImageKind) {
  const params = { kind };
  const moveOn = { type: 'goTo', params: { to: NEXT_STEP[kind] } } as const;
  const forget = { type: 'forgetWatching', params } as const;
  const keepUrl = { type: 'keepUrl', params: ({ event }: { event: { output: { url: string } } }) => ({ kind, url: event.output.url }) } as const;
  const choose = [
    { guard: { type: 'isAcceptedImage', params } as const, target: 'chosen', actions: { type: 'chooseFile', params } as const },
    { guard: { type: 'isForStep', params } as const, actions: { type: 'rejectFile', params } as const },
  ];
  return registrationSetup.createStateConfig({
    initial: 'empty',
    on: {
      'step.skip': { guard: { type: 'isForStep', params }, actions: moveOn },
      'step.leave': { guard: { type: 'isForStep', params }, actions: forget },
    },
    states: {
      empty: { on: { 'image.choose': choose } },
      chosen: {
        on: {
          'image.choose': choose,
          'image.upload': { guard: { type: 'isForStep', params }, target: 'preparing', actions: { type: 'noteWatching', params } },
        },
      },
      preparing: {
        tags: 'busy',
        invoke: {
          id: `prepare-${kind}`,
          src: 'prepareImage',
          input: ({ context }: { context: RegistrationContext }) => ({ file: context.images[kind].file as Blob }),
          onDone: {
            target: 'uploading',
            actions: { type: 'keepPrepared', params: ({ event }: { event: { output: Blob } }) => ({ kind, prepared: event.output }) },
          },
          onError: { target: 'chosen', actions: [{ type: 'markUploadFailed', params }, forget] },
        },
      },
      uploading: {
        tags: 'busy',
        invoke: {
          id: `upload-${kind}`,
          src: 'uploadImage',
          input: ({ context }: { context: RegistrationContext }): UploadInput => ({
            kind,
            file: (context.images[kind].prepared ?? context.images[kind].file) as Blob,
            ...(kind === 'aadhaar' && context.aadhaarConsent ? { consent: context.aadhaarConsent } : {}),
          }),
          onDone: [
            { guard: { type: 'isWatching', params }, target: 'uploaded.pausing', actions: [keepUrl, forget] },
            { target: 'uploaded.settled', actions: keepUrl },
          ],
          onError: { target: 'chosen', actions: [{ type: 'markUploadFailed', params }, forget] },
        },
      },
      uploaded: {
        initial: 'pausing',
        on: {
          'image.choose': choose,
          'step.next': { guard: { type: 'isForStep', params }, target: '.settled', actions: moveOn },
        },
        states: {
          // 'Image uploaded' shows for a moment, then the next step opens: two taps per image in all.
          pausing: {
            after: { stepPause: { target: 'settled', actions: moveOn } },
            on: {
              'step.skip': { guard: { type: 'isForStep', params }, target: 'settled', actions: moveOn },
              'step.leave': { guard: { type: 'isForStep', params }, target: 'settled' },
            },
          },
          settled: {},
        },
      },
    },
  });
}

export type RegistrationActorRef = ActorRefFrom<typeof registrationMachine>;

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** The Aadhaar step still shows its notice: the farmer has not agreed yet. */
export const showsAadhaarNotice = (snapshot: RegistrationSnapshot): boolean => snapshot.matches({ filling: { aadhaar: 'notice' } });

/** Where an image step is: its own states, the Aadhaar step's notice first. */
export type ImageStepValue = 'notice' | 'empty' | 'chosen' | 'preparing' | 'uploading' | 'uploaded' | { uploaded: 'pausing' | 'settled' };

/** Whether the `kind` step is in `value` (the photo step has no notice). */
export function imageStepIs(snapshot: RegistrationSnapshot, kind: ImageKind, value: ImageStepValue): boolean {
  if (kind === 'aadhaar') return snapshot.matches({ filling: { aadhaar: value } });
  return value !== 'notice' && snapshot.matches({ filling: { profile: value } });
}

/** An image step shows 'Image uploaded' for a moment before the next step opens by itself. */
export const isMovingOn = (snapshot: RegistrationSnapshot, kind: ImageKind): boolean => imageStepIs(snapshot, kind, { uploaded: 'pausing' });

/** The Aadhaar card is uploaded (the form may be sent). */
export const isAadhaarUploaded = (snapshot: RegistrationSnapshot): boolean => snapshot.matches({ filling: { aadhaar: 'uploaded' } });
