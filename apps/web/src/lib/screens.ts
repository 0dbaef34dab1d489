/**
 * Screens that a feature names but whose pages are not built yet. A link to a screen listed
 * here as false must not be shown (it would land on the not-found page). The orders and
 * inventory work turns its switch on when its routes land.
 */
export const BUILT_SCREENS = {
  order: true,
  inventory: true,
  reports: true,
} as const satisfies Record<string, boolean>;

export type Screen = keyof typeof BUILT_SCREENS;

export const screenBuilt = (screen: Screen): boolean => BUILT_SCREENS[screen];
