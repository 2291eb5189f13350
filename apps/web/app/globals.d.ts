/** Absolute site origin, fixed at build time (SITE_URL). */
declare const __SITE_URL__: string;
