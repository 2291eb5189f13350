// The public pages' browser entry (vite-plugins/public-pages.ts builds it as `page-islands-….js`; `npm run dev`
// serves it as it is, so a developer runs what a visitor gets).
import { startIslands } from './runtime';

// Development: naming `import.meta.hot` connects Vite's client. No module of this runtime accepts an update, so
// a change to one reloads the page (the build drops this line).
void import.meta.hot;
startIslands();
