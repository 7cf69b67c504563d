/**
 * /admin/skus (SPEC §2, §3 SKU, §7, §8): every SKU with a search; Add or a tap on a SKU opens the bottom sheet
 * ready to edit every field. A chosen image is resized and uploaded (`POST /api/uploads`, kind sku) before
 * Save can send `POST /skus` or `PATCH /skus/{id}`.
 *
 * The chart is `adminSheetList` (machines/admin-list.ts), the shape every admin list shares: load, search,
 * open the sheet (sheet.open), edit (draft.change), save (sheet.save), 409 → reload → conflict → re-apply
 * (draft.reapply) or start over (sheet.edit). What is the SKUs' own: the list loads whole and is searched on
 * the phone as the admin types (by name, category, brand or SKU number); a sheet opens straight into its
 * form; Add (sheet.add) opens an empty one, saved with `POST /skus`; an image is chosen into the draft
 * (image.choose: editing.preparingImage ──> editing.uploadingImage ──> editing.fresh, or editing.uploadFailed).
 * An opened SKU's audit trail (`GET /skus/{id}/history`) loads for as long as its sheet is open; a new
 * SKU has none.
 */
import type { ContextFrom, EventFrom } from 'xstate';
import type { SkuBody, SkuPatchBody } from '../src/domain/api';
import { matchesSearch } from '../src/domain/search';
import type { Sku } from '../src/domain/types';
import { adminSheetList, listedRows, openRow, shownDraft, type SaveRowInput } from './admin-list';
import { matchesId } from './admin-sheet';
import { EMPTY_SKU_DRAFT, reapplySkuDraft, skuDraftOf, skuSaveBody, type SkuDraft, type SkuField } from './admin-sku-draft';

/** One change the admin makes in the sheet's form: one field as typed. */
export interface SkuChange {
  field: SkuField;
  value: string;
}

/** Null creates (`POST /skus`); an id updates (`PATCH /skus/{id}`). */
export type SaveSkuInput = SaveRowInput<SkuBody | SkuPatchBody, string | null>;

/** The phone's search: name, category or brand (as the farmer's catalogue searches), or the SKU number. */
const skuMatches = (sku: Sku, query: string): boolean => matchesSearch(sku, query) || matchesId(sku, sku.skuDisplayId, query);

export const adminSkusMachine = adminSheetList<Sku, SkuDraft, SkuBody | SkuPatchBody, never, SkuChange, string | null>({
  id: 'adminSkus',
  displayIdOf: (sku) => sku.skuDisplayId,
  draftOf: skuDraftOf,
  bodyOf: (_, draft) => skuSaveBody(draft),
  change: (draft, change) => ({ ...draft, [change.field]: change.value }),
  reapply: reapplySkuDraft,
  matches: skuMatches,
  opensInto: 'editing',
  newDraft: EMPTY_SKU_DRAFT,
  withImage: (draft, url) => ({ ...draft, image: url }),
});

export type AdminSkusContext = ContextFrom<typeof adminSkusMachine>;
export type AdminSkusEvent = EventFrom<typeof adminSkusMachine>;

export const openSku = (context: AdminSkusContext): Sku | undefined => openRow(context);

/** What the sheet's form shows: the draft while there is one, else the open SKU as saved. */
export const shownSkuDraft = (context: AdminSkusContext): SkuDraft | null => shownDraft(context, skuDraftOf);

/** The SKUs the search shows (by name, category, brand or SKU number). */
export const visibleSkus = (context: AdminSkusContext): Sku[] => listedRows(context, skuMatches);
