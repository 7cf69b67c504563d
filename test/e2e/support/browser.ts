/** The browser journeys' browser helpers live in test/support/e2e/browser.ts; pwa.e2e.test.ts and scripts/ still import them from here. */
export * from '../../support/e2e/browser';
