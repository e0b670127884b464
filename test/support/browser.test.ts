/**
 * Which Chromium the browser tests launch (test/support/browser.ts): on Linux x64 the version
 * pinned in package.json's devDependencies, unless CHROMIUM_PATH names another; a CHROMIUM_PATH
 * that does not exist, or a platform with no known browser, is refused by name instead of
 * falling back silently.
 */
import fs from "fs";
import path from "path";
import { chromium } from "playwright-core";
import { chooseChromium, chromiumLaunchOptions, ROOT } from "./browser";

const pinned = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies["@sparticuz/chromium"];

test("the pin is exact, so every machine tests the same browser", () => {
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
});

test("CHROMIUM_PATH wins; one that does not exist is refused by name", () => {
  expect(chooseChromium({ CHROMIUM_PATH: process.execPath }, "linux", "x64")).toEqual({ executablePath: process.execPath, env: {}, source: "CHROMIUM_PATH" });
  expect(() => chooseChromium({ CHROMIUM_PATH: "/nonexistent/chromium" }, "linux", "x64")).toThrow("CHROMIUM_PATH=/nonexistent/chromium: no such file");
});

test("where the npm Chromium cannot run and no browser is installed, the error says what to do", () => {
  expect(() => chooseChromium({}, "aix", "ppc64")).toThrow("no Chromium for aix-ppc64: the npm-pinned one runs on Linux x64 only, and none of (no known paths) exists. Install Chromium or Chrome, or set CHROMIUM_PATH.");
});

const onLinuxX64 = process.platform === "linux" && process.arch === "x64" && !process.env.CHROMIUM_PATH;

test("on Linux x64 without CHROMIUM_PATH the pinned npm Chromium is the one launched", async () => {
  const options = chromiumLaunchOptions();
  const browser = await chromium.launch(options);
  try {
    // @sparticuz/chromium's major version is Chromium's major version (153.0.0 ships Chromium 153).
    const major = browser.version().split(".")[0];
    if (onLinuxX64) {
      expect(options.executablePath).toBe(path.join(ROOT, "node_modules", ".cache", "hudson-pilotage-chromium", pinned, "chromium"));
      expect(major).toBe(pinned.split(".")[0]);
    } else {
      expect(Number(major)).toBeGreaterThan(0);
    }
  } finally {
    await browser.close();
  }
});
