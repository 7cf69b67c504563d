import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cachedQuotation, quotationStoreMachine } from '../../machines/quotation-store.machine';
import { quotation } from '../support/shop-fixtures';

const first = quotation();
const second = quotation({ _id: 'q-2', quotationDisplayId: 'QT100002' });

describe('quotation store', () => {
  it('starts from the restored slice, set replaces, update replaces by _id or appends, empty resets', () => {
    const actor = createActor(quotationStoreMachine, { input: { quotations: [first] } }).start();
    const list = () => actor.getSnapshot().context.quotations;
    expect(list()).toEqual([first]);
    actor.send({ type: 'quotations.set', quotations: [second] });
    expect(list()).toEqual([second]);
    actor.send({ type: 'quotations.update', quotation: { ...second, status: 'COMPLETED' } });
    actor.send({ type: 'quotations.update', quotation: first });
    expect(list().map((q) => `${q._id}:${q.status}`)).toEqual(['q-2:COMPLETED', 'q-1:PENDING']);
    actor.send({ type: 'quotations.empty' });
    expect(list()).toEqual([]);
  });

  it('replaces only the quotation an update names', () => {
    const third = quotation({ _id: 'q-3', quotationDisplayId: 'QT100003' });
    const actor = createActor(quotationStoreMachine, { input: { quotations: [first, second, third] } }).start();
    actor.send({ type: 'quotations.update', quotation: { ...second, status: 'COMPLETED' } });
    expect(actor.getSnapshot().context.quotations).toEqual([first, { ...second, status: 'COMPLETED' }, third]);
  });

  it('starts empty when nothing was restored', () => {
    const actor = createActor(quotationStoreMachine, { input: undefined }).start();
    expect(actor.getSnapshot().context.quotations).toEqual([]);
  });

  it('finds a cached quotation by its internal or its display id', () => {
    expect(cachedQuotation([first, second], 'q-2')).toBe(second);
    expect(cachedQuotation([first, second], 'QT100001')).toBe(first);
    expect(cachedQuotation([first], 'QT9')).toBeNull();
  });
});
