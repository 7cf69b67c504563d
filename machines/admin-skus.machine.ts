/**
 * /admin/skus (SPEC §2, §3 SKU, §7, §8): every SKU with a search; Add or a tap on a SKU opens the bottom sheet
 * ready to edit every field. A chosen image is resized and uploaded (`POST /api/uploads`, kind sku) before
 * Save can send `POST /skus` or `PATCH /skus/{id}`.
 *
 *   loading ─┬─> browsing ──add/open──> sheet.editing ──save──> sheet.saving
 *            └─> loadFailed ──reload──> loading
 *   sheet.editing: ready ──choose──> preparingImage ──> uploadingImage ──> ready (or uploadFailed);
 *                  failed (the last save failed, the draft stays)
 *   saving: saved → loading (the list reloads, the sheet closes); 409 → sheet.reloading → sheet.conflict
 *   (the reloaded SKU, 'Failed to save SKU.', and the admin's own changes to re-apply); other failure → editing.failed.
 *   An opened SKU's audit trail (`GET /skus/{id}/history`) loads for as long as its sheet is open; a new
 *   SKU has none.
 */
import { assertEvent, assign, enqueueActions, setup, stopChild } from 'xstate';
import type { SkuBody, SkuPatchBody } from '../src/domain/api';
import { matchesSearch } from '../src/domain/search';
import type { AuditEntry, Sku } from '../src/domain/types';
import { matchesId, notProvided, wasConflict, type Refused, type SaveOutcome } from './admin-sheet';
import { EMPTY_SKU_DRAFT, reapplySkuDraft, skuDraftOf, skuSaveBody, type SkuDraft, type SkuField } from './admin-sku-draft';

export interface AdminSkusContext {
  skus: Sku[];
  query: string;
  /** The SKU being edited; null while adding a new one. */
  openId: string | null;
  draft: SkuDraft | null;
  /** The values the current edit started from: what the admin changed is the draft's difference to them. */
  editBase: SkuDraft | null;
  /** The save a 409 refused, kept beside the reloaded SKU until re-applied or dropped. */
  refused: Refused<SkuDraft> | null;
  /** The resized image between its preparation and its upload. */
  preparedImage: Blob | null;
  /** The open SKU's audit trail: null while it loads; a new SKU's is empty. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
}

export type AdminSkusEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.reload' }
  | { type: 'sku.add' }
  | { type: 'sku.open'; id: string }
  | { type: 'sheet.close' }
  | { type: 'draft.field'; field: SkuField; value: string }
  | { type: 'image.choose'; file: Blob }
  | { type: 'sku.save' }
  | { type: 'sku.edit' }
  | { type: 'draft.reapply' }
  // The answers of the open SKU's history (spawned only for a saved SKU, so declared here).
  | { type: 'xstate.done.actor.skuHistory'; output: AuditEntry[] }
  | { type: 'xstate.error.actor.skuHistory'; error: unknown };

export interface SaveSkuInput {
  /** Null creates (`POST /skus`); an id updates (`PATCH /skus/{id}`). */
  id: string | null;
  body: SkuBody | SkuPatchBody;
}

const CHART = 'adminSkus';

export const openSku = (context: AdminSkusContext): Sku | undefined => context.skus.find((s) => s._id === context.openId);

/** What the sheet's form shows: the draft while there is one, else the open SKU as saved. */
export const shownSkuDraft = (context: AdminSkusContext): SkuDraft | null => {
  const sku = openSku(context);
  return context.draft ?? (sku ? skuDraftOf(sku) : null);
};

export const visibleSkus = (context: AdminSkusContext): Sku[] =>
  context.skus.filter((sku) => matchesSearch(sku, context.query) || matchesId(sku, sku.skuDisplayId, context.query));

const readyToSave = { guard: 'draftIsComplete', target: '#adminSkus.sheet.saving' } as const;
const chooseImage = { target: '#adminSkus.sheet.editing.preparingImage' } as const;

