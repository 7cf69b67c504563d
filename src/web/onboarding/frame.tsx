/** The frame every onboarding screen shares: an optional back arrow, the content, the actions. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './onboarding.css';

export function BackButton({ onBack }: { onBack: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" className="onb-back" onClick={onBack} aria-label={intl.formatMessage({ id: 'common.back' })}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export function OnboardingFrame({
  onBack,
  className,
  children,
  actions,
}: {
  onBack?: () => void;
  className?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <main className={`onb ${className ?? ''}`}>
      <div className="onb-top">{onBack ? <BackButton onBack={onBack} /> : null}</div>
      <div className="onb-body">{children}</div>
      {actions ? <div className="onb-actions">{actions}</div> : null}
    </main>
  );
}
