/**
 * Renders help.html, the page every function's @helpurl points into, from the generated
 * functions.json (names, descriptions, arguments) and src/help/function-docs.json (purpose,
 * worked example, errors, clause). A function in one and not the other fails the build.
 */
const fs = require("fs");
const path = require("path");

const DOCS_FILE = path.resolve(__dirname, "../src/help/function-docs.json");

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function signature(fn) {
  const args = (fn.parameters || []).map((p) => (p.optional ? `[${p.name}]` : p.name));
  return `NYPILOT.${fn.name}(${args.join(", ")})`;
}

function exampleSheet(rows) {
  if (!rows || rows.length === 0) return "";
  const body = rows
    .map((row, r) => `<tr><th scope="row">${r + 1}</th>${row.map((cell) => `<td>${escapeHtml(cell ?? "")}</td>`).join("")}</tr>`)
    .join("");
  const letters = rows[0].map((_, c) => `<th scope="col">${String.fromCharCode(65 + c)}</th>`).join("");
  return `<p>With these cells on the sheet:</p><table class="cells"><thead><tr><th></th>${letters}</tr></thead><tbody>${body}</tbody></table>`;
}

/** "Choices (Excel offers them as you type): Lower (…), Upper (…)", from the argument's custom enum in functions.json. */
function enumChoices(param, enums) {
  const choices = param.customEnumId ? enums.find((e) => e.id === param.customEnumId) : undefined;
  if (!choices) return "";
  const items = choices.values.map((v) => `<li><code>${escapeHtml(v.stringValue ?? v.numberValue ?? v.name)}</code>${v.tooltip ? `: ${escapeHtml(v.tooltip)}` : ""}</li>`).join("");
  return `<p class="choices">Choices (Excel's AutoComplete offers them as you type):</p><ul class="choices">${items}</ul>`;
}

function entry(fn, doc, enums = []) {
  const params = (fn.parameters || [])
    .map((p) => `<tr><td><code>${escapeHtml(p.name)}</code>${p.optional ? " (optional)" : ""}</td><td>${escapeHtml(p.description || "")}${enumChoices(p, enums)}</td></tr>`)
    .join("");
  const errors = doc.errors.length
    ? `<ul>${doc.errors.map((e) => `<li><code>${escapeHtml(e.code)}</code>: ${escapeHtml(e.when)}</li>`).join("")}</ul>`
    : "<p>None: it takes no input.</p>";
  return `
<section id="${escapeHtml(fn.id)}" class="function">
  <h2><code>${escapeHtml(signature(fn))}</code></h2>
  <p>${escapeHtml(doc.purpose)}</p>
  <p class="authority">Authority: ${escapeHtml(doc.citation)}</p>
  <p>${escapeHtml(fn.description || "")}</p>
  ${params ? `<h3>Arguments</h3><table><tbody>${params}</tbody></table>` : ""}
  <h3>Example</h3>
  ${exampleSheet(doc.example.sheet)}
  <p><code>${escapeHtml(doc.example.formula)}</code> returns <strong>${escapeHtml(doc.example.result)}</strong>.</p>
  <p class="working">${escapeHtml(doc.example.working)}</p>
  <h3>Errors</h3>
  ${errors}
</section>`;
}

