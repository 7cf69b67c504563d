/**
 * The photo and Aadhaar steps: pick and upload an image and the step moves on by itself (or Next at
 * once), or 'Skip for Now'. Leaving the screen tells the machine, so a pending move is dropped.
 * The Aadhaar step shows its notice first, with 'I agree, continue' (the chart's `notice` state).
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { showsAadhaarNotice, type ImageKind, type RegistrationActorRef } from '../../../machines/registration.machine';
import { Loading } from '../shell/loading';
import { useRegistration } from '../shell/use-actors';
import { AadhaarNotice } from './aadhaar-notice';
import { OnboardingFrame } from './frame';
import { ImagePicker } from './image-picker';

export function ImageStepScreen({ kind, onBack }: { kind: ImageKind; onBack?: (registration: RegistrationActorRef) => void }) {
  const registration = useRegistration();
  if (!registration) return <Loading />;
  return <ImageStep registration={registration} kind={kind} onBack={onBack} />;
}

function ImageStep({
  registration,
  kind,
  onBack,
}: {
  registration: RegistrationActorRef;
  kind: ImageKind;
  onBack?: (registration: RegistrationActorRef) => void;
}) {
  const canNext = useSelector(registration, (s) => s.can({ type: 'step.next', kind }));
  const notice = useSelector(registration, (s) => kind === 'aadhaar' && showsAadhaarNotice(s));
  const skip = (
    <button type="button" className="btn btn--link" onClick={() => registration.send({ type: 'step.skip', kind })}>
      <FormattedMessage id="onboarding.image.skip" />
    </button>
  );
  if (notice) {
    return (
      <OnboardingFrame
        onBack={onBack ? () => onBack(registration) : undefined}
        actions={
          <>
            <button type="button" className="btn" onClick={() => registration.send({ type: 'notice.agree' })}>
              <FormattedMessage id="onboarding.notice.agree" />
            </button>
            {skip}
          </>
        }
      >
        <AadhaarNotice />
      </OnboardingFrame>
    );
  }
  return (
    <OnboardingFrame
      onBack={onBack ? () => onBack(registration) : undefined}
      actions={
        <>
          <button
            type="button"
            className="btn"
            disabled={!canNext}
            onClick={() => registration.send({ type: 'step.next', kind })}
          >
            <FormattedMessage id="onboarding.image.next" />
          </button>
          {skip}
        </>
      }
    >
      <h1>
        <FormattedMessage id={`onboarding.image.${kind}.title`} />
      </h1>
      <p className="onb-lead">
        <FormattedMessage id={`onboarding.image.${kind}.lead`} />
      </p>
      <ImagePicker registration={registration} kind={kind} />
    </OnboardingFrame>
  );
}
