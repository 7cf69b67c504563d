/**
 * "Help improve the app" (/profile): whether this phone records how its screens are used. On unless
 * the farmer turns it off, and always off when the browser asks for no tracking (Global Privacy
 * Control). The choice is the phone's, kept in local storage, not the account's.
 */
const KEY = 'krishi:helpImprove';

/** The browser's Global Privacy Control: then nothing is recorded, whatever the setting says. */
export const privacyControlOn = (nav: Navigator = navigator): boolean =>
  (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

export function helpImproveOn(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(KEY) !== 'off';
  } catch {
    // Storage blocked: no install id can be kept either, so nothing is recorded.
    return false;
  }
}

export function setHelpImprove(on: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage blocked: the setting cannot be kept, and helpImproveOn already answers off.
  }
}
