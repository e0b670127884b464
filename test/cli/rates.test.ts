/** `hudson-pilotage rates`, run as the built binary. Figures are the statute's own. */
import { spawnSync } from "node:child_process";
import path from "node:path";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });

describe("hudson-pilotage rates", () => {
  test("the schedule in force on 2027-01-01 is clause (xii), both sections, as the statute prints them", () => {
    const out = run("rates", "--date", "2027-01-01", "--json");
    expect(out.status).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json.citation).toBe("§ 89-a(4)(b)(1)(xii)");
    expect(json.sections.map((s: { upTo50Units: string; over50UpTo100Units: string; perUnitFrom100Units: string }) => [s.upTo50Units, s.over50UpTo100Units, s.perUnitFrom100Units])).toEqual([
      ["1102.70", "1576.39", "15.78"],
      ["1817.70", "2221.65", "22.23"],
    ]);
    expect(json.surcharge.setBy).toMatch(/surcharge board/);
  });

  test("a date in the statutory surcharge window shows that table; plain output names the clause", () => {
    // 2019-12-01 is in months 49–60 after 2015-11-20: $280.00 / $341.00 / $3.41
    const out = run("rates", "--date", "2019-12-01");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("§ 89-a(4)(b)(1)(v), from 2019-11-20");
    expect(out.stdout).toContain("0–50 units $280.00; 51–100 units $341.00; over 100 units $3.41 per unit");
  });

  test("a date before clause (i) exits 2 with the reason", () => {
    const out = run("rates", "--date", "2015-11-19");
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/No § 89-a base pilotage schedule is encoded for 2015-11-19/);
  });
});
