import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Page, PageQuery } from '../../machines/admin-list';
import type { SaveOutcome } from '../../machines/admin-sheet';
import { skuDraftChanges, skuDraftOf, skuSaveBody } from '../../machines/admin-sku-draft';
import { adminSkusMachine, openSku, shownSkuDraft, visibleSkus, type SaveSkuInput } from '../../machines/admin-skus.machine';
import type { Sku } from '../../src/domain/types';
import { controlled } from '../support/machines/controlled';
import { effectErrors } from '../support/machines/admin-controlled';
import { page, SKUS, SAVE_AT } from '../support/machines/admin-fixtures';
import { SKU_IMAGE_FILE, SKUS_CHANGED } from '../support/machines/admin-model-events';

async function loaded() {
  const load = controlled<Page<Sku>, PageQuery>();
  const save = controlled<SaveOutcome, SaveSkuInput>();
  const prepare = controlled<Blob, { file: Blob }>();
  const upload = controlled<string, { file: Blob }>();
  const actor = createActor(
    adminSkusMachine.provide({
      actors: { loadPage: load.logic, saveRow: save.logic, prepareImage: prepare.logic, uploadImage: upload.logic },
    }),
  ).start();
  await load.last().resolve(page(SKUS));
  return { actor, load, save, prepare, upload };
}

const fill = (actor: Awaited<ReturnType<typeof loaded>>['actor']) => {
  const fields = {
    name: 'Bagasse',
    description: 'Sugarcane fibre left after crushing',
    categoryName: 'Fibre',
    brandName: 'Krishi',
    availableQty: '120',
    skuQuantityUnit: 'tonne',
    minimumPrice: '1,800.50',
  } as const;
  for (const [field, value] of Object.entries(fields)) {
    actor.send({ type: 'draft.change', change: { field: field as keyof typeof fields, value } });
  }
};

