/**
 * Office's theme read as light or dark. The colours are Office's themes' body backgrounds:
 * White #ffffff and Colorful #e6e6e6 are light (relative luminance 1.0 and 0.79); Dark Gray
 * #666666 (0.133) and Black #262626 (0.019) are dark, below the 0.18 mid-grey line.
 */
import { themeOfOffice } from "../../src/taskpane/theme";

describe("themeOfOffice", () => {
  test.each([
    ["#ffffff", "light"],
    ["#E6E6E6", "light"],
    ["#666666", "dark"],
    ["#262626", "dark"],
  ])("a body background of %s is %s", (bodyBackgroundColor, theme) => {
    expect(themeOfOffice({ bodyBackgroundColor })).toBe(theme);
  });

  test("the host's own isDarkTheme wins over the colour", () => {
    expect(themeOfOffice({ isDarkTheme: true, bodyBackgroundColor: "#ffffff" })).toBe("dark");
    expect(themeOfOffice({ isDarkTheme: false, bodyBackgroundColor: "#000000" })).toBe("light");
  });

  test("no theme, or a colour that does not read: null (the pane then follows the browser)", () => {
    expect(themeOfOffice(undefined)).toBeNull();
    expect(themeOfOffice({})).toBeNull();
    expect(themeOfOffice({ bodyBackgroundColor: "dark" })).toBeNull();
  });
});
