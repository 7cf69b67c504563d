/** The browser journeys' api helpers live in test/support/e2e/api.ts; pwa.e2e.test.ts and scripts/ still import them from here. */
export * from '../../support/e2e/api';
