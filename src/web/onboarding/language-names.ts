import type { Language } from '../../domain/types';

/** Each language named in itself, as a farmer recognises it whatever the screen's language. */
export const LANGUAGE_ENDONYMS: Record<Language, string> = { english: 'English', hindi: 'हिन्दी', gujrati: 'ગુજરાતી' };
