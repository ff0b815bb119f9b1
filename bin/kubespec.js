#!/usr/bin/env node
// The kubespec CLI: TypeScript sources run through ts-node (transpile only: the type check
// is `npm run typecheck`).
require('ts-node').register({ transpileOnly: true, project: require('path').join(__dirname, '..', 'tsconfig.json') });
const { main } = require('../cli/main.ts');
process.exitCode = main(process.argv.slice(2));