/** The help page for the given functions.json metadata. Throws when docs and functions disagree. */
function renderHelpPage(metadata, docs = JSON.parse(fs.readFileSync(DOCS_FILE, "utf8"))) {
  const ids = metadata.functions.map((f) => f.id);
  const undocumented = ids.filter((id) => !docs[id]);
  const unknown = Object.keys(docs).filter((id) => !ids.includes(id));
  if (undocumented.length || unknown.length) {
    throw new Error(`help page: functions without help: [${undocumented.join(", ")}]; help for no function: [${unknown.join(", ")}]`);
  }
  const contents = metadata.functions.map((f) => `<li><a href="#${escapeHtml(f.id)}">NYPILOT.${escapeHtml(f.name)}</a></li>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<link rel="icon" type="image/png" href="assets/icon-16.png" />
<title>NYPILOT functions: help</title>
<style>
body { font-family: "Segoe UI", system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; line-height: 1.45; color: #242424; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.15rem; border-top: 1px solid #d1d1d1; padding-top: 1rem; } h3 { font-size: 1rem; margin-bottom: .25rem; }
code { font-family: Consolas, monospace; background: #f5f5f5; padding: 0 .2rem; }
table { border-collapse: collapse; } td, th { border: 1px solid #e0e0e0; padding: .2rem .5rem; text-align: left; vertical-align: top; }
.authority { color: #0f6cbd; } .working { color: #424242; }
</style>
</head>
<body>
<main>
<h1>NYPILOT functions</h1>
<p>Excel functions for Hudson River pilotage under N.Y. Navigation Law § 89-a. Every amount is exact to the cent: each charge is
computed in decimal arithmetic, rounded half up to the cent, and a total is the sum of its rounded lines. Every result can be
traced to the clause it comes from.</p>
<h2 id="conventions">Conventions</h2>
<ul>
<li>Per-vessel arguments take a single value or a whole column: <code>=NYPILOT.HUDSON_BASE_FEE(B2:B1001, C2:C1001, D2:D1001)</code>
gives one result per row from one formula; a single value (a section, say) applies to every row. A bad row shows an error in that row only.</li>
<li>Dates are Excel dates or text such as <code>2026-12-31</code>. Sections: <code>1</code> or <code>"Lower"</code> (Yonkers to all ports
through Hyde Park), <code>2</code> or <code>"Upper"</code> (beyond Hyde Park through Albany or Troy).</li>
<li>A column function already gives one result per row. To apply one to each row of a table in a single formula with
Excel's <code>BYROW</code> or <code>MAP</code>, pass the row's cells: <code>=MAP(B2:B1001, C2:C1001, D2:D1001, LAMBDA(u, s, d,
NYPILOT.HUDSON_BASE_FEE(u, s, d)))</code>; each call then returns one value. Functions that spill rows (<code>HUDSON_QUOTE</code>,
<code>HUDSON_RATES</code>) return more than one value per call, which <code>BYROW</code> and <code>MAP</code> cannot hold: use them in
cells of their own. A single call over whole columns is faster than <code>MAP</code>, which calls the add-in once per row.</li>
<li>Choices: where an argument takes one of a few words (a section, a unit, a vessel status, a clause), Excel's AutoComplete offers
them as you type, and each function below lists them. Other spellings the function accepts keep working.</li>
<li>A blank required cell is an error, never zero units. When the master or agent did not provide the measurements, type
<code>UNMEASURED</code> for the units: the maximum charge applies (§ 89-a(4)(d)).</li>
<li>Errors: <code>#VALUE!</code> the wrong kind of input; <code>#NUM!</code> a number out of range; <code>#N/A</code> nothing applies or
an amount is not entered. Hover over the cell to read the message (Excel shows messages for <code>#VALUE!</code> and <code>#N/A</code>;
for <code>#NUM!</code> it shows none, so this page lists what each one means).</li>
<li>Amounts the statute leaves to the boards (launch, communication and mid-river launch fees; the surcharge after the first sixty
months) are never invented: enter them as dated rows, e.g. on a "Board rates" sheet.</li>
</ul>
<nav aria-label="Functions"><ul>${contents}</ul></nav>
${metadata.functions.map((f) => entry(f, docs[f.id], metadata.enums || [])).join("\n")}
</main>
</body>
</html>
`;
}

/** Webpack: writes help.html once functions.json is final. */
class HelpPagePlugin {
  apply(compiler) {
    const webpack = compiler.webpack;
    compiler.hooks.thisCompilation.tap("HelpPagePlugin", (compilation) => {
      compilation.fileDependencies.add(DOCS_FILE);
      compilation.hooks.processAssets.tap({ name: "HelpPagePlugin", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset("functions.json");
        if (!asset) return;
        try {
          const html = renderHelpPage(JSON.parse(asset.source.source().toString()));
          compilation.emitAsset("help.html", new webpack.sources.RawSource(html));
        } catch (error) {
          compilation.errors.push(new webpack.WebpackError(error.message));
        }
      });
    });
  }
}

module.exports = { renderHelpPage, HelpPagePlugin };
