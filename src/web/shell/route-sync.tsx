/** Reports every location change to the session (back button, typed URL) so the guards apply. */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SessionActorRef } from '../../../machines/session.machine';

export function RouteSync({ session }: { session: SessionActorRef }) {
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    session.send({ type: 'nav.changed', to: search ? `${location}?${search}` : location });
  }, [session, location, search]);
  return null;
}
