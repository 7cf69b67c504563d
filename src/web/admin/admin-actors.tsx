/**
 * Which effects the admin screens' charts run: the real ones (./actors) unless a test provides others.
 * Lives under src/web/admin, so only the admin chunks ever load it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { adminOrdersActors, adminQuotationsActors, adminSkusActors, adminUsersActors } from './actors';

export interface AdminActors {
  users: ReturnType<typeof adminUsersActors>;
  skus: ReturnType<typeof adminSkusActors>;
  quotations: ReturnType<typeof adminQuotationsActors>;
  orders: ReturnType<typeof adminOrdersActors>;
}

const realAdminActors: AdminActors = {
  users: adminUsersActors(),
  skus: adminSkusActors(),
  quotations: adminQuotationsActors(),
  orders: adminOrdersActors(),
};

const AdminActorsContext = createContext<AdminActors>(realAdminActors);

export function AdminActorsProvider({ actors, children }: { actors: AdminActors; children: ReactNode }) {
  return <AdminActorsContext.Provider value={actors}>{children}</AdminActorsContext.Provider>;
}

export const useAdminActors = (): AdminActors => useContext(AdminActorsContext);
