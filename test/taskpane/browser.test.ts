/**
 * The task pane end to end in the tests' Chromium (playwright-core; test/support/browser.ts says which):
 * the add-in is built with the local office.js into a temp dir, served from 127.0.0.1, and
 * taskpane.html is opened standalone (office.js reports no host). A two-transit call is filled in
 * by the fields' labels and the grand total is checked against the amount worked by hand from
 * § 89-a below. Also: a vessel name that is HTML stays text, input errors show at their fields,
 * the Content-Security-Policy blocks inline script and eval, the form survives a reload
 * (localStorage), copy and CSV download work, and no request leaves the local server. Then, with
 * the quote filled in, at 320 × 640 px: the running total is in view at the top, a third and half
 * way down, and an incomplete one says INCOMPLETE and what is missing; "Print or save as PDF"
 * prints (page.pdf) one page whose text (PDF.js) holds the particulars, lines, clauses, total,
 * settings, quote date and version; the dark theme follows prefers-color-scheme (and, in Excel,
 * Office's theme); "Clear saved data" empties localStorage; and when office.js cannot finish
 * loading the standalone calculator starts within 5 s, with no "CustomFunctions is not defined".
 * Screenshots: test-results/taskpane.png (320 px, the narrowest task pane),
 * test-results/taskpane-wide.png (800 px), taskpane-320x640-half-way.png, taskpane-dark.png;
 * the printed quote: test-results/quote-print.pdf.
 *
 * The hand-worked call. Vessel 600 ft 6 in × 80 ft × 40 ft: 600.5 × 80 × 40 ÷ 10,000 = 192.16
 * pilotage units (§ 89-a(4)(b)(2)). Clause (xi) is in force from 1 January 2026
 * (§ 89-a(4)(b)(1)(xi)): Section 1, Lower River $15.32 a unit; Section 2, Upper River $21.58 a
 * unit, for vessels of 100 units and over. Board rows (example amounts, not the boards'):
 *   fees from 2025-01-01: launch $300.00, communication $40.00, mid-river launch $120.00;
 *   fees from 2026-06-18: launch $310.00, communication $45.50, mid-river launch $125.25;
 *   surcharge from 2020-11-20 (after the sixtieth month, (1-c)(iii)): $300 / $360 / $3.60 a unit.
 * Transit 1, inbound, Section 1, 2026-06-15 (the 2025 fee row is in force; no hours given):
 *   base 192.16 × 15.32 = 2,943.8912 → $2,943.89
 *   surcharge 192.16 × 3.60 = 691.776 → $691.78
 *   launch $300.00, communication $40.00 (no mid-river launch fee in Section 1)
 *   subtotal 2,943.89 + 691.78 + 300.00 + 40.00 = $3,975.67
 * Transit 2, outbound, Section 2, 2026-06-20, 12 hours (the 2026-06-18 fee row is in force):
 *   base 192.16 × 21.58 = 4,146.8128 → $4,146.81
 *   surcharge $691.78
 *   12 h > 10 h: second pilot 50% × 4,146.81 = 2,073.405 → $2,073.41 ((1-a))
 *   launch $310.00, communication $45.50, mid-river launch $125.25
 *   subtotal 4,146.81 + 691.78 + 2,073.41 + 310.00 + 45.50 + 125.25 = $7,392.75
 * Grand total 3,975.67 + 7,392.75 = $11,368.42.
 */
import fs from "fs";
import path from "path";
import { Page } from "playwright-core";
import { AddinBrowser, expectOnlyLocalRequests, expectText, JS_TYPE, ROOT, startAddinBrowser } from "../support/browser";
import { pdfPageTexts } from "../support/pdf";

const RESULTS = path.join(ROOT, "test-results");
const HOSTILE_NAME = "<img src=x onerror=alert(1)>";

