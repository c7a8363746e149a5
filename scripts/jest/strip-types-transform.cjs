// Jest transformer: erase TypeScript types with Node's own stripper (the same one `node file.ts`
// uses at run time), so tests execute exactly the code production runs. Type checking is `tsc`'s job.
'use strict';
const { stripTypeScriptTypes } = require('node:module');

module.exports = {
  process(source, filename) {
    if (!filename.endsWith('.ts')) return { code: source };
    return { code: stripTypeScriptTypes(source, { mode: 'strip' }) };
  },
  getCacheKey(source, filename) {
    return require('node:crypto').createHash('sha1').update(filename).update('\0').update(source).update(process.version).digest('hex');
  },
};
