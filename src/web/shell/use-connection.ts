/** The connection actor's rules, for the shell and the screens that write (machines/connection.machine). */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isOffline, showsUpdated, writesBlocked, type connectionMachine } from '../../../machines/connection.machine';
import { AppActorContext } from '../app-context';

type ConnectionRef = ActorRefFrom<typeof connectionMachine>;

export function useConnectionRef(): ConnectionRef | undefined {
  return AppActorContext.useSelector((s) => s.children.connection as ConnectionRef | undefined);
}

export const useOffline = (): boolean => useSelector(useConnectionRef(), isOffline);
export const useWritesBlocked = (): boolean => useSelector(useConnectionRef(), writesBlocked);
export const useShowsUpdated = (): boolean => useSelector(useConnectionRef(), showsUpdated);
