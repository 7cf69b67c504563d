/**
 * /admin/quotations (SPEC §2, §6, §8): every quotation, searched on the server by its QT number, the farmer's
 * name or mobile (machines/admin-list.ts: debounced, paged); one opens in a bottom sheet, read-only
 * until the admin taps Edit; the status (any of the five) and each line's quantity, goods price, discount and
 * shipping are edited in rupees; Update sends the full quotation in paisa.
 *
 *   loading ─┬─> browsing ──open──> sheet.viewing ──edit──> sheet.editing ──save──> sheet.saving
 *            └─> loadFailed ──reload──> loading
 *   browsing: idle ──more──> more (next page appended); search → debouncing ──500 ms──> loading
 *   saving: saved → loading (the list reloads, the sheet closes); 409 → sheet.reloading (found again by
 *   its number) → sheet.conflict
 *   (the reloaded quotation, 'Failed to save quotation.', and the admin's own changes to re-apply); any other
 *   failure → sheet.editing.failed with the draft intact.
 * Update is enabled exactly when `can({ type: 'quotation.save' })`: in editing, with every field readable.
 */
import { assign, setup } from 'xstate';
import type { QuotationPatchBody } from '../src/domain/api';
import type { AuditEntry, Quotation, QuotationStatus } from '../src/domain/types';
import { firstPage, nextPage, refreshRows, SEARCH_DELAY_MS, type Page, type PageQuery } from './admin-list';
import {
  quotationDraftOf,
  quotationPatchBody,
  reapplyQuotationDraft,
  withLine,
  type LineField,
  type QuotationDraft,
} from './admin-quotation-draft';
import { notProvided, wasConflict, type Refused, type SaveOutcome } from './admin-sheet';

export interface AdminQuotationsContext {
  quotations: Quotation[];
  /** The next page's cursor (null at the end) and how many quotations the search finds in all. */
  nextCursor: string | null;
  total: number;
  query: string;
  openId: string | null;
  /** The open quotation's audit trail, oldest first (null while it loads), and whether it failed to load. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
  draft: QuotationDraft | null;
  /** The values the current edit started from: what the admin changed is the draft's difference to them. */
  editBase: QuotationDraft | null;
  /** The save a 409 refused, kept beside the reloaded quotation until re-applied or dropped. */
  refused: Refused<QuotationDraft> | null;
}

export type AdminQuotationsEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.reload' }
  | { type: 'list.more' }
  | { type: 'quotation.open'; id: string }
  | { type: 'sheet.close' }
  | { type: 'quotation.edit' }
  | { type: 'draft.status'; status: QuotationStatus }
  | { type: 'draft.line'; index: number; field: LineField; value: string }
  | { type: 'quotation.save' }
  | { type: 'draft.reapply' };

export interface SaveQuotationInput {
  id: string;
  body: QuotationPatchBody;
}

const CHART = 'adminQuotations';

export const openQuotation = (context: AdminQuotationsContext): Quotation | undefined =>
  context.quotations.find((q) => q._id === context.openId);

/** What the sheet's form shows: the draft while there is one, else the open quotation as saved. */
export const shownQuotationDraft = (context: AdminQuotationsContext): QuotationDraft | null => {
  const quotation = openQuotation(context);
  return context.draft ?? (quotation ? quotationDraftOf(quotation) : null);
};

/** The quotations the server found for the search (by QT number, the farmer's name or mobile). */
export const visibleQuotations = (context: AdminQuotationsContext): Quotation[] => context.quotations;

const bodyOf = (context: AdminQuotationsContext): QuotationPatchBody | null => {
  const quotation = openQuotation(context);
  return quotation && context.draft ? quotationPatchBody(quotation, context.draft) : null;
};

