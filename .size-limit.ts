// Page weight budgets (scripts/page-weight.ts), checked on the built site by `npm test` after the build.
import { pageChecks } from './scripts/page-weight.ts';

export default pageChecks(process.env.WENKU_OUT_DIR || 'dist');
