/** The shop's record fixtures live in test/support/shop-fixtures.ts; sku-text.test.ts still imports them from here. */
export * from '../support/shop-fixtures';
