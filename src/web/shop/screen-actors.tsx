/** Which actors the polling screens start with: the real ones, unless a test provides others. */
import { createContext, useContext, type ReactNode } from 'react';
import { realScreenActors, type ScreenActors } from './actors';

const ScreenActorsContext = createContext<ScreenActors>(realScreenActors);

export function ScreenActorsProvider({ actors, children }: { actors: ScreenActors; children: ReactNode }) {
  return <ScreenActorsContext.Provider value={actors}>{children}</ScreenActorsContext.Provider>;
}

export const useScreenActors = (): ScreenActors => useContext(ScreenActorsContext);