export const adminQuotationsMachine = setup({
  types: {
    context: {} as AdminQuotationsContext,
    events: {} as AdminQuotationsEvent,
    tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'fetchFailed' | 'saving' | 'saveFailed' | 'editing',
  },
  actors: {
    loadQuotations: notProvided<Page<Quotation>, PageQuery>(CHART, 'loadQuotations'),
    saveQuotation: notProvided<SaveOutcome, SaveQuotationInput>(CHART, 'saveQuotation'),
    /** `GET /quotations/{id}/history`: who changed what, and when. */
    loadHistory: notProvided<AuditEntry[], { id: string }>(CHART, 'loadHistory'),
  },
  guards: {
    isListed: ({ context, event }) =>
      event.type === 'quotation.open' && visibleQuotations(context).some((q) => q._id === event.id),
    draftIsComplete: ({ context }) => bodyOf(context) !== null,
    wasConflict: (_, output: SaveOutcome) => wasConflict(output),
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
  actions: {
    setFirstPage: assign((_, page: Page<Quotation>) => {
      const { rows, nextCursor, total } = firstPage(page);
      return { quotations: rows, nextCursor, total };
    }),
    appendPage: assign(({ context }, page: Page<Quotation>) => {
      const { rows, nextCursor, total } = nextPage(context.quotations, page);
      return { quotations: rows, nextCursor, total };
    }),
    refreshQuotations: assign({ quotations: ({ context }, page: Page<Quotation>) => refreshRows(context.quotations, page) }),
    setQuery: assign({ query: ({ event }) => (event.type === 'search.change' ? event.query : '') }),
    openSheet: assign({ openId: ({ event }) => (event.type === 'quotation.open' ? event.id : null), history: null, historyFailed: false }),
    setHistory: assign({ history: (_, history: AuditEntry[]) => history }),
    markHistoryFailed: assign({ historyFailed: true }),
    closeSheet: assign({ openId: null, draft: null, editBase: null, refused: null }),
    startDraft: assign(({ context }) => {
      const quotation = openQuotation(context);
      const draft = quotation ? quotationDraftOf(quotation) : null;
      return { draft, editBase: draft, refused: null };
    }),
    setDraftStatus: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'draft.status' ? { ...context.draft, status: event.status } : context.draft,
    }),
    setDraftLine: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'draft.line'
          ? withLine(context.draft, event.index, event.field, event.value)
          : context.draft,
    }),
    keepRefusedDraft: assign(({ context }) => ({
      refused: context.draft && context.editBase ? { base: context.editBase, mine: context.draft } : null,
      draft: null,
    })),
    reapplyRefusedDraft: assign(({ context }) => {
      const quotation = openQuotation(context);
      if (!quotation || !context.refused) return { refused: null };
      return { draft: reapplyQuotationDraft(context.refused, quotation), editBase: quotationDraftOf(quotation), refused: null };
    }),
  },
}).createMachine({
  id: 'adminQuotations',
  context: { quotations: [], nextCursor: null, total: 0, query: '', openId: null, history: null, historyFailed: false, draft: null, editBase: null, refused: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadQuotations',
        src: 'loadQuotations',
        input: ({ context }) => ({ q: context.query, cursor: null }),
        onDone: { target: 'browsing', actions: { type: 'setFirstPage', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
      on: { 'search.change': { target: 'browsing.debouncing', actions: 'setQuery' } },
    },
    loadFailed: {
      tags: ['fetchFailed'],
      on: { 'list.reload': 'loading', 'search.change': { target: 'browsing.debouncing', actions: 'setQuery' } },
    },
    browsing: {
      initial: 'idle',
      on: {
        'search.change': { target: '.debouncing', reenter: true, actions: 'setQuery' },
        'quotation.open': { guard: 'isListed', target: 'sheet', actions: 'openSheet' },
      },
      states: {
        idle: { on: { 'list.more': { guard: 'hasMore', target: 'more' } } },
        debouncing: { after: { SEARCH_DELAY: '#adminQuotations.loading' } },
        more: {
          tags: ['loadingMore'],
          invoke: {
            id: 'moreQuotations',
            src: 'loadQuotations',
            input: ({ context }) => ({ q: context.query, cursor: context.nextCursor }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            onError: 'moreFailed',
          },
        },
        moreFailed: { tags: ['moreFailed'], on: { 'list.more': 'more' } },
      },
    },
    sheet: {
      initial: 'viewing',
      // The audit trail shows under the form for as long as the sheet is open.
      invoke: {
        id: 'quotationHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: { actions: { type: 'setHistory', params: ({ event }) => event.output } },
        onError: { actions: 'markHistoryFailed' },
      },
      states: {
        viewing: {
          on: {
            'quotation.edit': { target: 'editing', actions: 'startDraft' },
            'sheet.close': { target: '#adminQuotations.browsing', actions: 'closeSheet' },
          },
        },
        editing: {
          tags: ['editing'],
          initial: 'fresh',
          states: {
            fresh: {},
            // A save failed for a reason other than a stale version: the draft stays for another try.
            failed: { tags: ['saveFailed'] },
          },
          on: {
            'draft.status': { actions: 'setDraftStatus' },
            'draft.line': { actions: 'setDraftLine' },
            'quotation.save': { guard: 'draftIsComplete', target: 'saving' },
            'sheet.close': { target: '#adminQuotations.browsing', actions: 'closeSheet' },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveQuotation',
            src: 'saveQuotation',
            input: ({ context }) => ({ id: context.openId!, body: bodyOf(context)! }),
            onDone: [
              {
                guard: { type: 'wasConflict', params: ({ event }) => event.output },
                target: 'reloading',
                actions: 'keepRefusedDraft',
              },
              { target: '#adminQuotations.loading', actions: 'closeSheet' },
            ],
            onError: 'editing.failed',
          },
        },
        reloading: {
          tags: ['saving'],
          invoke: {
            id: 'reloadQuotations',
            src: 'loadQuotations',
            input: ({ context }) => ({ q: openQuotation(context)?.quotationDisplayId ?? '', cursor: null }),
            onDone: { target: 'conflict', actions: { type: 'refreshQuotations', params: ({ event }) => event.output } },
            // Without the reloaded item the refused draft goes back into the form, so nothing typed is lost.
            onError: { target: 'editing.failed', actions: 'reapplyRefusedDraft' },
          },
        },
        conflict: {
          tags: ['saveFailed'],
          on: {
            'draft.reapply': { target: 'editing', actions: 'reapplyRefusedDraft' },
            'quotation.edit': { target: 'editing', actions: 'startDraft' },
            'sheet.close': { target: '#adminQuotations.browsing', actions: 'closeSheet' },
          },
        },
      },
    },
  },
});