/** A test-only script served from the page's own origin: even such a script may not eval. */
const PROBE_PATH = "/csp-probe.js";
const PROBE_SCRIPT = `
  (function () {
    var outcome = "ran";
    try { (0, eval)("1 + 1"); } catch (error) { outcome = error instanceof EvalError ? "blocked" : "other: " + error; }
    try { new Function("return 1")(); outcome += ",function-ran"; } catch (error) { outcome += error instanceof EvalError ? ",function-blocked" : ",other"; }
    document.documentElement.setAttribute("data-csp-probe", outcome);
  })();
`;

const CSP_REFUSAL = "CSP refused";
/** axe-core (an automated accessibility check), injected into the page as a test-only script. */
const AXE_PATH = "/axe-core.js";

let session: AddinBrowser;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  // The probe is not part of the build: a same-origin script the CSP lets load, which then tries eval.
  // axe-core is served from the page's own origin too: the CSP refuses an inline script.
  session = await startAddinBrowser({ extraScripts: { [PROBE_PATH]: PROBE_SCRIPT, [AXE_PATH]: fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") }, downloads: true });
  const { context, origin } = session;
  page = session.page;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Every refusal of the Content-Security-Policy, with the script that caused it, as a console
  // error (kept across reloads): the last test looks for any of the pane's own.
  await page.addInitScript((marker) => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`${marker} ${event.effectiveDirective} from ${event.sourceFile || "an inline script"}`));
  }, CSP_REFUSAL);
  await page.goto(`${origin}/taskpane.html`);
  await page.waitForSelector("#quote-form");
}, 240_000);

afterAll(async () => {
  await session?.close();
});

const transit = (n: number) => page.getByRole("group", { name: `Transit ${n}`, exact: true });
const feeRow = (n: number) => page.getByRole("group", { name: `Fee row ${n}`, exact: true });
const surchargeRow = (n: number) => page.getByRole("group", { name: `Surcharge row ${n}`, exact: true });

