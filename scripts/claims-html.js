// reports/claims.html: the claim index as a page of its own. Each claim with its summary and
// status, under its section of features/claims.md, and the scenarios that check it with their
// result, each linked into reports/cucumber.html (the report's own search, ?query=<scenario>)
// and to its feature file and line. Static HTML, no script: it opens anywhere, also from disk.
const fs = require('node:fs');

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// claims.md's `code` spans, as code.
const text = (s) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1100px;padding:16px 24px;color:#24292e}
h1{font-size:22px;margin:8px 0}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e1e4e8;padding-bottom:4px}
.summary{font-size:15px;margin:8px 0 16px}.summary b{margin-right:4px}
table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #e1e4e8;padding:6px 8px;vertical-align:top;text-align:left}
th{background:#f6f8fa;font-weight:600}td.id{font-family:ui-monospace,monospace;white-space:nowrap}
.status{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;white-space:nowrap;color:#fff}
.passing,.PASSED{background:#2ea44f}.failing,.FAILED{background:#cb2431}.not-covered,.SKIPPED,.UNDEFINED,.PENDING,.AMBIGUOUS,.UNKNOWN{background:#6a737d}
ul.scenarios{margin:0;padding-left:0;list-style:none}ul.scenarios li{margin:2px 0}.where{color:#6a737d;font-size:12px;margin-left:6px}
code{font:12px ui-monospace,monospace;background:#f6f8fa;padding:1px 3px;border-radius:3px}a{color:#0366d6;text-decoration:none}a:hover{text-decoration:underline}`;

/**
 * rows: [{ id, claim, status, section, scenarios: [{ scenario, name, uri, line, status, run }] }].
 * reportHref: where cucumber.html is, relative to the page; sectionOrder: the sections as listed.
 */
function claimsHtml(rows, { title = 'Claims coverage', reportHref = 'cucumber.html', featureHref = '../', sectionOrder = [] } = {}) {
  const count = (s) => rows.filter((r) => r.status === s).length;
  const out = [];
  out.push(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>`);
  out.push(`<h1>${esc(title)}</h1>`);
  out.push(`<p class="summary" id="summary"><b>${count('passing')}</b> passing, <b>${count('failing')}</b> failing, <b>${count('not covered')}</b> not covered (of ${rows.length}). Scenarios link to <a href="${esc(reportHref)}">the Cucumber report</a>.</p>`);
  const sections = [];
  for (const r of rows) {
    const name = r.section || 'Claims without a section in features/claims.md';
    let s = sections.find((x) => x.name === name);
    if (!s) sections.push((s = { name, rows: [] }));
    s.rows.push(r);
  }
  // The sections in features/claims.md's order; claims it does not list last.
  const rank = (name) => (sectionOrder.includes(name) ? sectionOrder.indexOf(name) : sectionOrder.length);
  sections.sort((a, b) => rank(a.name) - rank(b.name));
  for (const s of sections) {
    const pass = s.rows.filter((r) => r.status === 'passing').length;
    out.push(`<h2 id="${esc(slug(s.name))}">${text(s.name)} <small>(${pass} of ${s.rows.length} passing)</small></h2>`);
    out.push('<table><thead><tr><th>claim</th><th>summary</th><th>status</th><th>scenarios</th></tr></thead><tbody>');
    for (const r of s.rows) {
      const scenarios = r.scenarios
        .map(
          (sc) =>
            `<li><span class="status ${esc(sc.status)}">${esc(sc.status.toLowerCase())}</span> <a class="scenario" href="${esc(reportHref)}?query=${encodeURIComponent(sc.name)}">${esc(sc.scenario)}</a>` +
            `<a class="where" href="${esc(featureHref + sc.uri)}">${esc(sc.uri)}${sc.line ? ':' + sc.line : ''}</a></li>`,
        )
        .join('');
      out.push(
        `<tr id="${esc(r.id)}"><td class="id">${esc(r.id)}</td><td>${text(r.claim) || '<i>not in features/claims.md</i>'}</td>` +
          `<td><span class="status ${slug(r.status)}">${esc(r.status)}</span></td><td>${scenarios ? `<ul class="scenarios">${scenarios}</ul>` : '-'}</td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  out.push('</body></html>\n');
  return out.join('\n');
}

function writeClaimsHtml(file, rows, opts) {
  fs.writeFileSync(file, claimsHtml(rows, opts));
}

module.exports = { claimsHtml, writeClaimsHtml };
