import type * as O from "obsidian";

/**
 * Obsidian's `setIcon`, without icon artwork: it replaces any icon in `parent` with an empty
 * `svg.svg-icon.lucide-<id>` carrying `data-icon`, so tests can tell which icon was asked for.
 */
export function setIcon(parent: HTMLElement, iconId: O.IconName): void {
  for (const old of Array.from(parent.children)) if (old.hasClass("svg-icon")) old.detach();
  parent.createSvg("svg", { cls: ["svg-icon", `lucide-${iconId}`], attr: { "data-icon": iconId } });
}

/** Obsidian's `setTooltip`: the tooltip text goes to `aria-label`, which Obsidian shows on hover. */
export function setTooltip(el: HTMLElement, tooltip: string, options?: O.TooltipOptions): void {
  el.setAttr("aria-label", tooltip);
  if (options?.placement !== undefined) el.setAttr("data-tooltip-position", options.placement);
}
