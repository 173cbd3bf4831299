/** Set by vite.config.ts: true in `npm run build`, false under the dev server. */
declare const __KEYSHOP_BUILD__: boolean;
