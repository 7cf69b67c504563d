/** `/register/personal-details`: the sign-up form; name, mobile, gender, Aadhaar and address required (*). */
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { isAadhaarUploaded, type DetailsField, type RegistrationActorRef } from '../../../machines/registration.machine';
import { COUNTRY_PREFIX } from '../../domain/constants';
import { ROUTES } from '../../domain/routes';
import { GENDERS, LANGUAGES } from '../../domain/types';
import { OnboardingFrame } from '../onboarding/frame';
import { ImagePicker } from '../onboarding/image-picker';
import { Loading } from '../shell/loading';
import { useGo, useRegistration } from '../shell/use-actors';

export default function PersonalDetails() {
  const registration = useRegistration();
  if (!registration) return <Loading />;
  return <DetailsForm registration={registration} />;
}

function Label({ htmlFor, id, required, children }: { htmlFor?: string; id?: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} id={id}>
      {children}
      {required ? (
        <span className="required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  );
}

function DetailsForm({ registration }: { registration: RegistrationActorRef }) {
  const go = useGo();
  const form = useSelector(registration, (s) => s.context.form);
  const locateFailed = useSelector(registration, (s) => s.matches({ filling: { details: 'locateFailed' } }));
  const locating = useSelector(registration, (s) => s.matches({ filling: { details: 'locating' } }));
  const submitting = useSelector(registration, (s) => s.matches({ filling: { details: 'submitting' } }));
  const aadhaarUploaded = useSelector(registration, isAadhaarUploaded);
  const canSubmit = useSelector(registration, (s) => s.can({ type: 'details.submit' }));
  const change = (field: DetailsField, value: string) => registration.send({ type: 'details.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'details.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <OnboardingFrame
        onBack={() => go(ROUTES.aadhaarCard)}
        actions={
          <button type="submit" className="btn" disabled={!canSubmit}>
            {submitting ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="onboarding.details.submit" />
          </button>
        }
      >
        <h1>
          <FormattedMessage id="onboarding.details.title" />
        </h1>
        <p className="onb-lead">
          <FormattedMessage id="onboarding.details.lead" />
        </p>
        <div className="field">
          <Label htmlFor="name" required>
            <FormattedMessage id="onboarding.details.name" />
          </Label>
          <input id="name" className="input" autoComplete="name" required value={form.name} onChange={(e) => change('name', e.target.value)} />
        </div>
        <div className="field">
          <Label htmlFor="mobile" required>
            <FormattedMessage id="onboarding.details.mobile" />
          </Label>
          <div className="phone-field">
            <span className="phone-prefix">{COUNTRY_PREFIX}</span>
            <input
              id="mobile"
              className="input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              required
              value={form.mobileNumber}
              onChange={(e) => change('mobileNumber', e.target.value)}
            />
          </div>
        </div>
        <fieldset className="field" style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend className="field-label">
            <FormattedMessage id="onboarding.details.gender" />
            <span className="required" aria-hidden="true">
              {' *'}
            </span>
          </legend>
          <div className="segmented">
            {GENDERS.map((gender) => (
              <label key={gender}>
                <input type="radio" name="gender" required value={gender} checked={form.gender === gender} onChange={() => change('gender', gender)} />
                <FormattedMessage id={`onboarding.details.gender.${gender}`} />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <Label htmlFor="age">
            <FormattedMessage id="onboarding.details.age" />
          </Label>
          <input id="age" className="input" inputMode="numeric" maxLength={3} value={form.age} onChange={(e) => change('age', e.target.value)} />
        </div>
        <div className="field">
          <span className="field-label">
            <FormattedMessage id="onboarding.details.aadhaar" />
            <span className="required" aria-hidden="true">
              {' *'}
            </span>
          </span>
          {aadhaarUploaded ? null : (
            <p className="hint">
              <FormattedMessage id="onboarding.details.aadhaarHint" />
            </p>
          )}
          <ImagePicker registration={registration} kind="aadhaar" />
        </div>
        <div className="field">
          <Label htmlFor="farm-address" required>
            <FormattedMessage id="onboarding.details.farmAddress" />
          </Label>
          <textarea id="farm-address" className="textarea" autoComplete="street-address" required value={form.farmAddress} onChange={(e) => change('farmAddress', e.target.value)} />
          <button type="button" className="btn btn--outline" disabled={locating} onClick={() => registration.send({ type: 'details.locate' })}>
            {locating ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="onboarding.details.useLocation" />
          </button>
          {form.geocoordinate ? (
            <p className="ok-line" role="status">
              <FormattedMessage id="onboarding.details.locationAdded" />
            </p>
          ) : null}
          {locateFailed ? (
            <p className="error-line" role="status">
              <FormattedMessage id="onboarding.details.locationFailed" />
            </p>
          ) : null}
        </div>
        <div className="field">
          <Label htmlFor="language">
            <FormattedMessage id="onboarding.details.language" />
          </Label>
          <select id="language" className="select" value={form.preferredLanguage ?? ''} onChange={(e) => change('preferredLanguage', e.target.value)}>
            {LANGUAGES.map((language) => (
              <FormattedMessage key={language} id={`onboarding.details.language.${language}`}>
                {(text) => <option value={language}>{text}</option>}
              </FormattedMessage>
            ))}
          </select>
        </div>
        <p className="hint">
          <FormattedMessage id="onboarding.details.requiredNote" />
        </p>
      </OnboardingFrame>
    </form>
  );
}
