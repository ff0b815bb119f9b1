#!/usr/bin/env node
// The ```gherkin examples of the docs (docs/authoring.md, the README), as features that run:
// each document's scenario snippets indented under a Feature of its own, so that an example
// that no longer runs as written fails `npm test` (features/authoring-steps.feature runs them;
// scripts/lint-steps.js dry-runs them with the features, so their sentences count as used).
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const DOCS = ['docs/authoring.md', 'README.md'];

/** The ```gherkin blocks of a Markdown text, with the line each starts on. */
function blocks(text) {
  const out = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```gherkin') continue;
    const start = i + 1;
    const body = [];
    while (++i < lines.length && lines[i].trim() !== '```') body.push(lines[i]);
    out.push({ line: start, text: body.join('\n') });
  }
  return out;
}

/** Writes one feature per document into dir; returns their paths. */
function writeExamples(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const files = [];
  for (const doc of DOCS) {
    const found = blocks(fs.readFileSync(path.join(root, doc), 'utf8'));
    if (!found.length) continue;
    const feature = [`Feature: The examples of ${doc}`, ''];
    for (const b of found) feature.push(`  # ${doc}, line ${b.line}`, ...b.text.split('\n').map((l) => (l ? `  ${l}` : l)), '');
    const file = path.join(dir, `${doc.replace(/[/.]/g, '-')}.feature`);
    fs.writeFileSync(file, feature.join('\n'));
    files.push(file);
  }
  return files;
}

module.exports = { writeExamples, DOCS };
if (require.main === module) console.log(writeExamples(process.argv[2] || path.join(root, 'reports', 'doc-examples')).join('\n'));
