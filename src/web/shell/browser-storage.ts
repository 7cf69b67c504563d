/** localStorage behind the KeyValueStore seam; touching it may throw (private mode, blocked). */
import type { KeyValueStore } from '../../../machines/persistence';

export const browserStorage: KeyValueStore = {
  getItem: (key) => globalThis.localStorage.getItem(key),
  setItem: (key, value) => globalThis.localStorage.setItem(key, value),
};
