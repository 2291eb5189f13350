// `npm run build -w @agency/db` (part of `npm run build`): makes the empty PGlite cluster that a new embedded
// database starts from (cluster-template.ts), once per PGlite release. Its initdb holds ~700 MiB for a few
// seconds, here rather than in the server's first start or a restore on a new machine.
import { clusterTemplateDir, makeEmbeddedTemplate } from './index.ts';

const made = await makeEmbeddedTemplate();
console.log(`${made ? 'made' : 'kept'} the empty embedded database ${clusterTemplateDir}`);