export const adminSkusMachine = setup({
  types: {
    context: {} as AdminSkusContext,
    events: {} as AdminSkusEvent,
    tags: {} as 'loading' | 'fetchFailed' | 'saving' | 'saveFailed' | 'editing' | 'uploading' | 'uploadFailed',
  },
  actors: {
    loadSkus: notProvided<Sku[]>(CHART, 'loadSkus'),
    saveSku: notProvided<SaveOutcome, SaveSkuInput>(CHART, 'saveSku'),
    prepareSkuImage: notProvided<Blob, { file: Blob }>(CHART, 'prepareSkuImage'),
    uploadSkuImage: notProvided<string, { file: Blob }>(CHART, 'uploadSkuImage'),
    /** `GET /skus/{id}/history`: who changed what, and when. */
    loadHistory: notProvided<AuditEntry[], { id: string }>(CHART, 'loadHistory'),
  },
  guards: {
    isListed: ({ context, event }) => event.type === 'sku.open' && visibleSkus(context).some((s) => s._id === event.id),
    draftIsComplete: ({ context }) => context.draft !== null && skuSaveBody(context.draft) !== null,
    wasConflict: (_, output: SaveOutcome) => wasConflict(output),
  },
  actions: {
    setSkus: assign({ skus: (_, skus: Sku[]) => skus }),
    setQuery: assign({ query: ({ event }) => (event.type === 'search.change' ? event.query : '') }),
    startNewDraft: assign({ openId: null, draft: EMPTY_SKU_DRAFT, editBase: EMPTY_SKU_DRAFT, refused: null, history: [], historyFailed: false }),
    openSheet: assign(({ context, event }) => {
      const sku = event.type === 'sku.open' ? context.skus.find((s) => s._id === event.id) : undefined;
      const draft = sku ? skuDraftOf(sku) : null;
      return { openId: sku?._id ?? null, draft, editBase: draft, refused: null, history: null, historyFailed: false };
    }),
    /** An opened SKU's history loads while its sheet is open (a new SKU has none to load). */
    loadOpenHistory: enqueueActions(({ context, enqueue }) => {
      if (context.openId !== null) enqueue.spawnChild('loadHistory', { id: 'skuHistory', input: { id: context.openId } });
    }),
    stopHistory: stopChild('skuHistory'),
    setHistory: assign({ history: (_, history: AuditEntry[]) => history }),
    markHistoryFailed: assign({ historyFailed: true }),
    closeSheet: assign({ openId: null, draft: null, editBase: null, refused: null }),
    startDraftFromReloaded: assign(({ context }) => {
      const sku = openSku(context);
      const draft = sku ? skuDraftOf(sku) : null;
      return { draft, editBase: draft, refused: null };
    }),
    setDraftField: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'draft.field' ? { ...context.draft, [event.field]: event.value } : context.draft,
    }),
    holdPreparedImage: assign({ preparedImage: (_, image: Blob) => image }),
    setDraftImage: assign({
      draft: ({ context }, url: string) => (context.draft ? { ...context.draft, image: url } : context.draft),
      preparedImage: null,
    }),
    keepRefusedDraft: assign(({ context }) => ({
      refused: context.draft && context.editBase ? { base: context.editBase, mine: context.draft } : null,
      draft: null,
    })),
    reapplyRefusedDraft: assign(({ context }) => {
      const sku = openSku(context);
      if (!sku || !context.refused) return { refused: null };
      return { draft: reapplySkuDraft(context.refused, sku), editBase: skuDraftOf(sku), refused: null };
    }),
  },
}).createMachine({
  id: 'adminSkus',
  context: { skus: [], query: '', openId: null, draft: null, editBase: null, refused: null, preparedImage: null, history: null, historyFailed: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSkus',
        src: 'loadSkus',
        onDone: { target: 'browsing', actions: { type: 'setSkus', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      tags: ['fetchFailed'],
      on: { 'list.reload': 'loading' },
    },
    browsing: {
      on: {
        'search.change': { actions: 'setQuery' },
        'sku.add': { target: 'sheet', actions: 'startNewDraft' },
        'sku.open': { guard: 'isListed', target: 'sheet', actions: 'openSheet' },
      },
    },
    sheet: {
      initial: 'editing',
      entry: 'loadOpenHistory',
      exit: 'stopHistory',
      on: {
        'xstate.done.actor.skuHistory': { actions: { type: 'setHistory', params: ({ event }) => event.output } },
        'xstate.error.actor.skuHistory': { actions: 'markHistoryFailed' },
      },
      states: {
        editing: {
          tags: ['editing'],
          initial: 'ready',
          on: {
            'draft.field': { actions: 'setDraftField' },
            'sheet.close': { target: '#adminSkus.browsing', actions: 'closeSheet' },
          },
          states: {
            ready: { on: { 'image.choose': chooseImage, 'sku.save': readyToSave } },
            // The last save failed for a reason other than a stale version: the draft stays for another try.
            failed: { tags: ['saveFailed'], on: { 'image.choose': chooseImage, 'sku.save': readyToSave } },
            // The chosen file is resized and re-encoded first (SPEC §5), then uploaded (kind sku).
            preparingImage: {
              tags: ['uploading'],
              invoke: {
                id: 'prepareSkuImage',
                src: 'prepareSkuImage',
                input: ({ event }) => {
                  assertEvent(event, 'image.choose');
                  return { file: event.file };
                },
                onDone: { target: 'uploadingImage', actions: { type: 'holdPreparedImage', params: ({ event }) => event.output } },
                onError: 'uploadFailed',
              },
            },
            uploadingImage: {
              tags: ['uploading'],
              invoke: {
                id: 'uploadSkuImage',
                src: 'uploadSkuImage',
                input: ({ context }) => ({ file: context.preparedImage! }),
                onDone: { target: 'ready', actions: { type: 'setDraftImage', params: ({ event }) => event.output } },
                onError: 'uploadFailed',
              },
            },
            uploadFailed: { tags: ['uploadFailed'], on: { 'image.choose': chooseImage, 'sku.save': readyToSave } },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveSku',
            src: 'saveSku',
            input: ({ context }) => ({ id: context.openId, body: skuSaveBody(context.draft!)! }),
            onDone: [
              {
                guard: { type: 'wasConflict', params: ({ event }) => event.output },
                target: 'reloading',
                actions: 'keepRefusedDraft',
              },
              { target: '#adminSkus.loading', actions: 'closeSheet' },
            ],
            onError: 'editing.failed',
          },
        },
        reloading: {
          tags: ['saving'],
          invoke: {
            id: 'reloadSkus',
            src: 'loadSkus',
            onDone: { target: 'conflict', actions: { type: 'setSkus', params: ({ event }) => event.output } },
            // Without the reloaded SKU the refused draft goes back into the form, so nothing typed is lost.
            onError: { target: 'editing.failed', actions: 'reapplyRefusedDraft' },
          },
        },
        conflict: {
          tags: ['saveFailed'],
          on: {
            'draft.reapply': { target: 'editing', actions: 'reapplyRefusedDraft' },
            'sku.edit': { target: 'editing', actions: 'startDraftFromReloaded' },
            'sheet.close': { target: '#adminSkus.browsing', actions: 'closeSheet' },
          },
        },
      },
    },
  },
});
