/** The admin SKUs chart loads a saved SKU's audit trail while its sheet is open, so the admin sees who changed what before saving again; a new SKU has none. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Page, PageQuery } from '../../machines/admin-list';
import type { SaveOutcome } from '../../machines/admin-sheet';
import { adminSkusMachine, type SaveSkuInput } from '../../machines/admin-skus.machine';
import type { AuditEntry, Sku } from '../../src/domain/types';
import { controlled } from '../support/machines/controlled';

import { page, SKUS } from '../support/machines/admin-fixtures';
import { HISTORY } from '../support/machines/admin-model-events';

async function loaded() {
  const load = controlled<Page<Sku>, PageQuery>();
  const history = controlled<AuditEntry[], { id: string }>();
  const actor = createActor(
    adminSkusMachine.provide({
      actors: {
        loadPage: load.logic,
        saveRow: controlled<SaveOutcome, SaveSkuInput>().logic,
        prepareImage: controlled<Blob, { file: Blob }>().logic,
        uploadImage: controlled<string, { file: Blob }>().logic,
        loadHistory: history.logic,
      },
    }),
  ).start();
  await load.last().resolve(page(SKUS));
  return { actor, history };
}

describe('the SKU history in the admin SKUs chart', () => {
  it("loads the open SKU's history by its id, and starts afresh for the next SKU", async () => {
    const { actor, history } = await loaded();
    actor.send({ type: 'sheet.open', id: SKUS[0]!._id });
    expect(history.last().input).toEqual({ id: SKUS[0]!._id });
    expect(actor.getSnapshot().context.history).toBeNull();
    await history.last().resolve(HISTORY);
    expect(actor.getSnapshot().context.history).toEqual(HISTORY);

    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'sheet.open', id: SKUS[1]!._id });
    expect(history.last().input).toEqual({ id: SKUS[1]!._id });
    expect(actor.getSnapshot().context).toMatchObject({ history: null, historyFailed: false });
    await history.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.historyFailed).toBe(true);
    expect(actor.getSnapshot().matches({ sheet: { editing: 'fresh' } })).toBe(true);
  });

  it("asks nothing for a new SKU, and drops a closed sheet's late answer", async () => {
    const { actor, history } = await loaded();
    actor.send({ type: 'sheet.add' });
    expect(history.calls).toHaveLength(0);
    expect(actor.getSnapshot().context).toMatchObject({ history: [], historyFailed: false });
    actor.send({ type: 'sheet.close' });

    actor.send({ type: 'sheet.open', id: SKUS[0]!._id });
    const late = history.last();
    actor.send({ type: 'sheet.close' });
    expect(actor.getSnapshot().children).not.toHaveProperty('history');
    // The first SKU's answer arrives while the next SKU's sheet is open: it is not that SKU's history.
    actor.send({ type: 'sheet.open', id: SKUS[1]!._id });
    await late.resolve(HISTORY);
    expect(actor.getSnapshot().context.history).toBeNull();
    await history.last().resolve([]);
    expect(actor.getSnapshot().context.history).toEqual([]);
  });
});
