/**
 * The admin's draft of a quotation (SPEC §2 /admin/quotations, §6): the status and, per line, the quantity and
 * the goods price, discount and shipping as typed in rupees. Pure, so the chart, the view and the tests share it.
 */
import type { QuotationPatchBody } from '../src/domain/api';
import { paisaToRupeesInput, priceDetails, rupeesToPaisa, type PriceDetails } from '../src/domain/money';
import type { Quotation, QuotationStatus } from '../src/domain/types';
import { changesFlat, parseLineQuantity, reapplyFlat, type Refused } from './admin-sheet';

export const LINE_FIELDS = ['quantity', 'goods', 'discount', 'shipping'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export interface QuotationLineDraft {
  skuId: string;
  /** The SKU's unit, whose rule the quantity keeps (one decimal for quintal and tonne, else whole). */
  unit: string;
  quantity: string;
  goods: string;
  discount: string;
  shipping: string;
}

export interface QuotationDraft {
  /** The version the admin started from; a save carries it back (a stale one gets 409). */
  version: number;
  status: QuotationStatus;
  lines: QuotationLineDraft[];
}

export function quotationDraftOf(quotation: Quotation): QuotationDraft {
  return {
    version: quotation.version,
    status: quotation.status,
    lines: quotation.skusDetail.map((line) => ({
      skuId: line.skuIdentifier._id,
      unit: line.skuIdentifier.skuQuantityUnit,
      quantity: String(line.quantity),
      goods: paisaToRupeesInput(line.goodsPricePaisa),
      discount: paisaToRupeesInput(line.discountPaisa),
      shipping: paisaToRupeesInput(line.shippingPricePaisa),
    })),
  };
}

export const withLine = (draft: QuotationDraft, index: number, field: LineField, value: string): QuotationDraft => ({
  ...draft,
  lines: draft.lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)),
});

/** Is this field's text acceptable: a quantity its unit allows, or a rupee amount? */
export const isLineFieldValid = (line: QuotationLineDraft, field: LineField): boolean =>
  field === 'quantity' ? parseLineQuantity(line.quantity, line.unit) !== null : rupeesToPaisa(line[field]) !== null;

/**
 * `PATCH /quotations/{id}`: the full quotation with each `skuIdentifier` replaced by its id, the draft's
 * status, quantities and paisa amounts, and the version the edit started from. Null while any field is invalid.
 */
export function quotationPatchBody(quotation: Quotation, draft: QuotationDraft): QuotationPatchBody | null {
  const skusDetail: QuotationPatchBody['skusDetail'] = [];
  for (const [index, line] of quotation.skusDetail.entries()) {
    const typed = draft.lines[index];
    const quantity = parseLineQuantity(typed?.quantity ?? '', line.skuIdentifier.skuQuantityUnit);
    const goodsPricePaisa = rupeesToPaisa(typed?.goods ?? '');
    const discountPaisa = rupeesToPaisa(typed?.discount ?? '');
    const shippingPricePaisa = rupeesToPaisa(typed?.shipping ?? '');
    if (quantity === null || goodsPricePaisa === null || discountPaisa === null || shippingPricePaisa === null) {
      return null;
    }
    skusDetail.push({ skuIdentifier: line.skuIdentifier._id, quantity, goodsPricePaisa, discountPaisa, shippingPricePaisa });
  }
  return {
    _id: quotation._id,
    quotationDisplayId: quotation.quotationDisplayId,
    status: draft.status,
    image: quotation.image,
    skusDetail,
    orderStatus: quotation.orderStatus,
    // No delivery code: the admin's answers never carry it (it is the farmer's to give at the handover).
    amountPaidPaisa: quotation.amountPaidPaisa,
    version: draft.version,
    createdAt: quotation.createdAt,
    updatedAt: quotation.updatedAt,
  };
}

/** The live totals of the draft; a field still being typed counts as zero until it reads as an amount. */
export function draftPriceDetails(draft: QuotationDraft): PriceDetails {
  return priceDetails(
    draft.lines.map((line) => ({
      goodsPricePaisa: rupeesToPaisa(line.goods) ?? 0,
      discountPaisa: rupeesToPaisa(line.discount) ?? 0,
      shippingPricePaisa: rupeesToPaisa(line.shipping) ?? 0,
    })),
  );
}

/** One line's total as typed: goods + shipping − discount. */
export const draftLineTotalPaisa = (line: QuotationLineDraft): number =>
  draftPriceDetails({ version: 0, status: 'PENDING', lines: [line] }).totalPaisa;

export interface DraftChange {
  /** Index of the line in the reloaded quotation, or null for the status. */
  line: number | null;
  field: 'status' | LineField;
  mine: string;
  now: string;
}

const sameValueIn =
  (unit: string) =>
  (field: LineField, a: string, b: string): boolean => {
    const parse = field === 'quantity' ? (text: string) => parseLineQuantity(text, unit) : rupeesToPaisa;
    const [x, y] = [parse(a), parse(b)];
    return x !== null && y !== null ? x === y : a.trim() === b.trim();
  };

const lineOf = (draft: QuotationDraft, skuId: string) => draft.lines.find((line) => line.skuId === skuId);

/** The admin's own changes (their draft against where they started) laid over the reloaded quotation. */
export function reapplyQuotationDraft(refused: Refused<QuotationDraft>, fresh: Quotation): QuotationDraft {
  const now = quotationDraftOf(fresh);
  return {
    ...now,
    status: refused.mine.status !== refused.base.status ? refused.mine.status : now.status,
    lines: now.lines.map((line) => {
      const mine = lineOf(refused.mine, line.skuId);
      const base = lineOf(refused.base, line.skuId);
      return mine && base ? reapplyFlat({ base, mine }, line, LINE_FIELDS, sameValueIn(line.unit)) : line;
    }),
  };
}

/** Each value the admin changed, with what they typed and what the reloaded quotation holds now. */
export function quotationDraftChanges(refused: Refused<QuotationDraft>, fresh: Quotation): DraftChange[] {
  const now = quotationDraftOf(fresh);
  const changes: DraftChange[] = [];
  if (refused.mine.status !== refused.base.status) {
    changes.push({ line: null, field: 'status', mine: refused.mine.status, now: now.status });
  }
  now.lines.forEach((line, index) => {
    const mine = lineOf(refused.mine, line.skuId);
    const base = lineOf(refused.base, line.skuId);
    if (!mine || !base) return;
    for (const change of changesFlat({ base, mine }, line, LINE_FIELDS, sameValueIn(line.unit))) {
      changes.push({ line: index, ...change });
    }
  });
  return changes;
}