describe('the admin SKUs chart', () => {
  it("fills the sheet's form with the open SKU as saved, then with the draft as typed", async () => {
    const { actor } = await loaded();
    expect(shownSkuDraft(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: 'sheet.open', id: 's2' });
    expect(openSku(actor.getSnapshot().context)).toBe(SKUS[1]);
    expect(shownSkuDraft(actor.getSnapshot().context)).toEqual(skuDraftOf(SKUS[1]!));
    actor.send({ type: 'sheet.edit' });
    actor.send({ type: 'draft.change', change: { field: 'name', value: 'Rice straw' } });
    expect(shownSkuDraft(actor.getSnapshot().context)).toEqual({ ...skuDraftOf(SKUS[1]!), name: 'Rice straw' });
  });

  it('searches name, category, brand, description and display id, ignoring case', async () => {
    const { actor } = await loaded();
    const ids = (query: string) => {
      actor.send({ type: 'search.change', query });
      return visibleSkus(actor.getSnapshot().context).map((s) => s._id);
    };
    expect(ids('STRAW')).toEqual(['s2']);
    expect(ids('coir')).toEqual(['s3']);
    expect(ids('sku1001')).toEqual(['s1']);
    expect(ids('')).toEqual(['s1', 's2', 's3']);
  });

  it('adds a SKU: Save waits for every field and the uploaded image, then posts it without a version', async () => {
    const { actor, save, prepare, upload } = await loaded();
    actor.send({ type: 'sheet.add' });
    fill(actor);
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);
    actor.send({ type: 'image.choose', file: SKU_IMAGE_FILE });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    expect(prepare.last().input.file).toBe(SKU_IMAGE_FILE);
    // Each step runs under the name the inspector shows and the model paths answer.
    expect(actor.getSnapshot().children).toHaveProperty('prepareImage');
    const resized = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await prepare.last().resolve(resized);
    expect(upload.last().input.file).toBe(resized);
    expect(actor.getSnapshot().children).toHaveProperty('uploadImage');
    // Still on its way (now uploading): the sheet shows it, and offers neither Save nor another image.
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'image.choose', file: SKU_IMAGE_FILE })).toBe(false);
    await upload.last().resolve('/api/uploads/bagasse0001');
    expect(actor.getSnapshot().hasTag('uploading')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(true);
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(save.last().input).toEqual({
      id: null,
      body: {
        name: 'Bagasse',
        description: 'Sugarcane fibre left after crushing',
        categoryName: 'Fibre',
        brandName: 'Krishi',
        image: '/api/uploads/bagasse0001',
        availableQty: 120,
        minimumPrice: 180050,
        skuQuantityUnit: 'tonne',
      },
    });
  });

  it('edits a SKU with its version and, once saved, closes the sheet and reloads', async () => {
    const { actor, load, save } = await loaded();
    actor.send({ type: 'sheet.open', id: 's2' });
    actor.send({ type: 'draft.change', change: { field: 'availableQty', value: '75' } });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(save.last().input.id).toBe('s2');
    expect(save.last().input.body).toMatchObject({ availableQty: 75, version: 1, minimumPrice: 250000 });
    await save.last().resolve({ outcome: 'saved' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
  });

  it('shows the upload failure and lets the admin choose another image', async () => {
    const { actor, prepare, upload } = await loaded();
    actor.send({ type: 'sheet.open', id: 's1' });
    actor.send({ type: 'image.choose', file: SKU_IMAGE_FILE });
    await prepare.last().resolve(SKU_IMAGE_FILE);
    await upload.last().reject({ status: 415, data: { message: 'not an image' } });
    expect(actor.getSnapshot().hasTag('uploadFailed')).toBe(true);
    expect(actor.getSnapshot().context.draft?.image).toBe(SKUS[0]!.image);
    actor.send({ type: 'image.choose', file: SKU_IMAGE_FILE });
    expect(prepare.calls).toHaveLength(2);
  });

  it('after a 409 shows the save failure with the reloaded SKU and what the admin changed', async () => {
    const { actor, load, save } = await loaded();
    actor.send({ type: 'sheet.open', id: 's1' });
    actor.send({ type: 'draft.change', change: { field: 'availableQty', value: '42' } });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    await save.last().resolve({ outcome: 'conflict' });
    await load.last().resolve(page(SKUS_CHANGED));
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    expect(skuDraftChanges(context.refused!, SKUS_CHANGED[0]!)).toEqual([{ field: 'availableQty', mine: '42', now: '500' }]);
    actor.send({ type: 'draft.reapply' });
    // The other admin's new name stands; this admin's stock is laid over it.
    expect(actor.getSnapshot().context.draft).toMatchObject({ version: 2, name: 'Groundnut shell (fine)', availableQty: '42' });
  });

  it('keeps the draft when a save fails for another reason', async () => {
    const { actor, save } = await loaded();
    actor.send({ type: 'sheet.open', id: 's1' });
    actor.send({ type: 'draft.change', change: { field: 'brandName', value: 'Khedut' } });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    await save.last().reject({ status: 500, data: { message: 'down' } });
    expect(actor.getSnapshot().matches({ sheet: { editing: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.draft?.brandName).toBe('Khedut');
  });
});

describe('the SKU draft', () => {
  it('shows the minimum price in rupees and sends it in paisa', () => {
    const draft = skuDraftOf(SKUS[0]!);
    expect(draft.minimumPrice).toBe('2500.00');
    expect(skuSaveBody(draft)).toMatchObject({ minimumPrice: 250000, availableQty: 500, version: 1 });
  });

  it('refuses a blank name, a fractional stock or an unreadable price', () => {
    const draft = skuDraftOf(SKUS[0]!);
    expect(skuSaveBody({ ...draft, name: '  ' })).toBeNull();
    expect(skuSaveBody({ ...draft, availableQty: '2.5' })).toBeNull();
    expect(skuSaveBody({ ...draft, minimumPrice: 'cheap' })).toBeNull();
  });

  it('holds the Hindi and Gujarati texts of a SKU, and an edit sends every one, "" clearing a text', () => {
    const sku: Sku = { ...SKUS[0]!, translations: { hindi: { name: 'धान का पुआल', brandName: 'पंजाब हार्वेस्ट' }, gujrati: { name: 'ડાંગરનું પરાળ', searchWords: 'પરાળ' } } };
    const draft = skuDraftOf(sku);
    expect([draft['hindi.name'], draft['hindi.description'], draft['gujrati.name'], draft['gujrati.searchWords']]).toEqual(['धान का पुआल', '', 'ડાંગરનું પરાળ', 'પરાળ']);
    const body = skuSaveBody({ ...draft, 'hindi.name': ' धान की पराली ', 'hindi.brandName': '', 'hindi.searchWords': 'पराली पुआल' });
    expect(body?.translations).toEqual({
      hindi: { name: 'धान की पराली', description: '', categoryName: '', brandName: '', searchWords: 'पराली पुआल' },
      gujrati: { name: 'ડાંગરનું પરાળ', description: '', categoryName: '', brandName: '', searchWords: 'પરાળ' },
    });
  });

  it('sends a new SKU only the translated texts filled in, and none when there are none; a translation may be blank', () => {
    const draft = { ...skuDraftOf(SKUS[0]!), version: null };
    expect(skuSaveBody(draft)).not.toHaveProperty('translations');
    expect(skuSaveBody({ ...draft, 'gujrati.name': 'શેરડીના કૂચા' })?.translations).toEqual({ gujrati: { name: 'શેરડીના કૂચા' } });
  });

  it('lists a changed translation among the refused changes after a conflict', () => {
    const base = skuDraftOf(SKUS[0]!);
    const fresh: Sku = { ...SKUS[0]!, version: 2 };
    const changes = skuDraftChanges({ mine: { ...base, 'hindi.name': 'खोई' }, base }, fresh);
    expect(changes).toEqual([{ field: 'hindi.name', mine: 'खोई', now: '' }]);
  });
});

describe('the SKUs chart without its effects', () => {
  it('fails loudly, naming the chart and each effect the web app leaves out', async () => {
    const { errors, inspect } = effectErrors();
    const bare = createActor(adminSkusMachine, { inspect }).start();
    await waitFor(bare, (snapshot) => snapshot.hasTag('fetchFailed'));
    expect(bare.getSnapshot().hasTag('fetchFailed')).toBe(true);
    expect(errors).toEqual(['adminSkus: the loadPage actor was not provided']);

    /** The chart with only its list (and, when asked, the image preparation) provided, the first SKU open, an image chosen. */
    const openWithImage = async (prepared: boolean) => {
      const loadPage = fromPromise<Page<Sku>, PageQuery>(async () => page(SKUS));
      const prepareImage = fromPromise<Blob, { file: Blob }>(async () => new Blob(['resized']));
      const actor = createActor(adminSkusMachine.provide({ actors: { loadPage, ...(prepared ? { prepareImage } : {}) } }), { inspect }).start();
      await waitFor(actor, (snapshot) => !snapshot.hasTag('loading'));
      actor.send({ type: 'sheet.open', id: 's1' });
      actor.send({ type: 'image.choose', file: SKU_IMAGE_FILE });
      await waitFor(actor, (snapshot) => !snapshot.hasTag('uploading'));
      return actor;
    };
    const unprepared = await openWithImage(false);
    expect(unprepared.getSnapshot().hasTag('uploadFailed')).toBe(true);
    unprepared.send({ type: 'sheet.save', now: SAVE_AT });
    await waitFor(unprepared, (snapshot) => !snapshot.hasTag('saving'));
    expect(unprepared.getSnapshot().hasTag('saveFailed')).toBe(true);
    await openWithImage(true);
    expect(errors.slice(1).sort()).toEqual([
      'adminSkus: the loadHistory actor was not provided',
      'adminSkus: the loadHistory actor was not provided',
      'adminSkus: the prepareImage actor was not provided',
      'adminSkus: the saveRow actor was not provided',
      'adminSkus: the uploadImage actor was not provided',
    ]);
  });
});
