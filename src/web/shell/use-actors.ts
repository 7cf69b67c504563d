/**
 * Hooks the screens use to reach the actors: the session is the app's `session` child; the login and
 * registration machines are the session's children while they run (undefined otherwise).
 */
import { useSelector } from '@xstate/react';
import type { OtpLoginActorRef } from '../../../machines/otp-login.machine';
import type { RegistrationActorRef } from '../../../machines/registration.machine';
import type { SessionActorRef } from '../../../machines/session.machine';
import { AppActorContext } from '../app-context';

export function useSessionRef(): SessionActorRef | undefined {
  return AppActorContext.useSelector((s) => s.children.session as SessionActorRef | undefined);
}

/** The session actor; only call below the shell, which renders screens once the session runs. */
export function useSession(): SessionActorRef {
  const session = useSessionRef();
  if (!session) throw new Error('The session is not running yet');
  return session;
}

export function useOtpLogin(): OtpLoginActorRef | undefined {
  return useSelector(useSession(), (s) => s.children.otpLogin as OtpLoginActorRef | undefined);
}

export function useRegistration(): RegistrationActorRef | undefined {
  return useSelector(useSession(), (s) => s.children.registration as RegistrationActorRef | undefined);
}

/** Sends `nav.go` to the session, which applies the route guards before the router moves. */
export function useGo(): (to: string) => void {
  const session = useSession();
  return (to: string) => session.send({ type: 'nav.go', to });
}
