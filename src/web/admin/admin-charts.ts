/**
 * The admin screens' charts with their real effects: loaded by the app chart the first time the
 * session shows an admin screen (machines/app.machine.ts), never on a farmer's phone.
 */
import { adminCharts, type AdminCharts } from '../../../machines/admin-charts';
import { protectedImageMachine } from '../../../machines/protected-image.machine';
import { listClock, realAdminActors, type AdminActors } from './actors';

/** `replaced` swaps some charts' effects (tests answer the admin's requests). */
export function providedAdminCharts(replaced: Partial<AdminActors> = {}): AdminCharts {
  const admin = { ...realAdminActors(), ...replaced };
  return {
    adminDashboard: adminCharts.adminDashboard.provide({ actors: admin.dashboard }),
    adminUsers: adminCharts.adminUsers.provide({
      actors: {
        loadUsers: admin.users.loadUsers,
        loadHistory: admin.users.loadHistory,
        verifyUser: admin.users.verifyUser,
        verifyUsers: admin.users.verifyUsers,
        exportList: admin.users.exportList,
        image: protectedImageMachine.provide({ actors: { fetchImage: admin.users.fetchImage } }),
      },
    }),
    // The lists' clock is the browser's in tests too: a test sets the time with vi.setSystemTime.
    adminSkus: adminCharts.adminSkus.provide({ actors: { ...admin.skus, clock: listClock } }),
    adminQuotations: adminCharts.adminQuotations.provide({ actors: { ...admin.quotations, clock: listClock } }),
    adminOrders: adminCharts.adminOrders.provide({ actors: { ...admin.orders, clock: listClock } }),
  };
}
