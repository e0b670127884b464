/**
 * Light or dark: in Excel the pane follows Office's theme (Office.context.officeTheme), standalone
 * the browser's `prefers-color-scheme`. The stylesheet keys its colours on <html data-theme>.
 */
export type Theme = "light" | "dark";

/** The part of Office.OfficeTheme read here (older hosts have no isDarkTheme). */
export interface OfficeThemeColours {
  isDarkTheme?: boolean;
  bodyBackgroundColor?: string;
}

/** Relative luminance (WCAG) of a "#rrggbb" colour, or null when it is not one. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const channel = (offset: number) => {
    const value = parseInt(match[1].slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * Office's theme as light or dark: its own isDarkTheme where the host says, else a body background
 * darker than mid-grey (Office's "Black" and "Dark Gray" themes); null when the host tells nothing.
 */
export function themeOfOffice(officeTheme: OfficeThemeColours | null | undefined): Theme | null {
  if (!officeTheme) return null;
  if (typeof officeTheme.isDarkTheme === "boolean") return officeTheme.isDarkTheme ? "dark" : "light";
  const light = typeof officeTheme.bodyBackgroundColor === "string" ? luminance(officeTheme.bodyBackgroundColor) : null;
  if (light === null) return null;
  return light < 0.18 ? "dark" : "light";
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

/** Standalone: the browser's colour scheme, now and whenever it changes. */
export function followColourScheme(): void {
  const query = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  applyTheme(query?.matches ? "dark" : "light");
  query?.addEventListener("change", (event) => applyTheme(event.matches ? "dark" : "light"));
}

/** Excel: Office's theme when the host tells it, else the browser's colour scheme. */
export function followOfficeTheme(officeTheme: OfficeThemeColours | null | undefined): void {
  const theme = themeOfOffice(officeTheme);
  if (theme) applyTheme(theme);
  else followColourScheme();
}
