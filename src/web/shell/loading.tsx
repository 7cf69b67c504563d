import { FormattedMessage } from 'react-intl';

/** 'Loading...' (SPEC §2 shared elements): the Suspense fallback and the /loading screen. */
export function Loading() {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <FormattedMessage id="common.loading" defaultMessage="Loading..." />
    </div>
  );
}
