/**
 * The one actor context of the app: the root machine, whose children the screens select.
 * The Provider takes either a running `actor` (main.tsx starts it before the first render, so the
 * shell's first render already has the session and is one transition: decision 040) or the `logic`
 * and `options` to create and start it itself, as @xstate/react's createActorContext does (the tests).
 */
import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, ActorOptions, InputFrom, SnapshotFrom } from 'xstate';
import { appMachine } from '../../machines/app.machine';

type AppLogic = typeof appMachine;
export type AppActor = Actor<AppLogic>;

const ActorContext = createContext<AppActor | null>(null);

type AppOptions = ActorOptions<AppLogic> & { input: InputFrom<AppLogic> };
type ProviderProps = { children: ReactNode } & ({ actor: AppActor } | { logic?: AppLogic; options: AppOptions });

function Provider(props: ProviderProps) {
  if ('actor' in props) return <ActorContext.Provider value={props.actor}>{props.children}</ActorContext.Provider>;
  return <OwnActor logic={props.logic ?? appMachine} options={props.options}>{props.children}</OwnActor>;
}

function OwnActor({ logic, options, children }: { logic: AppLogic; options: AppOptions; children: ReactNode }) {
  const actor = useActorRef(logic, options);
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

function useAppActor(): AppActor {
  const actor = useContext(ActorContext);
  if (!actor) throw new Error('An app hook was used outside <AppActorContext.Provider>');
  return actor;
}

export const AppActorContext = {
  Provider,
  useActorRef: useAppActor,
  useSelector: <T,>(selector: (snapshot: SnapshotFrom<AppLogic>) => T, compare?: (a: T, b: T) => boolean): T =>
    useActorSelector(useAppActor(), selector, compare),
};
