import type { Rolldown } from 'vite';

/**
 * The boot's chunks (main.tsx): XState with the session's charts, the other charts, the app's logic,
 * the shell; React DOM is a chunk of its own. A few chunks rather than one per module: fewer
 * requests, better compression. Only the named modules (not what they import, which the entry may
 * need first).
 */
export const codeSplitting = {
  includeDependenciesRecursively: false,
  groups: [
    // XState, the session's charts and the domain rules the charts use (the entry's own:
    // types, constants and routes, stay in it).
    { name: 'charts-core', test: /[\\/]node_modules[\\/]xstate[\\/]|[\\/]machines[\\/](?:session|otp-login|registration|screen-charts)[.-]|[\\/]src[\\/]domain[\\/](?!types\.|constants\.|routes\.|analytics\.|statechart-mermaid\.)[\w-]+\.ts$/ },
    // The admin screens' charts: loaded with the first admin screen, never on a farmer's phone.
    { name: 'charts-admin', test: /[\\/]machines[\\/](?:admin-charts|admin-dashboard(?:\.machine)?|admin-(?:users|skus|quotations|orders)\.machine|admin-(?:quotation|sku)-draft|problem-close\.machine)\.ts$/ },
    // The other charts: the farmer's shop and screens (with admin-list and admin-sheet, the
    // paging helpers the farmer's quotation list uses too). Not the selectors and charts only one
    // screen opened later uses (read aloud, share, reporting a problem, the analyst's view): they
    // travel with that screen's script.
    { name: 'charts-rest', test: /[\\/]machines[\\/](?!app\.machine|outbox\.machine|analyst-view|read-aloud|share-summary|problem-report\.machine|session|otp-login|registration|screen-charts|admin-charts|admin-dashboard|problem-close\.machine|admin-(?:users|skus|quotations|orders)\.machine|admin-(?:quotation|sku)-draft)[\w.-]+\.ts$/ },
    // The last two boot steps: the app chart with its real effects (and the router, whose
    // navigate it calls), and the shell. No cycle between them: the shell imports the logic,
    // not back (a cycle left wouter's default location hook undefined when the shell ran).
    { name: 'boot-logic', test: /[\\/]machines[\\/]app\.machine|[\\/]src[\\/]web[\\/](?:boot-logic|app-logic|api[\\/]|shop[\\/]actors|onboarding[\\/]browser-actors|shell[\\/]browser-storage)|[\\/]node_modules[\\/](?:ofetch|destr|ufo|wouter|regexparam|use-sync-external-store)[\\/]/ },
    { name: 'boot-shell', test: /[\\/]src[\\/]web[\\/](?:app\.tsx|app-context|boot-render|styles\.css|shell[\\/](?:boot-splash|offline-line|use-actors|use-connection|route-sync|error-screen|transition-tap|help-improve)|i18n[\\/](?:i18n-provider|use-messages))|[\\/]node_modules[\\/](?:@xstate[\\/]react|use-isomorphic-layout-effect|react-intl|@formatjs|intl-messageformat)[\\/]|[\\/]node_modules[\\/]react[\\/](?:jsx-runtime|cjs[\\/]react-jsx-runtime)/ },
  ],
} satisfies Rolldown.CodeSplittingOptions;

/**
 * Admin screens and the admin texts under assets/admin/: the service worker precaches every farmer
 * screen but none of these (a farmer's phone never needs them). The farmer's texts as
 * assets/messages-<locale>-[hash].js.
 */
export const chunkFileNames: Rolldown.ChunkFileNamesFunction = (chunk) => {
  const id = chunk.facadeModuleId ?? '';
  if (chunk.name === 'charts-admin') return 'assets/admin/[name]-[hash].js';
  if (/[/\\]src[/\\]web[/\\]admin[/\\]|virtual:messages\/\w+\/admin/.test(id)) return 'assets/admin/[name]-[hash].js';
  const messages = /virtual:messages\/(\w+)\/app/.exec(id);
  return messages ? `assets/messages-${messages[1]}-[hash].js` : 'assets/[name]-[hash].js';
};
