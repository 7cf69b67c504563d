/** The one actor context of the app: the root machine, whose children the screens select. */
import { createActorContext } from '@xstate/react';
import { appMachine } from '../../machines/app.machine';

export const AppActorContext = createActorContext(appMachine);