describe("the task pane, standalone in Chromium", () => {
  test("starts as a standalone calculator", async () => {
    await page.waitForFunction(() => document.getElementById("status")?.textContent !== "Loading…");
    expect(await page.textContent("#status")).toBe("Running outside Office, as a standalone calculator.");
    // Reconcile works on a workbook: outside Excel it is not offered.
    expect(await page.locator("#reconcile").count()).toBe(0);
  });

  test("a two-transit call filled in by its labels gives the hand-worked $11,368.42", async () => {
    await page.getByLabel("Vessel name").fill(HOSTILE_NAME);
    await page.getByLabel("IMO number (optional)").fill("9850551");
    await page.getByLabel("Overall length, feet").fill("600");
    await page.getByLabel("Overall length, inches").fill("6");
    await page.getByLabel("Extreme breadth, feet").fill("80");
    await page.getByLabel("Depth, feet").fill("40");
    await expect_text("#units-output", "192.16");

    await transit(1).getByLabel("Direction").selectOption("inbound");
    await transit(1).getByLabel("Section").selectOption("1");
    await transit(1).getByLabel("Date").fill("2026-06-15");

    // Keyboard: the add button is reached and pressed without the mouse; the new transit's first field takes the focus.
    await page.getByRole("button", { name: "Add transit" }).focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-describedby") !== null && document.activeElement?.closest("fieldset")?.querySelector("legend")?.textContent)).toBe("Transit 2");
    expect(await transit(2).getByLabel("Direction").inputValue()).toBe("outbound");
    await transit(2).getByLabel("Section").selectOption("2");
    expect(await transit(2).getByText("Yonkers to all ports beyond Hyde Park through Albany or Troy").count()).toBe(1);
    await transit(2).getByLabel("Date").fill("2026-06-20");
    await transit(2).getByLabel("Expected continuous pilotage hours").fill("12");

    await page.getByRole("button", { name: "Add fee row" }).click();
    await feeRow(1).getByLabel("In force from").fill("2025-01-01");
    await feeRow(1).getByLabel("Launch fee ($)", { exact: true }).fill("300.00");
    await feeRow(1).getByLabel("Communication fee ($)").fill("40.00");
    await feeRow(1).getByLabel("Mid-river launch fee ($)").fill("120.00");
    await page.getByRole("button", { name: "Add fee row" }).click();
    await feeRow(2).getByLabel("In force from").fill("2026-06-18");
    await feeRow(2).getByLabel("Launch fee ($)", { exact: true }).fill("310.00");
    await feeRow(2).getByLabel("Communication fee ($)").fill("45.50");
    await feeRow(2).getByLabel("Mid-river launch fee ($)").fill("125.25");
    await page.getByRole("button", { name: "Add surcharge row" }).click();
    await surchargeRow(1).getByLabel("In force from").fill("2020-11-20");
    await surchargeRow(1).getByLabel("0–50 units ($)").fill("300");
    await surchargeRow(1).getByLabel("51–100 units ($)").fill("360");
    await surchargeRow(1).getByLabel("Per unit over 100 ($)").fill("3.60");

    await expect_text("#subtotal-1", "$3,975.67");
    await expect_text("#subtotal-2", "$7,392.75");
    await expect_text("#grand-total", "$11,368.42");
    const quote = await page.textContent("#quote-output");
    for (const piece of ["$2,943.89", "$4,146.81", "$691.78", "$2,073.41", "$125.25", "§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1-b), (1-c)(i), (iii)", "§ 89-a(4)(b)(1-a)"]) expect(quote).toContain(piece);
    expect(await page.textContent("#docking-note")).toContain("§ 89-a(4)(b)(3)");
  });

  test("the vessel name <img src=x onerror=alert(1)> stays text: no element, no dialog", async () => {
    expect(await page.textContent("#quote-vessel")).toBe(`Vessel: ${HOSTILE_NAME} (IMO 9850551)`);
    expect(await page.locator("img").count()).toBe(0);
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
  });

  test("input errors are shown at the field: aria-invalid and a message it is described by", async () => {
    const hours = transit(2).getByLabel("Expected continuous pilotage hours");
    await hours.fill("twelve");
    expect(await hours.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await hours.getAttribute("aria-describedby")) ?? "";
    const message = await page.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), describedBy);
    expect(message).toContain('The continuous pilotage hours "twelve" is not a number');
    await expect_text("#grand-total", "—");
    await hours.fill("12");
    expect(await hours.getAttribute("aria-invalid")).toBeNull();

    const inches = page.getByLabel("Overall length, inches");
    await inches.fill("13");
    expect(await inches.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Overall length, feet").getAttribute("aria-invalid")).toBe("true");
    expect(await page.textContent("#length-error")).toContain("inches after feet must be under 12");
    await inches.fill("6");
    await expect_text("#grand-total", "$11,368.42");
  });

  test("the § 89-a(1) compliance check, with the refused-pilot and unlicensed-pilot notes", async () => {
    await page.getByText("Compliance: must the vessel take a pilot?").click();
    await page.getByLabel("Vessel status").selectOption("foreign");
    await page.getByLabel("Gross registered tons").fill("299");
    await page.getByLabel("Fully loaded draft (feet)").fill("7");
    await expect_text("#compliance-result .answer", "Pilot: REQUIRED");
    await page.getByLabel("Proceeds by sea").uncheck();
    await expect_text("#compliance-result .answer", "Pilot: NOT REQUIRED");
    const notes = await page.textContent("#compliance .notes");
    expect(notes).toContain("shall pay pilotage as if one had been employed (§ 89-a(1))");
    expect(notes).toContain("misdemeanour");
    expect(notes).toContain("§ 89-a(2), (3)");
    await page.getByLabel("Proceeds by sea").check();
  });

  test("settings: a quote names the settings that differ from the defaults", async () => {
    await page.getByText("Settings: how § 89-a is read").click();
    await page.getByLabel("Round pilotage units before the tables (D1)").selectOption("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect_text("#settings-message", "Saved in this browser (D1 round pilotage units before applying the tables: 0).");
    expect(await page.textContent("#quote-settings")).toContain("Setting not the default: D1 round pilotage units before applying the tables: 0");
    await expect_text("#units-output", "192.00");
    await page.getByRole("button", { name: "Reset to defaults" }).click();
    await expect_text("#settings-message", "Saved in this browser (the defaults).");
    expect(await page.textContent("#quote-settings")).toBe("");
    await expect_text("#grand-total", "$11,368.42");
  });

  test("every visible field has a label, and every label names a field", async () => {
    const unlabelled = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select"))
        .filter((control) => control.offsetParent !== null && (control.labels?.length ?? 0) === 0 && !control.getAttribute("aria-label"))
        .map((control) => control.id),
    );
    expect(unlabelled).toEqual([]);
  });

  test("the Content-Security-Policy blocks an injected inline script, an inline handler, and eval even in a same-origin script", async () => {
    const outcome = await page.evaluate(async (probe) => {
      const violations: string[] = [];
      // Only the script directives this test provokes: office.js, outside Office, may also try a
      // frame the policy blocks (frame-src) at any moment, which is not what is checked here.
      document.addEventListener("securitypolicyviolation", (event) => {
        if (event.effectiveDirective.startsWith("script-src")) violations.push(event.effectiveDirective);
      });
      const marks = window as unknown as Record<string, unknown>;
      const script = document.createElement("script");
      script.textContent = "window.inlineScriptRan = true;";
      document.head.appendChild(script);
      const holder = document.createElement("div");
      holder.setAttribute("onclick", "window.inlineHandlerRan = true");
      document.body.appendChild(holder);
      holder.click();
      const probeScript = document.createElement("script");
      probeScript.src = probe;
      const loaded = new Promise((resolve) => probeScript.addEventListener("load", resolve));
      document.head.appendChild(probeScript);
      await loaded;
      await new Promise((resolve) => setTimeout(resolve, 100));
      holder.remove();
      script.remove();
      probeScript.remove();
      return {
        inlineScriptRan: marks.inlineScriptRan === true,
        inlineHandlerRan: marks.inlineHandlerRan === true,
        sameOriginScript: document.documentElement.getAttribute("data-csp-probe"),
        violations: [...new Set(violations)].sort(),
      };
    }, PROBE_PATH);
    expect(outcome).toEqual({
      inlineScriptRan: false,
      inlineHandlerRan: false,
      sameOriginScript: "blocked,function-blocked",
      violations: ["script-src", "script-src-attr", "script-src-elem"],
    });
  });

  test("the Content-Security-Policy refuses an inline style attribute and a <style> element (no 'unsafe-inline' for styles)", async () => {
    const logged = session.consoleErrors.length;
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      const listener = (event: SecurityPolicyViolationEvent) => {
        violations.push(event.effectiveDirective);
      };
      document.addEventListener("securitypolicyviolation", listener);
      const holder = document.createElement("div");
      holder.innerHTML = '<p style="color: rgb(1, 2, 3)">styled</p>';
      document.body.appendChild(holder);
      const sheet = document.createElement("style");
      sheet.textContent = ".csp-probe-style { color: rgb(4, 5, 6); }";
      document.head.appendChild(sheet);
      const classed = document.createElement("p");
      classed.className = "csp-probe-style";
      document.body.appendChild(classed);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const colours = [getComputedStyle(holder.firstElementChild as Element).color, getComputedStyle(classed).color];
      holder.remove();
      classed.remove();
      sheet.remove();
      document.removeEventListener("securitypolicyviolation", listener);
      return { colours, violations: [...new Set(violations)].sort() };
    });
    expect(outcome.colours).not.toContain("rgb(1, 2, 3)");
    expect(outcome.colours).not.toContain("rgb(4, 5, 6)");
    expect(outcome.violations).toEqual(["style-src-attr", "style-src-elem"]);
    // Each refusal is logged (by Chromium and by the listener beforeAll adds): these are this test's, not the pane's.
    const refusals = session.consoleErrors.splice(logged).filter((text) => text.startsWith(CSP_REFUSAL));
    expect(refusals).toEqual([`${CSP_REFUSAL} style-src-attr from an inline script`, `${CSP_REFUSAL} style-src-elem from an inline script`]);
  });

  test("the form is kept in the browser: after a reload the same quote", async () => {
    // The pane saves a moment after the last change; wait until the last edits are stored.
    await page.waitForFunction(() => {
      const saved = localStorage.getItem("hudson-pilotage.taskpane") ?? "";
      return saved.includes('"perUnitOver100":"3.60"') && saved.includes('"unitsDecimals":""') && saved.includes('"proceedsBySea":true');
    });
    await page.reload();
    await page.waitForSelector("#quote-form");
    expect(await page.getByLabel("Vessel name").inputValue()).toBe(HOSTILE_NAME);
    expect(await feeRow(2).getByLabel("Communication fee ($)").inputValue()).toBe("45.50");
    await expect_text("#grand-total", "$11,368.42");
  });

  test("Copy as table puts the quote on the clipboard; Download CSV saves it", async () => {
    await page.getByRole("button", { name: "Copy as table" }).click();
    await expect_text("#message", "Copied the quote as a table: paste it into an e-mail or a sheet.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Grand total\t$11,368.42");
    expect(copied).toContain(`Vessel\t${HOSTILE_NAME}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("img src x 2026-06-15.csv");
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv).toContain("Transit 1 subtotal,3975.67,§ 89-a(4)(b)(1)(xi),");
    expect(csv).toContain("Grand total,11368.42,,");
  });

  test("at 320 × 640 px the running total stays in view at the top, a third and half way down the page", async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    const seen: { at: string; top: number; bottom: number; onTop: boolean; text: string }[] = [];
    for (const [at, fraction] of [["top", 0], ["a third", 1 / 3], ["half way", 1 / 2]] as const) {
      seen.push(
        await page.evaluate(
          ([where, part]) => {
            window.scrollTo(0, document.documentElement.scrollHeight * part);
            const bar = document.getElementById("total-bar") as HTMLElement;
            const box = bar.getBoundingClientRect();
            // Not only inside the viewport: not covered by anything else either.
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return { at: where, top: box.top, bottom: box.bottom, onTop: hit !== null && bar.contains(hit), text: bar.textContent ?? "" };
          },
          [at, fraction] as const,
        ),
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(3 * 640);
    for (const view of seen) {
      expect(view).toEqual({ at: view.at, top: expect.any(Number), bottom: expect.any(Number), onTop: true, text: "Grand total$11,368.42" });
      expect(view.top).toBeGreaterThanOrEqual(0);
      expect(view.bottom).toBeLessThanOrEqual(640);
    }
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, "taskpane-320x640-half-way.png") });
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test("an incomplete total is shown as INCOMPLETE, in another style, naming the amount not entered", async () => {
    const complete = await page.evaluate(() => getComputedStyle(document.getElementById("total-bar") as HTMLElement).backgroundColor);
    const launch = feeRow(2).getByLabel("Launch fee ($)", { exact: true });
    await launch.fill("");
    // Transit 2 now has no launch fee: 11,368.42 − 310.00 = 11,058.42 so far.
    await expect_text("#total-bar-amount", "$11,058.42 so far");
    expect(await page.textContent("#total-bar-label")).toBe("INCOMPLETE");
    expect(await page.textContent("#total-bar-missing")).toBe("Missing: Transit 2: Launch fee (not entered)");
    expect(await page.getAttribute("#total-bar", "data-state")).toBe("incomplete");
    expect(await page.textContent("#grand-total-label")).toBe("INCOMPLETE total");
    const incomplete = await page.evaluate(() => getComputedStyle(document.getElementById("total-bar") as HTMLElement).backgroundColor);
    expect(incomplete).not.toBe(complete);
    // Still in view half way down.
    const inView = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight / 2);
      const box = (document.getElementById("total-bar") as HTMLElement).getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);

    // At 320 px the sum so far is not struck through (it is not cancelled), and the list of what is
    // missing is whole: nothing cut off with "…".
    const shown = await page.evaluate(() => {
      const amount = document.getElementById("total-bar-amount") as HTMLElement;
      const missing = document.getElementById("total-bar-missing") as HTMLElement;
      return { width: window.innerWidth, decoration: getComputedStyle(amount).textDecorationLine, clipped: missing.scrollHeight > missing.clientHeight || missing.scrollWidth > missing.clientWidth };
    });
    expect(shown).toEqual({ width: 320, decoration: "none", clipped: false });

    await transit(2).getByLabel("Date").fill("");
    await expect_text("#total-bar-amount", "no total yet");
    expect(await page.textContent("#total-bar-missing")).toContain("Missing: Transit 2: ");
    await transit(2).getByLabel("Date").fill("2026-06-20");
    await launch.fill("310.00");
    await expect_text("#total-bar-amount", "$11,368.42");
    expect(await page.getAttribute("#total-bar", "data-state")).toBe("complete");
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test("an invalid length (6OO) puts the field's own error in the banner, not \"Missing: the vessel's measurements\"", async () => {
    const feet = page.getByLabel("Overall length, feet");
    const typed = await feet.inputValue();
    await feet.fill("6OO");
    await expect_text("#total-bar-amount", "no total yet");
    const banner = (await page.textContent("#total-bar-missing")) ?? "";
    const fieldError = (await page.textContent("#length-error")) ?? "";
    expect(fieldError).toMatch(/6OO/);
    expect(banner).toBe(`To fix: ${fieldError.trim()}`);
    expect(banner).not.toMatch(/Missing: the vessel's measurements/);
    await feet.fill(typed);
    await expect_text("#total-bar-amount", "$11,368.42");
  });

  test("axe-core finds no serious or critical accessibility violation, at 320 px and with a field in error", async () => {
    await page.addScriptTag({ url: AXE_PATH });
    const run = () =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
        const { violations } = await axe.run(document);
        return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
    expect(await run()).toEqual([]);
    const feet = page.getByLabel("Overall length, feet");
    const typed = await feet.inputValue();
    await feet.fill("6OO");
    await expect_text("#total-bar-amount", "no total yet");
    expect(await run()).toEqual([]);
    await feet.fill(typed);
    await expect_text("#total-bar-amount", "$11,368.42");
  });

  test("Print or save as PDF: one page with the particulars, each transit's lines and clauses, total, warnings, settings, date and version", async () => {
    await page.evaluate(() => {
      // Headless Chromium has no print dialog: note the call, then print to PDF as the dialog's "Save as PDF" would.
      window.print = () => document.documentElement.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print or save as PDF" }).click();
    expect(await page.getAttribute("html", "data-printed")).toBe("yes");
    const pdf = await page.pdf({ format: "Letter", printBackground: true });
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, "quote-print.pdf"), pdf);
    const pages = pdfPageTexts(pdf);
    expect(pages.length).toBe(1);
    const text = pages[0].replace(/\s+/g, " ");
    const today = new Date();
    const quoteDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    for (const piece of [
      "Hudson River pilotage quote",
      `Quote date ${quoteDate}`,
      `hudson-pilotage ${version}`,
      `Vessel ${HOSTILE_NAME}`,
      "IMO number 9850551",
      "Overall length 600 ft 6 in",
      "Pilotage units 192.16",
      "Transit 1: inbound",
      "Transit 2: outbound",
      // the hand-worked lines above, with their clauses
      "$2,943.89",
      "$4,146.81",
      "$691.78",
      "$2,073.41",
      "$125.25",
      "§ 89-a(4)(b)(1)(xi)",
      "§ 89-a(4)(b)(1-a)",
      "Transit 1 subtotal",
      "$3,975.67",
      "$7,392.75",
      "Grand total $11,368.42",
      "Settings and assumptions",
      "(D14)",
      "§ 89-a(4)(b)(3)",
    ])
      expect(text).toContain(piece);
    // Every warning the pane shows is printed. Transit 1 (2026-06-15) takes the fee row from
    // 2025-01-01, more than 13 months older (D20), so there is at least that one.
    const warnings = (await page.locator("#quote-output ul.warnings li").allTextContents()).map((warning) => warning.replace(/\s+/g, " ").trim());
    expect(warnings.length).toBeGreaterThan(0);
    // (A line may break after a hyphen, "mid-⏎river", which the text extraction joins with a space.)
    const unbroken = text.replace(/- /g, "-");
    for (const warning of warnings) expect(unbroken).toContain(`Warning: ${warning}`);
    // Nothing of the form itself is printed.
    expect(text).not.toContain("Add transit");
    expect(text).not.toContain("Clear saved data");
  });

  test("the theme follows the browser's prefers-color-scheme: dark colours in dark mode", async () => {
    const colours = () =>
      page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        body: getComputedStyle(document.body).backgroundColor,
        card: getComputedStyle(document.querySelector(".card") as HTMLElement).backgroundColor,
        text: getComputedStyle(document.querySelector("h2") as HTMLElement).color,
      }));
    expect(await colours()).toEqual({ theme: "light", body: "rgb(245, 245, 245)", card: "rgb(255, 255, 255)", text: "rgb(36, 36, 36)" });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    expect(await colours()).toEqual({ theme: "dark", body: "rgb(20, 20, 20)", card: "rgb(41, 41, 41)", text: "rgb(255, 255, 255)" });
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, "taskpane-dark.png") });
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
  });

  test("looks right at 320 px and wider (screenshots in test-results/), with nothing wider than the pane", async () => {
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.setViewportSize({ width: 320, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: path.join(RESULTS, "taskpane.png"), fullPage: true });
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await page.screenshot({ path: path.join(RESULTS, "taskpane-wide.png"), fullPage: true });
    expect(fs.statSync(path.join(RESULTS, "taskpane.png")).size).toBeGreaterThan(10_000);
  });

  test("where the data is typed the pane says it is saved on this machine; Clear saved data forgets it", async () => {
    const notice = await page.textContent("#storage-note");
    expect(notice).toContain("saved in this browser, on this machine only");
    expect(await page.evaluate(() => localStorage.getItem("hudson-pilotage.taskpane"))).not.toBeNull();
    await page.getByRole("button", { name: "Clear saved data" }).click();
    await expect_text("#storage-message", "Cleared: nothing from this pane is saved in this browser now. What you type next is saved again.");
    expect(await page.evaluate(() => localStorage.getItem("hudson-pilotage.taskpane"))).toBeNull();
    expect(await page.getByLabel("Vessel name").inputValue()).toBe("");
    expect(await page.locator("#grand-total").textContent()).toBe("—");
    await page.waitForTimeout(400);
    await page.reload();
    await page.waitForSelector("#quote-form");
    expect(await page.getByLabel("Vessel name").inputValue()).toBe("");
    expect(await page.locator("fieldset.board-row").count()).toBe(0);
  });

  test("no request left the local server, and the page raised no error", async () => {
    expect(session.requests.length).toBeGreaterThan(3);
    expectOnlyLocalRequests(session);
    expect(session.requests).toContain(`${session.origin}${PROBE_PATH}`);
    expect(session.pageErrors).toEqual([]);
    // Every test above drew the pane (quotes, errors, print, themes, a reload) under a CSP without
    // inline styles: none of the pane's styles was refused. office.js's are, outside Office: the
    // style="display:none" of the telemetry frame it adds to <head> (never shown, and the frame
    // itself is refused by frame-src).
    const styleRefusals = session.consoleErrors.filter((text) => text.startsWith(`${CSP_REFUSAL} style-src`));
    expect(styleRefusals.filter((text) => !text.endsWith("/office-js/o15apptofilemappingtable.js"))).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});

describe("in Excel, the theme follows Office's", () => {
  test.each([
    // Office's Black theme (body background #262626): dark; the White theme (#ffffff): light, even when the browser prefers dark.
    ["Black", { bodyBackgroundColor: "#262626", bodyForegroundColor: "#ffffff" }, "dark", "rgb(20, 20, 20)"],
    ["White", { bodyBackgroundColor: "#ffffff", bodyForegroundColor: "#000000" }, "light", "rgb(245, 245, 245)"],
  ])("Office's %s theme gives the %s pane", async (_name, officeTheme, theme, body) => {
    const excelPage = await session.context.newPage();
    await excelPage.emulateMedia({ colorScheme: theme === "dark" ? "light" : "dark" });
    // fixtures/fake-office.js reports host Excel; the theme is added after it as Office's host would set it.
    const fakeOffice = fs.readFileSync(path.join(__dirname, "fixtures", "fake-office.js"), "utf8") + `\nOffice.context.officeTheme = ${JSON.stringify(officeTheme)};\n`;
    await excelPage.route(`${session.origin}/office-js/office.js`, (route) => route.fulfill({ status: 200, contentType: JS_TYPE, body: fakeOffice }));
    await excelPage.goto(`${session.origin}/taskpane.html`);
    await excelPage.waitForSelector("#quote-form");
    expect(await excelPage.textContent("#status")).toBe("Running in Excel.");
    expect(await excelPage.evaluate(() => ({ theme: document.documentElement.dataset.theme, body: getComputedStyle(document.body).backgroundColor }))).toEqual({ theme, body });
    await excelPage.close();
  });
});

describe("when office.js cannot finish loading", () => {
  /** A new page of the same browser with `blocked` (a file of the build) refused, as a firewall or proxy would. */
  async function openWithout(blocked: string): Promise<{ page: Page; errors: string[] }> {
    const blockedPage = await session.context.newPage();
    const errors: string[] = [];
    blockedPage.on("pageerror", (error) => errors.push(error.message));
    await blockedPage.route(`**/${blocked}`, (route) => route.abort());
    await blockedPage.goto(`${session.origin}/taskpane.html`);
    return { page: blockedPage, errors };
  }

  test("office.js loads but its follow-up script is refused: the standalone calculator within 5 s", async () => {
    const started = Date.now();
    const { page: blocked, errors } = await openWithout("office-js/o15apptofilemappingtable.js");
    await blocked.waitForSelector("#quote-form", { timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await blocked.textContent("#status")).toBe(
      "office.js did not finish loading within 4 seconds (a firewall or proxy may block its scripts); working as a standalone calculator.",
    );
    await blocked.getByLabel("Overall length, feet").fill("600");
    await blocked.getByLabel("Extreme breadth, feet").fill("80");
    await blocked.getByLabel("Depth, feet").fill("40");
    // 600 × 80 × 40 ÷ 10,000 = 192.00 pilotage units.
    await expectText(blocked, "#units-output", "192.00");
    expect(errors).toEqual([]);
    await blocked.close();
  });

  test("office.js itself is refused: the standalone calculator, and no “CustomFunctions is not defined”", async () => {
    const { page: blocked, errors } = await openWithout("office-js/office.js");
    await blocked.waitForSelector("#quote-form");
    expect(await blocked.textContent("#status")).toBe("office.js did not load; working as a standalone calculator.");
    await blocked.waitForTimeout(300);
    expect(errors).toEqual([]);
    await blocked.close();
  });
});

function expect_text(selector: string, text: string): Promise<void> {
  return expectText(page, selector, text);
}
