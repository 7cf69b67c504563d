/**
 * /admin/quotations (SPEC §2, §6, §8): every quotation, searched on the server by its QT number, the farmer's
 * name or mobile (machines/admin-list.ts: debounced, paged); one opens in a bottom sheet, read-only
 * until the admin taps Edit; the status (any of the five) and each line's quantity, goods price, discount and
 * shipping are edited in rupees; Update sends the full quotation in paisa.
 *
 * The chart is `adminSheetList` (machines/admin-list.ts), the shape every sheet list shares: load, search
 * and status filter (debounced), page, open the sheet (sheet.open), edit (sheet.edit, draft.change), save
 * (sheet.save), 409 → reload → conflict → re-apply (draft.reapply). The filter takes a status or COUNTERED
 * (those whose farmer asked for a better price, waiting for the answer). What is the quotation's own: its draft,
 * the body of its save, and how one `draft.change` changes the draft.
 */
import type { ContextFrom, EventFrom } from 'xstate';
import type { QuotationPatchBody } from '../src/domain/api';
import { COUNTERED, type QuotationFilter } from '../src/domain/quotation-status';
import { QUOTATION_STATUSES, type Quotation, type QuotationStatus } from '../src/domain/types';
import { isLateQuotation } from '../src/domain/waiting-age';
import { adminSheetList, openRow, shownDraft, type SaveRowInput } from './admin-list';
import {
  quotationDraftOf,
  quotationPatchBody,
  reapplyQuotationDraft,
  withLine,
  type LineField,
  type QuotationDraft,
} from './admin-quotation-draft';

/** One change the admin makes in the sheet's form: the status, or one field of one line. */
export type QuotationChange = { status: QuotationStatus } | { line: number; field: LineField; value: string };

export type SaveQuotationInput = SaveRowInput<QuotationPatchBody>;

/** The filters a dashboard link may open the quotations list with (GET /quotations/all `age`, `late`, `expiring`, `sort`). */
export const QUOTATION_FILTERS = ['age', 'late', 'expiring', 'sort'] as const;

export const adminQuotationsMachine = adminSheetList<Quotation, QuotationDraft, QuotationPatchBody, QuotationFilter, QuotationChange>({
  id: 'adminQuotations',
  displayIdOf: (quotation) => quotation.quotationDisplayId,
  draftOf: quotationDraftOf,
  bodyOf: (quotation, draft) => quotation && quotationPatchBody(quotation, draft),
  change: (draft, change) => ('line' in change ? withLine(draft, change.line, change.field, change.value) : { ...draft, status: change.status }),
  reapply: reapplyQuotationDraft,
  statuses: [...QUOTATION_STATUSES, COUNTERED],
  filterNames: QUOTATION_FILTERS,
  settable: true,
  exportable: true,
});

export type AdminQuotationsContext = ContextFrom<typeof adminQuotationsMachine>;
export type AdminQuotationsEvent = EventFrom<typeof adminQuotationsMachine>;

export const openQuotation = (context: AdminQuotationsContext): Quotation | undefined => openRow(context);

/** What the sheet's form shows: the draft while there is one, else the open quotation as saved. */
export const shownQuotationDraft = (context: AdminQuotationsContext): QuotationDraft | null => shownDraft(context, quotationDraftOf);

/** The quotations the server found for the search and status (by QT number, the farmer's name or mobile). */
export const visibleQuotations = (context: AdminQuotationsContext): Quotation[] => context.rows;

/** Whether the list puts the late pending quotations first (the `sort=lateFirst` filter). */
export const lateFirst = (context: AdminQuotationsContext): boolean => context.filters.sort === 'lateFirst';

/**
 * Whether a quotation is marked late on the list: still pending past the hours the farmer was told a
 * price usually takes (`replyHours`, from the public settings; null marks none), by the list's clock.
 */
export const isLate = (context: Pick<AdminQuotationsContext, 'now'>, quotation: Pick<Quotation, 'status' | 'createdAt'>, replyHours: number | null): boolean =>
  context.now !== null && isLateQuotation(quotation.status, quotation.createdAt, context.now, replyHours);
