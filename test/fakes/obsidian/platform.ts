/** The platform flags Obsidian exposes; the fake reports a Linux desktop app unless a test says otherwise. */
const desktopLinux = {
  isDesktop: true,
  isMobile: false,
  isDesktopApp: true,
  isMobileApp: false,
  isIosApp: false,
  isAndroidApp: false,
  isPhone: false,
  isTablet: false,
  isMacOS: false,
  isWin: false,
  isLinux: true,
  isSafari: false,
  resourcePathPrefix: "app://fake-vault/",
};

/** Obsidian's `Platform` object (mutated in place by `setPlatform`, as code holds references to it). */
export const Platform: typeof desktopLinux = { ...desktopLinux };

/** Fake-only: resets `Platform` to the Linux desktop defaults, then applies `overrides` (e.g. `{ isMacOS: true }`). */
export function setPlatform(overrides: Partial<typeof desktopLinux> = {}): void {
  Object.assign(Platform, desktopLinux, overrides);
}
