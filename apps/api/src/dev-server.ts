// `npm run dev`: the API alone on PORT (the web's Vite dev server proxies /api here).
export {};
process.env.SERVE_WEB = 'false';
await import('./server.ts');
