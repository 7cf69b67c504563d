/**
 * The shell: a centred column at most 450 px wide, react-intl in the user's language, and every path
 * of SCREENS inside Suspense. Unknown paths render the loading line while the session sends them
 * to `/`. The caller supplies the wouter Router (browser location in main.tsx, memory in tests).
 */
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { DEFAULT_LANGUAGE, LOCALE_OF_LANGUAGE } from '../domain/types';
import type { SessionActorRef } from '../../machines/session.machine';
import { I18nProvider } from './i18n/i18n-provider';
import { SCREENS } from './routes';
import { ErrorScreen } from './shell/error-screen';
import { Loading } from './shell/loading';
import { OfflineLine } from './shell/offline-line';
import { RouteSync } from './shell/route-sync';
import { useSessionRef } from './shell/use-actors';

const PATHS = Object.keys(SCREENS) as (keyof typeof SCREENS)[];

export function App() {
  const session = useSessionRef();
  if (!session) return <p className="boot-loading" role="status">Loading...</p>;
  return <Shell session={session} />;
}

function Shell({ session }: { session: SessionActorRef }) {
  const language = useSelector(session, (s) => s.context.user.preferredLanguage);
  return (
    <I18nProvider locale={LOCALE_OF_LANGUAGE[language ?? DEFAULT_LANGUAGE]}>
      <div className="app-frame">
        <OfflineLine />
        <ErrorScreen>
          <Suspense fallback={<Loading />}>
            <Switch>
              {PATHS.map((path) => (
                <Route key={path} path={path} component={SCREENS[path]} />
              ))}
              <Route>
                <Loading />
              </Route>
            </Switch>
          </Suspense>
        </ErrorScreen>
      </div>
      <RouteSync session={session} />
    </I18nProvider>
  );
}
