// `npm run architecture`: regenerates docs/architecture.md and docs/architecture.svg from the
// model's trace of the walkthrough (report/architecture.ts). `--check` draws it in memory and
// fails, naming the command, when the checked-in page differs (npm test runs it).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ARCHITECTURE_COMMAND, architectureFiles, staleArchitectureFiles, walkthroughArchitecture } from '../report/architecture';

const root = path.join(__dirname, '..');
const drawn = walkthroughArchitecture(root);
if (process.argv.includes('--check')) {
  const stale = staleArchitectureFiles(root, drawn);
  if (stale.length) {
    process.stderr.write(`${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} not what the model draws now: run \`${ARCHITECTURE_COMMAND}\` and commit the result\n`);
    process.exit(1);
  }
  process.stdout.write('docs/architecture.md is current\n');
} else {
  const files = architectureFiles(root);
  fs.mkdirSync(path.dirname(files.md), { recursive: true });
  fs.writeFileSync(files.md, drawn.md);
  fs.writeFileSync(files.svg, drawn.svg);
  process.stdout.write('wrote docs/architecture.md and docs/architecture.svg\n');
}
