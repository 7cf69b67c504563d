/**
 * A moment as a farmer reads it: medium date and short time. In Hindi and Gujarati the part of the day
 * is said in the language ("सुबह 11:17", "11:17 સવારે"), where the plain short time would print the
 * English "am"/"AM"; in English it stays "11:17 AM". Intl directly: react-intl's formatDate drops
 * `dayPeriod`. Screens show it through `When` (src/web/shell/when.tsx): /order-status, the details on
 * /under-verification, a quotation's validity, the admin's history; the history's values call it too.
 */
const ENGLISH = { dateStyle: 'medium', timeStyle: 'short' } as const;
const SPOKEN = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' } as const;

export const formatWhen = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, locale.startsWith('en') ? ENGLISH : SPOKEN).format(new Date(iso));
