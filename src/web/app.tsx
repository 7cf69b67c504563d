/**
 * The shell: a centred column at most 450 px wide, react-intl in the user's language (the `locale` chart), and every path
 * of SCREENS inside Suspense. Until the session runs, the splash index.html painted stays; while a
 * screen's script loads, and on an unknown path while the session sends it to `/`, the translated
 * splash (never a lone 'Loading...'). The caller supplies the wouter Router (browser location in
 * main.tsx, memory in tests).
 */
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { SessionActorRef } from '../../machines/session.machine';
import { I18nProvider } from './i18n/i18n-provider';
import { SCREENS } from './routes';
import { ErrorScreen } from './shell/error-screen';
import { BootSplash, ScreenFallback } from './shell/boot-splash';
import { OfflineLine } from './shell/offline-line';
import { RouteSync } from './shell/route-sync';
import { useSessionRef } from './shell/use-actors';
// The app's styles come with the shell, not with main.tsx: there Vite would link them in index.html's
// head, where they block the splash's first paint (it has its own inline styles); bootPreloads fetches
// them early instead (build/boot-preloads.ts).
import './styles.css';

const PATHS = Object.keys(SCREENS) as (keyof typeof SCREENS)[];

export function App() {
  // Not deferred (useDeferredValue): rendered as a transition, the first screen could take typed input
  // before its view listened to its chart, and the input was lost (otp-screens.test.tsx failed about
  // one run in three: ten digits typed, 'Get OTP' still disabled). Decision 040.
  const session = useSessionRef();
  if (!session) return <BootSplash />;
  return <Shell session={session} />;
}

function Shell({ session }: { session: SessionActorRef }) {
  return (
    <I18nProvider>
      <div className="app-frame">
        <OfflineLine />
        <ErrorScreen>
          <Suspense fallback={<ScreenFallback />}>
            <Switch>
              {PATHS.map((path) => (
                <Route key={path} path={path} component={SCREENS[path]} />
              ))}
              <Route>
                <ScreenFallback />
              </Route>
            </Switch>
          </Suspense>
        </ErrorScreen>
      </div>
      <RouteSync session={session} />
    </I18nProvider>
  );
}
