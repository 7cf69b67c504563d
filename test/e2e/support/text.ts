/** The browser journeys' text helpers live in test/support/e2e/text.ts; pwa.e2e.test.ts and scripts/ still import them from here. */
export * from '../../support/e2e/text';
