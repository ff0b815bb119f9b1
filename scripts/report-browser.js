#!/usr/bin/env node
// The report seen in a real browser (issue 10): opens reports/cucumber.html and
// reports/claims.html in headless Chromium (Debian's `chromium`, driven by playwright-core),
// and checks what a reader would: a scenario's sequence diagram opens and renders, its
// participants are drawn where they can be seen, and the claim page links to scenarios that
// the report then shows. Screenshots go to reports/report-*.png.
// Without Chromium the check is skipped, saying so and how to install it; a failed check exits 1.
//   node scripts/report-browser.js [--reports DIR]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const argAt = process.argv.indexOf('--reports');
const reports = path.resolve(argAt > 0 ? process.argv[argAt + 1] : path.join(root, 'reports'));
const executablePath = process.env.KUBESPEC_CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const say = (s) => process.stdout.write(`report in a browser: ${s}\n`);

function skip(why) {
  say(`SKIPPED: ${why}`);
  process.exit(0);
}

/** The scenario whose sequence diagram has the most participants (the first such): the richest picture. */
function scenarioWithDiagram(messagesFile) {
  const pickles = new Map();
  const cases = new Map();
  const started = new Map();
  let best;
  for (const line of fs.readFileSync(messagesFile, 'utf8').split('\n')) {
    if (!line) continue;
    // Attachments are the big lines; look inside only those that can matter.
    if (line.startsWith('{"attachment"') && !line.includes('"sequence-diagram.svg"')) continue;
    const m = JSON.parse(line);
    if (m.pickle) pickles.set(m.pickle.id, m.pickle);
    else if (m.testCase) cases.set(m.testCase.id, m.testCase.pickleId);
    else if (m.testCaseStarted) started.set(m.testCaseStarted.id, m.testCaseStarted.testCaseId);
    else if (m.attachment && m.attachment.fileName === 'sequence-diagram.svg') {
      const pickle = pickles.get(cases.get(started.get(m.attachment.testCaseStartedId)));
      const svg = Buffer.from(m.attachment.body, 'base64').toString('utf8');
      const participants = svg.split('<g class="participant">').length - 1;
      if (pickle && (!best || participants > best.participants)) best = { pickle, participants, body: m.attachment.body };
    }
  }
  return best;
}

async function main() {
  let chromium;
  try {
    ({ chromium } = require('playwright-core'));
  } catch {
    skip('playwright-core is not installed (npm ci installs it)');
  }
  if (!fs.existsSync(executablePath)) skip(`no Chromium at ${executablePath}: install it with \`sudo apt-get install chromium\` (Debian's package; or set KUBESPEC_CHROMIUM to a Chromium binary)`);
  const html = path.join(reports, 'cucumber.html');
  const claims = path.join(reports, 'claims.html');
  const messages = path.join(reports, 'messages.ndjson');
  for (const f of [html, claims, messages]) if (!fs.existsSync(f)) throw new Error(`${path.relative(root, f)} is missing: run \`npm run spec\` first`);
  const chosen = scenarioWithDiagram(messages);
  const pickle = chosen?.pickle;
  if (!chosen) throw new Error('no scenario in reports/messages.ndjson carries a sequence diagram (sequence-diagram.svg)');

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
  const checks = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);

    // 1. The scenario, found by the report's own search, shows its diagram when opened.
    await page.goto(`file://${html}?query=${encodeURIComponent(pickle.name)}`);
    const title = page.getByText(pickle.name, { exact: false }).first();
    if (!(await title.isVisible().catch(() => false))) {
      // The search keeps features folded: open each one shown until the scenario appears.
      const features = page.locator('button[aria-expanded="false"]');
      for (let i = (await features.count()) - 1; i >= 0; i--) await features.nth(i).click();
    }
    await title.waitFor({ state: 'visible' });
    checks.push(`scenario "${pickle.name}" shown by ?query=`);
    // That scenario's own diagram (its bytes, as the run attached them), opened as a reader would.
    const details = page.locator('details').filter({ has: page.locator(`img[src="data:image/svg+xml;base64,${chosen.body}"]`) }).first();
    await details.locator('summary', { hasText: 'sequence-diagram.svg' }).click();
    const img = details.locator('img');
    await img.waitFor({ state: 'visible' });
    const box = await img.evaluate((el) => ({ w: el.naturalWidth, h: el.naturalHeight, shown: el.getBoundingClientRect().width, src: el.getAttribute('src') }));
    if (!(box.w > 100 && box.h > 50 && box.shown > 100)) throw new Error(`the sequence diagram did not render: natural ${box.w}×${box.h}, shown ${box.shown}px wide`);
    checks.push(`diagram rendered ${box.w}×${box.h}`);
    await img.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(reports, 'report-scenario.png') });

    // 2. The same SVG drawn inline: its participants are laid out where a reader sees them.
    const svg = Buffer.from(box.src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
    const inline = await context.newPage();
    await inline.setContent(`<!DOCTYPE html><body style="margin:0">${svg}</body>`);
    const participants = await inline.locator('g.participant text').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.textContent, visible: r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' };
      }),
    );
    const hidden = participants.filter((p) => !p.visible);
    if (participants.length < 2 || hidden.length) throw new Error(`participants not visible in the diagram: ${JSON.stringify(participants)}`);
    if (!participants.some((p) => p.name === 'kube-apiserver')) throw new Error(`kube-apiserver is not a participant: ${participants.map((p) => p.name).join(', ')}`);
    checks.push(`participants visible: ${participants.map((p) => p.name).join(', ')}`);
    await inline.screenshot({ path: path.join(reports, 'report-diagram.png'), fullPage: true });
    await inline.close();

    // 3. The claim page links to scenarios, and a link lands on that scenario in the report.
    await page.goto(`file://${claims}`);
    await page.locator('#summary').waitFor({ state: 'visible' });
    const links = page.locator('a.scenario[href*="cucumber.html?query="]');
    const n = await links.count();
    if (n === 0) throw new Error('reports/claims.html links to no scenario');
    await page.screenshot({ path: path.join(reports, 'report-claims.png') });
    const first = links.first();
    const name = decodeURIComponent((await first.getAttribute('href')).split('?query=')[1]);
    await first.click();
    await page.waitForURL(/cucumber\.html\?query=/);
    const landed = page.getByText(name, { exact: false }).first();
    if (!(await landed.isVisible().catch(() => false))) {
      const features = page.locator('button[aria-expanded="false"]');
      for (let i = (await features.count()) - 1; i >= 0; i--) await features.nth(i).click();
    }
    await landed.waitFor({ state: 'visible' });
    checks.push(`claims page: ${n} scenario links; the first lands on "${name}"`);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  for (const c of checks) say(`ok: ${c}`);
  say('passed (screenshots in reports/report-scenario.png, report-diagram.png, report-claims.png)');
}

main().catch((e) => {
  say(`FAILED: ${e.message}`);
  process.exit(1);
});
